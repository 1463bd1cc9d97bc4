package ledger;

/** A constructor that only stores its parameters (a `long` takes two slots). */
public class Entry {
    private final String label;
    private final long amount;
    private final boolean credit;

    public Entry(String label, long amount, boolean credit) {
        this.label = label;
        this.amount = amount;
        this.credit = credit;
    }

    public String describe() {
        return (credit ? "+" : "-") + amount + " " + label;
    }
}
