package mimic.mutate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * One launch of the JUnit Platform: the tests it runs and what each did (outcome, first
 * failure line, wall and CPU time, target methods entered), attributed from the listener's
 * start and finish events; and the window the {@link Watchdog} checks.
 */
final class Launch implements TestExecutionListener {
    final String[] ids;
    final long[] cpuBudget;
    final long[] wallBudget;
    final long cpuConst;
    final long wallConst;
    final boolean recordHits;
    private final Protocol proto;
    private final Map<String, Integer> position = new HashMap<>();
    final boolean[] started;
    final boolean[] failed;
    /** Per test, whether the watchdog's stop ended it. */
    final boolean[] stopped;
    /**
     * Per test, whether it outran its budget: the watchdog stopped the launch for it (the
     * stop may land in the next test when it had just ended). Each such test timed out,
     * however many a multiplexed launch holds; {@link #outranWall} says for how long.
     */
    final boolean[] outran;
    final long[] outranWall;
    /**
     * Per test, whether it failed with a {@code ThreadDeath} this launch's watchdog never
     * threw: one from an earlier launch's stop, kept in some static state (a class
     * initialiser the stop cut short, Mockito's mock maker caching its failed start). The
     * JVM is poisoned: its results cannot be trusted, its tests run again in a new one.
     */
    final boolean[] poisoned;
    /**
     * The first test (in the order they failed) whose failure is a class's failed static
     * initialisation ({@link #isInitFailure}), or -1: when a class broke during the launch,
     * the one test whose failure is the mutant's doing; the later ones may be its
     * consequences.
     */
    volatile int firstInitFailure = -1;
    /** Per test, whether its failure is a failed class initialisation. */
    final boolean[] initFailed;
    /** Whether the watchdog stopped this launch's thread (set before the stop). */
    volatile boolean stopIssued;
    /** Per test, the first line of its (first) failure. */
    final String[] failure;
    /**
     * Per test, the first line of the failure of a container above it (its class's set-up
     * or tear-down), not yet counted as the test's: see {@link #blameContainer}.
     */
    final String[] containerFailure;
    /** Per test, the unique id of the container whose failure {@link #containerFailure} is. */
    final String[] failedContainer;
    final boolean[] ran;
    /** Per test, how many invocations ran (a parameterised or repeated test has many). */
    final int[] invocations;
    final long[] wall;
    final long[] cpu;
    /** Per test, the bytes its thread allocated (-1: not measured). */
    final long[] allocated;
    final List<int[]> hits = new ArrayList<>();
    /** Per test, what the observed method's exits showed (null: nothing observed). */
    final String[][] observed;
    final Set<Integer> sharedHits = new TreeSet<>();
    final boolean[] finished;
    /** The open window: the running test (or the time between tests) and its budget. */
    volatile Window window;
    /** Something escaped the launcher (an OutOfMemoryError, a StackOverflowError). */
    volatile boolean threw;
    /** What escaped, when {@link #threw}. */
    volatile Throwable thrown;
    /** Per test, the mutant to switch on while it runs (null: one mutant for all). */
    int[] mutantOf;
    /** Per test, its index in the discovered tests. */
    int[] testIndex;
    /**
     * In a multiplexed mutant run, per mutant, the first of its tests (in request order,
     * which is the mutant's own order) that failed or outran its budget under it. Its
     * later tests start without it: the caller judges a mutant by its first detecting
     * test in that order, so they cannot change the verdict, and one that loops under the
     * mutant would cost a stop (commons-codec's looping `DoubleMetaphone` mutants brought
     * two or three tests each to a launch, and each was stopped in turn). Written by the
     * launch thread and the watchdog.
     */
    private final Map<Integer, Integer> decidedAt = new ConcurrentHashMap<>();
    /**
     * Whether a failed invocation ends its test's remaining invocations ({@link FailFast}):
     * in mutant runs, where one failure detects the mutant.
     */
    boolean failFast;
    volatile long firstStart;
    volatile long lastFinish;

    Launch(Protocol proto, String[] ids, long[] cpuBudget, long[] wallBudget, long cpuConst,
            long wallConst, boolean recordHits) {
        this.proto = proto;
        this.ids = ids;
        this.cpuBudget = cpuBudget;
        this.wallBudget = wallBudget;
        this.cpuConst = cpuConst;
        this.wallConst = wallConst;
        this.recordHits = recordHits;
        int n = ids.length;
        started = new boolean[n];
        finished = new boolean[n];
        failed = new boolean[n];
        failure = new String[n];
        containerFailure = new String[n];
        failedContainer = new String[n];
        stopped = new boolean[n];
        outran = new boolean[n];
        outranWall = new long[n];
        poisoned = new boolean[n];
        initFailed = new boolean[n];
        ran = new boolean[n];
        invocations = new int[n];
        wall = new long[n];
        cpu = new long[n];
        allocated = new long[n];
        observed = new String[n][];
        for (int k = 0; k < n; k++) {
            position.put(ids[k], k);
            hits.add(new int[0]);
        }
    }

    /** Open the window of test {@code k} (-1: between tests), measured on this thread. */
    void openWindow(int k) {
        // Before the first test of a JVM, the time between tests also loads and
        // initialises the test engine and the first test classes: a cold JVM's cost.
        long cold = k < 0 && !warmJvm ? COLD_JVM_MS : 0;
        window = new Window(k, System.nanoTime(), Watchdog.cpuNow(), Watchdog.allocatedNow(),
                Watchdog.gcNow(),
                (k < 0 ? 0 : cpuBudget[k]) + cpuConst + cold,
                (k < 0 ? 0 : wallBudget[k]) + wallConst + cold);
    }

    /** Whether a test has started in this JVM. */
    private static volatile boolean warmJvm;

    /** What the window before a JVM's first test may use more (mimic's PATIENT_MS). */
    private static final long COLD_JVM_MS = 4000L * 1_000_000L;

    /** The test to blame for a timeout or an unexplained failure now. */
    int blame() {
        Window w = window;
        if (w != null && w.test >= 0) {
            return w.test;
        }
        for (int i = 0; i < ids.length; i++) {
            if (started[i] && !finished[i]) {
                return i;
            }
        }
        for (int i = 0; i < ids.length; i++) {
            if (!started[i]) {
                return i;
            }
        }
        return 0;
    }

    void collectShared() {
        if (!recordHits) {
            return;
        }
        boolean[] h = MutantSwitch.hits;
        for (int m = 0; m < h.length; m++) {
            if (h[m]) {
                sharedHits.add(m);
                h[m] = false;
            }
        }
    }

    /** Forget the methods reached since the last window closed, attributing them to nothing. */
    void discardUnattributed() {
        java.util.Arrays.fill(MutantSwitch.hits, false);
    }

    private int[] takeHits() {
        boolean[] h = MutantSwitch.hits;
        int count = 0;
        for (boolean b : h) {
            if (b) {
                count++;
            }
        }
        int[] out = new int[count];
        int i = 0;
        for (int m = 0; m < h.length; m++) {
            if (h[m]) {
                out[i++] = m;
                h[m] = false;
            }
        }
        return out;
    }

    /** The launched test at or above {@code uniqueId} (an invocation of a template). */
    private int owner(String uniqueId) {
        Integer k = position.get(uniqueId);
        if (k != null) {
            return k;
        }
        for (int i = 0; i < ids.length; i++) {
            if (uniqueId.startsWith(ids[i])) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        SeededRandom.enter(id.getUniqueId(), id.isTest());
        Integer k = position.get(id.getUniqueId());
        if (k == null) {
            return;
        }
        collectShared();
        FailFast.skipBelow = null;
        started[k] = true;
        if (firstStart == 0) {
            firstStart = System.nanoTime();
        }
        if (mutantOf != null) {
            Integer decided = decidedAt.get(mutantOf[k]);
            MutantSwitch.activate(decided != null && decided < k ? 0 : mutantOf[k]);
        }
        if (MutantSwitch.observed >= 0) {
            MutantSwitch.takeObservations();
        }
        warmJvm = true;
        // Names the test a JVM that dies now was running.
        proto.begin(testIndex[k]);
        openWindow(k);
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        Integer k = position.get(id.getUniqueId());
        if (k != null) {
            started[k] = true;
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        SeededRandom.enter(id.getParentId().orElse(null), false);
        String uid = id.getUniqueId();
        boolean isFailed = result.getStatus() == TestExecutionResult.Status.FAILED;
        Integer k = position.get(uid);
        if (k != null) {
            if (mutantOf != null) {
                MutantSwitch.activate(0);
            }
            Window w = window;
            finished[k] = true;
            lastFinish = System.nanoTime();
            wall[k] = System.nanoTime() - w.wall;
            cpu[k] = Watchdog.charged(Watchdog.cpuNow(), w);
            long alloc = Watchdog.allocatedNow();
            allocated[k] = alloc < 0 || w.alloc < 0 ? -1 : alloc - w.alloc;
            if (MutationRunner.DEBUG && wall[k] > 100_000_000L) {
                System.err.printf("mimic: slow test %.1f ms (%s) %s%n", wall[k] / 1e6,
                        mutantOf != null ? mutantOf[k] : -1, ids[k]);
            }
            if (recordHits) {
                hits.set(k, takeHits());
            }
            if (MutantSwitch.observed >= 0) {
                observed[k] = MutantSwitch.takeObservations();
            }
            openWindow(-1);
        }
        int owner = owner(uid);
        if (owner >= 0) {
            if (isFailed) {
                fail(owner, result);
                if (failFast && k == null) {
                    FailFast.skipBelow = ids[owner] + "/";
                }
            }
            if (id.isTest() && result.getStatus() != TestExecutionResult.Status.ABORTED) {
                ran[owner] = true;
                invocations[owner]++;
            }
        } else if (isFailed) {
            // A container above the launched tests (its class set-up or tear-down) failed:
            // its tests fail, once the caller has seen whether it fails without the mutant.
            Throwable t = result.getThrowable().orElse(null);
            for (int i = 0; i < ids.length; i++) {
                if (!ids[i].startsWith(uid + "/")) {
                    continue;
                }
                if (isStop(t)) {
                    stopped[i] = true;
                } else if (containerFailure[i] == null) {
                    containerFailure[i] = Protocol.describe(t);
                    failedContainer[i] = uid;
                    noteInitFailure(i, t);
                }
            }
        }
    }

    /** Count the failure of the container above test {@code k} as the test's own. */
    void blameContainer(int k) {
        if (containerFailure[k] == null) {
            return;
        }
        failed[k] = true;
        if (failure[k] == null) {
            failure[k] = containerFailure[k];
        }
    }

    private void fail(int k, TestExecutionResult result) {
        Throwable t = result.getThrowable().orElse(null);
        if (isStop(t) && stopIssued) {
            // The watchdog's stop, not the test's own failure (it may land in the test
            // after the one that outran its budget).
            stopped[k] = true;
            return;
        }
        if (isStop(t) && Watchdog.stopsIssued > 0) {
            // A stop of an earlier launch, kept in static state: this JVM is poisoned.
            poisoned[k] = true;
            return;
        }
        // (A ThreadDeath in a JVM that never stopped a thread is the test's own doing.)
        failed[k] = true;
        decided(k);
        if (failure[k] == null) {
            failure[k] = Protocol.describe(t);
        }
        noteInitFailure(k, t);
    }

    /** Note test {@code k}'s failure {@code t} if it is a failed class initialisation. */
    private void noteInitFailure(int k, Throwable t) {
        if (isInitFailure(t)) {
            initFailed[k] = true;
            if (firstInitFailure < 0) {
                firstInitFailure = k;
            }
        }
    }

    /**
     * Whether {@code t} is (caused by) a failed static initialisation: the
     * {@code ExceptionInInitializerError} of the first try, or the
     * {@code NoClassDefFoundError: Could not initialize class} of every later use.
     */
    static boolean isInitFailure(Throwable t) {
        for (int depth = 0; t != null && depth < 8; depth++, t = t.getCause()) {
            if (t instanceof ExceptionInInitializerError) {
                return true;
            }
            if (t instanceof NoClassDefFoundError && t.getMessage() != null
                    && t.getMessage().startsWith("Could not initialize class")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether test {@code k} ran to its end and passed, neither stopped nor outran its
     * budget nor met a poisoned JVM.
     */
    boolean passedCleanly(int k) {
        return ran[k] && !failed[k] && !poisoned[k] && !stopped[k] && !outran[k];
    }

    /** The watchdog stops the launch: test {@code k} outran its budget after {@code wall} ns. */
    void noteOutran(int k, long wall) {
        outran[k] = true;
        outranWall[k] = Math.max(outranWall[k], wall);
        decided(k);
    }

    /** Test {@code k} detected its mutant (a multiplexed mutant run only): see {@link #decidedAt}. */
    private void decided(int k) {
        if (mutantOf != null && !recordHits && MutantSwitch.observed < 0) {
            decidedAt.merge(mutantOf[k], k, Math::min);
        }
    }

    /** Whether {@code t} is (caused by) the ThreadDeath of {@code Thread.stop}. */
    @SuppressWarnings({"deprecation", "removal"})
    private static boolean isStop(Throwable t) {
        for (int depth = 0; t != null && depth < 8; depth++, t = t.getCause()) {
            if (t instanceof ThreadDeath) {
                return true;
            }
        }
        return false;
    }

    /** Hits outside every test window count for every test that ran. */
    void finishHits() {
        collectShared();
        if (sharedHits.isEmpty()) {
            return;
        }
        for (int k = 0; k < ids.length; k++) {
            if (!started[k]) {
                continue;
            }
            Set<Integer> all = new TreeSet<>();
            for (int m : hits.get(k)) {
                all.add(m);
            }
            all.addAll(sharedHits);
            hits.set(k, all.stream().mapToInt(Integer::intValue).toArray());
        }
    }

    /** A stretch of one launch's thread the watchdog checks against one budget. */
    static final class Window {
        /** The test running (-1: between tests, e.g. class setup). */
        final int test;
        final long wall;
        /** The launch thread's CPU time at the start (-1: not measured). */
        final long cpu;
        /** Bytes the launch thread had allocated at the start (-1: not measured). */
        final long alloc;
        /** Garbage-collection time at the start. */
        final long gc;
        final long cpuLimit;
        final long wallLimit;

        Window(int test, long wall, long cpu, long alloc, long gc, long cpuLimit, long wallLimit) {
            this.test = test;
            this.wall = wall;
            this.cpu = cpu;
            this.alloc = alloc;
            this.gc = gc;
            this.cpuLimit = cpuLimit;
            this.wallLimit = wallLimit;
        }
    }
}
