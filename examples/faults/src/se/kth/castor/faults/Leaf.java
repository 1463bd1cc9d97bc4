package se.kth.castor.faults;

/** A node the walker visits through its own overload. */
public class Leaf extends Node {
    public Leaf(int line, String op) {
        super(line, op);
    }

    public Object accept(Walker walker) {
        return walker.visit(this);
    }
}
