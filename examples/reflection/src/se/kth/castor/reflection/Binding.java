package se.kth.castor.reflection;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Reads a value from a scope through a reflection object it holds (mustache.java's
 * {@code GuardedBinding} and {@code ReflectionWrapper} in small): a {@code Method}, a
 * {@code Field} or a {@code Constructor}, recorded by what names them and found again by
 * the test.
 */
public class Binding {
    private final Guard guard;
    private final Method getter;
    private final Field field;
    private final Constructor<?> maker;

    public Binding(Guard guard, Method getter, Field field, Constructor<?> maker) {
        this.guard = guard;
        this.getter = getter;
        this.field = field;
        this.maker = maker;
    }

    public Object get(Object scope) throws ReflectiveOperationException {
        if (!guard.accepts(scope)) {
            return null;
        }
        if (getter != null) {
            return getter.getParameterCount() == 0 ? getter.invoke(scope) : getter.invoke(scope, "Hello", 2);
        }
        if (field != null) {
            return field.get(scope);
        }
        return maker.newInstance(scope.toString(), 1);
    }
}
