package se.kth.castor.jdkvalues;

import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Pattern;

/** Thread-safe and validating: it holds a lock and a pattern, JDK objects with no public state. */
public class Ledger {
    private final ReentrantLock lock = new ReentrantLock();
    private final Pattern sku = Pattern.compile("[a-z]+", Pattern.CASE_INSENSITIVE);
    private final Catalog catalog;
    private int reserved;

    public Ledger(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Reserves what is in stock of a well-formed item; -1 for a malformed one. */
    public int reserve(String item) {
        if (!sku.matcher(item).matches()) {
            return -1;
        }
        lock.lock();
        try {
            int units = catalog.stock(item).orElse(0);
            reserved += units;
            return units;
        } finally {
            lock.unlock();
        }
    }
}
