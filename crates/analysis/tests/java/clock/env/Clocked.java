package env;

import java.security.SecureRandom;

/**
 * Environment reads: direct, through a subclass, in a private helper, and in main; the
 * helper also reads static state of its class, its superclass and another class.
 */
public class Clocked extends Base {
    private static final java.util.List<String> LOG = new java.util.ArrayList<>();
    private static int calls;
    private final SecureRandom random = new SecureRandom();

    public long now() {
        return System.currentTimeMillis();
    }

    public int pick() {
        return random.nextInt(10);
    }

    public String label() {
        return "at " + stamp();
    }

    public long made() {
        return new java.util.Date().getTime();
    }

    /** A branch inside the constructor's arguments: not bridged, so not a read. */
    public java.io.FileReader either(boolean first) throws java.io.IOException {
        return new java.io.FileReader(first ? "a" : "b");
    }

    private long stamp() {
        calls++;
        LOG.add("stamp");
        return System.nanoTime() + offset + Registry.shift + calls;
    }

    public int pure(int x) {
        return x + 1;
    }

    public static void main(String[] args) {
        System.out.println(System.getenv("HOME"));
    }
}
