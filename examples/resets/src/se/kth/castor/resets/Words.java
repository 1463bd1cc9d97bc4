package se.kth.castor.resets;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits texts into words with a cursor it makes anew for every text, in a helper
 * (commonmark's {@code InlineParserImpl.parse}, whose {@code reset} does
 * {@code this.scanner = Scanner.of(lines)}): the calls on the cursor are made on an
 * object the method put in the field, not on the one the field held when it began.
 */
public class Words {
    private Cursor cursor;
    private int texts;

    public List<String> split(String text) {
        reset(text);
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        while (cursor.more()) {
            char c = cursor.next();
            if (Character.isWhitespace(c)) {
                flush(word, words);
            } else {
                word.append(c);
            }
        }
        flush(word, words);
        return words;
    }

    public int texts() {
        return texts;
    }

    private void reset(String text) {
        cursor = Cursor.of(text);
        texts++;
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (word.length() > 0) {
            words.add(word.toString());
            word.setLength(0);
        }
    }
}
