package se.kth.castor.faults;

/**
 * A tray that counts what it puts on a rack, JDOM's `ContentList.add` asking `parent
 * instanceof Element` in small: its holder is used only through an interface, but its
 * class is tested, so a test's mock must be of the class production had ({@link Rack}),
 * also when a helper tests it ({@link #stack}: JDOM's `checkPreConditions`).
 */
public final class Tray {
    /** Takes items, or not. */
    public interface Holder {
        boolean accepts(String item);
    }

    private final Holder holder;
    private int racked;

    public Tray(Holder holder) {
        this.holder = holder;
    }

    /** How many items are on a rack once this one is put there; -1 if not taken. */
    public int put(String item) {
        if (!holder.accepts(item)) {
            return -1;
        }
        if (holder instanceof Rack) {
            racked++;
        }
        return racked;
    }

    /** The same, with the class test in a helper: {@code -1} if not taken. */
    public int stack(String item) {
        if (!holder.accepts(item)) {
            return -1;
        }
        return onRack() ? ++racked : racked;
    }

    private boolean onRack() {
        return holder instanceof Rack;
    }
}
