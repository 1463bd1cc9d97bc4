package se.kth.castor.callbacks;

import java.util.ArrayList;
import java.util.List;

/** A word in a tree of words; hands a walker and its argument on to itself. */
public class Node {
    private final String word;
    private final List<Node> children = new ArrayList<>();

    public Node(String word, Node... children) {
        this.word = word;
        this.children.addAll(List.of(children));
    }

    public String word() {
        return word;
    }

    public List<Node> children() {
        return children;
    }

    public <A> void accept(Walker walker, A arg) {
        walker.visit(this, arg);
    }
}
