package se.kth.castor.stock;

import java.util.ArrayList;
import java.util.List;

/** Stock kept per slot: item names and a count per slot, which its users read directly. */
public class Inventory {
    public final List<String> items = new ArrayList<>();
    final int[] counts;
    private final int capacity;

    public Inventory(int capacity) {
        this.capacity = capacity;
        this.counts = new int[capacity];
    }

    public int capacity() {
        return capacity;
    }

    /** Hand {@code item} over to {@code by}: false when it is not in stock. */
    public boolean hold(String item, Shop by) {
        return items.remove(item);
    }

    public void log(String what) {
        System.out.println("inventory: " + what);
    }
}
