package se.kth.castor.faults;

/** A shelf item that holds others. */
public class Crate extends ShelfItem {
    final ShelfItem[] inside;

    public Crate(ShelfItem... inside) {
        this.inside = inside;
    }

    public boolean holds(Shelf s) {
        for (ShelfItem i : inside) {
            if (i.shelf == s) {
                return true;
            }
        }
        return false;
    }
}
