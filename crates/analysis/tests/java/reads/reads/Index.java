package reads;

/** Keeps the book it was made from and reads it later. */
public class Index {
    private final Book book;
    private final int version;

    Index(Book book) {
        this.book = book;
        this.version = book.header.version;
    }

    int count() {
        return book.chapters.count + version;
    }
}
