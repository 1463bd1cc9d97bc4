package fx;

import java.util.List;
import java.util.Map;

/** A class whose constructor must never run: Fixtures builds it field by field. */
class Node {
    String name;
    double weight;
    Node next;
    List<String> tags;
    Map<String, Integer> counts;
    int[] xs;
    Kind kind;
    Integer boxed;
    java.util.Set<Node> seen;
    java.io.StringWriter journal;
    java.util.BitSet free;
    java.nio.charset.CharsetDecoder decoder;
    java.util.ListIterator<String> rest;
    Unit unit;
    Unit fallback;

    Node() {
        throw new IllegalStateException("Fixtures must not run constructors");
    }
}
