package se.kth.castor.concurrent;

/** A fixed base-price table: stateless, so any number of threads may share it. */
public class Table {

    /** The base price in cents for a key of this length. */
    public int base(int keyLength) {
        return 100 + 7 * keyLength;
    }
}
