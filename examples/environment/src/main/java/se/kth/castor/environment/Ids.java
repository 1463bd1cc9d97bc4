package se.kth.castor.environment;

import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Identifiers and dice: one unseeded source of randomness and one seeded, and tickets
 * numbered by a static counter.
 */
public class Ids {
    private final Random seeded = new Random(42);
    private final Random unseeded = new Random();

    /** A fresh identifier with the given prefix. */
    public String newId(String prefix) {
        return prefix + "-" + UUID.randomUUID();
    }

    /** A die roll from an unseeded source, through {@code RandomGenerator.nextInt(origin, bound)}. */
    public int die() {
        return unseeded.nextInt(1, 7);
    }

    /** A die roll from the seeded source: the same sequence on every run. */
    public int roll() {
        return seeded.nextInt(6) + 1;
    }

    /** How many tickets this process has issued: static state every ticket reads. */
    private static int issued;

    /**
     * A ticket: its serial number in this process, then four digits from the thread's own
     * source of randomness.
     */
    public static String ticket() {
        issued++;
        return issued + "-" + ThreadLocalRandom.current().nextInt(1000, 10000);
    }

    /** A chance between 0 and 100 from {@code Math.random}. */
    public static int chance() {
        return (int) (Math.random() * 100);
    }
}
