package mimic.mutate;

import java.util.ArrayDeque;

/**
 * The probe of test code rewritten for {@code mutate --explain}'s propagation analysis:
 * every call a test class makes goes through a bridge that calls {@link #callEnter}
 * before and {@link #callExit} or {@link #callThrow} after it. While a method is observed
 * ({@link MutantSwitch#observed}) the calls in progress are tracked (the stack path from
 * the test to the method starts at the innermost), and, while the test code is observed
 * too ({@link MutantSwitch#observeTests}), each call's result (or exception) and receiver
 * are recorded by {@link MutantSwitch#testValue}; otherwise the probes return at once.
 *
 * <p>Site ids carry a flag in bit 0: set for a call returning {@code void}.
 */
public final class TestProbe {
    private TestProbe() {
    }

    /**
     * The probe ABI's gate fields ({@code mimic_rewrite::probe::GATED} and the others),
     * which every bridge reads first: left at 0 and null, so every bridge calls its probes.
     */
    public static volatile int idle;
    public static byte[] quiet;
    public static volatile int gated;
    public static byte[] armed;

    /** The calls in progress on this thread: receiver and site, innermost last. */
    private static final ThreadLocal<ArrayDeque<Object[]>> ACTIVE =
            ThreadLocal.withInitial(ArrayDeque::new);

    public static long callEnter(int site, Object receiver, Object[] args) {
        if (MutantSwitch.observed < 0) {
            return 0;
        }
        ACTIVE.get().push(new Object[] {receiver, site});
        return 1;
    }

    public static void callExit(int site, long token, Object result) {
        if (token == 0) {
            return;
        }
        Object[] call = ACTIVE.get().poll();
        if (MutantSwitch.observeTests) {
            MutantSwitch.testValue(site >>> 1, (site & 1) != 0, call == null ? null : call[0],
                    result, null);
        }
    }

    public static void callThrow(int site, long token, Throwable thrown) {
        if (token == 0) {
            return;
        }
        Object[] call = ACTIVE.get().poll();
        if (MutantSwitch.observeTests) {
            MutantSwitch.testValue(site >>> 1, (site & 1) != 0, call == null ? null : call[0],
                    null, thrown);
        }
    }

    /** The innermost test call site in progress on this thread; -1: none. */
    static int currentSite() {
        Object[] call = ACTIVE.get().peek();
        return call == null ? -1 : ((Integer) call[1]) >>> 1;
    }
}
