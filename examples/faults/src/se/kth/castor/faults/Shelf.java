package se.kth.castor.faults;

/**
 * Items on a shelf, JDOM's `ContentList.add` in small: adding an item casts it to a
 * {@link Crate} and asks it something only when it is one, so a test adding a plain
 * {@link Box} (a spy: the shelf keeps it) must pass a box, never a {@code Crate}.
 */
public final class Shelf {
    private final ShelfItem[] items = new ShelfItem[8];
    private int count;

    public int add(ShelfItem item) {
        if (item.placedOn() != null) {
            throw new IllegalStateException("already placed");
        }
        if (item instanceof Crate && ((Crate) item).holds(this)) {
            throw new IllegalStateException("a crate holding this shelf's items");
        }
        item.place(this);
        items[count] = item;
        return ++count;
    }
}
