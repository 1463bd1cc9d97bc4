package se.kth.castor.outline;

import java.util.ArrayList;
import java.util.List;

/** Gathers the comment lines ahead of what is read next; {@code collect()} is fluent. */
public class Comments {
    private final Lines lines;
    private final List<String> pending = new ArrayList<>();

    public Comments(Lines lines) {
        this.lines = lines;
    }

    public Comments collect() {
        while (lines.hasNext() && lines.peek().trim().startsWith("#")) {
            pending.add(lines.next().trim().substring(1).trim());
        }
        return this;
    }

    public List<String> consume() {
        List<String> out = new ArrayList<>(pending);
        pending.clear();
        return out;
    }
}
