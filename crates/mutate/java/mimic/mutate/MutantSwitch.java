package mimic.mutate;

/**
 * The switch every mutant-schema wrapper reads. A rewritten method starts with
 * {@code if (!hits[id]) MutantSwitch.enter(id);} and then reads {@link #active}.
 */
public final class MutantSwitch {
    private MutantSwitch() {
    }

    /** The active mutant; 0 runs every method's original body. */
    public static volatile int active;

    /** {@code hits[m]}: target method {@code m} was entered (outside static initialisers while recording). */
    public static boolean[] hits = new boolean[0];

    /** Whether this run records coverage (then static-initialiser calls are told apart). */
    public static volatile boolean recording;

    /**
     * {@code initOf[m]}: the class whose static initialiser first reached target method
     * {@code m} (binary name), while recording; null: none did.
     */
    public static String[] initOf = new String[0];

    private static final StackWalker WALKER = StackWalker.getInstance();

    /**
     * The target method whose exits are observed ({@code mutate --explain}'s infection
     * analysis); 0: none. Every schema wrapper calls {@link #exit} before it returns
     * while this is its id.
     */
    public static volatile int observed;

    /** What the observed method's exits showed since {@link #takeObservations}. */
    private static final java.util.List<String> OBSERVATIONS = new java.util.ArrayList<>();
    private static int exits;

    /**
     * The observed method returns {@code result} (a void method: {@code voidMethod}):
     * record the basic state of the result, each argument and the receiver, one level of
     * fields deep, as {@code <exit ordinal> <location> <path>=<value>} lines.
     */
    public static void exit(int id, Object receiver, Object[] args, Object result,
            boolean voidMethod) {
        if (observed != id) {
            return;
        }
        synchronized (OBSERVATIONS) {
            int ordinal = exits++;
            String at = ordinal + " ";
            if (!voidMethod) {
                State.describe(OBSERVATIONS, at + "result", result, true);
            }
            for (int i = 0; i < args.length; i++) {
                State.describe(OBSERVATIONS, at + "argument " + i, args[i], true);
            }
            if (receiver != null) {
                State.describe(OBSERVATIONS, at + "receiver", receiver, true);
            }
        }
    }

    /** The observations since the last call, and a fresh start. */
    public static String[] takeObservations() {
        synchronized (OBSERVATIONS) {
            String[] out = OBSERVATIONS.toArray(new String[0]);
            OBSERVATIONS.clear();
            exits = 0;
            return out;
        }
    }

    /** Target method {@code id} is entered and its hit is not recorded yet. */
    public static void enter(int id) {
        if (recording) {
            String init = initialising();
            if (init != null) {
                // Reached from a class initialisation: which test triggers it depends on
                // which ran first in this JVM, so it is not a hit of the running test.
                if (initOf[id] == null) {
                    initOf[id] = init;
                }
                return;
            }
        }
        hits[id] = true;
    }

    /** The class being initialised on this thread's stack above the tests, if any. */
    private static String initialising() {
        return WALKER.walk(frames -> frames
                .takeWhile(f -> !f.getClassName().startsWith("org.junit."))
                .filter(f -> f.getMethodName().equals("<clinit>"))
                .map(StackWalker.StackFrame::getClassName)
                .findFirst()
                .orElse(null));
    }
}
