package se.kth.castor.faults;

/**
 * A part that can leave the bin holding it, JDOM's `Content.detach` in small: the part
 * asks its bin to remove it, and the bin clears the part's back-reference. A test that
 * mocks the bin must do that too, or the part it checks afterwards still names a bin.
 */
public final class Part {
    Bin bin;
    int moves;
    private final String label;

    public Part(String label) {
        this.label = label;
    }

    /** Leaves the bin it is in, if any; answers itself. */
    public Part detach() {
        Bin b = bin;
        if (b != null) {
            b.remove(this);
        }
        return this;
    }

    @Override
    public String toString() {
        return label + (bin == null ? " (loose)" : " in " + bin) + ", moved " + moves;
    }
}
