package chains;

/**
 * Methods whose mockable calls return objects they go on using: some only call them or
 * hand them to other mocked calls (a test can mock them), others let them escape.
 */
public class Reader {
    private Store store;
    private Session kept;

    /** A chain of chains: the session and its row are both only called. */
    public String firstText(String name) {
        Session s = store.open(name);
        Row r = s.first();
        s.close();
        return r.text();
    }

    /** The session is called inside a try block whose handler never reads it. */
    public int guarded(String name) {
        try {
            Session s = store.open(name);
            s.close();
            return 1;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** A cast names the subtype the calls are made on. */
    public String cast() {
        Session s = (Session) store.raw();
        return s.first().text();
    }

    /** The session is passed to another mockable call, and so is the store. */
    public void passed(Sink sink) {
        Session s = store.open("x");
        sink.take(s);
    }

    /** Escapes: stored in a field. */
    public void stores() {
        kept = store.open("a");
        kept.close();
    }

    /** Escapes: returned. */
    public Session returns() {
        Session s = store.open("b");
        s.close();
        return s;
    }

    /** Escapes: its field is read. */
    public int readsField() {
        Session s = store.open("c");
        s.close();
        return s.count;
    }

    /** Escapes: passed to a method that is not mocked. */
    public int printed() {
        Session s = store.open("d");
        s.close();
        return String.valueOf(s).length();
    }

    /** Escapes: merged with another value, then called. */
    public void merged(boolean fresh) {
        Session s = fresh ? store.open("e") : kept;
        s.close();
    }
}
