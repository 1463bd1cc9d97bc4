package mimic.mutate;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The test JVM of {@code mimic mutate}: discovers the tests once, then runs the tests it is
 * told to with the mutant it is told to switch on, until its input ends.
 *
 * <p>Arguments: the number of target methods, then the test class roots (directories) to
 * discover the tests in, or {@code --tests <file>} naming them (one {@code <unique id>\t<name>}
 * per line, as another JVM discovered them), which saves this JVM the discovery. Requests
 * come on stdin, replies go to stdout as JSON lines ({@link Protocol}); both are defined in
 * {@code crates/mutate/src/protocol.rs}. The tests' own output goes to stderr.
 *
 * <p>Tests run in launches ({@link Launch}) on a fresh thread each, watched by the
 * {@link Watchdog}. Recording runs launch each test class's tests together and attribute
 * hits and times per test from the listener's start and finish events (hits outside any
 * test, e.g. in {@code @BeforeAll}, count for every test of the launch); mutant runs launch
 * the first test alone, then batches of 2, 4, 8… until one fails. A test that outruns
 * {@code cpuMs + cpuConstMs} of CPU time (its thread's, plus garbage collection) or
 * {@code wallMs + wallConstMs} of wall time is timed out: its thread is stopped, the test
 * is re-run without the mutant to check that this JVM is still sound, and the run goes on.
 * When the thread cannot be stopped (Java 20+, or it ignores the stop) or the check fails,
 * the JVM says {@code timed_out} and halts; the caller starts a new one.
 */
public final class MutationRunner {
    private MutationRunner() {
    }

    private static final long MS = Watchdog.MS;
    /** {@code MIMIC_MUTATE_DEBUG} set: launch and slow-test lines on stderr (the JVM's log). */
    static final boolean DEBUG = System.getenv("MIMIC_MUTATE_DEBUG") != null;

    private static Launcher launcher;
    /**
     * The class loader the current request's launches load the tests through
     * ({@link FreshLoader}, for a {@code FRESHRUN}); null: the class path's.
     */
    private static ClassLoader launchLoader;
    /** The tests' unique ids, in discovery order. */
    private static final List<String> tests = new ArrayList<>();
    private static Protocol proto;
    /** The suite's configuration parameters, read once; see {@link #configuration()}. */
    private static Map<String, String> configuration;
    /** How many discovered tests each container (class) holds. */
    private static final Map<String, Integer> leavesPerContainer = new HashMap<>();

    /** A unique id without its last segment: the test's class (or enclosing container). */

    /** A unique id without its last segment: the test's class (or enclosing container). */
    private static String containerOf(String uniqueId) {
        int cut = uniqueId.lastIndexOf("/[");
        return cut < 0 ? uniqueId : uniqueId.substring(0, cut);
    }

    /** Tests a tag filter leaves out (their unique ids), told to mimic with the tests. */
    private static final Set<String> leftOut = new HashSet<>();

    /** The tests (leaves) under {@code roots}, with the given class-name and tag filters. */
    private static List<TestIdentifier> discoverLeaves(
            Set<Path> roots, boolean everyName, String[] includeTags, String[] excludeTags) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClasspathRoots(roots));
        if (!everyName) {
            request.filters(ClassNameFilter.includeClassNamePatterns(ClassNameFilter.STANDARD_INCLUDE_PATTERN));
        } else {
            // As Surefire's default exclude **/*$*: a nested class is not a test class of
            // its own (a @Nested one still runs, through its enclosing class).
            request.filters(ClassNameFilter.excludeClassNamePatterns(".*\\$.*"));
        }
        if (includeTags != null) {
            request.filters(TagFilter.includeTags(includeTags));
        }
        if (excludeTags != null) {
            request.filters(TagFilter.excludeTags(excludeTags));
        }
        TestPlan plan = launcher.discover(request.build());
        List<TestIdentifier> leaves = new ArrayList<>();
        for (TestIdentifier root : plan.getRoots()) {
            collectLeaves(plan, root, leaves);
        }
        return leaves;
    }

    public static void main(String[] args) throws Exception {
        proto = new Protocol(new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8"));
        System.setOut(System.err);
        int methods = Integer.parseInt(args[0]);
        MutantSwitch.hits = new boolean[methods];
        MutantSwitch.initOf = new String[methods];
        initsTold = new boolean[methods];
        launcher = LauncherFactory.create();
        configuration = configuration();
        if (DEBUG) {
            System.err.println("mimic: fail-fast of parameterised tests: " + FailFast.available);
        }
        List<String> names = new ArrayList<>();
        if (args.length > 2 && args[1].equals("--tests")) {
            // Another JVM discovers them (started at the same time, it writes the file when
            // done): one "<unique id>\t<name>" per line.
            Path file = Paths.get(args[2]);
            long waited = 0;
            while (!Files.exists(file)) {
                if (waited > 600_000) {
                    System.err.println("mimic: no tests file " + file);
                    Runtime.getRuntime().halt(2);
                }
                Thread.sleep(10);
                waited += 10;
            }
            for (String entry : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] parts = entry.split("\t", 2);
                if (!parts[0].isEmpty()) {
                    tests.add(parts[0]);
                    names.add(parts.length > 1 ? parts[1] : parts[0]);
                }
            }
        } else {
            // Options first: "--every-class-name" (classes of any name: the build's own
            // selection, applied by mimic, decides; otherwise JUnit's standard test-class
            // names), "--include-tags E,F" / "--exclude-tags E,F" (JUnit tag expressions, a
            // build's Surefire groups / excludedGroups): the tests they leave out are still
            // listed, marked, so that mimic reports them.
            boolean everyName = false;
            String[] includeTags = null;
            String[] excludeTags = null;
            int first = 1;
            for (; first < args.length && args[first].startsWith("--"); first++) {
                switch (args[first]) {
                    case "--every-class-name":
                        everyName = true;
                        break;
                    case "--include-tags":
                        includeTags = args[++first].split(",");
                        break;
                    case "--exclude-tags":
                        excludeTags = args[++first].split(",");
                        break;
                    default:
                        throw new IllegalArgumentException("unknown option " + args[first]);
                }
            }
            Set<Path> roots = new LinkedHashSet<>();
            for (int i = first; i < args.length; i++) {
                roots.add(Paths.get(args[i]));
            }
            List<TestIdentifier> leaves = discoverLeaves(roots, everyName, null, null);
            Set<String> byTags = null;
            if (includeTags != null || excludeTags != null) {
                byTags = new HashSet<>();
                for (TestIdentifier t : discoverLeaves(roots, everyName, includeTags, excludeTags)) {
                    byTags.add(t.getUniqueId());
                }
            }
            for (TestIdentifier t : leaves) {
                tests.add(t.getUniqueId());
                names.add(nameOf(t));
                if (byTags != null && !byTags.contains(t.getUniqueId())) {
                    leftOut.add(t.getUniqueId());
                }
            }
        }
        for (int i = 0; i < tests.size(); i++) {
            leavesPerContainer.merge(containerOf(tests.get(i)), 1, Integer::sum);
            proto.test(i, tests.get(i), names.get(i), leftOut.contains(tests.get(i)));
        }
        proto.ready();

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.trim().split(" ");
            if (parts[0].equals("MRUN")) {
                runMultiplexed(parts);
                if (brokeBy != NOT_BROKEN) {
                    endBroken(brokeBy);
                }
                proto.done();
                continue;
            }
            if (parts[0].equals("INIT")) {
                initialise(Arrays.copyOfRange(parts, 1, parts.length));
                proto.done();
                continue;
            }
            if (parts[0].equals("OBSERVE")) {
                MutantSwitch.observed = Integer.parseInt(parts[1]);
                int flags = parts.length > 2 ? Integer.parseInt(parts[2]) : 0;
                MutantSwitch.observeTests = (flags & 1) != 0;
                MutantSwitch.observePaths = (flags & 2) != 0;
                MutantSwitch.publish();
                MutantSwitch.takeObservations();
                proto.done();
                continue;
            }
            boolean fresh = parts[0].equals("FRESHRUN");
            if (!parts[0].equals("RUN") && !fresh) {
                break;
            }
            // FRESHRUN: the application's classes and the tests loaded again, in a loader
            // of this request's own, so that their static initialisers run under the mutant.
            launchLoader = fresh ? FreshLoader.create() : null;
            int mutant = Integer.parseInt(parts[1]);
            boolean stopAtFailure = parts[2].equals("1");
            boolean recordHits = parts[3].equals("1");
            MutantSwitch.recording = recordHits;
            MutantSwitch.publish();
            long cpuConst = Long.parseLong(parts[4]) * MS;
            long wallConst = Long.parseLong(parts[5]) * MS;
            Requested r = new Requested(parts, 6, false);
            int n = r.indices.length;
            int from = 0;
            int batch = 1;
            while (from < n) {
                int to;
                if (recordHits || !stopAtFailure) {
                    to = sameClassEnd(r.indices, from);
                } else {
                    to = Math.min(n, from + batch);
                    batch = Math.min(batch * 2, 64);
                }
                MutantSwitch.activate(mutant);
                boolean failed = runLaunch(mutant, null, r.indices, r.cpuBudget, r.wallBudget,
                        cpuConst, wallConst, from, to, recordHits,
                        stopAtFailure && !recordHits && mutant != 0);
                MutantSwitch.activate(0);
                if (brokeBy != NOT_BROKEN) {
                    // Under the mutant a class broke: the tests after this launch would
                    // meet it; they run again in a new JVM.
                    for (int k = to; k < n; k++) {
                        proto.result(r.indices[k], 'N', 0, -1, 0, -1, null, null, null);
                    }
                    endBroken(brokeBy);
                }
                from = to;
                if (failed && stopAtFailure) {
                    break;
                }
            }
            launchLoader = null;
            if (brokeInRecording) {
                // The results stand (a later test of the same class met the broken class
                // as it would in the build's JVM); the next class gets a new JVM.
                endBroken(-1);
            }
            proto.done();
        }
        proto.flush();
        Runtime.getRuntime().halt(0);
    }

    /** The tests of a request: {@code <test>[:<mutant>]:<cpuMs>:<wallMs>} per word. */
    static final class Requested {
        final int[] indices;
        /** Per test, its mutant (null when the request has one mutant for all). */
        final int[] mutants;
        final long[] cpuBudget;
        final long[] wallBudget;

        Requested(String[] parts, int first, boolean withMutants) {
            int n = parts.length - first;
            indices = new int[n];
            mutants = withMutants ? new int[n] : null;
            cpuBudget = new long[n];
            wallBudget = new long[n];
            for (int k = 0; k < n; k++) {
                String[] spec = parts[first + k].split(":");
                int at = 0;
                indices[k] = Integer.parseInt(spec[at++]);
                if (withMutants) {
                    mutants[k] = Integer.parseInt(spec[at++]);
                }
                cpuBudget[k] = Long.parseLong(spec[at++]) * MS;
                wallBudget[k] = Long.parseLong(spec[at]) * MS;
            }
        }
    }

    /**
     * {@code MRUN <cpuConstMs> <wallConstMs> <test>:<mutant>:<cpuMs>:<wallMs>...}: one launch
     * of distinct tests, each with its own mutant switched on while it runs (nothing is
     * switched on between tests), so that one launch's overhead serves many mutants. One R
     * line per test, in request order.
     */
    private static void runMultiplexed(String[] parts) {
        long cpuConst = Long.parseLong(parts[1]) * MS;
        long wallConst = Long.parseLong(parts[2]) * MS;
        Requested r = new Requested(parts, 3, true);
        int n = r.indices.length;
        if (n > 0) {
            MutantSwitch.activate(0);
            runLaunch(0, r.mutants, r.indices, r.cpuBudget, r.wallBudget, cpuConst, wallConst, 0, n,
                    false, true);
            MutantSwitch.activate(0);
        }
    }

    /** {@link #brokeBy} when no class broke in the last launch. */
    private static final int NOT_BROKEN = -2;
    /**
     * After a mutant launch in which a class failed its static initialisation: the test
     * (its index in the discovered tests) under whose mutant it happened, -1 when not
     * known; {@link #NOT_BROKEN} otherwise.
     */
    private static int brokeBy = NOT_BROKEN;
    /** A class failed its static initialisation in a launch of this recording request. */
    private static boolean brokeInRecording;

    /** How many classes failed their static initialisation in this JVM (-1: not known). */
    private static int brokenClasses() {
        // A fresh loader's classes go with it.
        return mimic.stopper.Stopper.brokenClasses(FreshLoader.class);
    }

    /**
     * {@code INIT}: initialise these classes (binary names) through the class path's loader,
     * no mutant switched on, so that no mutant's test triggers their static initialisers
     * (see {@code InitList} in {@code crates/mutate/src/worker.rs}). A class not found there
     * is passed over; one whose initialisation fails (it needs what a test sets up first)
     * is named, and this JVM ends: that class would stay unusable in it.
     */
    private static void initialise(String[] classes) {
        ClassLoader loader = ClassLoader.getSystemClassLoader();
        MutantSwitch.activate(0);
        for (String name : classes) {
            if (name.isEmpty()) {
                continue;
            }
            int before = brokenClasses();
            boolean failed = false;
            // Named first: if this JVM dies or hangs now, only this class is dropped.
            proto.initBegin(name);
            try {
                Class.forName(name, true, loader);
            } catch (ClassNotFoundException notHere) {
                continue;
            } catch (Throwable t) {
                failed = true;
            }
            if (failed || (before >= 0 && brokenClasses() > before)) {
                System.err.println("mimic: " + name + " fails its static initialisation"
                        + " outside the tests: not initialised ahead, ending this JVM");
                proto.initBroke(name);
                Runtime.getRuntime().halt(7);
            }
        }
    }

    /** Say a class broke (under test {@code by}'s mutant, -1: not known) and end this JVM. */
    private static void endBroken(int by) {
        proto.brokeClass(by);
        System.err.println("mimic: a class failed its static initialisation in this JVM"
                + (by >= 0 ? " under the mutant of " + tests.get(by) : "") + ": ending it");
        proto.poisoned();
        Runtime.getRuntime().halt(6);
    }

    /** The first test of {@code launch} that met a poisoned JVM, or -1. */
    private static int firstPoisoned(Launch launch) {
        for (int k = 0; k < launch.poisoned.length; k++) {
            if (launch.poisoned[k]) {
                return k;
            }
        }
        return -1;
    }

    /** The end of the run of tests from {@code from} that belong to the same test class. */
    private static int sameClassEnd(int[] indices, int from) {
        String cls = containerOf(tests.get(indices[from]));
        int to = from + 1;
        while (to < indices.length && to - from < 500 && containerOf(tests.get(indices[to])).equals(cls)) {
            to++;
        }
        return to;
    }

    /**
     * Run tests {@code from..to} in one launch; print their R lines; true if one failed.
     * {@code failFast}: a mutant run whose verdict one failure settles, so a parameterised
     * test stops at its first failing invocation ({@link FailFast}).
     */
    private static boolean runLaunch(int mutant, int[] mutantOf, int[] indices, long[] cpuBudget,
            long[] wallBudget, long cpuConst, long wallConst, int from, int to, boolean recordHits,
            boolean failFast) {
        int n = to - from;
        String[] ids = new String[n];
        for (int k = 0; k < n; k++) {
            ids[k] = tests.get(indices[from + k]);
        }
        long t0 = System.nanoTime();
        Launch started = new Launch(proto, ids, Arrays.copyOfRange(cpuBudget, from, to),
                Arrays.copyOfRange(wallBudget, from, to), cpuConst, wallConst, recordHits);
        started.mutantOf = mutantOf;
        started.failFast = failFast && FailFast.available && MutantSwitch.observed < 0;
        started.testIndex = Arrays.copyOfRange(indices, from, to);
        int brokenBefore = brokenClasses();
        Watchdog.Result r = execute(started);
        FailFast.skipBelow = null;
        int brokenAfter = brokenBefore < 0 ? -1 : brokenClasses();
        boolean broke = brokenBefore >= 0 && brokenAfter > brokenBefore;
        if (DEBUG && (broke || r.launch.firstInitFailure >= 0)) {
            System.err.printf("mimic: broken classes %d -> %d, first failing initialisation: %s%n",
                    brokenBefore, brokenAfter, r.launch.firstInitFailure < 0 ? "none"
                            : r.launch.ids[r.launch.firstInitFailure] + ": "
                            + r.launch.failure[r.launch.firstInitFailure]);
        }
        if (DEBUG) {
            long inTests = 0;
            for (long w : r.launch.wall) {
                inTests += w;
            }
            System.err.printf("mimic: launch m=%d n=%d %.2f ms, in tests %.2f ms, first start %.2f ms, after last %.2f ms, failed=%s %s base~%d ms, skipped %d%n", mutant, n,
                    (System.nanoTime() - t0) / 1e6, inTests / 1e6, (r.launch.firstStart - t0) / 1e6, (System.nanoTime() - r.launch.lastFinish) / 1e6, Arrays.toString(r.launch.failed), ids[0], wallBudget[from] / MS / 4, FailFast.skipped);
        }
        Launch launch = r.launch;
        if (r.timedOut >= 0) {
            int culprit = indices[from + r.timedOut];
            // A stop that landed in a static initialiser (a cold JVM's first use of a
            // class is slow) left that class broken: this JVM cannot go on either.
            if (broke || r.stuck || !soundAfterStops(launch, indices, from, mutant, mutantOf,
                    cpuBudget, wallBudget, cpuConst, wallConst)) {
                if (!recordHits) {
                    // The tests that finished before the culprit keep their results: run
                    // again in the next JVM, a test with side effects (a file it counts
                    // in) would see its own earlier run.
                    printFinished(r.launch, indices, from, r.timedOut, broke);
                }
                proto.timedOut(culprit, r.timedOutWall);
                Runtime.getRuntime().halt(3);
            }
        }
        if (recordHits) {
            if (launch.threw) {
                // What was reached since the last test finished belongs to the test that
                // poisoned the JVM (it runs again elsewhere), not to the class's set-up.
                launch.discardUnattributed();
            }
            launch.collectShared();
            if (!launch.sharedHits.isEmpty()) {
                // Methods reached outside any test (class set-up): their mutants must be
                // switched on for whole launches.
                proto.shared(launch.sharedHits);
            }
            tellInits();
            launch.finishHits();
        }
        settleContainerFailures(launch, recordHits, cpuConst, wallConst);
        int poisoned = recordHits ? -1 : firstPoisoned(launch);
        if (poisoned >= 0) {
            // What ran after the poison proves nothing (a failure may be the poison's):
            // only passing tests keep their results; the rest go again in a new JVM.
            for (int k = 0; k < n; k++) {
                print(indices[from + k], launch.passedCleanly(k) ? 'P' : 'N', launch,
                        k, 0);
            }
            System.err.println("mimic: a test failed with a ThreadDeath of an earlier stop ("
                    + launch.ids[poisoned] + "): this JVM is poisoned, ending it");
            proto.poisoned();
            Runtime.getRuntime().halt(6);
        }
        boolean anyFailed = false;
        int blamed = launch.blame();
        if (broke && recordHits) {
            brokeInRecording = true;
        }
        if (broke && !recordHits && !launch.threw) {
            // A class failed its static initialisation and stays unusable in this JVM: the
            // first test whose failure says so is the mutant's doing (its own, in a
            // multiplexed launch); a later test failing may only have met the broken class,
            // so it runs again elsewhere, as do the tests that did not finish.
            int culprit = launch.firstInitFailure;
            for (int k = 0; k < n; k++) {
                char status = k == culprit || (culprit < 0 && launch.failed[k]) ? 'F'
                        : launch.passedCleanly(k) ? 'P'
                        : launch.outran[k] && culprit < 0 ? 'T'
                        : 'N';
                anyFailed |= status == 'F' || status == 'T';
                print(indices[from + k], status, launch, k, status == 'T' ? launch.outranWall[k] : 0);
            }
            // In a launch of one mutant, that mutant broke it, whichever test showed it.
            brokeBy = culprit >= 0 ? indices[from + culprit] : mutantOf == null ? indices[from] : -1;
            return anyFailed;
        }
        if (launch.threw) {
            // Something escaped the launcher (an OutOfMemoryError, a StackOverflowError):
            // this JVM is poisoned and the tests after the culprit did not run. Report the
            // tests that finished, name the culprit, and end the JVM: the caller counts it
            // as a crash of that test and runs the rest in a fresh JVM.
            printFinished(launch, indices, from, blamed, false);
            proto.begin(indices[from + blamed]);
            proto.flush();
            System.err.println("mimic: " + Protocol.describe(launch.thrown)
                    + " escaped the test engine in " + launch.ids[blamed] + ": ending this JVM");
            Runtime.getRuntime().halt(5);
        }
        for (int k = 0; k < n; k++) {
            // Every test the watchdog stopped the launch for timed out, the culprit
            // included (a multiplexed launch may hold several looping mutants: each is
            // settled, not run again).
            if (launch.outran[k]) {
                anyFailed = true;
                print(indices[from + k], 'T', launch, k, launch.outranWall[k]);
                continue;
            }
            boolean failed = launch.failed[k] || (launch.threw && k == blamed);
            anyFailed |= failed;
            // A test the stop meant for another one ended, or that never started because
            // the launch broke off before it, did not run: 'N', so the caller runs it
            // again; 'S' is a test that skipped itself (disabled, an assumption).
            char status = failed ? 'F'
                    : !launch.started[k] || launch.stopped[k] ? 'N'
                    : launch.ran[k] ? 'P' : 'S';
            print(indices[from + k], status, launch, k, 0);
            if (!recordHits && mutantOf == null && r.timedOut >= 0 && k > r.timedOut) {
                break;
            }
        }
        return anyFailed;
    }

    /**
     * Per set of tests (their unique ids, one per line), whether a launch of only those
     * tests fails a container above them with no mutant switched on: a class tear-down
     * that checks every test of the class ran (commons-codec's {@code ColognePhoneticTest})
     * fails whenever some of them run alone.
     */
    private static final Map<String, Boolean> failsAlone = new HashMap<>();

    /**
     * Count container failures (class set-up, tear-down) as failures of the tests below the
     * container, except in a mutant run of only some of the container's tests when the
     * same tests fail the container in the same way without the mutant: then it is the
     * selection, not the mutant, that the container objects to.
     */
    private static void settleContainerFailures(Launch launch, boolean baseline, long cpuConst,
            long wallConst) {
        Map<String, List<Integer>> byContainer = new LinkedHashMap<>();
        for (int k = 0; k < launch.ids.length; k++) {
            if (launch.containerFailure[k] != null) {
                byContainer.computeIfAbsent(launch.failedContainer[k], c -> new ArrayList<>()).add(k);
            }
        }
        for (Map.Entry<String, List<Integer>> e : byContainer.entrySet()) {
            List<Integer> below = e.getValue();
            boolean selection = !baseline && below.size() < discoveredBelow(e.getKey())
                    && failsAlone.computeIfAbsent(idsOf(launch, below),
                            key -> failsWithoutMutant(launch, below, e.getKey(), cpuConst, wallConst));
            if (selection) {
                System.err.println("mimic: " + e.getKey() + " fails when only " + below.size()
                        + " of its tests run, mutant or not: not counted as a kill");
                continue;
            }
            for (int k : below) {
                launch.blameContainer(k);
            }
        }
    }

    /** How many discovered tests are below {@code container}. */
    private static int discoveredBelow(String container) {
        int count = 0;
        for (String id : tests) {
            if (id.startsWith(container + "/")) {
                count++;
            }
        }
        return count;
    }

    private static String idsOf(Launch launch, List<Integer> ks) {
        StringBuilder key = new StringBuilder();
        for (int k : ks) {
            key.append(launch.ids[k]).append('\n');
        }
        return key.toString();
    }

    /** Whether tests {@code ks} of {@code launch}, run alone with no mutant, fail {@code container}. */
    private static boolean failsWithoutMutant(Launch launch, List<Integer> ks, String container,
            long cpuConst, long wallConst) {
        int n = ks.size();
        String[] ids = new String[n];
        long[] cpu = new long[n];
        long[] wall = new long[n];
        int[] indices = new int[n];
        for (int i = 0; i < n; i++) {
            int k = ks.get(i);
            ids[i] = launch.ids[k];
            cpu[i] = launch.cpuBudget[k];
            wall[i] = launch.wallBudget[k];
            indices[i] = launch.testIndex[k];
        }
        // A fresh run's selection is checked in a loader as fresh as the one it ran in.
        ClassLoader loader = launchLoader == null ? null : FreshLoader.create();
        Watchdog.Result check = runUnmutated(loader, ids, indices, cpu, wall, cpuConst, wallConst);
        if (check.timedOut >= 0 || check.launch.threw) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (container.equals(check.launch.failedContainer[i])) {
                return true;
            }
        }
        return false;
    }

    /** Whether each method's static-initialiser reach was told already. */
    private static boolean[] initsTold;

    /** Tell the methods newly found reached from static initialisers. */
    private static void tellInits() {
        List<Integer> ids = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        String[] initOf = MutantSwitch.initOf;
        for (int m = 0; m < initOf.length; m++) {
            if (initOf[m] != null && !initsTold[m]) {
                initsTold[m] = true;
                ids.add(m);
                classes.add(initOf[m]);
            }
        }
        if (!ids.isEmpty()) {
            proto.inits(ids, classes);
        }
    }

    /**
     * The R lines of the tests of {@code launch} that finished, but for test {@code culprit}'s;
     * when a class {@code broke} in the launch, a test whose failure is a failed class
     * initialisation may only have met it: not run ({@code N}), it runs again elsewhere.
     */
    private static void printFinished(Launch launch, int[] indices, int from, int culprit,
            boolean broke) {
        for (int k = 0; k < launch.ids.length; k++) {
            if (k != culprit && launch.finished[k]) {
                // As the launch's own report would say, but that a test another stop
                // ended or that outran its budget goes again with the rest.
                char status = launch.failed[k] ? (broke && launch.initFailed[k] ? 'N' : 'F')
                        : launch.stopped[k] || launch.outran[k] || launch.poisoned[k] ? 'N'
                        : launch.ran[k] ? 'P' : 'S';
                print(indices[from + k], status, launch, k, 0);
            }
        }
    }

    /** Report test {@code k} of {@code launch}; a timed-out one ran for at least {@code ranFor}. */
    private static void print(int index, char status, Launch launch, int k, long ranFor) {
        proto.result(index, status, Math.max(launch.wall[k], ranFor), launch.cpu[k],
                launch.invocations[k], launch.allocated[k],
                launch.recordHits ? launch.hits.get(k) : null,
                status == 'F' ? launch.failure[k] : null, launch.observed[k]);
    }

    /**
     * After a launch with stops: every test stopped under a mutant (each of a multiplexed
     * launch's looping mutants times its own out) must still pass without it, or the
     * stops left this JVM unsound.
     */
    private static boolean soundAfterStops(Launch launch, int[] indices, int from, int mutant,
            int[] mutantOf, long[] cpuBudget, long[] wallBudget, long cpuConst, long wallConst) {
        for (int k = 0; k < launch.ids.length; k++) {
            boolean mutated = mutantOf != null ? mutantOf[k] != 0 : mutant != 0;
            if (launch.outran[k] && mutated && !stillSound(indices[from + k],
                    cpuBudget[from + k], wallBudget[from + k], cpuConst, wallConst)) {
                return false;
            }
        }
        return true;
    }

    /** After a stopped test: the same test, without the mutant, must still pass. */
    private static boolean stillSound(int index, long cpuBudget, long wallBudget, long cpuConst,
            long wallConst) {
        // In the class path's loader, which the next runs use, whatever this one used.
        Watchdog.Result check = runUnmutated(null, new String[] {tests.get(index)}, new int[] {index},
                new long[] {cpuBudget}, new long[] {wallBudget}, cpuConst, wallConst);
        return check.timedOut < 0 && !check.launch.failed[0] && !check.launch.threw;
    }

    /**
     * One launch of {@code ids} (test {@code indices}) with no mutant on and no hits recorded,
     * its tests loaded through {@code loader} (null: the class path's).
     */
    private static Watchdog.Result runUnmutated(ClassLoader loader, String[] ids, int[] indices,
            long[] cpuBudget, long[] wallBudget, long cpuConst, long wallConst) {
        int active = MutantSwitch.active;
        MutantSwitch.activate(0);
        ClassLoader running = launchLoader;
        launchLoader = loader;
        Launch launch = new Launch(proto, ids, cpuBudget, wallBudget, cpuConst, wallConst, false);
        launch.testIndex = indices;
        Watchdog.Result check = execute(launch);
        launchLoader = running;
        MutantSwitch.activate(active);
        return check;
    }

    /** Run {@code launch}: its tests selected by unique id (or their whole class), watched. */
    private static Watchdog.Result execute(Launch launch) {
        List<DiscoverySelector> selectors = new ArrayList<>();
        String container = containerOf(launch.ids[0]);
        boolean wholeContainer = leavesPerContainer.getOrDefault(container, -1) == launch.ids.length;
        for (String id : launch.ids) {
            wholeContainer &= containerOf(id).equals(container);
        }
        if (wholeContainer) {
            // Resolving one class is much cheaper than resolving each of its tests.
            selectors.add(DiscoverySelectors.selectUniqueId(container));
        } else {
            for (String id : launch.ids) {
                selectors.add(DiscoverySelectors.selectUniqueId(id));
            }
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectors)
                // Read once at start-up instead of scanning the class path for
                // junit-platform.properties on every launch.
                .enableImplicitConfigurationParameters(false)
                .configurationParameters(configuration)
                .build();
        return Watchdog.run(launcher, request, launch, launchLoader);
    }

    /**
     * What the platform would read implicitly on each launch: {@code junit.*} system
     * properties and the first {@code junit-platform.properties} on the class path; plus
     * what this runner needs: sequential execution (hits and times are attributed per test
     * from the listener's events) and whole stack traces of failures (pruning them costs
     * more than some tests).
     */
    private static Map<String, String> configuration() {
        Map<String, String> params = new HashMap<>();
        try (java.io.InputStream in = MutationRunner.class.getClassLoader()
                .getResourceAsStream("junit-platform.properties")) {
            if (in != null) {
                java.util.Properties file = new java.util.Properties();
                file.load(in);
                for (String key : file.stringPropertyNames()) {
                    params.put(key, file.getProperty(key));
                }
            }
        } catch (java.io.IOException e) {
            System.err.println("mimic: could not read junit-platform.properties: " + e);
        }
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith("junit.")) {
                params.put(key, System.getProperty(key));
            }
        }
        String autodetect = "junit.jupiter.extensions.autodetection.enabled";
        if (Boolean.parseBoolean(params.get(autodetect))) {
            FailFast.available = true;
        } else if (!otherExtensionsAutodetectable()) {
            params.put(autodetect, "true");
            FailFast.available = true;
        }
        params.put("junit.jupiter.execution.parallel.enabled", "false");
        params.put("junit.platform.stacktrace.pruning.enabled", "false");
        return params;
    }

    /**
     * Whether a jar or directory on the class path other than this shim registers a
     * Jupiter extension for auto-detection: switching auto-detection on for {@link FailFast}
     * would load it too, which the suite did not ask for.
     */
    private static boolean otherExtensionsAutodetectable() {
        String service = "META-INF/services/org.junit.jupiter.api.extension.Extension";
        try {
            java.util.Enumeration<java.net.URL> found =
                    MutationRunner.class.getClassLoader().getResources(service);
            java.net.URL ours = MutationRunner.class.getClassLoader().getResource(
                    MutationRunner.class.getName().replace('.', '/') + ".class");
            String shimRoot = ours == null ? "" : ours.toString().replace(
                    MutationRunner.class.getName().replace('.', '/') + ".class", "");
            while (found.hasMoreElements()) {
                if (!found.nextElement().toString().startsWith(shimRoot)) {
                    return true;
                }
            }
            return false;
        } catch (java.io.IOException e) {
            return true;
        }
    }

    /** Tests, and test templates (parameterized, dynamic) whose invocations appear only when run. */
    private static void collectLeaves(TestPlan plan, TestIdentifier id, List<TestIdentifier> out) {
        Set<TestIdentifier> children = plan.getChildren(id);
        if (children.isEmpty()) {
            boolean methodContainer = id.isContainer()
                    && id.getSource().map(s -> s instanceof MethodSource).orElse(false);
            if (id.isTest() || methodContainer) {
                out.add(id);
            }
            return;
        }
        for (TestIdentifier child : children) {
            collectLeaves(plan, child, out);
        }
    }

    private static String nameOf(TestIdentifier id) {
        TestSource source = id.getSource().orElse(null);
        if (source instanceof MethodSource) {
            MethodSource m = (MethodSource) source;
            return m.getClassName() + "#" + m.getMethodName() + "(" + m.getMethodParameterTypes() + ")";
        }
        return id.getDisplayName().replace('\t', ' ');
    }
}
