package se.kth.castor.faults;

import java.util.EnumSet;
import java.util.Set;

/**
 * The section being written, whose parent lists it among its children (a cycle through
 * an array), and the styles in use (an {@code EnumSet}, whose classes are not public).
 */
public class Outline {
    public enum Style { BOLD, ITALIC, CODE }

    /** Renders a heading line. */
    public interface Renderer {
        String render(String heading);
    }

    public static class Section {
        final String title;
        Section parent;
        Section[] children = new Section[0];

        Section(String title) {
            this.title = title;
        }

        Section add(String childTitle) {
            Section child = new Section(childTitle);
            child.parent = this;
            Section[] more = java.util.Arrays.copyOf(children, children.length + 1);
            more[children.length] = child;
            children = more;
            return child;
        }
    }

    private final Section current;
    private final Set<Style> styles = EnumSet.of(Style.BOLD, Style.CODE);
    private final Renderer renderer;

    public Outline(Renderer renderer, String book, String chapter) {
        this.renderer = renderer;
        this.current = new Section(book).add(chapter);
    }

    public String heading() {
        Section parent = current.parent;
        String position = (java.util.Arrays.asList(parent.children).indexOf(current) + 1) + " of " + parent.children.length;
        return renderer.render(parent.title + " / " + current.title + " (" + position + ") " + styles.contains(Style.BOLD));
    }
}
