package mimic.mutate;

import java.util.Random;

/**
 * The {@code java.util.Random} the test classes' {@code new Random()} creates, and the
 * generator behind their {@code Math.random()}, under {@code mimic mutate} (which rewrites
 * those sites in the test classes it runs): seeded from the JUnit node that started last
 * (a test, its class, a parameterised method…) and how many were created since, so a test
 * draws the same numbers in every run, whichever tests ran before it in its JVM. A test
 * class's instance, created before its test starts, draws from its class's sequence.
 */
public final class SeededRandom extends Random {
    private static final long serialVersionUID = 1L;
    /** The sequence between JUnit events when no node is running. */
    private static final long OUTSIDE = 0x6d696d6963L;

    private static final Object LOCK = new Object();
    private static long base = mix(OUTSIDE);
    private static long created;
    private static Random math;

    public SeededRandom() {
        super(nextSeed());
    }

    /** What {@code Math.random()} returns, from this node's own generator. */
    public static double random() {
        Random generator;
        synchronized (LOCK) {
            if (math == null) {
                math = new Random(nextSeed());
            }
            generator = math;
        }
        return generator.nextDouble();
    }

    /**
     * A node started ({@code uniqueId}) or the one running ended and its parent goes on
     * ({@code null}: none): a new sequence.
     */
    static void enter(String uniqueId) {
        synchronized (LOCK) {
            base = mix(uniqueId == null ? OUTSIDE : OUTSIDE ^ uniqueId.hashCode());
            created = 0;
            math = null;
        }
    }

    private static long nextSeed() {
        synchronized (LOCK) {
            return mix(base + created++);
        }
    }

    /** SplitMix64's finaliser: nearby inputs, unrelated seeds. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
