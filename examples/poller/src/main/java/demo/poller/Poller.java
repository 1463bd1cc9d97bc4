package demo.poller;

/** Waits for a source, then reads it. */
public class Poller {
    private final Source source;

    public Poller(Source source) {
        this.source = source;
    }

    /** Spins until the source is ready (no timeout: the flaw a verifier must survive). */
    public String await() {
        while (!source.ready()) {
            Thread.onSpinWait();
        }
        return source.read();
    }

    /** Gives up with the application's own exit code when the source is not ready. */
    public String readOrExit() {
        if (!source.ready()) {
            System.exit(1);
        }
        return source.read();
    }
}
