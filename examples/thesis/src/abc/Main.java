package abc;

/** The thesis's first example (ABC): C asks B, which asks A. */
public class Main {
    public static void main(String[] args) throws Exception {
        A a = new A();
        B b = new B();
        C c = new C(a, b);
        c.callsBWithA();
        System.out.println("Everything went better than expected");
    }
}
