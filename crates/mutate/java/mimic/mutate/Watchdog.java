package mimic.mutate;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

/**
 * Runs one {@link Launch} on a fresh thread while the calling thread watches the open
 * window's CPU and wall time, and stops the launch thread when the running test outruns
 * its budget. CPU time is the test thread's plus garbage collection's: a looping mutant
 * that mostly allocates spends its time there rather than on its own thread.
 */
final class Watchdog {
    private Watchdog() {
    }

    static final long MS = 1_000_000L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final List<GarbageCollectorMXBean> COLLECTORS =
            ManagementFactory.getGarbageCollectorMXBeans();
    private static final boolean CPU_TIME = cpuTimeSupported();
    /** How long a stopped thread may take to let go before the JVM is given up. */
    private static final long STOP_GRACE = 2000 * MS;

    /** How one launch ended. */
    static final class Result {
        final Launch launch;
        /** The test that timed out (-1: none). */
        final int timedOut;
        /** Whether the launch thread could not be stopped (the JVM must go). */
        final boolean stuck;
        /** Wall time of the timed-out test until it was stopped or given up. */
        final long timedOutWall;

        Result(Launch launch, int timedOut, boolean stuck, long timedOutWall) {
            this.launch = launch;
            this.timedOut = timedOut;
            this.stuck = stuck;
            this.timedOutWall = timedOutWall;
        }
    }

    private static boolean cpuTimeSupported() {
        try {
            if (THREADS.isThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
                THREADS.setThreadCpuTimeEnabled(true);
            }
            return THREADS.isThreadCpuTimeSupported() && THREADS.getCurrentThreadCpuTime() >= 0;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Bytes the calling thread allocated so far (-1: not measurable). */
    static long allocatedNow() {
        try {
            return THREADS instanceof com.sun.management.ThreadMXBean
                    ? ((com.sun.management.ThreadMXBean) THREADS)
                            .getThreadAllocatedBytes(Thread.currentThread().getId())
                    : -1;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** CPU time of the calling thread (-1: not measurable). */
    static long cpuNow() {
        return CPU_TIME ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    /**
     * Time spent in garbage collection so far, in nanoseconds. (Not the JVM's whole CPU
     * time: compilation in the background would time out slow but finite tests.)
     */
    static long gcNow() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : COLLECTORS) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms * MS;
    }

    /** CPU time of thread {@code tid} plus garbage-collection time since {@code w} opened. */
    private static long used(long tid, Launch.Window w) {
        return charged(THREADS.getThreadCpuTime(tid), w);
    }

    /**
     * What a test is charged against its CPU budget since {@code w} opened, its thread's CPU
     * time being {@code threadCpu} now: that time plus garbage-collection time (-1: not
     * measurable). The baseline records the same measure, so that a test that collects much
     * is as far from its budget under a mutant as without one.
     */
    static long charged(long threadCpu, Launch.Window w) {
        return threadCpu < 0 || w.cpu < 0 ? -1 : threadCpu - w.cpu + gcNow() - w.gc;
    }

    /** How many times a watchdog stopped a test thread in this JVM. */
    static volatile int stopsIssued;

    /**
     * Run {@code request} with {@code launch} listening, on a fresh thread; stop the thread
     * when the open test outruns its budget (Java 20+ cannot stop threads: the result is
     * then {@code stuck} and the JVM must go). The thread loads the tests through
     * {@code loader} (its context class loader) when one is given.
     */
    @SuppressWarnings({"deprecation", "removal"})
    static Result run(Launcher launcher, LauncherDiscoveryRequest request, Launch launch,
            ClassLoader loader) {
        Thread thread = new Thread(() -> {
            launch.openWindow(-1);
            try {
                launcher.execute(request, launch);
            } catch (Throwable t) {
                launch.thrown = t;
                launch.threw = true;
            }
        }, "mimic-tests");
        thread.setDaemon(true);
        if (loader != null) {
            thread.setContextClassLoader(loader);
        }
        thread.start();
        long tid = thread.getId();
        int culprit = -1;
        Launch.Window stopped = null;
        long stoppedAt = 0;
        while (true) {
            try {
                thread.join(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!thread.isAlive()) {
                long ran = 0;
                if (culprit >= 0) {
                    System.err.printf("mimic: stopped after %d ms%n", (System.nanoTime() - stoppedAt) / MS);
                    ran = Math.max(launch.wall[culprit], launch.outranWall[culprit]);
                }
                return new Result(launch, culprit, false, ran);
            }
            Launch.Window w = launch.window;
            if (w == null) {
                continue;
            }
            long now = System.nanoTime();
            if (w == stopped) {
                // Stopped, and still in the same test: it ignores the stop.
                if (now - stoppedAt > STOP_GRACE) {
                    return new Result(launch, culprit, true, now - w.wall);
                }
                continue;
            }
            boolean over = now - w.wall > w.wallLimit
                    || (CPU_TIME && w.cpu >= 0 && used(tid, w) > w.cpuLimit);
            if (!over) {
                continue;
            }
            // The test whose own window outran its budget (read from the window checked,
            // not again: it may just have ended). The first stop names a culprit even
            // between tests (the test to blame); a later one times out only a test whose
            // own window it was.
            int outran = w.test >= 0 ? w.test : launch.blame();
            if (culprit < 0 || w.test >= 0) {
                launch.noteOutran(outran, now - w.wall);
            }
            if (culprit < 0) {
                culprit = outran;
            }
            System.err.printf("mimic: stopping %s after %d ms wall, %d ms CPU (limits %d, %d)%n",
                    launch.ids[Math.max(0, w.test)], (now - w.wall) / MS,
                    CPU_TIME ? used(tid, w) / MS : -1, w.wallLimit / MS,
                    w.cpuLimit / MS);
            launch.stopIssued = true;
            stopsIssued++;
            try {
                thread.stop();
            } catch (Throwable unsupported) {
                // Java 20+: the JVMTI agent stops it, when mimic could load it.
                if (!mimic.stopper.Stopper.stop(thread)) {
                    return new Result(launch, culprit, true, now - w.wall);
                }
            }
            stopped = w;
            stoppedAt = now;
        }
    }
}
