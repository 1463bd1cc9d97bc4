package se.kth.castor.outline;

/**
 * Reads an indented outline. Its private helper calls the comment collector fluently
 * ({@code comments.collect().consume()}) and drops the collector's answer elsewhere, as
 * SnakeYAML's composer does: the answer is the collector itself, which holds the reader.
 */
public class Outline {
    private final Lines lines;
    private final Comments comments;

    public Outline(Lines lines, Comments comments) {
        this.lines = lines;
        this.comments = comments;
    }

    public Section read() {
        comments.collect();
        if (!lines.hasNext()) {
            return null;
        }
        return section(indent(lines.peek()));
    }

    private Section section(int depth) {
        java.util.List<String> notes = comments.collect().consume();
        Section section = new Section(lines.next().trim(), notes);
        while (true) {
            comments.collect();
            if (!lines.hasNext() || indent(lines.peek()) <= depth) {
                return section;
            }
            section.add(section(indent(lines.peek())));
        }
    }

    private static int indent(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return n;
    }
}
