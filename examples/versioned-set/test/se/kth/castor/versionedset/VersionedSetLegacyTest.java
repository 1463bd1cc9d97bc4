package se.kth.castor.versionedset;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** A JUnit 4 test (run through the Vintage engine): the only test of {@code clear}. */
public class VersionedSetLegacyTest {
    @Test
    public void clearEmptiesTheSet() {
        VersionedSet set = new VersionedSet();
        set.add("a");
        set.add("b");
        set.clear();
        assertEquals(0, set.size());
    }
}
