package reads;

import java.util.ArrayList;
import java.util.List;

/** Listeners told of a change through {@code forEach} and a lambda (an observer list). */
public class Board {
    final List<Listener> listeners = new ArrayList<>();
    String title;
    Note note;

    interface Listener {
        void changed(Board board, String what);
    }

    void changed(String what) {
        listeners.forEach(l -> l.changed(this, what));
    }

    /** Its listeners run only if the list held some: checked by the generator. */
    public int rename(String t) {
        changed(t);
        return t.length();
    }

    /** The same on a board it makes: nothing checks that list, so it is whole. */
    public int fresh(String t) {
        Board other = new Board();
        other.changed(t);
        return other.listeners.size();
    }
}
