package se.kth.castor.faults;

/** A named bin counting its parts; adding or removing a part sets the part's side of the link. */
public final class Bin {
    private final String name;
    private int held;

    public Bin(String name) {
        this.name = name;
    }

    public Bin add(Part part) {
        held++;
        part.bin = this;
        part.moves++;
        return this;
    }

    public boolean remove(Part part) {
        part.bin = null;
        part.moves++;
        if (held == 0) {
            return false;
        }
        held--;
        return true;
    }

    @Override
    public String toString() {
        return name + held;
    }
}
