package se.kth.castor.lazy;

/**
 * A stage that initialises itself with the registry it is run with and then finds its
 * filter through the field {@code init} set (Velocity's directives: {@code super.init(rs)}
 * stores {@code rsvc}, then {@code rsvc.getParserConfiguration()}): the calls on the field
 * are made on the argument, so a test stubs them on the argument's mock.
 */
public class Stage extends Step {
    private final String name;

    public Stage(String name) {
        this.name = name;
    }

    public String run(Registry registry, String input) {
        if (registry.filter(name) == null) {
            return input;
        }
        init(registry);
        return this.registry.filter(name).apply(input) + "!";
    }
}
