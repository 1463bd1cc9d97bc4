package se.kth.castor.mockables;

/**
 * A collaborator that is passed to {@link ClassUnderTest} as a parameter.
 *
 * <p>It is a project type other than {@code ClassUnderTest}, and both of its
 * methods return primitives, so calls to them on the parameter
 * {@code extParam} of {@code ClassUnderTest.methodUnderTestTwo} are mockable:
 * a generated test can pass a mock instead.
 */
public class ExternalTypeTwo {

    private final float gain;
    private final int bias;

    public ExternalTypeTwo(float gain, int bias) {
        this.gain = gain;
        this.bias = bias;
    }

    /** Scales {@code floatVal} by the gain and rounds it to the nearest int. */
    public int mockableMethodTwo(float floatVal) {
        return Math.round(floatVal * gain);
    }

    /** Triples {@code intVal} and adds the bias. */
    public int mockableMethodThree(int intVal) {
        return 3 * intVal + bias;
    }
}
