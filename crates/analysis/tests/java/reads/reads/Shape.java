package reads;

/** A method calling an abstract one on this: every implementation's reads count. */
public abstract class Shape {
    String label;

    abstract int area();

    public int twice() {
        return 2 * area();
    }
}
