package se.kth.castor.getters;

/**
 * Replaces {@code ${name}} in a template (Commons Text's {@code StringSubstitutor} in
 * small): it reaches its collaborator through its own getter, {@code getLookup()}, not
 * the field, so only a plan that sees through the getter finds the mockable call.
 */
public class Substitutor {
    private final Lookup lookup;

    public Substitutor(Lookup lookup) {
        this.lookup = lookup;
    }

    public Lookup getLookup() {
        return lookup;
    }

    public String replace(String template) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            int start = template.indexOf("${", i);
            int end = start < 0 ? -1 : template.indexOf('}', start);
            if (end < 0) {
                out.append(template, i, template.length());
                break;
            }
            out.append(template, i, start);
            String value = getLookup().find(template.substring(start + 2, end));
            out.append(value == null ? "?" : value);
            i = end + 1;
        }
        return out.toString();
    }

    /**
     * The values of comma-separated names, {@code ?} for an unknown one: a helper its
     * subclasses inherit, which calls another ({@link #resolveOr}); the calls both make on
     * the lookup belong to whichever method under test called them.
     */
    protected String resolveAll(String names) {
        StringBuilder out = new StringBuilder();
        for (String n : names.split(",")) {
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(resolveOr(n.trim(), "?"));
        }
        return out.toString();
    }

    protected String resolveOr(String key, String fallback) {
        String value = getLookup().find(key);
        return value == null ? fallback : value;
    }
}
