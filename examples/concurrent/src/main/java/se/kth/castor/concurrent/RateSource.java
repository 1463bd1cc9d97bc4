package se.kth.castor.concurrent;

/** Where a {@link Quoter} gets its rates: a project interface, so calls on it are mockable. */
public interface RateSource {

    /** The rate in cents per unit for a customer. */
    int rateFor(String customer);

    /** The discount in percent for a quantity. */
    int discountFor(int quantity);
}
