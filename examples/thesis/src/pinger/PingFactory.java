package pinger;

/** The thesis's process-interaction example (its Listing 23): makes pingers and readers. */
public class PingFactory {
    public Pinger makePinger() { return new Pinger(); }
    public ProcessReader makeProcessReader() { return new ProcessReader(); }
}
