package se.kth.castor.faults;

/**
 * Thrown by a visitor that cannot evaluate a node. Built from the node only, as a
 * parser's exceptions are: it has no constructor taking a message.
 */
public class EvalException extends RuntimeException {
    private final int line;

    public EvalException(Node at) {
        super("cannot evaluate line " + at.line);
        this.line = at.line;
    }

    public int line() {
        return line;
    }
}
