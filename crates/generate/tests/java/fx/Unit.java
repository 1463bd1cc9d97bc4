package fx;

/** An interned unit: its constants are compared by identity. */
public class Unit {
    public static final Unit KILOGRAM = new Unit();
    /** A shared default a test cannot name: read reflectively. */
    private static final Unit GRAM = new Unit();

    static Unit gram() {
        return GRAM;
    }

    private Unit() {
    }
}
