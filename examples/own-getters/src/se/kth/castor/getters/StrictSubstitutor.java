package se.kth.castor.getters;

/**
 * A substitutor that insists every variable is known: it reaches the collaborator
 * through the getter it inherits ({@code getLookup()}, declared with the field in
 * {@link Substitutor}), which a plan must see through as well as its own getters.
 */
public class StrictSubstitutor extends Substitutor {
    public StrictSubstitutor(Lookup lookup) {
        super(lookup);
    }

    public String require(String name) {
        String value = getLookup().find(name);
        if (value == null) {
            throw new IllegalArgumentException("unknown variable " + name);
        }
        return value;
    }

    /** The named values, once the first is known: its own call, then the inherited helpers make theirs. */
    public String requireAll(String names) {
        String first = names.split(",")[0].trim();
        if (getLookup().find(first) == null) {
            throw new IllegalArgumentException("unknown variable " + first);
        }
        return resolveAll(names);
    }
}
