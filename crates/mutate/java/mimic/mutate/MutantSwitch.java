package mimic.mutate;

/**
 * The switch every mutant-schema wrapper reads. Rewritten application classes call
 * no method here: they read {@link #active} and write {@link #hits} directly.
 */
public final class MutantSwitch {
    private MutantSwitch() {
    }

    /** The active mutant; 0 runs every method's original body. */
    public static volatile int active;

    /** {@code hits[m]} is set whenever target method {@code m} is entered. */
    public static boolean[] hits = new boolean[0];
}
