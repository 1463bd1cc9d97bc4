package abc;

/** ABC: holds an A and a B and asks B about A; a low answer is an error. */
public class C {
    private final B b;
    private final A a;

    public C(A a, B b) {
        this.a = a;
        this.b = b;
    }

    public int callsBWithA() throws Exception {
        int answer = b.makes_a_almost_nice_call(a);
        if (answer < 42) {
            throw new Exception("Not really a good answer");
        }
        return answer;
    }
}
