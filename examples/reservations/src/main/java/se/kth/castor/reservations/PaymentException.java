package se.kth.castor.reservations;

/** Thrown by a {@link PaymentService} when a card cannot be processed at all. */
public class PaymentException extends Exception {

    private static final long serialVersionUID = 1L;

    public PaymentException(String message) {
        super(message);
    }
}
