package reads;

/**
 * A virtual call on a hierarchy of forty concrete classes (JavaParser's hundreds of AST
 * nodes) that share two bodies of the method: both are followed.
 */
public abstract class Glyph {
    String name;
    int width;
    int unused;

    int width() {
        return width;
    }

    public int measure() {
        return width() + 1;
    }

    /** The one class with a body of its own. */
    static class Named extends Glyph {
        @Override
        int width() {
            return name.length();
        }
    }

    static class G1 extends Glyph {}

    static class G2 extends Glyph {}

    static class G3 extends Glyph {}

    static class G4 extends Glyph {}

    static class G5 extends Glyph {}

    static class G6 extends Glyph {}

    static class G7 extends Glyph {}

    static class G8 extends Glyph {}

    static class G9 extends Glyph {}

    static class G10 extends Glyph {}

    static class G11 extends Glyph {}

    static class G12 extends Glyph {}

    static class G13 extends Glyph {}

    static class G14 extends Glyph {}

    static class G15 extends Glyph {}

    static class G16 extends Glyph {}

    static class G17 extends Glyph {}

    static class G18 extends Glyph {}

    static class G19 extends Glyph {}

    static class G20 extends Glyph {}

    static class G21 extends Glyph {}

    static class G22 extends Glyph {}

    static class G23 extends Glyph {}

    static class G24 extends Glyph {}

    static class G25 extends Glyph {}

    static class G26 extends Glyph {}

    static class G27 extends Glyph {}

    static class G28 extends Glyph {}

    static class G29 extends Glyph {}

    static class G30 extends Glyph {}

    static class G31 extends Glyph {}

    static class G32 extends Glyph {}

    static class G33 extends Glyph {}

    static class G34 extends Glyph {}

    static class G35 extends Glyph {}

    static class G36 extends Glyph {}

    static class G37 extends Glyph {}

    static class G38 extends Glyph {}

    static class G39 extends Glyph {}
}
