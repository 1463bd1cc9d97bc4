package se.kth.castor.library;

/** Fee rates in cents. */
public class Rates {
    final int daily;
    final int cap;
    final int graceDays;

    Rates(int daily, int cap, int graceDays) {
        this.daily = daily;
        this.cap = cap;
        this.graceDays = graceDays;
    }
}
