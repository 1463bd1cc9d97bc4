package se.kth.castor.playlist;

import java.util.Vector;

/** The titles played, newest last: a {@code Vector} subclass with an owner. */
public class History extends Vector<String> {
    private static final long serialVersionUID = 1L;

    private final String owner;

    public History(String owner) {
        this.owner = owner;
    }

    public String owner() {
        return owner;
    }
}
