package se.kth.castor.library;

/** A book on loan until day {@code due}. */
public class Loan {
    final Book book;
    final int due;

    Loan(Book book, int due) {
        this.book = book;
        this.due = due;
    }
}
