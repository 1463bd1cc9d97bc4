package se.kth.castor.library;

/** Charges late fees on a few loans, on a clock that moves one day per question. */
public class Main {
    public static void main(String[] args) {
        int[] day = {100};
        Clock clock = () -> day[0]++;
        Library library = new Library(new Branch("Central", new Policy(new Rates(25, 500, 2), new Rates[] {new Rates(30, 600, 1), new Rates(20, 450, 3)}, "2020-01-01")), clock);
        Book book = new Book("Dune", "Herbert", 1965);
        int[] dues = {99, 95, 60, 101};
        for (int due : dues) {
            System.out.println("due " + due + ": " + library.lateFee(new Loan(book, due)));
        }
        System.out.println(library.rateCard());
        System.out.println("daily today: " + library.seasonalDaily());
        Library sister = new Library(new Branch("North", new Policy(new Rates(20, 400, 5), new Rates[0], "2021-06-01")), clock);
        java.io.ByteArrayOutputStream report = new java.io.ByteArrayOutputStream();
        Network network = new Network() {
            public Library library(String name) {
                return sister;
            }

            public void publish(String branch, java.io.OutputStream out) {
                System.out.println("published " + branch);
            }
        };
        System.out.println("grace days at North: " + library.graceDaysAt(network, "North"));
        library.publish(network, report);
        library.post("Closed on Sundays");
        System.out.println(library.notice());
        System.out.println(library.size() + " books");
    }
}
