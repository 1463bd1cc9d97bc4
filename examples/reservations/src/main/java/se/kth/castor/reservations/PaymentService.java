package se.kth.castor.reservations;

/**
 * The payment gateway that {@link ReservationCentre} talks to.
 *
 * <p>This is the "external type" of the paper's running example: a
 * {@code ReservationCentre} holds a {@code PaymentService} in a field, so
 * the calls it makes on that field are mockable method calls. Both
 * methods return primitives, so their production return values can be
 * replayed as stubs in a generated test.
 */
public interface PaymentService {

    /** Returns how many connections to the payment network are open right now. */
    int checkActiveConnections();

    /**
     * Charges {@code amount} to {@code card}.
     *
     * @return {@code true} if the payment went through, {@code false} if it
     *         was declined (expired card, insufficient funds)
     * @throws PaymentException if the card cannot be processed at all
     *         (malformed or unknown card number)
     */
    boolean processPayment(Card card, double amount) throws PaymentException;
}
