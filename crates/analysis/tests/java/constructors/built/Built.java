package built;

/** A constructor that stores one collaborator, makes another, and calls both. */
public class Built {
    private static final Service LOG = new Service();
    private final Service given;
    private final Service own;
    private final String name;

    public Built(Service given, String name) {
        this.given = given;
        this.own = new Service();
        this.name = name;
        own.ping();
        given.ping();
        check();
    }

    private void check() {
        given.ping();
        own.ping();
    }

    /** Its only call is on a static final field, which no test can replace. */
    public void log() {
        LOG.ping();
    }

    public String name() {
        return name;
    }
}
