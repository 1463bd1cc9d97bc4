package ledger;

/**
 * Methods of every visibility (a test in package `ledger` can call all but the private
 * one), one of them a getter.
 */
public class Ledger {
    private int total;

    public int add(int amount) {
        total = clamp(total + amount);
        return total;
    }

    int balance() {
        return total;
    }

    protected void reset() {
        total = 0;
    }

    /** Not a getter: it computes. */
    public int doubled() {
        return total * 2;
    }

    private int clamp(int value) {
        return Math.max(0, value);
    }
}
