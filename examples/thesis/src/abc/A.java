package abc;

/** ABC (the thesis's Listing 19): answers 42. */
public class A {
    public int makes_a_nice_call() {
        return 42;
    }
}
