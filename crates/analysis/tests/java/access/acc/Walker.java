package acc;

/** A method a subclass overrides and calls again through super. */
public class Walker {
    public int walk(Config config) {
        return config.name().length();
    }
}
