package se.kth.castor.faults;

/** A plain shelf item. */
public class Box extends ShelfItem {
    final String label;

    public Box(String label) {
        this.label = label;
    }
}
