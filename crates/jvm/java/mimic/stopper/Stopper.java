package mimic.stopper;

/**
 * Stops a test thread on Java 20 and later, where {@link Thread#stop} throws: through
 * {@code libmimic_stopper.so}, the JVMTI agent mimic loads into its test JVMs there
 * ({@code -agentpath}), which throws a {@link ThreadDeath} in the thread as
 * {@code Thread.stop} did. Without the agent nothing is stopped: {@link #stop} says so and
 * the caller decides (mutate's watchdog gives the JVM up; verify leaves the test running).
 * The same agent counts the classes whose static initialiser failed ({@link #brokenClasses}),
 * which mutate's shim checks around each launch under a mutant (the agent is loaded into
 * mutate's test JVMs on every JDK). Shared by mutate's and verify's shims.
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

    private static native int brokenClasses0(Class<?> skipLoaderType);

    /**
     * How many loaded classes failed their static initialisation (unusable for the rest of
     * this JVM), but for those a class loader of type {@code skipLoaderType} defined (null:
     * none left out); -1 when the agent is not loaded and nothing can be told.
     */
    public static int brokenClasses(Class<?> skipLoaderType) {
        try {
            return brokenClasses0(skipLoaderType);
        } catch (UnsatisfiedLinkError notLoaded) {
            return -1;
        }
    }

    /** Stop {@code thread} with a {@link ThreadDeath}; whether it could be asked to. */
    @SuppressWarnings("removal")
    public static boolean stop(Thread thread) {
        return AVAILABLE && stop0(thread, new ThreadDeath());
    }
}
