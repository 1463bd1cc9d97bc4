package abc;

/** ABC: asks its argument A and adds one. */
public class B {
    public int makes_a_almost_nice_call(A a) {
        return 1 + a.makes_a_nice_call();
    }
}
