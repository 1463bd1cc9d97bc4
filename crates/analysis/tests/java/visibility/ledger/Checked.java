package ledger;

/** A constructor that checks its argument: its effects are more than the fields. */
public class Checked {
    private final int limit;

    public Checked(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("negative");
        }
        this.limit = limit;
    }

    public int twice() {
        return limit * 2;
    }
}
