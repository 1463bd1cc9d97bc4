package se.kth.castor.writers;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The methods under test: their collaborators write into the writer or builder they are
 * passed, and one returns the builder it was given. A test whose mocks did nothing would
 * see none of that text.
 */
public class Renderer {
    private final Encoder encoder;
    private final Separator separator;

    public Renderer(Encoder encoder, Separator separator) {
        this.encoder = encoder;
        this.separator = separator;
    }

    public Writer render(Writer out, List<String> values) throws IOException {
        out.write("<ul>");
        for (String v : values) {
            out.write("<li>");
            encoder.encode(v, out);
            out.write("</li>");
        }
        out.write("</ul>");
        return out;
    }

    public String join(List<String> values) throws IOException {
        StringBuilder text = new StringBuilder("(");
        for (int i = 0; i < values.size(); i++) {
            text.append(values.get(i));
            text = separator.after(text, i);
        }
        return text.append(')').toString();
    }
}
