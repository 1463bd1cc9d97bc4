package se.kth.castor.jdkvalues;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * Thread-safe, validating and logging: it holds a lock, a pattern, an atomic reference and a logger, JDK objects with no
 * public state; a bit set of free shelf slots, thousands of them (as a scratch file keeps its free pages); and a
 * strict UTF-8 decoder for labels read as bytes (as a parser checks its input).
 */
public class Ledger {
    private final ReentrantLock lock = new ReentrantLock();
    private final Pattern sku = Pattern.compile("[a-z]+", Pattern.CASE_INSENSITIVE);
    private final AtomicReference<String> last = new AtomicReference<>("none");
    private final Logger log = Logger.getLogger("ledger");
    private final Catalog catalog;
    private final BitSet freeSlots = new BitSet();
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
    private int reserved;
    private int lastSlot = -1;

    public Ledger(Catalog catalog) {
        this.catalog = catalog;
        freeSlots.set(0, 5000);
        freeSlots.set(6000);
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
            if (units > 0) {
                lastSlot = freeSlots.nextSetBit(0);
                freeSlots.clear(lastSlot);
            }
            log.fine(() -> "reserved " + units + " of " + item + " after " + last.get());
            last.set(item);
            return units;
        } finally {
            lock.unlock();
        }
    }

    /** Whether a label read as bytes is well-formed UTF-8 naming an item the catalog knows. */
    public boolean knows(byte[] label) {
        try {
            String name = utf8.decode(ByteBuffer.wrap(label)).toString();
            return catalog.stock(name).isPresent();
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /** The value of a shelf at the catalog's prices: walks the shelf's own iterator. */
    public int value(Shelf shelf) {
        int total = 0;
        for (Product p : shelf) {
            total += p.price();
        }
        return total;
    }
}
