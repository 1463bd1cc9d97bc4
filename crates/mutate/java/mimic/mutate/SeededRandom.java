package mimic.mutate;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.WeakHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * The {@code java.util.Random} the test classes' {@code new Random()} creates, and the
 * generator behind their {@code Math.random()}, {@code Collections.shuffle(list)} and
 * {@code ThreadLocalRandom} draws, under {@code mimic mutate} (which rewrites those sites in
 * the test classes it runs; {@code crates/mutate/src/seeded_random.rs}). A new one
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

    // ThreadLocalRandom's draws (seeded_random.rs' THREAD_LOCAL_DRAWS, one method each):
    // the rewritten call passes the ThreadLocalRandom it was made on, and the node's own
    // generator draws instead. (Its own sequence steps by the drawing thread's id, and each
    // launch runs on a new thread: seeding it would not repeat the numbers.)
    public static boolean nextBoolean(ThreadLocalRandom receiver) {
        return nodeGenerator().nextBoolean();
    }

    public static int nextInt(ThreadLocalRandom receiver) {
        return nodeGenerator().nextInt();
    }

    public static int nextInt(ThreadLocalRandom receiver, int bound) {
        return nodeGenerator().nextInt(bound);
    }

    public static int nextInt(ThreadLocalRandom receiver, int origin, int bound) {
        return nodeGenerator().nextInt(origin, bound);
    }

    public static long nextLong(ThreadLocalRandom receiver) {
        return nodeGenerator().nextLong();
    }

    public static long nextLong(ThreadLocalRandom receiver, long bound) {
        return nodeGenerator().nextLong(bound);
    }

    public static long nextLong(ThreadLocalRandom receiver, long origin, long bound) {
        return nodeGenerator().nextLong(origin, bound);
    }

    public static float nextFloat(ThreadLocalRandom receiver) {
        return nodeGenerator().nextFloat();
    }

    public static float nextFloat(ThreadLocalRandom receiver, float bound) {
        return nodeGenerator().nextFloat(bound);
    }

    public static float nextFloat(ThreadLocalRandom receiver, float origin, float bound) {
        return nodeGenerator().nextFloat(origin, bound);
    }

    public static double nextDouble(ThreadLocalRandom receiver) {
        return nodeGenerator().nextDouble();
    }

    public static double nextDouble(ThreadLocalRandom receiver, double bound) {
        return nodeGenerator().nextDouble(bound);
    }

    public static double nextDouble(ThreadLocalRandom receiver, double origin, double bound) {
        return nodeGenerator().nextDouble(origin, bound);
    }

    public static double nextGaussian(ThreadLocalRandom receiver) {
        return nodeGenerator().nextGaussian();
    }

    public static double nextGaussian(ThreadLocalRandom receiver, double mean, double stddev) {
        return nodeGenerator().nextGaussian(mean, stddev);
    }

    public static double nextExponential(ThreadLocalRandom receiver) {
        return nodeGenerator().nextExponential();
    }

    public static void nextBytes(ThreadLocalRandom receiver, byte[] bytes) {
        nodeGenerator().nextBytes(bytes);
    }

    public static IntStream ints(ThreadLocalRandom receiver) {
        return nodeGenerator().ints();
    }

    public static IntStream ints(ThreadLocalRandom receiver, long size) {
        return nodeGenerator().ints(size);
    }

    public static IntStream ints(ThreadLocalRandom receiver, int origin, int bound) {
        return nodeGenerator().ints(origin, bound);
    }

    public static IntStream ints(ThreadLocalRandom receiver, long size, int origin, int bound) {
        return nodeGenerator().ints(size, origin, bound);
    }

    public static LongStream longs(ThreadLocalRandom receiver) {
        return nodeGenerator().longs();
    }

    public static LongStream longs(ThreadLocalRandom receiver, long size) {
        return nodeGenerator().longs(size);
    }

    public static LongStream longs(ThreadLocalRandom receiver, long origin, long bound) {
        return nodeGenerator().longs(origin, bound);
    }

    public static LongStream longs(ThreadLocalRandom receiver, long size, long origin, long bound) {
        return nodeGenerator().longs(size, origin, bound);
    }

    public static DoubleStream doubles(ThreadLocalRandom receiver) {
        return nodeGenerator().doubles();
    }

    public static DoubleStream doubles(ThreadLocalRandom receiver, long size) {
        return nodeGenerator().doubles(size);
    }

    public static DoubleStream doubles(ThreadLocalRandom receiver, double origin, double bound) {
        return nodeGenerator().doubles(origin, bound);
    }

    public static DoubleStream doubles(ThreadLocalRandom receiver, long size, double origin, double bound) {
        return nodeGenerator().doubles(size, origin, bound);
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
