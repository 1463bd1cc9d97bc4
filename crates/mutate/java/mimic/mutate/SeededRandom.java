package mimic.mutate;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.WeakHashMap;

/**
 * The {@code java.util.Random} the test classes' {@code new Random()} creates, and the
 * generator behind their {@code Math.random()} and {@code Collections.shuffle(list)}, under
 * {@code mimic mutate} (which rewrites those sites in the test classes it runs). A new one
 * is seeded from the JUnit node that started last (a test, its class, a parameterised
 * method…) and how many were created since; and when a test starts, every one still alive
 * is seeded again from the test's id and the seed it was created with. So a test draws the
 * same numbers in every run, whichever tests ran before it in its JVM, from a
 * {@code Random} it creates, one its test instance holds, or one a static field keeps.
 */
public final class SeededRandom extends Random {
    private static final long serialVersionUID = 1L;
    /** The sequence between JUnit events when no node is running. */
    private static final long OUTSIDE = 0x6d696d6963L;

    private static final Object LOCK = new Object();
    /** The live instances and the seeds they were created with. */
    private static final Map<SeededRandom, Long> LIVE = new WeakHashMap<>();
    private static long base = mix(OUTSIDE);
    private static long created;
    private static Random node;

    public SeededRandom() {
        this(nextSeed());
    }

    private SeededRandom(long seed) {
        super(seed);
        synchronized (LOCK) {
            LIVE.put(this, seed);
        }
    }

    /** What {@code Math.random()} returns, from this node's own generator. */
    public static double random() {
        return nodeGenerator().nextDouble();
    }

    /** {@code Collections.shuffle(list)}, with this node's own generator. */
    public static void shuffle(List<?> list) {
        Collections.shuffle(list, nodeGenerator());
    }

    private static Random nodeGenerator() {
        synchronized (LOCK) {
            if (node == null) {
                node = new Random(nextSeed());
            }
            return node;
        }
    }

    /**
     * A node started ({@code uniqueId}; {@code test}: a test) or the one running ended and
     * its parent goes on ({@code null}: none): a new sequence.
     */
    static void enter(String uniqueId, boolean test) {
        synchronized (LOCK) {
            base = mix(uniqueId == null ? OUTSIDE : OUTSIDE ^ uniqueId.hashCode());
            created = 0;
            node = null;
            if (test) {
                for (Map.Entry<SeededRandom, Long> live : LIVE.entrySet()) {
                    live.getKey().setSeed(mix(base ^ live.getValue()));
                }
            }
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
