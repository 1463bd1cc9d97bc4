package env;

import java.security.SecureRandom;

/** Environment reads: direct, through a subclass, in a private helper, and in main. */
public class Clocked {
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

    private long stamp() {
        return System.nanoTime();
    }

    public int pure(int x) {
        return x + 1;
    }

    public static void main(String[] args) {
        System.out.println(System.getenv("HOME"));
    }
}
