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

    Node() {
        throw new IllegalStateException("Fixtures must not run constructors");
    }
}
