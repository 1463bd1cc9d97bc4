package se.kth.castor.faults;

import se.kth.castor.faults.engine.Doubler;

/**
 * A walker of this package whose superclass, of another package, overrides the protected
 * overload: the override stays invisible here although this class is not.
 */
public class Tripler extends Doubler {
    public int factor() {
        return 3;
    }
}
