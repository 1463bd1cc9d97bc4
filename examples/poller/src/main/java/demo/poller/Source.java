package demo.poller;

/** Something that becomes ready and can then be read. */
public interface Source {
    boolean ready();

    String read();
}
