package acc;

/** A collaborator with a package-private method beside a public one. */
public class Config {
    int level() {
        return 1;
    }

    public String name() {
        return "config";
    }
}
