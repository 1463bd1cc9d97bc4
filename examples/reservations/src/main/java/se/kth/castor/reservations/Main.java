package se.kth.castor.reservations;

import java.time.YearMonth;

/**
 * A small, deterministic "production" workload for {@link ReservationCentre}.
 *
 * <p>It calls {@link ReservationCentre#purchaseTickets(int, Card)} with a mix
 * of inputs that drive every path through the method and prints one summary
 * line per call.
 */
public final class Main {

    static final Card ALICE = new Card("4111111111111111", "Alice Andersson", 2026, 12);
    /** Valid, but with little money on the account. */
    static final Card BOB = new Card("5500005555555559", "Bob Berg", 2025, 1);
    static final Card CAROL = new Card("4012888888881881", "Carol Carlsson", 2027, 9);
    /** Expired before the gateway's current month: declined. */
    static final Card ERIK = new Card("378282246310005", "Erik Ek", 2023, 3);
    /** Fails the Luhn check: the gateway throws. */
    static final Card MALFORMED = new Card("1234567812345678", "Mallory Malm", 2027, 5);
    /** Well-formed but without an account: the gateway throws. */
    static final Card UNKNOWN = new Card("4242424242424242", "Dave Dahl", 2028, 8);

    private final SimulatedPaymentGateway gateway;
    private final ReservationCentre centre;
    private int callNumber;

    private Main() {
        // The gateway's notion of "now" is fixed, so card expiry never depends on the clock.
        gateway = new SimulatedPaymentGateway(YearMonth.of(2024, 6), 3);
        gateway.openAccount(ALICE.getNumber(), 500_00);
        gateway.openAccount(BOB.getNumber(), 30_00);
        gateway.openAccount(CAROL.getNumber(), 1_000_00);
        gateway.openAccount(ERIK.getNumber(), 200_00);
        // 21.12 per ticket, so two tickets cost 42.24 as in the paper's Listing 2.
        centre = new ReservationCentre(gateway, 21.12, 40);
    }

    public static void main(String[] args) {
        new Main().run();
    }

    private void run() {
        purchase("paper example", 2, ALICE);
        purchase("single ticket", 1, BOB);
        purchase("insufficient funds", 1, BOB);
        purchase("expired card", 3, ERIK);
        purchase("several tickets", 4, ALICE);
        purchase("malformed card number", 1, MALFORMED);
        purchase("unknown card", 2, UNKNOWN);
        purchase("zero quantity", 0, ALICE);
        purchase("negative quantity", -3, ERIK);

        gateway.disconnectAll();
        purchase("no active connections", 2, ALICE);
        gateway.connect(2);

        purchase("group discount", 12, CAROL);
        purchase("more than available", 50, CAROL);
        purchase("group discount", 10, ALICE);
        purchase("last tickets", 11, CAROL);
        purchase("sold out", 1, ALICE);

        System.out.printf("done: %d calls, %d tickets left%n", callNumber, centre.getAvailableTickets());
        for (Card card : new Card[] {ALICE, BOB, CAROL, ERIK}) {
            System.out.printf("balance %s: %d cents%n", card.masked(), gateway.balanceInCents(card.getNumber()));
        }
    }

    private void purchase(String scenario, int quantity, Card card) {
        callNumber++;
        String outcome;
        try {
            outcome = String.valueOf(centre.purchaseTickets(quantity, card));
        } catch (PaymentException | IllegalArgumentException e) {
            outcome = "threw " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        System.out.printf("[%02d] %-22s purchaseTickets(%d, %s) -> %s; tickets left: %d%n",
                callNumber, scenario, quantity, card.masked(), outcome, centre.getAvailableTickets());
    }
}
