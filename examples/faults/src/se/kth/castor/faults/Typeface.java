package se.kth.castor.faults;

import java.util.HashMap;
import java.util.Map;

/**
 * A typeface whose widths come first from its own cache, then from a metrics table it
 * asks (a collaborator the test mocks), as PDFBox's `PDFont.getWidth` does with its
 * dictionary and descriptor. The table is declared first and holds far more than a
 * recorded value may (a private helper reads its glyph list, so the plan says it is
 * read); walked whole, it used up the node and byte limits before the cache and the
 * fallback width were reached, and `width` got no test at all. The recorder now walks
 * such a mocked field one level only and records the typeface's own fields.
 */
public class Typeface {
    /** One glyph of the metrics table. */
    public static class Glyph {
        final String name;
        final String outline;

        Glyph(String name, String outline) {
            this.name = name;
            this.outline = outline;
        }
    }

    /** Where widths the cache does not hold come from. */
    public static class Metrics {
        final Glyph[] glyphs;
        final Map<Integer, Float> widths = new HashMap<>();

        Metrics(int count) {
            glyphs = new Glyph[count];
            for (int i = 0; i < count; i++) {
                glyphs[i] = new Glyph("g" + i, "M 0 0 L " + i + " " + (i * 7 % 13) + " Z");
                widths.put(i, 500f + i);
            }
        }

        public Float width(int code) {
            return widths.get(code);
        }
    }

    private final Metrics metrics;
    private final Map<Integer, Float> cache = new HashMap<>();
    private final float fallback;

    public Typeface(Metrics metrics, float fallback) {
        this.metrics = metrics;
        this.fallback = fallback;
    }

    /** The width of `code`: cached, else the table's, else the fallback for a known glyph. */
    public float width(int code) {
        Float cached = cache.get(code);
        if (cached != null) {
            return cached;
        }
        Float measured = metrics.width(code);
        if (measured != null) {
            cache.put(code, measured);
            return measured;
        }
        return hasGlyphs() ? fallback : 0f;
    }

    private boolean hasGlyphs() {
        return metrics.glyphs.length > 0;
    }

    public static Metrics metrics(int count) {
        return new Metrics(count);
    }
}
