package se.kth.castor.callbacks;

import java.util.function.Predicate;

/**
 * Walks a tree of words, handing on callbacks it is given without calling them: a
 * visitor's argument (a type variable), a predicate and a listener of its own nested
 * interface, each a lambda in production.
 */
public class Walker {
    private final Dictionary dictionary;

    public Walker(Dictionary dictionary) {
        this.dictionary = dictionary;
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

    public String each(Node node, Listener listener) {
        dictionary.forEachPart(node.word(), listener);
        return node.word();
    }
}
