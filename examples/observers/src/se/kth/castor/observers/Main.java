package se.kth.castor.observers;

/** The workload: labels set on nodes nobody observes, and on one a printer observes. */
public class Main {
    public static void main(String[] args) {
        int[] next = {0};
        Node quiet = new Node(() -> "n" + next[0]++);
        quiet.setLabel(new Label("first"));
        quiet.setLabel(new Label("second"));
        Node watched = new Node(() -> "w" + next[0]++);
        Printer printer = new Printer();
        watched.register(printer);
        watched.setLabel(new Label("watched"));
        System.out.print(printer.printed());
        System.out.println(quiet.setLabel(null) == quiet);
    }
}
