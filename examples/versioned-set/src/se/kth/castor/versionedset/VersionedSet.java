package se.kth.castor.versionedset;

import java.util.ArrayList;

/**
 * The class under test of Reneri (Vera-Perez et al., "Suggestions on Test Suite
 * Improvements with Automatic Infection and Propagation Analysis", Listing 1): a set that
 * counts insertions in {@code version}. Four methods are added to exercise more cases of
 * extreme mutation: {@code clear} (tested only by a JUnit 4 test), {@code union} (reached
 * only by a failing test), {@code addRange} and {@code next} (whose mutants loop forever).
 */
public class VersionedSet {
    private long version = 0;
    private ArrayList<Object> elements = new ArrayList<>();

    public void add(Object item) {
        if (elements.contains(item)) return;
        elements.add(item);
        incrementVersion();
    }

    private void incrementVersion() { version++; }

    protected long getVersion() { return version; }

    public int size() { return elements.size(); }

    public boolean isEmpty() { return size() == 0; }

    public boolean contains(Object item) {
        return elements.contains(item);
    }

    @Override
    public boolean equals(Object otr) {
        if (!(otr instanceof VersionedSet))
            return false;
        VersionedSet otrSet = (VersionedSet) otr;
        if (otrSet.size() != size())
            return false;
        for (Object item : elements) {
            if (!otrSet.contains(item))
                return false;
        }
        return true;
    }

    @Override
    public int hashCode() { return elements.hashCode(); }

    public VersionedSet intersect(VersionedSet otr) {
        if (isEmpty() || otr.isEmpty())
            return new VersionedSet();
        VersionedSet result = new VersionedSet();
        for (Object item : elements) {
            if (otr.contains(item))
                result.add(item);
        }
        result.version = 0;
        return result;
    }

    public void clear() {
        elements.clear();
        incrementVersion();
    }

    public VersionedSet union(VersionedSet otr) {
        VersionedSet result = new VersionedSet();
        for (Object item : elements) result.add(item);
        for (Object item : otr.elements) result.add(item);
        return result;
    }

    /** Adds the integers 1000 .. 1000+n-1 and returns the new size. */
    public int addRange(int n) {
        for (int i = 0; i < n; i = next(i)) {
            add(Integer.valueOf(1000 + i));
        }
        return size();
    }

    private int next(int i) { return i + 1; }

    @Override
    public String toString() { return "VersionedSet" + elements; }
}
