package test6;

/**
 * The thesis's test6 with its bug: {@code Integer.getInteger} looks up a system property
 * rather than parsing, so {@code change("15")} throws a NullPointerException.
 */
public class A {
    public int change(String a) {
        int i = Integer.getInteger(a);
        i *= 100;
        return i;
    }
}
