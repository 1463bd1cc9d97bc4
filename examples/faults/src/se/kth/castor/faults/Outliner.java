package se.kth.castor.faults;

import java.util.List;

/**
 * An outliner that prints a tree through a recursive helper: the helper's calls on its
 * node are, to the plan, calls on the method's argument, but below the root they are made
 * on the children (SnakeYAML's `serializeNode`). Only the root's calls are the argument's:
 * the test's mock of the root answers its `children()` with the recorded children, whose
 * own calls run for real.
 */
public final class Outliner {
    /** A labelled node with children. */
    public static class Item {
        private final String label;
        private final List<Item> children;

        public Item(String label, List<Item> children) {
            this.label = label;
            this.children = children;
        }

        public String label() {
            return label;
        }

        public List<Item> children() {
            return children;
        }
    }

    /** How deep levels are set off. */
    public static class Style {
        public String indent() {
            return "  ";
        }
    }

    private final Style style;

    public Outliner(Style style) {
        this.style = style;
    }

    public String print(Item root) {
        StringBuilder out = new StringBuilder();
        walk(root, 0, style.indent(), out);
        return out.toString();
    }

    private void walk(Item node, int depth, String indent, StringBuilder out) {
        out.append(indent.repeat(depth)).append(node.label()).append('\n');
        for (Item child : node.children()) {
            walk(child, depth + 1, indent, out);
        }
    }
}
