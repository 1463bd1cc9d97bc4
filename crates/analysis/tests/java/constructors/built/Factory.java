package built;

/** Where the project builds Built objects. */
public class Factory {
    public Built make(String name) {
        return new Built(new Service(), name);
    }
}
