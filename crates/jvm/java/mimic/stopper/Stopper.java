package mimic.stopper;

/**
 * Stops a test thread on Java 20 and later, where {@link Thread#stop} throws: through
 * {@code libmimic_stopper.so}, the JVMTI agent mimic loads into its test JVMs there
 * ({@code -agentpath}), which throws a {@link ThreadDeath} in the thread as
 * {@code Thread.stop} did. Without the agent nothing is stopped: {@link #stop} says so and
 * the caller decides (mutate's watchdog gives the JVM up; verify leaves the test running).
 * Shared by mutate's and verify's shims.
 */
public final class Stopper {
    private Stopper() {
    }

    private static final boolean AVAILABLE = available();

    private static boolean available() {
        try {
            return available0();
        } catch (UnsatisfiedLinkError notLoaded) {
            return false;
        }
    }

    /** Whether the JVMTI agent is loaded and may stop threads. */
    private static native boolean available0();

    /** Throw {@code error} in {@code thread}; whether it was sent. */
    private static native boolean stop0(Thread thread, Throwable error);

    /** Stop {@code thread} with a {@link ThreadDeath}; whether it could be asked to. */
    @SuppressWarnings("removal")
    public static boolean stop(Thread thread) {
        return AVAILABLE && stop0(thread, new ThreadDeath());
    }
}
