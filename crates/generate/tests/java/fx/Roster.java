package fx;

import java.util.ArrayList;

/** An ArrayList subclass with a field, whose constructor and add must not run when rebuilt. */
public class Roster extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    String team;

    public Roster(String team) {
        throw new IllegalStateException("the rebuilt roster ran its constructor");
    }

    @Override
    public boolean add(String s) {
        throw new IllegalStateException("the rebuilt roster ran its add");
    }
}
