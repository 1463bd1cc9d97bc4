package se.kth.castor.getters;

/** Names codes through a collaborator of its own (a field {@link Labeller} does not have). */
public class LookupLabeller extends Labeller {
    private final Lookup names;

    public LookupLabeller(Lookup prefixes, Lookup names) {
        super(prefixes);
        this.names = names;
    }

    @Override
    protected String name(int code) {
        return names.find(Integer.toString(code));
    }
}
