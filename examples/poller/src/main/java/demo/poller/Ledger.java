package demo.poller;

import java.util.ArrayList;
import java.util.List;

/** Running totals. */
public class Ledger {
    private final List<Long> entries = new ArrayList<>();

    public void add(long amount) {
        entries.add(amount);
    }

    public long total() {
        long t = 0;
        for (long e : entries) {
            t += e;
        }
        return t;
    }

    /** A table of `size` slots (16 bytes each: a huge size exhausts any heap at once). */
    public long[][] table(int size) {
        return new long[size][2];
    }
}
