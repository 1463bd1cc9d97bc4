package mimic.verify;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Gives every test method its own time limit and, when the test outruns it, stops the
 * thread that runs it: Jupiter's own timeout (in a separate thread) reports the test and
 * leaves that thread running, so a test looping on a mock's default answer keeps a core
 * busy for the rest of the run and slows, or times out, every test after it.
 *
 * <p>The limits are milliseconds per test, {@code class#method=ms}, in the file the system
 * property {@code mimic.verify.timeouts} names (mimic derives them from each test's
 * recorded production duration); a test not listed gets {@code mimic.verify.timeout}.
 * A test past its limit fails with a {@link TimeoutException} "… timed out after N
 * milliseconds" whose cause carries the stack where it was when stopped. Registered
 * through Jupiter's extension auto-detection ({@code META-INF/services}).
 */
public final class TestTimeout implements InvocationInterceptor {
    private static final Properties LIMITS = load(System.getProperty("mimic.verify.timeouts"));
    private static final long DEFAULT = Long.getLong("mimic.verify.timeout", 0L);
    /** How long a stopped test may take to let go before it is left running. */
    private static final long GRACE_MS = 2000;

    private static Properties load(String file) {
        Properties p = new Properties();
        if (file != null) {
            try (InputStream in = Files.newInputStream(Paths.get(file))) {
                p.load(in);
            } catch (IOException | RuntimeException e) {
                System.err.println("mimic: per-test time limits not read from " + file + ": " + e);
            }
        }
        return p;
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> method, ExtensionContext context) throws Throwable {
        guard(invocation, method, context);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> method, ExtensionContext context) throws Throwable {
        guard(invocation, method, context);
    }

    private static long limit(ReflectiveInvocationContext<Method> method) {
        String key = method.getTargetClass().getName() + "#" + method.getExecutable().getName();
        String ms = LIMITS.getProperty(key);
        if (ms != null) {
            try {
                return Long.parseLong(ms.trim());
            } catch (NumberFormatException e) {
                System.err.println("mimic: time limit of " + key + " is not a number: " + ms);
            }
        }
        return DEFAULT;
    }

    private static void guard(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> method, ExtensionContext context) throws Throwable {
        long limit = limit(method);
        if (limit <= 0) {
            invocation.proceed();
            return;
        }
        Throwable[] thrown = new Throwable[1];
        Thread test = new Thread(() -> {
            try {
                invocation.proceed();
            } catch (Throwable t) {
                thrown[0] = t;
            }
        }, "mimic-test " + method.getExecutable().getName());
        test.setDaemon(true);
        test.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        test.start();
        test.join(limit);
        if (!test.isAlive()) {
            if (thrown[0] != null) {
                throw thrown[0];
            }
            return;
        }
        Throwable where = new Throwable("where the test was when it was stopped");
        where.setStackTrace(test.getStackTrace());
        test.interrupt();
        boolean asked = stop(test);
        test.join(GRACE_MS);
        String left = !test.isAlive() ? ""
                : asked ? " (it did not stop: left running)"
                : " (it cannot be stopped on this JVM: left running)";
        TimeoutException timeout = new TimeoutException(
                context.getDisplayName() + " timed out after " + limit + " milliseconds" + left);
        timeout.initCause(where);
        throw timeout;
    }

    /** Stop {@code thread}: through the JVMTI agent on Java 20+, else {@code Thread.stop}. */
    @SuppressWarnings({"deprecation", "removal"})
    private static boolean stop(Thread thread) {
        if (mimic.stopper.Stopper.stop(thread)) {
            return true;
        }
        try {
            thread.stop();
            return true;
        } catch (UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
