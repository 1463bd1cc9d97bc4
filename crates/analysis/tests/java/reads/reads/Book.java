package reads;

/**
 * Hands itself to the constructors of objects it creates (PDFBox's
 * `new PDDocumentCatalog(this)`): what those objects then read of it is what the method
 * uses, not the whole book.
 */
public class Book {
    Header header;
    Chapters chapters;
    Index index;
    String title;
    long[] pages = new long[1024];

    /** A cached view built from this, stored and returned. */
    public Index index() {
        if (index == null) {
            index = new Index(this);
        }
        return index;
    }

    /** A view built from this, asked for a count that reads through it. */
    public int chapterCount() {
        return new Index(this).count();
    }

    /** A view built from this, handed to the JDK: anything of the book may be read. */
    public String described() {
        return String.valueOf(new Index(this));
    }

    /** A view made by a private factory, then asked for a count. */
    public int viaFactory() {
        return makeIndex().count();
    }

    private Index makeIndex() {
        return new Index(this);
    }

    /** The cached view, through the method that caches it. */
    public int cachedCount() {
        return index().count();
    }

    /** An object whose superclass is the JDK's (its constructor gets the object, not the book). */
    public int noted() {
        return new Note(this).pages();
    }

    /** The view a helper that always throws cached before it threw. */
    public int afterFailure() {
        try {
            cacheAndFail();
        } catch (IllegalStateException e) {
            // The view is cached all the same.
        }
        return index.count();
    }

    private void cacheAndFail() {
        index = new Index(this);
        throw new IllegalStateException("failed after caching");
    }
}
