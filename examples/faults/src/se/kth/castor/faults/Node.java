package se.kth.castor.faults;

/** A node of a script, evaluated by the visitor it is given. */
public class Node {
    final int line;
    final String op;

    public Node(int line, String op) {
        this.line = line;
        this.op = op;
    }

    public int line() {
        return line;
    }

    /** Declared to return {@code Object}: what the visitor answers, arrays included. */
    public Object accept(Visitor visitor) {
        return visitor.visit(this);
    }

    /** The visitor's answer as text, or why it failed. */
    public String describe(Visitor visitor) {
        try {
            Object value = visitor.visit(this);
            if (value instanceof int[]) {
                return op + ": " + java.util.Arrays.toString((int[]) value);
            }
            if (value instanceof Object[]) {
                return op + ": " + java.util.Arrays.toString((Object[]) value);
            }
            return op + ": " + value;
        } catch (EvalException e) {
            return op + " failed (" + e.getMessage() + ")";
        }
    }
}
