package chains;

/** A collaborator whose results are objects the caller goes on using. */
public class Store {
    public Session open(String name) { return new Session(); }
    public Object raw() { return new Session(); }
}
