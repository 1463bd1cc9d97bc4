package se.kth.castor.faults;

/** Evaluates a node: a value of any type, an array, or an {@link EvalException}. */
public interface Visitor {
    Object visit(Node node);
}
