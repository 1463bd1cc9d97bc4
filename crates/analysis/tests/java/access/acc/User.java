package acc;

/** Calls both methods of its collaborator. */
public class User {
    public int use(Config config) {
        return config.level() + config.name().length();
    }
}
