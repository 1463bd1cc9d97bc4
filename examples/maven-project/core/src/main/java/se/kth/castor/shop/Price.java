package se.kth.castor.shop;

/** Prices in cents. */
public final class Price {
    private Price() {
    }

    /** The price of {@code quantity} items at {@code unit} cents, with a 10% discount from 10 items. */
    public static long total(long unit, int quantity) {
        long total = unit * quantity;
        if (quantity >= 10) {
            total -= total / 10;
        }
        return total;
    }

    /** Whether a price is free. */
    public static boolean isFree(long cents) {
        return cents == 0;
    }

    /** Euros and cents, as text. */
    public static String format(long cents) {
        return cents / 100 + "." + String.format("%02d", cents % 100);
    }
}
