package se.kth.castor.faults;

import java.util.HashMap;
import java.util.Map;

/**
 * A type face that maps glyph names to text through a glyph table, PDFBox's
 * `PDSimpleFont.toUnicode` in small: the standard table is one shared object, loaded
 * once, held in a private static final field, far larger than a recorded value may be,
 * and compared by identity. A test takes that very object (read reflectively), not a
 * copy: a copy would be cut by the snapshot's limits, and `==` would tell it apart.
 */
public final class Face {
    /** Glyph names to text. */
    public static final class Glyphs {
        private static final Glyphs STANDARD = standardTable();

        final Map<String, String> names = new HashMap<>();

        private static Glyphs standardTable() {
            Glyphs g = new Glyphs();
            for (int i = 0; i < 600; i++) {
                g.names.put("g" + i, Character.toString((char) ('A' + i % 26)) + i);
            }
            g.names.put("space", " ");
            return g;
        }

        public static Glyphs standard() {
            return STANDARD;
        }
    }

    /** Codes to glyph names. */
    public static class Encoding {
        public String nameOf(int code) {
            return code == 32 ? "space" : "g" + code;
        }
    }

    private final String name;
    private final Encoding encoding;
    private final Glyphs glyphs;

    public Face(String name, Encoding encoding, Glyphs glyphs) {
        this.name = name;
        this.encoding = encoding;
        this.glyphs = glyphs;
    }

    /** The text of a code: through `custom` when this face uses the standard table. */
    public String toUnicode(int code, Glyphs custom) {
        Glyphs table = glyphs == Glyphs.standard() ? custom : glyphs;
        String text = table.names.get(encoding.nameOf(code));
        return text == null ? name + "?" : text;
    }
}
