package se.kth.castor.reservations;

import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A deterministic, in-memory {@link PaymentService}: no network, no clock,
 * no randomness.
 *
 * <p>It knows a fixed set of accounts (card number to balance in cents),
 * compares expiry dates against a fixed "current month" given at
 * construction, and lets the caller open and close connections to simulate
 * an outage.
 */
public class SimulatedPaymentGateway implements PaymentService {

    private final YearMonth currentMonth;
    private final Map<String, Long> balancesInCents = new LinkedHashMap<>();
    private int activeConnections;

    public SimulatedPaymentGateway(YearMonth currentMonth, int activeConnections) {
        this.currentMonth = currentMonth;
        this.activeConnections = activeConnections;
    }

    /** Registers an account that cards with this number are charged to. */
    public void openAccount(String cardNumber, long balanceInCents) {
        balancesInCents.put(cardNumber, balanceInCents);
    }

    public long balanceInCents(String cardNumber) {
        return balancesInCents.getOrDefault(cardNumber, 0L);
    }

    /** Simulates a network outage: every connection drops. */
    public void disconnectAll() {
        activeConnections = 0;
    }

    public void connect(int connections) {
        activeConnections += connections;
    }

    @Override
    public int checkActiveConnections() {
        return activeConnections;
    }

    @Override
    public boolean processPayment(Card card, double amount) throws PaymentException {
        if (!passesLuhnCheck(card.getNumber())) {
            throw new PaymentException("malformed card number " + card.masked());
        }
        Long balance = balancesInCents.get(card.getNumber());
        if (balance == null) {
            throw new PaymentException("unknown card " + card.masked());
        }
        YearMonth expiry = YearMonth.of(card.getExpiryYear(), card.getExpiryMonth());
        if (expiry.isBefore(currentMonth)) {
            return false;
        }
        long cents = Math.round(amount * 100);
        if (cents > balance) {
            return false;
        }
        balancesInCents.put(card.getNumber(), balance - cents);
        return true;
    }

    /** The Luhn checksum that real card numbers satisfy. */
    static boolean passesLuhnCheck(String number) {
        if (number.isEmpty()) {
            return false;
        }
        int sum = 0;
        boolean doubleIt = false;
        for (int i = number.length() - 1; i >= 0; i--) {
            char c = number.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            int digit = c - '0';
            if (doubleIt) {
                digit *= 2;
                if (digit > 9) {
                    digit -= 9;
                }
            }
            sum += digit;
            doubleIt = !doubleIt;
        }
        return sum % 10 == 0;
    }
}
