package se.kth.castor.faults;

/**
 * A bundle of settings kept as a flat array of key, value pairs, as PDFBox's
 * `COSDictionary` keeps its items: the version lookup scans the pairs, so the whole
 * array is read, and one of its values is a tree of pages far deeper and wider than a
 * recorded value may be, which the lookup never looks into. At the depth limit the tree
 * is still past the byte limit, so the recorder walks it less deep; then it is cut by
 * depth alone, a mock stands in for each style and an empty array for each list of
 * sub-pages it cut, and the test still mimics.
 */
public class Bundle {
    /** Where the versions the bundle is compared with come from. */
    public interface Versions {
        String current();
    }

    /** How a page looks, possibly based on another style. */
    public static class Style {
        final String font;
        final Style base;

        Style(String font, Style base) {
            this.font = font;
            this.base = base;
        }
    }

    /** A page with its style and sub-pages. */
    public static class Pages {
        final String title;
        final Style style;
        final Pages[] children;

        Pages(String title, int depth) {
            this.title = title;
            this.style = new Style("serif", null);
            this.children = new Pages[depth == 0 ? 0 : 12];
            for (int i = 0; i < children.length; i++) {
                children[i] = new Pages(title + "." + i, depth - 1);
            }
        }
    }

    private final Versions versions;
    private final Object[] pairs;

    public Bundle(Versions versions, Object... pairs) {
        this.versions = versions;
        this.pairs = pairs;
    }

    /** The bundle's own version when it is newer than the current one. */
    public String version() {
        String current = versions.current();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            if ("version".equals(pairs[i])) {
                String own = (String) pairs[i + 1];
                return own.compareTo(current) > 0 ? own : current;
            }
        }
        return current;
    }

    public static Pages pages(String title, int depth) {
        return new Pages(title, depth);
    }
}
