package chains;

/** What a Store opens. */
public class Session {
    public int count;
    public Row first() { return new Row(); }
    public void close() { }
}
