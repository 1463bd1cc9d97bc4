package se.kth.castor.observers;

/** A node's label, which knows the node it labels. */
public class Label {
    private final String text;
    private Node owner;

    public Label(String text) {
        this.text = text;
    }

    public void setOwner(Node owner) {
        this.owner = owner;
    }

    public Node getOwner() {
        return owner;
    }

    @Override
    public String toString() {
        return text;
    }
}
