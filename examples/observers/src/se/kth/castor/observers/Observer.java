package se.kth.castor.observers;

/** Told of every change to a node's properties (JavaParser's {@code AstObserver} in small). */
public interface Observer {
    void changed(Node node, String property, Object oldValue, Object newValue);
}
