package mimic.mutate;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The test JVM of {@code mimic mutate}: discovers the tests once, then runs the tests it is
 * told to with the mutant it is told to switch on, until its input ends.
 *
 * <p>Arguments: the number of target methods, then the test class roots (directories).
 * Protocol on stdout (tests' own output goes to stderr): {@code TEST <index> <unique id>
 * <name>} per discovered test, then {@code READY}. Each input line
 * {@code RUN <mutant> <stopAtFailure 0|1> <recordHits 0|1> <constantMs> <test>:<ms>...} answers
 * one {@code R <test> <P|F|S> <nanos> [hit,ids]} line per test run, then {@code DONE}.
 * A launch that outruns its timeout (the sum of its tests' {@code ms} plus {@code constantMs})
 * prints {@code T <first test>} and halts this JVM.
 */
public final class MutationRunner {
    private MutationRunner() {
    }

    /** Remembers what failed and what ran during one launch. */
    static final class Outcome implements TestExecutionListener {
        volatile boolean failed;
        volatile boolean unattributed;
        final List<String> failedIds = java.util.Collections.synchronizedList(new ArrayList<>());
        final Set<String> ran = java.util.Collections.synchronizedSet(new java.util.HashSet<>());

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                failed = true;
                failedIds.add(id.getUniqueId());
            }
            if (id.isTest() && result.getStatus() != TestExecutionResult.Status.ABORTED) {
                ran.add(id.getUniqueId());
            }
        }

        /** A failure at or below {@code id} (the test, its invocations), or above it (its class). */
        boolean failedUnder(String id) {
            synchronized (failedIds) {
                for (String f : failedIds) {
                    if (f.startsWith(id) || id.startsWith(f)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** Whether a test at or below {@code id} ran. */
        boolean ranUnder(String id) {
            synchronized (ran) {
                for (String r : ran) {
                    if (r.startsWith(id)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    public static void main(String[] args) throws Exception {
        PrintStream proto = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        System.setOut(System.err);
        MutantSwitch.hits = new boolean[Integer.parseInt(args[0])];
        Set<Path> roots = new LinkedHashSet<>();
        for (int i = 1; i < args.length; i++) {
            roots.add(Paths.get(args[i]));
        }
        Launcher launcher = LauncherFactory.create();
        LauncherDiscoveryRequest discovery = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClasspathRoots(roots))
                .filters(ClassNameFilter.includeClassNamePatterns(ClassNameFilter.STANDARD_INCLUDE_PATTERN))
                .build();
        TestPlan plan = launcher.discover(discovery);
        List<TestIdentifier> tests = new ArrayList<>();
        for (TestIdentifier root : plan.getRoots()) {
            collectLeaves(plan, root, tests);
        }
        for (int i = 0; i < tests.size(); i++) {
            TestIdentifier t = tests.get(i);
            proto.println("TEST\t" + i + "\t" + t.getUniqueId() + "\t" + nameOf(t));
        }
        proto.println("READY");

        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "mimic-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        Object lock = new Object();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.trim().split(" ");
            if (!parts[0].equals("RUN")) {
                break;
            }
            int mutant = Integer.parseInt(parts[1]);
            boolean stopAtFailure = parts[2].equals("1");
            boolean recordHits = parts[3].equals("1");
            MutantSwitch.active = mutant;
            long constantMs = Long.parseLong(parts[4]);
            int[] indices = new int[parts.length - 5];
            long[] timeouts = new long[parts.length - 5];
            for (int k = 5; k < parts.length; k++) {
                String[] spec = parts[k].split(":");
                indices[k - 5] = Integer.parseInt(spec[0]);
                timeouts[k - 5] = Long.parseLong(spec[1]);
            }
            // Recording runs one test per launch (hits are per test); mutant runs launch the
            // first test alone, then batches of 2, 4, 8… until one fails.
            int from = 0;
            int batch = 1;
            while (from < indices.length) {
                int to = Math.min(indices.length, from + batch);
                batch = (recordHits || !stopAtFailure) ? 1 : Math.min(batch * 2, 64);
                boolean failed = runBatch(launcher, tests, indices, timeouts, constantMs, from, to,
                        recordHits, watchdog, lock, proto);
                from = to;
                if (failed && stopAtFailure) {
                    break;
                }
            }
            MutantSwitch.active = 0;
            proto.println("DONE");
        }
        proto.flush();
        Runtime.getRuntime().halt(0);
    }

    /** Run tests {@code from..to} in one launch; print one R line per test; true if one failed. */
    private static boolean runBatch(Launcher launcher, List<TestIdentifier> tests, int[] indices,
            long[] timeouts, long constantMs, int from, int to, boolean recordHits,
            ScheduledExecutorService watchdog, Object lock, PrintStream proto) {
        long timeoutMs = constantMs;
        List<org.junit.platform.engine.DiscoverySelector> selectors = new ArrayList<>();
        for (int k = from; k < to; k++) {
            timeoutMs += timeouts[k];
            selectors.add(DiscoverySelectors.selectUniqueId(tests.get(indices[k]).getUniqueId()));
        }
        int first = indices[from];
        Arrays.fill(MutantSwitch.hits, false);
        boolean[] finished = {false};
        ScheduledFuture<?> dog = watchdog.schedule(() -> {
            synchronized (lock) {
                if (!finished[0]) {
                    proto.println("T " + first);
                    proto.flush();
                    Runtime.getRuntime().halt(3);
                }
            }
        }, timeoutMs, TimeUnit.MILLISECONDS);
        Outcome outcome = new Outcome();
        long start = System.nanoTime();
        try {
            launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectors).build(), outcome);
        } catch (Throwable t) {
            outcome.failed = true;
            outcome.unattributed = true;
        }
        long nanos = (System.nanoTime() - start) / (to - from);
        synchronized (lock) {
            finished[0] = true;
        }
        dog.cancel(false);
        boolean anyFailed = false;
        boolean blameFirst = outcome.failed;
        for (int k = from; k < to; k++) {
            String id = tests.get(indices[k]).getUniqueId();
            boolean failed = outcome.failedUnder(id);
            if (failed) {
                blameFirst = false;
            }
            anyFailed |= failed;
        }
        for (int k = from; k < to; k++) {
            String id = tests.get(indices[k]).getUniqueId();
            // A failure no selected test explains (e.g. a class-level one) counts for the first.
            boolean failed = outcome.failedUnder(id) || (blameFirst && k == from);
            String status = failed ? "F" : outcome.ran.contains(id) || outcome.ranUnder(id) ? "P" : "S";
            StringBuilder reply = new StringBuilder("R ").append(indices[k]).append(' ').append(status)
                    .append(' ').append(nanos);
            if (recordHits) {
                reply.append(' ');
                boolean none = true;
                boolean[] hits = MutantSwitch.hits;
                for (int m = 0; m < hits.length; m++) {
                    if (hits[m]) {
                        reply.append(none ? "" : ",").append(m);
                        none = false;
                    }
                }
                if (none) {
                    reply.append('-');
                }
            }
            proto.println(reply);
        }
        return anyFailed || blameFirst;
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
