package mimic.mutate;

import java.io.PrintStream;
import java.util.Collection;
import java.util.List;

/**
 * What the test JVM tells mimic, on stdout: one JSON object per line, told apart by its
 * {@code kind}. The Rust side reads them with serde; {@code crates/mutate/src/protocol.rs}
 * is the definition both sides follow (field names, meanings, the requests that come in).
 * The tests' own output goes to stderr, never here.
 */
final class Protocol {
    private final PrintStream out;

    Protocol(PrintStream out) {
        this.out = out;
    }

    /** A discovered test: its index (the number requests use), unique id and name. */
    void test(int index, String id, String name, boolean leftOut) {
        out.println("{\"kind\":\"test\",\"index\":" + index + ",\"id\":" + quote(id) + ",\"name\":"
                + quote(name) + (leftOut ? ",\"left_out\":true" : "") + "}");
    }

    /** Discovery is over: requests may come. */
    void ready() {
        out.println("{\"kind\":\"ready\"}");
    }

    /** Test {@code index} begins: a JVM that dies now was running it. */
    void begin(int index) {
        out.println("{\"kind\":\"begin\",\"test\":" + index + "}");
    }

    /**
     * How test {@code index} ended ({@code P}assed, {@code F}ailed, {@code S}kipped,
     * {@code T}imed out), its wall and CPU time in nanoseconds (CPU -1: not measurable),
     * how many invocations of it ran (a parameterised or repeated test has many), the
     * bytes its thread allocated (-1: not measured),
     * the target methods it entered (null: not recorded), the first line of its
     * failure (null: none) and what the observed method's exits showed (null: none).
     */
    void result(int index, char status, long wall, long cpu, int invocations, long allocated,
            int[] hits, String failure, String[] observed) {
        StringBuilder b = new StringBuilder("{\"kind\":\"result\",\"test\":").append(index)
                .append(",\"status\":\"").append(status).append("\",\"wall\":").append(wall)
                .append(",\"cpu\":").append(cpu).append(",\"invocations\":").append(invocations)
                .append(",\"alloc\":").append(allocated);
        if (hits != null) {
            b.append(",\"hits\":[");
            for (int m = 0; m < hits.length; m++) {
                b.append(m == 0 ? "" : ",").append(hits[m]);
            }
            b.append(']');
        }
        if (failure != null) {
            b.append(",\"failure\":").append(quote(failure));
        }
        if (observed != null) {
            b.append(",\"observed\":[");
            for (int i = 0; i < observed.length; i++) {
                b.append(i == 0 ? "" : ",").append(quote(observed[i]));
            }
            b.append(']');
        }
        out.println(b.append('}'));
    }

    /** Target methods entered outside any test (class set-up) in the last launch. */
    void shared(Collection<Integer> hits) {
        StringBuilder b = new StringBuilder("{\"kind\":\"shared\",\"hits\":[");
        boolean first = true;
        for (int m : hits) {
            b.append(first ? "" : ",").append(m);
            first = false;
        }
        out.println(b.append("]}"));
    }

    /**
     * Target methods reached from a class's static initialiser (not counted as hits of the
     * test that was running), each with that class's binary name.
     */
    void inits(List<Integer> ids, List<String> classes) {
        StringBuilder b = new StringBuilder("{\"kind\":\"inits\",\"inits\":[");
        for (int i = 0; i < ids.size(); i++) {
            b.append(i == 0 ? "" : ",").append('[').append(ids.get(i)).append(',')
                    .append(quote(classes.get(i))).append(']');
        }
        out.println(b.append("]}"));
    }

    /**
     * Test {@code index} outran its budget and could not be stopped soundly after
     * {@code wall} nanoseconds: this JVM halts next.
     */
    void timedOut(int index, long wall) {
        out.println("{\"kind\":\"timed_out\",\"test\":" + index + ",\"wall\":" + wall + "}");
        out.flush();
    }

    /**
     * A stop of an earlier launch poisoned this JVM (see {@code Launch.poisoned}): the
     * tests it reported {@code N} run again in a new one; the JVM halts.
     */
    void poisoned() {
        out.println("{\"kind\":\"poisoned\"}");
        out.flush();
    }

    /**
     * A class failed its static initialisation in the last launch (it stays unusable in
     * this JVM): under the mutant test {@code index} ran with (-1: not known, the launch's
     * failures stand). The tests reported {@code N} run again; the JVM halts after
     * {@link #poisoned}.
     */
    void brokeClass(int index) {
        out.println(index < 0 ? "{\"kind\":\"broke\"}"
                : "{\"kind\":\"broke\",\"test\":" + index + "}");
    }

    /** An {@code INIT} request initialises class {@code name} now. */
    void initBegin(String name) {
        out.println("{\"kind\":\"init_begin\",\"class\":" + quote(name) + "}");
        out.flush();
    }

    /** {@code name} failed its static initialisation in an {@code INIT}: the JVM halts. */
    void initBroke(String name) {
        out.println("{\"kind\":\"init_broke\",\"class\":" + quote(name) + "}");
        out.flush();
    }

    /** The request is answered. */
    void done() {
        out.println("{\"kind\":\"done\"}");
    }

    void flush() {
        out.flush();
    }

    /** {@code s} as a JSON string. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    b.append("\\\"");
                    break;
                case '\\':
                    b.append("\\\\");
                    break;
                case '\n':
                    b.append("\\n");
                    break;
                case '\r':
                    b.append("\\r");
                    break;
                case '\t':
                    b.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else if (Character.isSurrogate(c) && !validSurrogate(s, i)) {
                        // Half a pair is no text: JSON readers reject it.
                        b.append('\ufffd');
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
    }

    /** Whether the surrogate at {@code i} is half of a well-formed pair. */
    private static boolean validSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    /**
     * The first line of a failure, as a reader checks it: the exception's class and the
     * first non-blank line of its message, at most 400 characters.
     */
    static String describe(Throwable t) {
        if (t == null) {
            return "failed";
        }
        String message = t.getMessage();
        String first = "";
        if (message != null) {
            for (String line : message.split("\r?\n")) {
                if (!line.trim().isEmpty()) {
                    first = line.trim();
                    break;
                }
            }
        }
        String text = t.getClass().getName() + (first.isEmpty() ? "" : ": " + first);
        return text.length() > 400 ? text.substring(0, 400) + "…" : text;
    }
}
