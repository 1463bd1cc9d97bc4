package se.kth.castor.mockables;

/**
 * A collaborator that {@link ClassUnderTest} holds in a field.
 *
 * <p>It is a project type other than {@code ClassUnderTest}, and
 * {@link #mockableMethodOne(boolean)} returns a primitive, so calls to it
 * through the field {@code ClassUnderTest.extField} are mockable: a generated
 * test can inject a mock into that field and stub the call.
 */
public class ExternalTypeOne {

    private final int base;
    private int calls;

    public ExternalTypeOne(int base) {
        this.base = base;
    }

    /** Returns {@code base + n} or {@code base - n}, where n counts the calls so far. */
    public int mockableMethodOne(boolean booleanVal) {
        calls++;
        return booleanVal ? base + calls : base - calls;
    }
}
