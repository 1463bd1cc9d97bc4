package test6;

/** Calls {@code A.change(args[0])}; run with {@code 15} it dies of A's bug. */
public class Main {
    public static void main(String[] args) {
        int i = new A().change(args[0]);
        System.out.println("Out: " + Integer.toString(i));
    }
}
