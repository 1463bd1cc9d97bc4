package se.kth.castor.lazy;

/** A step of a pipeline: it keeps the registry it is initialised with (a lifecycle {@code init}). */
public abstract class Step {
    protected Registry registry;

    protected void init(Registry registry) {
        this.registry = registry;
    }
}
