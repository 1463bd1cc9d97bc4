package se.kth.castor.lazy;

/**
 * Applies a named filter, found in the registry the first time and kept (Pebble's
 * {@code FilterExpression} in small): on the first run the filter the registry answers is
 * stored in the field and then called, so a test answers the lookup with a mock and stubs
 * the call on it; on later runs the field already holds it.
 */
public class Pipe {
    private final String name;
    private Filter filter;

    public Pipe(String name) {
        this.name = name;
    }

    public String run(Registry registry, String input) {
        if (filter == null) {
            filter = registry.filter(name);
        }
        return "<" + filter.apply(input) + ">";
    }
}
