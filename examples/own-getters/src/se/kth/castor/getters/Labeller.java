package se.kth.castor.getters;

/**
 * A template method (PDFBox's {@code PDFont.getWidth} in small): {@link #label} frames what
 * the step {@link #name} gives, and each subclass implements the step its own way. The
 * calls a subclass's step makes on its collaborators (a field the base class does not
 * have) are the method's as much as those in its own body.
 */
public abstract class Labeller {
    private final Lookup prefixes;

    protected Labeller(Lookup prefixes) {
        this.prefixes = prefixes;
    }

    public String label(int code) {
        String prefix = prefixes.find("prefix");
        String name = name(code);
        return (prefix == null ? "" : prefix) + (name == null ? "#" + code : name);
    }

    /** The name of {@code code}, or null when it has none. */
    protected abstract String name(int code);
}
