package se.kth.castor.versionedset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reneri Listing 2 (JUnit 5), plus a test of {@code addRange}. */
public class VersionedSetTest {
    @Test
    public void testAdd() {
        VersionedSet list = new VersionedSet();
        list.add(1);
        assertEquals(1, list.size());
    }

    @Test
    public void testEquals() {
        VersionedSet one = new VersionedSet();
        VersionedSet two = new VersionedSet();
        assertTrue(one.equals(two));
    }

    @Test
    public void testIntersection() {
        VersionedSet one = new VersionedSet();
        one.add(1);
        VersionedSet two = new VersionedSet();
        two.add(2);
        VersionedSet result = one.intersect(two);
        assertFalse(result.contains(1));
        assertFalse(result.contains(2));
    }

    @Test
    public void testAddRange() {
        VersionedSet set = new VersionedSet();
        assertEquals(3, set.addRange(3));
    }
}
