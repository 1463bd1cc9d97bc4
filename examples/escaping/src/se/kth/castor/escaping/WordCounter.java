package se.kth.castor.escaping;

/**
 * Counts the words of a {@link Source}. Its methods hand the source to code of other
 * classes: a static helper ({@link Blanks#skip}) and a constructor ({@link Word#Word}),
 * which read from it. A test of {@code count} mocks the source, so it must stub every
 * call production made on it, also those made inside that code, or the mocked
 * {@code atEnd()} and {@code peek()} answer defaults and the count is wrong.
 */
public final class WordCounter {
    private final Source source;

    public WordCounter(Source source) {
        this.source = source;
    }

    /** How many words are left. */
    public int count() {
        int words = 0;
        Blanks.skip(source);
        while (!source.atEnd()) {
            new Word(source);
            words++;
            Blanks.skip(source);
        }
        return words;
    }

    /** The longest word left (empty if none). */
    public String longest() {
        String best = "";
        Blanks.skip(source);
        while (!source.atEnd()) {
            String w = new Word(source).text();
            if (w.length() > best.length()) {
                best = w;
            }
            Blanks.skip(source);
        }
        return best;
    }
}
