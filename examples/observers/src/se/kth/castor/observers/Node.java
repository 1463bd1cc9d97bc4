package se.kth.castor.observers;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A node with observers (JavaParser's {@code Node}): a setter tells every observer of
 * the change through {@code observers.forEach(o -> o.changed(this, …))}, then hands
 * itself to the new label. Followed, that lambda reaches every observer and takes the
 * whole node with it: its history of thousands of stamps, past the recorder's limits, so
 * the node is not recorded field by field. Not followed, the node is recorded as the
 * setter reads it, which is all the invocation used whenever no observer was registered.
 */
public class Node {
    private final List<Observer> observers = new ArrayList<>();
    private final Supplier<String> ids;
    private final List<String> history = new ArrayList<>();
    private Label label;

    public Node(Supplier<String> ids) {
        this.ids = ids;
        for (int i = 0; i < 5000; i++) {
            history.add("stamp " + i);
        }
    }

    @Override
    public String toString() {
        return id() + " (" + history.size() + " stamps)";
    }

    public void register(Observer observer) {
        observers.add(observer);
    }

    public String id() {
        return ids.get();
    }

    public Node setLabel(Label label) {
        if (label == this.label) {
            return this;
        }
        notifyChange("label", this.label, label);
        if (this.label != null) {
            this.label.setOwner(null);
        }
        this.label = label;
        if (label != null) {
            label.setOwner(this);
        }
        return this;
    }

    protected void notifyChange(String property, Object oldValue, Object newValue) {
        observers.forEach(o -> o.changed(this, property, oldValue, newValue));
    }
}
