package se.kth.castor.resets;

/** Walks the characters of a text (a collaborator the parser builds itself). */
public class Cursor {
    private final String text;
    private int at;

    private Cursor(String text) {
        this.text = text;
    }

    public static Cursor of(String text) {
        return new Cursor(text);
    }

    public boolean more() {
        return at < text.length();
    }

    public char next() {
        return text.charAt(at++);
    }
}
