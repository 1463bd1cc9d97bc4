package se.kth.castor.mockables;

/**
 * A running sum.
 *
 * <p>{@link ClassUnderTest#methodUnderTestTwo} creates its own {@code Tally}
 * with {@code new}, so the calls it makes on it are <em>not</em> mockable:
 * a test has no way to substitute an object that the method creates itself.
 */
public class Tally {

    private long sum;
    private int count;

    public void add(int value) {
        sum += value;
        count++;
    }

    public long sum() {
        return sum;
    }

    public int count() {
        return count;
    }
}
