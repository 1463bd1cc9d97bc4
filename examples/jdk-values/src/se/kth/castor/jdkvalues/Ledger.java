package se.kth.castor.jdkvalues;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/** Thread-safe, validating and logging: it holds a lock, a pattern, an atomic reference and a logger, JDK objects with no public state. */
public class Ledger {
    private final ReentrantLock lock = new ReentrantLock();
    private final Pattern sku = Pattern.compile("[a-z]+", Pattern.CASE_INSENSITIVE);
    private final AtomicReference<String> last = new AtomicReference<>("none");
    private final Logger log = Logger.getLogger("ledger");
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
            log.fine(() -> "reserved " + units + " of " + item + " after " + last.get());
            last.set(item);
            return units;
        } finally {
            lock.unlock();
        }
    }
}
