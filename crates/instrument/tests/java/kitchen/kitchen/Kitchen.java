package kitchen;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;

/**
 * Every method shape the rewrites must handle: static and instance methods, all
 * primitive and array types, varargs, generics, synchronized methods, exceptions,
 * interface default/static/private methods, lambdas, inner and nested classes, enums,
 * switches, long/double locals, recursion and calls through interfaces.
 */
public class Kitchen {
    interface Shape {
        double area();

        default String describe() {
            return name() + " of area " + String.format("%.2f", area());
        }

        private String name() {
            return getClass().getSimpleName();
        }

        static Shape unit() {
            return new Square(1);
        }
    }

    record Square(double side) implements Shape {
        public double area() {
            return side * side;
        }
    }

    static final class Circle implements Shape {
        private final double r;

        Circle(double r) {
            this.r = r;
        }

        @Override
        public double area() {
            return Math.PI * r * r;
        }
    }

    enum Op implements IntBinaryOperator {
        PLUS {
            public int applyAsInt(int a, int b) {
                return a + b;
            }
        },
        TIMES {
            public int applyAsInt(int a, int b) {
                return a * b;
            }
        };
    }

    static abstract class Counter {
        protected int count;

        abstract void tick();

        synchronized int ticks(int n) {
            for (int i = 0; i < n; i++) {
                tick();
            }
            return count;
        }
    }

    private final List<String> log = new ArrayList<>();
    private long total;

    class Inner extends Counter {
        @Override
        void tick() {
            count++;
            total += count;
            log.add("tick" + count);
        }
    }

    static boolean not(boolean b) { return !b; }
    static byte inc(byte b) { return (byte) (b + 1); }
    static short twice(short s) { return (short) (s * 2); }
    static char next(char c) { return (char) (c + 1); }
    static int sum(int... xs) { int s = 0; for (int x : xs) s += x; return s; }
    static long mix(int a, long b, double c, float d, char e, boolean f) {
        return a + b + (long) c + (long) d + e + (f ? 1 : 0);
    }
    static float half(float f) { return f / 2; }
    static double avg(double[] xs) { double s = 0; for (double x : xs) s += x; return xs.length == 0 ? 0 : s / xs.length; }
    static int[][] grid(int n) { int[][] g = new int[n][n]; for (int i = 0; i < n; i++) g[i][i] = i; return g; }
    static <T extends Comparable<T>> T max(List<? extends T> xs) { return Collections.max(xs); }
    static String[] split(String s) { return s.split(","); }
    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static void nothing() { }

    static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        } finally {
            counter++;
        }
    }

    static int counter;

    @Retention(RetentionPolicy.RUNTIME)
    @interface Tag {
        String value();
    }

    @Deprecated(since = "test")
    @Tag("failing")
    static int fail(@Tag("x") int x) throws IllegalArgumentException {
        if (x < 0) {
            throw new IllegalArgumentException("negative: " + x);
        }
        return x;
    }

    static String classify(int x) {
        switch (x) {
            case 1: return "one";
            case 2: return "two";
            case 1000: return "thousand";
            default: return "many";
        }
    }

    static String kind(Object o) {
        return switch (o.getClass().getSimpleName()) {
            case "String" -> "text";
            case "Integer" -> "number";
            default -> "other";
        };
    }

    synchronized String record(String s) {
        log.add(s);
        return String.join("|", log);
    }

    Map<String, Integer> lengths(List<String> words) {
        Map<String, Integer> m = new TreeMap<>();
        words.forEach(w -> m.merge(w, w.length(), Integer::sum));
        return m;
    }

    Function<Integer, Integer> adder(int k) {
        return x -> x + k + (int) total;
    }

    public static void main(String[] args) throws Exception {
        StringBuilder out = new StringBuilder();
        out.append(not(true)).append(' ').append(inc((byte) 127)).append(' ').append(twice((short) 21)).append(' ')
                .append(next('a')).append(' ').append(sum()).append(' ').append(sum(1, 2, 3)).append(' ')
                .append(mix(1, 2L, 3.5, 4.5f, 'A', true)).append(' ').append(half(3f)).append(' ')
                .append(avg(new double[] {1, 2, 4})).append(' ').append(Arrays.deepToString(grid(3))).append(' ')
                .append(max(Arrays.asList("pear", "apple", "zucchini"))).append(' ')
                .append(Arrays.toString(split("a,b,c"))).append(' ').append(fib(15)).append('\n');
        nothing();
        out.append(parse("12")).append(' ').append(parse("x")).append(' ').append(counter).append('\n');
        try {
            fail(-3);
        } catch (IllegalArgumentException e) {
            out.append("caught ").append(e.getMessage()).append('\n');
        }
        out.append(fail(3)).append(' ').append(classify(2)).append(' ').append(classify(1000)).append(' ')
                .append(classify(7)).append(' ').append(kind("s")).append(' ').append(kind(1)).append(' ')
                .append(kind(1.0)).append('\n');
        List<Shape> shapes = List.of(new Square(2), new Circle(1), Shape.unit());
        for (Shape s : shapes) {
            out.append(s.describe()).append('\n');
        }
        for (Op op : Op.values()) {
            out.append(op).append('=').append(op.applyAsInt(6, 7)).append(' ');
        }
        out.append('\n');
        Kitchen k = new Kitchen();
        Inner inner = k.new Inner();
        out.append(inner.ticks(4)).append(' ').append(k.total).append(' ').append(k.record("x")).append('\n');
        out.append(k.lengths(List.of("aa", "b", "aa"))).append(' ').append(k.adder(5).apply(1)).append('\n');
        // What reflection shows must not change: wrapped methods keep their flags,
        // generic signatures, annotations, parameter annotations and throws clauses.
        List<Method> methods = new ArrayList<>(Arrays.asList(Kitchen.class.getDeclaredMethods()));
        methods.removeIf(m -> m.isSynthetic());
        methods.sort((a, b) -> a.toGenericString().compareTo(b.toGenericString()));
        for (Method m : methods) {
            out.append(m.toGenericString()).append(" varargs=").append(m.isVarArgs())
                    .append(" annotations=").append(Arrays.toString(m.getAnnotations()))
                    .append(" parameters=").append(Arrays.deepToString(m.getParameterAnnotations())).append('\n');
        }
        System.out.print(out);
    }
}
