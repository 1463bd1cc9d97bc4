package se.kth.castor.shop.app;

import java.util.ArrayList;
import java.util.List;

import se.kth.castor.shop.Price;

/** A basket of lines, priced with the core module. */
public final class Basket {
    private final List<long[]> lines = new ArrayList<>();

    public void add(long unit, int quantity) {
        lines.add(new long[] {unit, quantity});
    }

    public long total() {
        long total = 0;
        for (long[] line : lines) {
            total += Price.total(line[0], (int) line[1]);
        }
        return total;
    }

    /** How many items the basket holds. */
    public int count() {
        int count = 0;
        for (long[] line : lines) {
            count += (int) line[1];
        }
        return count;
    }
}
