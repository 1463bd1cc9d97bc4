package se.kth.castor.writers;

import java.io.IOException;
import java.io.Writer;

/** Renders one item of a loop into the writer and hands the writer back. */
public interface Section {
    Writer next(Writer out, Object item) throws IOException;
}
