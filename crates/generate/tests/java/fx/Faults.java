package fx;

/** Exceptions a test stubs: with and without a message constructor. */
public final class Faults {
    private Faults() {}

    /** Built from a location only, as a parser's exceptions are; its message says where. */
    public static class AtLine extends RuntimeException {
        public final int line;

        public AtLine(int line) {
            super("at line " + line);
            this.line = line;
        }
    }

    /** With a message constructor that marks the message. */
    public static class Marked extends Exception {
        Marked(String message) {
            super("[" + message + "]");
        }
    }

    /** With only a no-argument constructor. */
    public static class Silent extends RuntimeException {
        public Silent() {
            super("silent");
        }
    }

    /** A non-static inner exception (its constructor takes the outer instance). */
    public class Inner extends IllegalStateException {
        public Inner(String message) {
            super(message);
        }
    }
}
