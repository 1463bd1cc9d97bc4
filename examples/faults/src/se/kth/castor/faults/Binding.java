package se.kth.castor.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A binding that asks its handler for a wrapper of the scopes, keeps the wrapper and has
 * it read the value, which the handler coerces (mustache.java's `GuardedBinding`). The
 * wrapper's guard asks the same handler to coerce the scope first, code a test runs for
 * real on the mock: `coerce` handed back its argument in every recorded call, so the
 * test's stub does so for any argument (a mock's `null` failed the guard).
 */
public final class Binding {
    /** Finds wrappers; coerces values (here: leaves them as they are). */
    public static class Handler {
        public Wrapper find(String name, List<Object> scopes) {
            return new Wrapper(this, name);
        }

        public Object coerce(Object value) {
            return value;
        }

        /** An overload a bare `any()` would pick (JDOM's `Filter.filter(List)`). */
        public List<Object> coerce(List<?> values) {
            return new ArrayList<>(values);
        }
    }

    /** Reads a name from the first scope, once its guard finds a map there. */
    public static final class Wrapper {
        private final Handler handler;
        private final String name;

        Wrapper(Handler handler, String name) {
            this.handler = handler;
            this.name = name;
        }

        Object read(List<Object> scopes) {
            Object scope = handler.coerce(scopes.get(0));
            if (!(scope instanceof Map)) {
                throw new IllegalStateException("guard failed for " + name);
            }
            return ((Map<?, ?>) scope).get(name);
        }
    }

    private final Handler handler;
    private final String name;
    private final List<Wrapper> seen = new ArrayList<>();

    public Binding(Handler handler, String name) {
        this.handler = handler;
        this.name = name;
    }

    public Object get(List<Object> scopes) {
        Wrapper wrapper = handler.find(name, scopes);
        seen.add(wrapper);
        return handler.coerce(wrapper.read(scopes));
    }
}
