package se.kth.castor.getters;

/** Names codes from a fixed list: the same template, another step, no collaborator in it. */
public class FixedLabeller extends Labeller {
    private final String[] names;

    public FixedLabeller(Lookup prefixes, String... names) {
        super(prefixes);
        this.names = names;
    }

    @Override
    protected String name(int code) {
        return code >= 0 && code < names.length ? names[code] : null;
    }
}
