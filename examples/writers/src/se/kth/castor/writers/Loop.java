package se.kth.castor.writers;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * A template loop (mustache.java's `iterate` in small): each item goes to the section,
 * whose real implementation may loop again over a nested list through this same loop.
 * Those inner calls are the section's doing: the outer invocation's test, whose section
 * is a mock, never sees them.
 */
public class Loop {
    public Writer each(Section section, Writer out, List<?> items) throws IOException {
        out.write("[");
        for (Object item : items) {
            out = section.next(out, item);
        }
        out.write("]");
        return out;
    }
}
