package fx;

/** An interned unit: its constants are compared by identity. */
public class Unit {
    public static final Unit KILOGRAM = new Unit();

    private Unit() {
    }
}
