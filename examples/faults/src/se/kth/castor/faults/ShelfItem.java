package se.kth.castor.faults;

/** Something a {@link Shelf} holds. */
public abstract class ShelfItem {
    protected Shelf shelf;

    protected Shelf placedOn() {
        return shelf;
    }

    protected void place(Shelf shelf) {
        this.shelf = shelf;
    }
}
