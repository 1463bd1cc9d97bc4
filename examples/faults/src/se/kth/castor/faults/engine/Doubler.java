package se.kth.castor.faults.engine;

import se.kth.castor.faults.Leaf;
import se.kth.castor.faults.Walker;

/** A walker of another package: its override is protected, so invisible to the node's package. */
public class Doubler extends Walker {
    @Override
    protected Object visit(Leaf leaf) {
        return leaf.line() * 2;
    }
}
