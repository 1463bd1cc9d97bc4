package built;

/** A collaborator. */
public class Service {
    public void ping() { }
}
