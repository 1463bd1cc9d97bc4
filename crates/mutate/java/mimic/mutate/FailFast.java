package mimic.mutate;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Skips the remaining invocations of a parameterised or repeated test once one of them
 * has failed under a mutant: the mutant is detected by then, and a test with hundreds of
 * invocations would otherwise run (and report) all of them. Registered through Jupiter's
 * extension auto-detection ({@code META-INF/services}), which {@link MutationRunner}
 * switches on only when no other auto-detectable extension is on the class path (or the
 * suite switched it on itself), so that the suite's own extensions stay as configured.
 * {@link Launch} arms it in mutant runs only; coverage and observation runs run every
 * invocation.
 */
public final class FailFast implements ExecutionCondition {
    /** The unique id below which nothing more runs ({@code <test id>/}); null: none. */
    static volatile String skipBelow;
    /** How many invocations this JVM skipped (a debugging figure). */
    static volatile int skipped;
    /** Whether Jupiter loads this extension in this JVM. */
    static volatile boolean available;

    private static final ConditionEvaluationResult RUN =
            ConditionEvaluationResult.enabled("mimic: no invocation failed yet");
    private static final ConditionEvaluationResult SKIP =
            ConditionEvaluationResult.disabled("mimic: an earlier invocation already failed under the mutant");

    public FailFast() {
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String below = skipBelow;
        if (below == null || !context.getUniqueId().startsWith(below)) {
            return RUN;
        }
        skipped++;
        return SKIP;
    }
}
