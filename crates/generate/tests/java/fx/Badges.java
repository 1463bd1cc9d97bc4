package fx;

import java.util.HashSet;

/** A HashSet subclass with a field. */
public class Badges extends HashSet<String> {
    private static final long serialVersionUID = 1L;

    int level;
}
