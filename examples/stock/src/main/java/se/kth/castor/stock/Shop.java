package se.kth.castor.stock;

/** Uses an inventory through its methods and, directly, through its fields. */
public class Shop {
    private final Inventory inventory;

    public Shop(Inventory inventory) {
        this.inventory = inventory;
    }

    /** Free slots: the capacity (a call) minus the items held (a field read). */
    public int free() {
        return inventory.capacity() - inventory.items.size();
    }

    /** One more in {@code slot}: a write through the inventory's array, then a log call. */
    public int add(int slot) {
        inventory.counts[slot]++;
        inventory.log("slot " + slot);
        return inventory.counts[slot];
    }

    /** Sell {@code item}: the inventory hands it to this shop (the receiver itself). */
    public boolean sell(String item) {
        return inventory.hold(item, this);
    }

    /** Is {@code inventory} full? A field read and a call on a parameter. */
    public static boolean full(Inventory inventory) {
        return inventory.items.size() >= inventory.capacity();
    }
}
