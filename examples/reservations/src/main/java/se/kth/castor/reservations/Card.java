package se.kth.castor.reservations;

import java.util.Objects;

/** A payment card: an immutable value object. */
public final class Card {

    private final String number;
    private final String holder;
    private final int expiryYear;
    private final int expiryMonth;

    public Card(String number, String holder, int expiryYear, int expiryMonth) {
        if (expiryMonth < 1 || expiryMonth > 12) {
            throw new IllegalArgumentException("expiry month out of range: " + expiryMonth);
        }
        this.number = Objects.requireNonNull(number, "number");
        this.holder = Objects.requireNonNull(holder, "holder");
        this.expiryYear = expiryYear;
        this.expiryMonth = expiryMonth;
    }

    public String getNumber() {
        return number;
    }

    public String getHolder() {
        return holder;
    }

    public int getExpiryYear() {
        return expiryYear;
    }

    public int getExpiryMonth() {
        return expiryMonth;
    }

    /** The card number with all but the last four digits hidden, e.g. {@code ****1111}. */
    public String masked() {
        int visible = Math.min(4, number.length());
        return "****" + number.substring(number.length() - visible);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Card)) {
            return false;
        }
        Card other = (Card) o;
        return expiryYear == other.expiryYear
                && expiryMonth == other.expiryMonth
                && number.equals(other.number)
                && holder.equals(other.holder);
    }

    @Override
    public int hashCode() {
        return Objects.hash(number, holder, expiryYear, expiryMonth);
    }

    @Override
    public String toString() {
        return String.format("Card[%s, %s, %02d/%d]", masked(), holder, expiryMonth, expiryYear);
    }
}
