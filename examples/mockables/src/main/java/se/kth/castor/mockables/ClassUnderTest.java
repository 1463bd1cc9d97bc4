package se.kth.castor.mockables;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The paper's Listing 3: a class with two methods under test (MUTs) and two
 * helper methods that are not MUTs.
 *
 * <p>A nested call inside an MUT is a <em>mockable method call</em> when its
 * receiver is a <b>field</b> or a <b>parameter</b> whose declared type is a
 * <b>project type other than {@code ClassUnderTest}</b> (and the method
 * returns a primitive or a String, so its result can be stubbed). A generated
 * test can then inject a mock in place of that field or parameter.
 *
 * <p>Calls are <em>not</em> mockable when the receiver is {@code this}, an
 * object the method creates itself with {@code new}, a JDK type such as
 * {@code String} or {@code List}, or when the call is static: in none of
 * these cases can a test hand the method a replacement object.
 *
 * <p>Mockable method calls, per MUT:
 * <ul>
 *   <li>{@link #methodUnderTestOne(int)}:
 *       {@code ExternalTypeOne.mockableMethodOne(boolean)} on the field {@code extField}, once.</li>
 *   <li>{@link #methodUnderTestTwo(double, ExternalTypeTwo)}:
 *       {@code ExternalTypeTwo.mockableMethodTwo(float)} on the parameter {@code extParam},
 *       42 times in a loop, then
 *       {@code ExternalTypeTwo.mockableMethodThree(int)} on {@code extParam}, once.</li>
 * </ul>
 */
public class ClassUnderTest {

    /** How many points {@link #methodUnderTestTwo} samples. */
    private static final int SAMPLE_COUNT = 42;

    private final ExternalTypeOne extField;
    private final String label;
    private final float step;
    private int methodThreeCalls;

    public ClassUnderTest(ExternalTypeOne extField, String label, float step) {
        this.extField = extField;
        this.label = label;
        this.step = step;
    }

    /** MUT #1: one mockable call, on a field. */
    public int methodUnderTestOne(int param) {
        boolean booleanVal = param % 2 != 0;
        // MOCKABLE: receiver is the field extField, of project type ExternalTypeOne.
        int x = param + extField.mockableMethodOne(booleanVal);
        // NOT mockable: methodFour() is called on this (ClassUnderTest itself).
        int y = x + methodFour();
        // NOT mockable: label is a field, but of the JDK type String.
        return y - label.length();
    }

    /** MUT #2: 43 mockable calls, all on a parameter. */
    public int methodUnderTestTwo(double param, ExternalTypeTwo extParam) {
        // NOT mockable: static call (on a project type, but static calls have no receiver).
        float[] floatVals = Samples.linear(param, step, SAMPLE_COUNT);
        // NOT mockable: the list is created here, and ArrayList is a JDK type.
        List<Integer> listOfInts = new ArrayList<>();
        for (int i = 0; i < SAMPLE_COUNT; i++) {
            // MOCKABLE: receiver is the parameter extParam, of project type ExternalTypeTwo;
            // called 42 times. (listOfInts.add is not: a local of a JDK type.)
            listOfInts.add(extParam.mockableMethodTwo(floatVals[i]));
        }
        // NOT mockable: static JDK calls.
        int intVal = Collections.max(listOfInts) - Collections.min(listOfInts);
        // MOCKABLE: same parameter, once, after the loop.
        int z = extParam.mockableMethodThree(intVal);
        // NOT mockable: tally is created here with new, so a test cannot substitute it,
        // even though Tally is a project type.
        Tally tally = new Tally();
        for (int value : listOfInts) {
            tally.add(value);
        }
        return (int) (tally.sum() / tally.count()) + z;
    }

    /** Not an MUT: private, and it calls nothing. */
    private void methodThree() {
        methodThreeCalls++;
    }

    /** Not an MUT: public, but its only nested call is on this. */
    public int methodFour() {
        // NOT mockable: receiver is this.
        methodThree();
        return methodThreeCalls;
    }

    public String getLabel() {
        return label;
    }
}
