package se.kth.castor.faults;

import java.lang.reflect.Constructor;

/** Builds values of named kinds through the constructors its registry finds. */
public class Factory {
    private final Registry registry;

    public Factory(Registry registry) {
        this.registry = registry;
    }

    public String make(String kind) throws ReflectiveOperationException {
        Constructor<?> constructor = registry.constructorOf(kind);
        if (constructor == null && kind.equals("stop")) {
            throw new Halt(kind);
        }
        if (constructor == null) {
            return "unknown kind " + kind;
        }
        return kind + " -> " + constructor.newInstance().getClass().getSimpleName();
    }
}
