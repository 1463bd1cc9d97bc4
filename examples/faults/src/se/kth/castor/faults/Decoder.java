package se.kth.castor.faults;

import java.util.function.Function;

/**
 * A decoder that peeks at its cursor, then hands it to a shared function the analysis
 * does not follow, which peeks again (Gson's `Streams.parse` handing its reader to a
 * type adapter): the recording sees the decoder's own call only. The call oracle checks
 * that call happened, not that no other did (`calls(1)`, not `times(1)`).
 */
public final class Decoder {
    /** A position in a text. */
    public static class Cursor {
        private final String text;
        private int at;

        public Cursor(String text) {
            this.text = text;
        }

        public char peek() {
            return at < text.length() ? text.charAt(at) : '\0';
        }
    }

    /** What a token is: a JDK function, whose body the plan does not follow. */
    static final Function<Cursor, String> KIND = c -> c.peek() == '"' ? "string" : "word";

    private final String prefix;

    public Decoder(String prefix) {
        this.prefix = prefix;
    }

    public String decode(Cursor cursor) {
        if (cursor.peek() == '\0') {
            return prefix + "end";
        }
        return prefix + KIND.apply(cursor);
    }
}
