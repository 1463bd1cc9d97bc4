package fx;

import java.util.LinkedHashMap;

/** A LinkedHashMap subclass with a field, whose put must not run when rebuilt. */
public class Tally extends LinkedHashMap<String, Integer> {
    private static final long serialVersionUID = 1L;

    String unit;

    @Override
    public Integer put(String key, Integer value) {
        throw new IllegalStateException("the rebuilt tally ran its put");
    }
}
