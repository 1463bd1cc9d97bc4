package se.kth.castor.scanner;

import java.util.ArrayList;
import java.util.List;

/**
 * Scans words from a {@link Source}. Its methods under test call each other on the same
 * receiver ({@code words} calls {@code skipSpaces} and {@code readWord}, themselves
 * methods under test): a test of {@code words} must replay every call the source saw
 * during the invocation, also those made inside the nested ones, or the scan never ends.
 */
public final class WordScanner {
    private final Source source;

    public WordScanner(Source source) {
        this.source = source;
    }

    /** Skips spaces; returns how many. */
    public int skipSpaces() {
        int skipped = 0;
        while (!source.isEmpty() && source.peek() == ' ') {
            source.next();
            skipped++;
        }
        return skipped;
    }

    /** Reads the next word (empty at the end). */
    public String readWord() {
        StringBuilder word = new StringBuilder();
        while (!source.isEmpty() && source.peek() != ' ') {
            word.append(source.next());
        }
        return word.toString();
    }

    /** Every word left, in order. */
    public List<String> words() {
        List<String> words = new ArrayList<>();
        skipSpaces();
        while (!source.isEmpty()) {
            words.add(readWord());
            skipSpaces();
        }
        return words;
    }
}
