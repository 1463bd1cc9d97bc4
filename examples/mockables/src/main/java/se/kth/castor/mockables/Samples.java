package se.kth.castor.mockables;

/** Static helpers. Static calls are never mockable: there is no receiver to replace. */
final class Samples {

    private Samples() {
    }

    /** {@code count} evenly spaced values starting at {@code start}. */
    static float[] linear(double start, float step, int count) {
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = (float) start + i * step;
        }
        return values;
    }
}
