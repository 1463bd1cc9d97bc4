package se.kth.castor.reservations;

/**
 * Sells tickets and charges them through a {@link PaymentService}.
 *
 * <p>This is the running example of the paper "Mimicking Production Behavior
 * with Generated Mocks" (Listing 1). The method under test (MUT) is
 * {@link #purchaseTickets(int, Card)}. It makes two <em>mockable method
 * calls</em>, both on the field {@code paymentService}, whose declared type
 * ({@code PaymentService}) is a project type other than
 * {@code ReservationCentre} itself:
 * <ol>
 *   <li>{@code PaymentService.checkActiveConnections()}</li>
 *   <li>{@code PaymentService.processPayment(Card, double)}</li>
 * </ol>
 * A generated test can therefore replace {@code paymentService} with a mock,
 * stub both calls with the values seen in production, and verify that they
 * happen with the same arguments, in the same order, the same number of times.
 */
public class ReservationCentre {

    /** Orders of at least this many tickets get {@link #GROUP_DISCOUNT}. */
    static final int GROUP_SIZE = 10;
    static final double GROUP_DISCOUNT = 0.10;

    private final PaymentService paymentService;
    private final double basePrice;
    private int availableTickets;

    public ReservationCentre(PaymentService paymentService, double basePrice, int availableTickets) {
        this.paymentService = paymentService;
        this.basePrice = basePrice;
        this.availableTickets = availableTickets;
    }

    /**
     * Buys {@code quantity} tickets and charges them to {@code card}.
     *
     * @return {@code true} if the tickets were paid for and reserved;
     *         {@code false} if there are not enough tickets left, no
     *         connection to the payment network, or the payment was declined
     * @throws IllegalArgumentException if {@code quantity} is not positive
     * @throws PaymentException if the payment service rejects the card outright
     */
    public boolean purchaseTickets(int quantity, Card card) throws PaymentException {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive, was " + quantity);
        }
        if (quantity > availableTickets) {
            // Returns without any mockable method call.
            return false;
        }
        double amount = basePrice * quantity;
        if (quantity >= GROUP_SIZE) {
            amount = amount * (1 - GROUP_DISCOUNT);
        }
        // Mockable method call #1: on the field paymentService (type PaymentService)
        if (paymentService.checkActiveConnections() > 0) {
            // Mockable method call #2: on the same field; may throw PaymentException,
            // which propagates to the caller.
            boolean isPaymentSuccessful = paymentService.processPayment(card, amount);
            if (isPaymentSuccessful) {
                availableTickets -= quantity;
            }
            return isPaymentSuccessful;
        }
        return false;
    }

    public int getAvailableTickets() {
        return availableTickets;
    }

    public double getBasePrice() {
        return basePrice;
    }
}
