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
 * {@code RUN <mutant> <stopAtFailure 0|1> <recordHits 0|1> <test>:<timeoutMs>...} answers
 * one {@code R <test> <P|F|S> <nanos> [hit,ids]} line per test run, then {@code DONE}.
 * A test that outruns its timeout prints {@code T <test>} and halts this JVM.
 */
public final class MutationRunner {
    private MutationRunner() {
    }

    /** Remembers whether anything failed while one test ran. */
    static final class Outcome implements TestExecutionListener {
        volatile boolean failed;
        volatile boolean ranTest;

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                failed = true;
            }
            if (id.isTest() && result.getStatus() != TestExecutionResult.Status.ABORTED) {
                ranTest = true;
            }
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
            for (int k = 4; k < parts.length; k++) {
                String[] spec = parts[k].split(":");
                int index = Integer.parseInt(spec[0]);
                long timeoutMs = Long.parseLong(spec[1]);
                Arrays.fill(MutantSwitch.hits, false);
                boolean[] finished = {false};
                ScheduledFuture<?> dog = watchdog.schedule(() -> {
                    synchronized (lock) {
                        if (!finished[0]) {
                            proto.println("T " + index);
                            proto.flush();
                            Runtime.getRuntime().halt(3);
                        }
                    }
                }, timeoutMs, TimeUnit.MILLISECONDS);
                Outcome outcome = new Outcome();
                long start = System.nanoTime();
                try {
                    launcher.execute(LauncherDiscoveryRequestBuilder.request()
                            .selectors(DiscoverySelectors.selectUniqueId(tests.get(index).getUniqueId()))
                            .build(), outcome);
                } catch (Throwable t) {
                    outcome.failed = true;
                }
                long nanos = System.nanoTime() - start;
                synchronized (lock) {
                    finished[0] = true;
                }
                dog.cancel(false);
                String status = outcome.failed ? "F" : outcome.ranTest ? "P" : "S";
                StringBuilder reply = new StringBuilder("R ").append(index).append(' ').append(status)
                        .append(' ').append(nanos);
                if (recordHits) {
                    reply.append(' ');
                    boolean first = true;
                    boolean[] hits = MutantSwitch.hits;
                    for (int m = 0; m < hits.length; m++) {
                        if (hits[m]) {
                            reply.append(first ? "" : ",").append(m);
                            first = false;
                        }
                    }
                    if (first) {
                        reply.append('-');
                    }
                }
                proto.println(reply);
                if (outcome.failed && stopAtFailure) {
                    break;
                }
            }
            MutantSwitch.active = 0;
            proto.println("DONE");
        }
        proto.flush();
        Runtime.getRuntime().halt(0);
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
