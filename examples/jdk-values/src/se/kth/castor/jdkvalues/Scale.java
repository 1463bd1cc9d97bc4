package se.kth.castor.jdkvalues;

/** Weighs what the catalog sells, telling units apart by identity. */
public class Scale {
    private final Catalog catalog;

    public Scale(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Grams in {@code count} of {@code unit}: a unit it does not know is named in the error. */
    public int grams(Unit unit, int count) {
        if (unit == Unit.KILOGRAM) {
            return count * 1000;
        }
        if (unit == Unit.PIECE) {
            return count * 250;
        }
        throw new IllegalArgumentException("no weight for " + unit.name());
    }

    /** Grams in {@code count} of a product, by the unit the catalog sells it in. */
    public int grams(String product, int count) {
        Unit unit = catalog.unitOf(product);
        return unit == Unit.KILOGRAM ? count * 1000 : unit == Unit.PIECE ? count * 250 : -1;
    }
}
