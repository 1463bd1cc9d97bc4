package se.kth.castor.mockables;

/**
 * A small, deterministic "production" workload for {@link ClassUnderTest}:
 * calls both methods under test with varied inputs and prints one line per call.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        ClassUnderTest cut = new ClassUnderTest(new ExternalTypeOne(26), "cut", 0.35f);
        ClassUnderTest other = new ClassUnderTest(new ExternalTypeOne(-5), "another label", 1.25f);

        // methodUnderTestOne: odd and even, positive, zero and negative arguments.
        // The first call mirrors the paper: mockableMethodOne(true) returns 27 and the result is 42.
        for (int param : new int[] {17, 4, 0, -8, 2023}) {
            print(cut, "methodUnderTestOne(" + param + ")", cut.methodUnderTestOne(param));
        }
        for (int param : new int[] {1, -1, Integer.MAX_VALUE / 2}) {
            print(other, "methodUnderTestOne(" + param + ")", other.methodUnderTestOne(param));
        }

        // methodUnderTestTwo: each call makes 42 + 1 calls on the ExternalTypeTwo argument.
        ExternalTypeTwo doubling = new ExternalTypeTwo(2.0f, 7);
        ExternalTypeTwo shrinking = new ExternalTypeTwo(0.5f, -3);
        ExternalTypeTwo inverting = new ExternalTypeTwo(-1.5f, 100);
        print(cut, "methodUnderTestTwo(6.2, doubling)", cut.methodUnderTestTwo(6.2, doubling));
        print(cut, "methodUnderTestTwo(0.0, shrinking)", cut.methodUnderTestTwo(0.0, shrinking));
        print(cut, "methodUnderTestTwo(-3.75, inverting)", cut.methodUnderTestTwo(-3.75, inverting));
        print(other, "methodUnderTestTwo(42.0, doubling)", other.methodUnderTestTwo(42.0, doubling));
        print(other, "methodUnderTestTwo(-100.5, shrinking)", other.methodUnderTestTwo(-100.5, shrinking));
    }

    private static void print(ClassUnderTest receiver, String call, int result) {
        System.out.printf("[%s] %s -> %d%n", receiver.getLabel(), call, result);
    }
}
