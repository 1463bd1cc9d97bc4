package se.kth.castor.library;

/**
 * The fee terms of a library, made from the library itself: it reads the rates four
 * objects down, and nothing of the catalog.
 */
public class RateCard {
    private final Rates rates;

    RateCard(Library library) {
        this.rates = library.rates();
    }

    String describe() {
        return rates.daily + " a day after " + rates.graceDays + " days, at most " + rates.cap;
    }
}
