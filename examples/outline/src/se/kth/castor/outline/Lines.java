package se.kth.castor.outline;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/** The lines of a text, read one ahead from a reader. */
public class Lines {
    private final BufferedReader reader;
    private String next;

    public Lines(Reader reader) {
        this.reader = new BufferedReader(reader);
        advance();
    }

    public boolean hasNext() {
        return next != null;
    }

    public String peek() {
        return next;
    }

    public String next() {
        String line = next;
        advance();
        return line;
    }

    private void advance() {
        try {
            do {
                next = reader.readLine();
            } while (next != null && next.isBlank());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
