package se.kth.castor.faults;

/**
 * A cursor over a ledger's view, JDOM's filter-list iterator in small: the cursor and
 * its view hold the same ledger, and each reads other fields of it (the cursor its size
 * count, the view its data count and entries). A test must rebuild the one ledger with
 * the fields both paths read.
 */
public final class Ledger {
    /** Told where a cursor moved. */
    public interface Listener {
        void moved(int at);
    }

    private final int[] entries;
    private int size;
    private int sizeMod = 40;
    private int dataMod = 70;

    public Ledger(int capacity) {
        entries = new int[capacity];
    }

    public void add(int value) {
        entries[size++] = value;
        sizeMod++;
        dataMod++;
    }

    /** The ledger's entries as its data count saw them when the view was made. */
    public static final class View {
        final Ledger ledger;
        final int xdata;

        View(Ledger ledger) {
            this.ledger = ledger;
            this.xdata = ledger.dataMod;
        }
    }

    /** Walks a view, checking neither count changed since it began. */
    public static final class Cursor {
        private final Ledger ledger;
        private final View view;
        private final Listener listener;
        private final int expected;
        private int at;

        public Cursor(Ledger ledger, Listener listener) {
            this.ledger = ledger;
            this.view = new View(ledger);
            this.listener = listener;
            this.expected = ledger.sizeMod;
        }

        public int next() {
            if (expected != ledger.sizeMod) {
                throw new IllegalStateException("the ledger grew");
            }
            if (view.xdata != view.ledger.dataMod) {
                throw new IllegalStateException("the ledger changed");
            }
            int value = view.ledger.entries[at++];
            listener.moved(at);
            return value;
        }
    }
}
