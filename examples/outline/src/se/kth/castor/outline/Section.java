package se.kth.castor.outline;

import java.util.ArrayList;
import java.util.List;

/** A titled section with the comments above it and its subsections. */
public class Section {
    private final String title;
    private final List<String> notes;
    private final List<Section> children = new ArrayList<>();

    public Section(String title, List<String> notes) {
        this.title = title;
        this.notes = notes;
    }

    public void add(Section child) {
        children.add(child);
    }

    @Override
    public String toString() {
        return title + (notes.isEmpty() ? "" : " " + notes) + (children.isEmpty() ? "" : " " + children);
    }
}
