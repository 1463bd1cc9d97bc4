package se.kth.castor.writers;

import java.io.IOException;
import java.io.Writer;

/** Writes a value, escaped, into the writer it is given (a collaborator with a side effect). */
public interface Encoder {
    void encode(String value, Writer out) throws IOException;
}
