package se.kth.castor.concurrent;

/**
 * The production {@link RateSource}. {@link #rateFor(String)} is itself a method under
 * test (it calls {@code table.base} on a field of another project type), so when a
 * {@link Quoter} calls it, one MUT invocation is nested inside another.
 */
public class TableRates implements RateSource {

    private final Table table;

    public TableRates(Table table) {
        this.table = table;
    }

    @Override
    public int rateFor(String customer) {
        // MOCKABLE (for this MUT): receiver is the field table, of project type Table.
        return table.base(customer.length()) + Math.floorMod(customer.hashCode(), 10);
    }

    @Override
    public int discountFor(int quantity) {
        return quantity >= 20 ? 10 : quantity % 5;
    }
}
