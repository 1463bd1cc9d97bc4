package fx;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import mimic.Fixtures;
import org.junit.jupiter.api.Test;

/** mimic.Fixtures against JSON written by mimic's own serialiser (crates/generate/tests/fixtures.rs). */
class FixturesTest {
    @Test
    void loadsAGraphWithACycleEscapesAndSpecialNumbers() {
        Node n = Fixtures.load(FixturesTest.class, "node.json");
        assertEquals("line\n\"quoted\" \\ é \uD83D\uDE00 \u0001", n.name);
        assertTrue(Double.isNaN(n.weight));
        assertSame(n, n.next);
        assertEquals(List.of("a", "b"), n.tags);
        assertEquals(Integer.valueOf(3), n.counts.get("x"));
        assertArrayEquals(new int[] {1, -2}, n.xs);
        assertEquals(Kind.B, n.kind);
        assertEquals(Integer.valueOf(-7), n.boxed);
    }

    @Test
    void createsWithoutRunningConstructorsAndSetsFields() {
        Node n = Fixtures.create(Node.class, "name", "x", "weight", 2.5);
        assertEquals("x", n.name);
        assertEquals(2.5, n.weight);
        assertSame(n, Fixtures.set(n, "kind", Kind.A));
        assertEquals(Kind.A, n.kind);
    }
}
