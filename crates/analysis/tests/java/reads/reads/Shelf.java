package reads;

/** Entries in an array, looked up by scanning it. */
public class Shelf {
    Entry[] slots;
    String label;

    /** Reads every slot's amount (the index is not known): not the slots' links. */
    public int amountAt(int i) {
        if (i >= slots.length) {
            return -1;
        }
        return slots[i].amount;
    }
}
