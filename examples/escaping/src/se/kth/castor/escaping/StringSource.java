package se.kth.castor.escaping;

/** A {@link Source} over a string. */
public final class StringSource implements Source {
    private final String text;
    private int at;

    public StringSource(String text) {
        this.text = text;
    }

    @Override
    public boolean atEnd() {
        return at >= text.length();
    }

    @Override
    public char peek() {
        return text.charAt(at);
    }

    @Override
    public char next() {
        return text.charAt(at++);
    }
}
