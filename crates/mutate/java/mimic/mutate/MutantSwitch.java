package mimic.mutate;

/**
 * The switch every mutant-schema wrapper reads. A rewritten method starts with
 * {@code if (!hits[id]) MutantSwitch.enter(id);} and then reads {@link #active}: 0 calls
 * the original body directly, anything else goes through the method's switch (its
 * mutants, then the original body, every exit observed when asked).
 *
 * <p>A test runner with a class loader of its own (PowerMock's, junit-clptr's
 * {@code ClassLoaderPerTestRunner}) defines the application's classes again from the class
 * path, and this class with them: the classes it loads read that copy's fields. So a copy
 * follows the one the system class loader defined, which mimic's runner sets
 * ({@link #HOME}): it shares its {@link #hits} and {@link #initOf} arrays, takes its active
 * mutant and flags whenever they change ({@link #publish}), and hands it the observed
 * method's exits and the tests' values ({@code --explain}).
 */
public final class MutantSwitch {
    private MutantSwitch() {
    }

    /**
     * The active mutant; 0 runs every method's original body; {@link #ORIGINAL_OBSERVED}
     * runs it too, through the switches, so that the observed method's exits are seen.
     * Set through {@link #activate}.
     */
    public static volatile int active;

    /** {@link #active} while the original runs with a method observed (no mutant has it). */
    static final int ORIGINAL_OBSERVED = -1;

    /** Switch {@code mutant} on (0: none), through the switches while a method is observed. */
    static void activate(int mutant) {
        active = mutant == 0 && observed >= 0 ? ORIGINAL_OBSERVED : mutant;
        publish();
    }

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
     * analysis); -1: none (0 is a method's id like any other). Every schema wrapper
     * calls {@link #exit} before it returns while this is its id.
     */
    public static volatile int observed = -1;

    /**
     * Whether the test code's calls are recorded too (propagation analysis, on the tests
     * whose state the mutant infects); otherwise only the method's exits are.
     */
    public static volatile boolean observeTests;

    /** Whether the stack paths from the tests to the observed method are written. */
    public static volatile boolean observePaths;

    /** What the observed method's exits showed since {@link #takeObservations}. */
    private static final java.util.List<String> OBSERVATIONS = new java.util.ArrayList<>();
    private static int exits;
    /** Lines of exits, of test-code values and stack paths written in this test so far. */
    private static int exitLines;
    private static int valueLines;
    private static int paths;

    /** Exits reached from a test call whose stack path from it is written, per test. */
    private static final int STACKS_PER_TEST = 8;

    /**
     * Lines kept per test, for the method's exits and for the test code's values apart
     * (a class initialised in the test may call the method thousands of times, which must
     * not crowd out the test's own values; a parameterized test's invocations add up):
     * what mimic holds per run stays bounded.
     */
    private static final int LINES_PER_TEST = 10_000;

    /** Per test call site, how many of its calls returned or threw so far in this test. */
    private static final java.util.Map<Integer, Integer> OCCURRENCES = new java.util.HashMap<>();

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
        if (HOME != null) {
            forward(HOME_EXIT, id, receiver, args, result, voidMethod);
            return;
        }
        synchronized (OBSERVATIONS) {
            if (exitLines >= LINES_PER_TEST) {
                return;
            }
            int before = OBSERVATIONS.size();
            int ordinal = exits++;
            String at = ordinal + " ";
            int site = TestProbe.currentSite();
            if (observePaths && site >= 0 && paths < STACKS_PER_TEST) {
                paths++;
                OBSERVATIONS.add(at + "@ " + site + " " + pathFromTest());
            }
            if (!voidMethod) {
                State.describe(OBSERVATIONS, at + "result", result, true);
            }
            for (int i = 0; i < args.length; i++) {
                State.describe(OBSERVATIONS, at + "argument " + i, args[i], true);
            }
            if (receiver != null) {
                State.describe(OBSERVATIONS, at + "receiver", receiver, true);
            }
            exitLines += OBSERVATIONS.size() - before;
        }
    }

    /**
     * The frames from the observed method up to the innermost call made by test code (a
     * bridged call site, {@code $mimic$call$…}), as {@code class.method:line} joined by
     * {@code ;}: a schema's renamed original body ({@code m$mimic}) is named {@code m}
     * with its line, and the switch and wrapper that called it left out. Empty when no test call
     * site is on this thread's stack.
     */
    private static String pathFromTest() {
        if (TestProbe.currentSite() < 0) {
            return "";
        }
        java.util.List<StackWalker.StackFrame> frames = WALKER.walk(s -> s
                .skip(2) // pathFromTest, exit
                .takeWhile(f -> !f.getMethodName().startsWith("$mimic$call$"))
                .collect(java.util.stream.Collectors.toList()));
        StringBuilder out = new StringBuilder();
        String lastClass = null;
        String lastName = null;
        for (StackWalker.StackFrame f : frames) {
            String name = f.getMethodName();
            boolean original = name.endsWith(ORIGINAL_SUFFIX);
            if (original) {
                name = name.substring(0, name.length() - ORIGINAL_SUFFIX.length());
            } else {
                if (name.endsWith(SWITCH_SUFFIX)) {
                    name = name.substring(0, name.length() - SWITCH_SUFFIX.length());
                }
                if (f.getClassName().equals(lastClass) && name.equals(lastName)) {
                    continue; // the switch or wrapper of the method just above
                }
            }
            if (out.length() > 0) {
                out.append(';');
            }
            out.append(f.getClassName()).append('.').append(name);
            if (f.getLineNumber() > 0) {
                out.append(':').append(f.getLineNumber());
            }
            lastClass = f.getClassName();
            lastName = name;
        }
        return out.toString();
    }

    private static final String ORIGINAL_SUFFIX = "$mimic";
    private static final String SWITCH_SUFFIX = "$mimic$switch";

    /**
     * A call made by test code returned {@code result} (or threw {@code thrown}):
     * propagation analysis records the basic state of its result (unless {@code voidCall})
     * and of its receiver, or the exception, as
     * {@code v <site> <occurrence> <location> <path>=<value>} lines.
     */
    static void testValue(int site, boolean voidCall, Object receiver, Object result,
            Throwable thrown) {
        if (HOME != null) {
            forward(HOME_TEST_VALUE, site, voidCall, receiver, result, thrown);
            return;
        }
        synchronized (OBSERVATIONS) {
            if (valueLines >= LINES_PER_TEST) {
                return;
            }
            int before = OBSERVATIONS.size();
            int occurrence = OCCURRENCES.merge(site, 1, Integer::sum) - 1;
            String at = "v " + site + " " + occurrence + " ";
            if (thrown != null) {
                OBSERVATIONS.add(at + "thrown =" + State.thrown(thrown));
            } else if (!voidCall) {
                State.describe(OBSERVATIONS, at + "result", result, true);
            }
            if (receiver != null) {
                State.describe(OBSERVATIONS, at + "receiver", receiver, true);
            }
            valueLines += OBSERVATIONS.size() - before;
        }
    }

    /** The observations since the last call, and a fresh start. */
    public static String[] takeObservations() {
        synchronized (OBSERVATIONS) {
            String[] out = OBSERVATIONS.toArray(new String[0]);
            OBSERVATIONS.clear();
            OCCURRENCES.clear();
            exits = 0;
            exitLines = 0;
            valueLines = 0;
            paths = 0;
            return out;
        }
    }

    /** Target method {@code id} is entered and its hit is not recorded yet. */
    public static void enter(int id) {
        if (recording) {
            if (onCollectorThread()) {
                // A finalizer or a cleaner: it runs whenever a collection found its object,
                // during whichever test that was; no test's hit. (Left unrecorded, its next
                // call comes here again: a name check, on these threads only.)
                return;
            }
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

    /**
     * Whether this thread runs what the garbage collector found unreachable: the JVM's
     * finalizer thread, the one {@code System.runFinalization} starts beside it (it runs
     * the pending finalizers while the first is busy), the JDK's common cleaner, a
     * {@code java.lang.ref.Cleaner}'s own.
     */
    private static boolean onCollectorThread() {
        String name = Thread.currentThread().getName();
        return name.equals("Finalizer") || name.equals("Secondary finalizer")
                || name.equals("Common-Cleaner")
                || name.startsWith("Cleaner-");
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

    /**
     * The copies of this class other class loaders defined, each a task that takes this
     * one's state (held weakly: a copy lives as long as its loader's classes).
     */
    public static final java.util.List<java.lang.ref.WeakReference<Runnable>> COPIES =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * The copy the system class loader defined, when this is another (a test runner's own
     * loader's); null in that copy itself, which mimic's runner sets.
     */
    private static final Class<?> HOME = home();
    private static final java.lang.reflect.Method HOME_EXIT = homeMethod("exit", int.class,
            Object.class, Object[].class, Object.class, boolean.class);
    private static final java.lang.reflect.Method HOME_TEST_VALUE = homeMethod("testValue",
            int.class, boolean.class, Object.class, Object.class, Throwable.class);
    /** In a copy: takes {@link #HOME}'s state; kept here, the home holds it weakly. */
    private static final Runnable FOLLOW = HOME == null ? null : follow(HOME);

    static {
        if (FOLLOW != null) {
            FOLLOW.run();
            try {
                @SuppressWarnings("unchecked")
                java.util.List<java.lang.ref.WeakReference<Runnable>> copies =
                        (java.util.List<java.lang.ref.WeakReference<Runnable>>) HOME.getField("COPIES").get(null);
                copies.add(new java.lang.ref.WeakReference<>(FOLLOW));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("mimic: cannot follow the class path's mutant switch", e);
            }
        }
    }

    /** Tell every copy the state changed (the active mutant, the flags, the arrays). */
    static void publish() {
        for (java.lang.ref.WeakReference<Runnable> copy : COPIES) {
            Runnable follow = copy.get();
            if (follow == null) {
                COPIES.remove(copy);
            } else {
                follow.run();
            }
        }
    }

    private static Class<?> home() {
        try {
            Class<?> home = Class.forName(MutantSwitch.class.getName(), true,
                    ClassLoader.getSystemClassLoader());
            return home == MutantSwitch.class ? null : home;
        } catch (ClassNotFoundException notThere) {
            return null;
        }
    }

    private static java.lang.reflect.Method homeMethod(String name, Class<?>... parameters) {
        if (HOME == null) {
            return null;
        }
        try {
            java.lang.reflect.Method m = HOME.getDeclaredMethod(name, parameters);
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("mimic: cannot follow the class path's mutant switch", e);
        }
    }

    /** A task that sets this copy's state from {@code home}'s. */
    private static Runnable follow(Class<?> home) {
        try {
            java.lang.reflect.Field hitsOf = home.getField("hits");
            java.lang.reflect.Field initOfOf = home.getField("initOf");
            java.lang.reflect.Field recordingOf = home.getField("recording");
            java.lang.reflect.Field observeTestsOf = home.getField("observeTests");
            java.lang.reflect.Field observePathsOf = home.getField("observePaths");
            java.lang.reflect.Field observedOf = home.getField("observed");
            java.lang.reflect.Field activeOf = home.getField("active");
            return () -> {
                try {
                    hits = (boolean[]) hitsOf.get(null);
                    initOf = (String[]) initOfOf.get(null);
                    recording = recordingOf.getBoolean(null);
                    observeTests = observeTestsOf.getBoolean(null);
                    observePaths = observePathsOf.getBoolean(null);
                    observed = observedOf.getInt(null);
                    active = activeOf.getInt(null);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            };
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("mimic: cannot follow the class path's mutant switch", e);
        }
    }

    private static void forward(java.lang.reflect.Method home, Object... args) {
        try {
            home.invoke(null, args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("mimic: cannot reach the class path's mutant switch", e);
        }
    }
}
