package shop;

/**
 * Fixture for target selection: each public method is a MUT or not for one reason, named
 * in its comment. `buy` is Checkout-style code calling a helper on its ledger first.
 */
public final class Checkout {
    private final Ledger ledger;
    private Inventory inventory;
    private static Inventory shared = new Inventory();
    private Currency currency = Currency.EUR;
    private String name = "shop";

    public Checkout(Ledger ledger, Inventory inventory) {
        this.ledger = ledger;
        this.inventory = inventory;
    }

    /** MUT: field calls through a local copy and a cast; a deeper call in ensureOpen. */
    public int buy(String item, int cents) {
        ensureOpen(ledger);
        Inventory inv = inventory;
        Object o = inv;
        if (((Inventory) o).stock(item) <= 0) {
            return -1;
        }
        inv.take(item);
        ledger.record(item, cents);
        return ledger.balance();
    }

    private void ensureOpen(Ledger l) {
        if (!l.isOpen()) {
            throw new IllegalStateException("closed");
        }
    }

    /** MUT: calls on two parameters of the same type. */
    public int transfer(Ledger from, Ledger to, int cents) {
        from.record("out", -cents);
        to.record("in", cents);
        return from.balance();
    }

    /** MUT: a static field of this class. */
    public int sharedStock(String item) {
        return shared.stock(item);
    }

    /** MUT: a static method calling on its parameter. */
    public static int staticStock(Inventory inv) {
        return inv.stock("z");
    }

    /** Not a MUT: the receiver is a local object. */
    public int fresh(String item) {
        Inventory local = new Inventory();
        return local.stock(item);
    }

    /** Not a MUT: the receiver is a field or a parameter depending on the path. */
    public int either(Inventory other, boolean useOwn) {
        Inventory i = useOwn ? inventory : other;
        return i.stock("x");
    }

    /** Not a MUT: the parameter is overwritten before the call. */
    public int overwritten(Inventory other) {
        other = new Inventory();
        return other.stock("x");
    }

    /** Not a MUT: enums are not mocked. */
    public String symbol() {
        return currency.symbol();
    }

    /** Not a MUT: value objects (records) are not mocked. */
    public int price(Price p) {
        return p.doubled();
    }

    /** Not a MUT: String is not a project type. */
    public int nameLength() {
        return name.length();
    }

    /** Not a MUT: calls on this. */
    public int self() {
        return helperPublic();
    }

    public int helperPublic() {
        return 1;
    }

    /** Not a MUT: deprecated. */
    @Deprecated
    public int old() {
        return inventory.stock("x");
    }

    /** Not a MUT: not public. */
    int packagePrivate() {
        return inventory.stock("y");
    }

    /** Not a MUT: the call is inside the lambda, not in this method's body. */
    public Runnable later() {
        return () -> inventory.take("z");
    }
}
