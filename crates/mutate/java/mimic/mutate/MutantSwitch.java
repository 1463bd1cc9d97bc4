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
