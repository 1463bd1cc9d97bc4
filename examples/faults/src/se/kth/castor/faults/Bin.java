package se.kth.castor.faults;

import java.util.ArrayList;
import java.util.List;

/**
 * A named bin of parts; adding or removing a part sets the part's side of the link. A
 * part handed to {@link #remove} is one of the bin's own (found by identity): its test
 * must pass that very object, not a copy.
 */
public final class Bin {
    private final String name;
    private final List<Part> parts = new ArrayList<>();

    public Bin(String name) {
        this.name = name;
    }

    public Bin add(Part part) {
        parts.add(part);
        part.bin = this;
        part.moves++;
        return this;
    }

    public boolean remove(Part part) {
        part.bin = null;
        part.moves++;
        return parts.remove(part);
    }

    @Override
    public String toString() {
        return name + parts.size();
    }
}
