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
        // A set backed by an identity map: by identity again, holding the node itself.
        assertEquals(1, n.seen.size());
        assertTrue(n.seen.contains(n));
        n.seen.add(n);
        assertEquals(1, n.seen.size());
        assertEquals("opened\n", n.journal.toString());
        java.util.BitSet free = new java.util.BitSet();
        free.set(0, 4096);
        free.set(4165);
        assertEquals(free, n.free);
        assertEquals(java.nio.charset.StandardCharsets.UTF_8, n.decoder.charset());
        assertEquals(java.nio.charset.CodingErrorAction.REPORT, n.decoder.malformedInputAction());
        assertEquals(java.nio.charset.CodingErrorAction.REPLACE, n.decoder.unmappableCharacterAction());
        assertEquals("\uFFFD", n.decoder.replacement());
        assertEquals("c", n.rest.next());
        assertEquals("d", n.rest.next());
        assertFalse(n.rest.hasNext());
        // An interned constant: the very object.
        assertSame(Unit.KILOGRAM, n.unit);
        assertSame(Unit.gram(), n.fallback);
        // Generated tests build the same set in Java source.
        java.util.Set<Object> set = Fixtures.setFromMap(new java.util.IdentityHashMap<>(), "a", "b");
        assertEquals(java.util.Set.of("a", "b"), set);
    }

    /** A BitSet recorded by its runs of set bits is rebuilt bit for bit. */
    @Test
    void rebuildsABitSetFromItsRuns() {
        java.util.BitSet expected = new java.util.BitSet();
        expected.set(0, 4096);
        expected.set(4165);
        expected.set(4167);
        assertEquals(expected, Fixtures.bits("{0-4095, 4165, 4167}"));
        assertEquals(new java.util.BitSet(), Fixtures.bits("{}"));
        assertEquals(java.util.BitSet.valueOf(new long[] {0x25L}), Fixtures.bits("{0, 2, 5}"));
    }

    /** Issue 15 pattern 5: project subclasses of JDK collections and maps, with contents. */
    @Test
    void rebuildsCollectionAndMapSubclassesWithTheirContentsAndFields() {
        Roster r = Fixtures.create(Roster.class, "team", "red", "<elements>", List.of("ann", "bo"));
        assertEquals("red", r.team);
        assertEquals(List.of("ann", "bo"), r);
        assertEquals(List.of("ann", "bo"), Fixtures.get(r, "<elements>"));
        Badges b = Fixtures.create(Badges.class, "<elements>", List.of("gold"), "level", 2);
        assertEquals(java.util.Set.of("gold"), b);
        assertEquals(2, b.level);
        Tally t = Fixtures.create(Tally.class, "unit", "kg", "<entries>", java.util.Map.of("x", 1));
        assertEquals(Integer.valueOf(1), t.get("x"));
        assertEquals("kg", t.unit);
        assertEquals(java.util.Map.of("x", 1), Fixtures.get(t, "<entries>"));
    }

    /**
     * Regression (mustache.java's {@code ObjectHandler.coerce(scope)}: a map holding a
     * project object without {@code equals}): {@code eq} of a rebuilt copy never matched
     * the object production passed. {@code looksLike} compares by meaning.
     */
    @Test
    void looksLikeComparesObjectsWithoutEqualsFieldByFieldInsideCollections() {
        Node a = Fixtures.create(Node.class, "name", "x", "xs", new int[] {1, 2}, "tags", List.of("t"));
        Node b = Fixtures.create(Node.class, "name", "x", "xs", new int[] {1, 2}, "tags", new java.util.ArrayList<>(List.of("t")));
        Fixtures.set(a, "next", a);
        Fixtures.set(b, "next", b);
        java.util.IdentityHashMap<Object, Object> seen = new java.util.IdentityHashMap<>();
        assertTrue(Fixtures.sameMeaning(java.util.Map.of("n", a), new java.util.HashMap<>(java.util.Map.of("n", b)), seen));
        Fixtures.set(b, "xs", new int[] {1, 3});
        assertFalse(Fixtures.sameMeaning(a, b, new java.util.IdentityHashMap<>()));
        assertFalse(Fixtures.sameMeaning(List.of(a), List.of(a, a), new java.util.IdentityHashMap<>()));
        // A writer by its text.
        assertTrue(Fixtures.sameMeaning(new java.io.StringWriter().append("q"), new java.io.StringWriter().append("q"), new java.util.IdentityHashMap<>()));
    }

    /** Reflection objects by what names them (mustache.java's bindings hold a Method). */
    @Test
    void findsMethodsConstructorsAndFieldsByName() throws Exception {
        assertEquals(String.class.getMethod("regionMatches", boolean.class, int.class, String.class, int.class, int.class),
                Fixtures.method("java.lang.String", "regionMatches", "(ZILjava/lang/String;II)Z"));
        assertEquals("name", Fixtures.field("fx.Node", "name").getName());
        assertEquals(1, Fixtures.constructor("java.lang.StringBuilder", "(Ljava/lang/String;)V").getParameterCount());
        assertEquals(String[].class, Fixtures.method("java.lang.String", "split", "(Ljava/lang/String;)[Ljava/lang/String;").getReturnType());
    }

    @Test
    void createsWithoutRunningConstructorsAndSetsFields() {
        Node n = Fixtures.create(Node.class, "name", "x", "weight", 2.5);
        assertEquals("x", n.name);
        assertEquals(2.5, n.weight);
        assertSame(n, Fixtures.set(n, "kind", Kind.A));
        assertEquals(Kind.A, n.kind);
    }

    @Test
    void buildsExceptionsWithOrWithoutAMessageConstructor() {
        // No (String) constructor: built as deserialisation builds it, with the message.
        Faults.AtLine atLine = Fixtures.thrown(Faults.AtLine.class, "at line 7");
        assertEquals("at line 7", atLine.getMessage());
        assertEquals(0, atLine.line);
        assertNull(atLine.getCause());
        atLine.initCause(new IllegalStateException("cause"));
        assertEquals("cause", atLine.getCause().getMessage());
        assertTrue(atLine.getStackTrace().length > 0);
        // Its own (String) constructor, even package-private, runs.
        assertEquals("[x]", Fixtures.thrown(Faults.Marked.class, "x").getMessage());
        // No message: its () constructor runs.
        assertEquals("silent", Fixtures.thrown(Faults.Silent.class, null).getMessage());
        // A message but no (String) constructor: the message is the recorded one.
        assertEquals("loud", Fixtures.thrown(Faults.Silent.class, "loud").getMessage());
        assertEquals("inner", Fixtures.thrown(Faults.Inner.class, "inner").getMessage());
        // A JDK exception's own constructor.
        assertEquals("io", Fixtures.thrown(java.io.UncheckedIOException.class, "io").getMessage());
        assertThrows(Faults.AtLine.class, () -> { throw Fixtures.thrown(Faults.AtLine.class, "at line 1"); });
    }
}
