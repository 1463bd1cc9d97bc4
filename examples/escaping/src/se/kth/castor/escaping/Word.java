package se.kth.castor.escaping;

/** A word, read by its constructor from the source it is handed. */
public final class Word {
    private final String text;

    public Word(Source source) {
        StringBuilder b = new StringBuilder();
        while (!source.atEnd() && source.peek() != ' ' && source.peek() != ',') {
            b.append(source.next());
        }
        this.text = b.toString();
    }

    public String text() {
        return text;
    }
}
