package se.kth.castor.faults;

/**
 * Walks nodes, one protected overload per kind (as a JavaCC parser's visitor does):
 * a subclass in another package overrides them, and its overrides are not visible here.
 */
public abstract class Walker {
    protected abstract Object visit(Leaf leaf);

    protected Object visit(Node node) {
        throw new UnsupportedOperationException("not a leaf: " + node.op);
    }
}
