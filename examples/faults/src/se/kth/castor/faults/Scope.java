package se.kth.castor.faults;

import java.util.HashMap;
import java.util.Map;

/** A scope of names inside another ({@link Scopes}). */
public class Scope {
    private final Scope parent;
    private final Map<String, String> names = new HashMap<>();

    public Scope(Scope parent) {
        this.parent = parent;
    }

    public Scope define(String name, String value) {
        names.put(name, value);
        return this;
    }

    public String lookup(String name) {
        return names.get(name);
    }

    public Scope parent() {
        return parent;
    }
}
