package se.kth.castor.observers;

/** Prints every change: it hands the node to the JDK ({@code append(Object)}), which reads it whole. */
public class Printer implements Observer {
    private final StringBuilder out = new StringBuilder();

    @Override
    public void changed(Node node, String property, Object oldValue, Object newValue) {
        out.append(node).append('.').append(property).append(": ")
                .append(oldValue).append(" -> ").append(newValue).append('\n');
    }

    public String printed() {
        return out.toString();
    }
}
