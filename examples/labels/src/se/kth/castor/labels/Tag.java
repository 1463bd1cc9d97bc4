package se.kth.castor.labels;

/**
 * An element with a name and labels. Its labels are null until one is added: a
 * method that finds them null must see null in its test too, not a mock.
 */
public class Tag extends Node {
    private final String name;
    private Labels labels;

    public Tag(String name) {
        this.name = name;
    }

    @Override
    protected Labels labels() {
        if (labels == null) {
            labels = new Labels();
        }
        return labels;
    }

    @Override
    protected boolean hasLabels() {
        return labels != null;
    }

    public Tag label(String label) {
        labels().add(label);
        return this;
    }

    /** Is `label` among this tag's labels? False for a tag that never had one. */
    public boolean hasLabel(String label) {
        if (labels == null) {
            return false;
        }
        return labels.contains(label);
    }

    /**
     * Removes every label (the superclass walks them through {@link #labels()}, the same
     * object this method asks for its size), and forgets the empty set.
     */
    @Override
    public Tag clearLabels() {
        if (labels != null) {
            super.clearLabels();
            if (labels.size() == 0) {
                labels = null;
            }
        }
        return this;
    }

    @Override
    public String toString() {
        return name + (labels == null ? "" : "#" + labels.size());
    }
}
