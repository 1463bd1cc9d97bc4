package mimic.mutate;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The basic state of a value (Reneri's: the value of a primitive, boxed value, string or
 * enum; null or not; the size of an array, collection or map) and, for another object,
 * the basic state of each of its instance fields, one level deep. Written as
 * {@code <prefix> <path>=<value>} lines. An exception also has its message (as the
 * pseudo-field {@code message}, read with {@code Throwable.getMessage()} when its class
 * does not override it). Nothing here calls the program's own methods ({@code toString},
 * {@code equals}), only JDK value types'.
 */
final class State {
    private State() {
    }

    static void describe(List<String> out, String prefix, Object value, boolean withFields) {
        String basic = basic(value);
        out.add(prefix + " =" + basic);
        if (!withFields || value == null || basic.charAt(0) != '<') {
            return;
        }
        Class<?> c = value.getClass();
        if (value instanceof Throwable) {
            // Its message lives in a JDK field: read it the way a test would.
            out.add(prefix + " .message=" + basic(message((Throwable) value)));
        }
        if (c.isArray() || isJdk(c)) {
            return;
        }
        for (Field f : FIELDS.get(c)) {
            Object v;
            try {
                v = f.get(value);
            } catch (RuntimeException | IllegalAccessException e) {
                continue;
            }
            out.add(prefix + " ." + f.getName() + "=" + basic(v));
        }
    }

    /**
     * The instance fields of a class and its superclasses up to the JDK's, made
     * accessible once per class (reflection on every observation was most of its cost).
     */
    private static final ClassValue<Field[]> FIELDS = new ClassValue<Field[]>() {
        @Override
        protected Field[] computeValue(Class<?> c) {
            List<Field> fields = new java.util.ArrayList<>();
            for (Class<?> k = c; k != null && !isJdk(k); k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) {
                        continue;
                    }
                    try {
                        f.setAccessible(true);
                    } catch (RuntimeException e) {
                        continue;
                    }
                    fields.add(f);
                }
            }
            return fields.toArray(new Field[0]);
        }
    };

    /** A value's basic state; another object is {@code <its class>}. */
    static String basic(Object v) {
        if (v == null) {
            return "null";
        }
        Class<?> c = v.getClass();
        // A program's own Number subclass is described like any object: its toString
        // is program code.
        if (v instanceof String || v instanceof Boolean || v instanceof Character
                || (v instanceof Number && isJdk(c))) {
            return c.getSimpleName() + ":" + v;
        }
        if (v instanceof Enum<?>) {
            return c.getName() + "." + ((Enum<?>) v).name();
        }
        if (c.isArray()) {
            return "<" + c.getSimpleName() + "> length " + Array.getLength(v);
        }
        if (v instanceof Collection<?> && isJdk(c)) {
            return "<" + c.getName() + "> size " + ((Collection<?>) v).size();
        }
        if (v instanceof Map<?, ?> && isJdk(c)) {
            return "<" + c.getName() + "> size " + ((Map<?, ?>) v).size();
        }
        return "<" + name(c) + ">";
    }

    /**
     * A class's name as runs can compare it: a lambda's hidden class
     * ({@code Foo$$Lambda$429/0x00007f…}) named after its host only, the same in every JVM.
     */
    private static String name(Class<?> c) {
        String n = c.getName();
        int lambda = n.indexOf("$$Lambda");
        return lambda < 0 ? n : n.substring(0, lambda + "$$Lambda".length());
    }

    /** An exception's basic state: its class and its message. */
    static String thrown(Throwable t) {
        String message = message(t);
        return "<" + t.getClass().getName() + ">"
                + (message == null ? "" : " " + message.replace('\n', ' '));
    }

    /**
     * {@code t.getMessage()}, or null when it fails or when the exception's class overrides
     * it (then it is program code, or a mock's, whose interactions a test may verify).
     */
    private static String message(Throwable t) {
        try {
            if (t.getClass().getMethod("getMessage").getDeclaringClass() != Throwable.class) {
                return null;
            }
            return t.getMessage();
        } catch (RuntimeException | NoSuchMethodException e) {
            return null;
        }
    }

    private static boolean isJdk(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.")
                || n.startsWith("sun.") || n.startsWith("com.sun.");
    }
}
