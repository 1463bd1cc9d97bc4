package se.kth.castor.callbacks;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Walks a tree of words, handing on callbacks it is given without calling them: a
 * visitor's argument (a type variable), a predicate and a listener of its own nested
 * interface, each a lambda in production; and running others itself (a normaliser it
 * holds, a predicate it hands to the JDK).
 */
public class Walker {
    private final Dictionary dictionary;
    private final Function<String, String> normaliser;

    public Walker(Dictionary dictionary, Function<String, String> normaliser) {
        this.dictionary = dictionary;
        this.normaliser = normaliser;
    }

    /** Called back for each part of a word. */
    public interface Listener {
        void heard(String part);
    }

    public <A> void visit(Node node, A arg) {
        for (Node child : node.children()) {
            child.accept(this, arg);
        }
    }

    public int count(Node node, Predicate<String> keep) {
        return dictionary.countMatching(node.word(), keep);
    }

    /** Runs its own lambda: no mock may stand in for it. */
    public String normalise(Node node) {
        return normaliser.apply(node.word());
    }

    /** Hands the predicate to JDK code, which runs it: no mock may stand in for it. */
    public int keep(Node node, Predicate<String> keep) {
        List<String> parts = new ArrayList<>(List.of(node.word().split("-")));
        parts.removeIf(keep.negate());
        return parts.size();
    }

    public String each(Node node, Listener listener) {
        dictionary.forEachPart(node.word(), listener);
        return node.word();
    }
}
