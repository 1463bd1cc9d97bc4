package se.kth.castor.concurrent;

/**
 * Prices orders. Its MUT {@link #quote(String, int)} makes two mockable calls on the field
 * {@code rates}, with values taken from its own arguments, so a recorder that mixed up
 * threads would attach calls with another invocation's arguments.
 */
public class Quoter {

    private final RateSource rates;

    public Quoter(RateSource rates) {
        this.rates = rates;
    }

    /** The price in cents of {@code quantity} units for {@code customer}. */
    public long quote(String customer, int quantity) {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive for " + customer);
        }
        // MOCKABLE #1: field rates, argument = the customer.
        long rate = rates.rateFor(customer);
        // MOCKABLE #2: field rates, argument = the quantity.
        int discount = rates.discountFor(quantity);
        return rate * quantity * (100 - discount) / 100;
    }
}
