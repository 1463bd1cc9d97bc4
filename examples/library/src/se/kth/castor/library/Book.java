package se.kth.castor.library;

/** A catalog entry. */
public class Book {
    final String title;
    final String author;
    final int year;

    Book(String title, String author, int year) {
        this.title = title;
        this.author = author;
        this.year = year;
    }
}
