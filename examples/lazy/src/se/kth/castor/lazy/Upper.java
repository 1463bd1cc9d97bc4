package se.kth.castor.lazy;

import java.util.Locale;

/** A filter writing its input in capitals. */
public class Upper implements Filter {
    public String apply(String input) {
        return input.toUpperCase(Locale.ROOT);
    }
}
