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
}
