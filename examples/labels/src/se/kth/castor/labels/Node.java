package se.kth.castor.labels;

import java.util.Iterator;

/** A node of a document; its labels are kept by the subclass, created on first use. */
public abstract class Node {
    /** The node's labels, created when first asked for. */
    protected abstract Labels labels();

    /** Has a label ever been set on this node? */
    protected abstract boolean hasLabels();

    /** Removes every label, one by one, through the labels' own iterator. */
    public Node clearLabels() {
        if (hasLabels()) {
            Iterator<String> it = labels().iterator();
            while (it.hasNext()) {
                it.next();
                it.remove();
            }
        }
        return this;
    }
}
