package reads;

/** Built through a JDK superclass's constructor. */
public class Note extends Exception {
    private final Book book;

    Note(Book book) {
        super("note");
        this.book = book;
    }

    int pages() {
        return book.chapters.count;
    }
}
