package chains;

/** Takes what it is given. */
public class Sink {
    public void take(Session s) { }
}
