package se.kth.castor.faults;

/**
 * A renderer that looks its style up, keeps it, and treats a loud one apart
 * (`instanceof`) before applying it (Pebble's `FilterExpression`, which asks whether the
 * filter its registry answered is an escaping strategy): the stub's answer is a mock of
 * the class production had, not of the interface the lookup is declared to return.
 */
public final class Renderer {
    /** Turns text into styled text. */
    public interface Style {
        String apply(String text);
    }

    /** Leaves text alone. */
    public static class Plain implements Style {
        @Override
        public String apply(String text) {
            return text;
        }
    }

    /** Styles by name. */
    public static class Styles {
        public Style byName(String name) {
            return name.equals("loud") ? new LoudStyle() : new Plain();
        }
    }

    private final Styles styles;
    private final String name;
    private Style style;

    public Renderer(Styles styles, String name) {
        this.styles = styles;
        this.name = name;
    }

    public String render(String text) {
        if (style == null) {
            style = styles.byName(name);
        }
        String input = style instanceof LoudStyle ? text + "!" : text;
        return style.apply(input);
    }
}
