package se.kth.castor.playlist;

import java.util.ArrayList;

/** A list of songs with a name of its own: an {@code ArrayList} subclass with a field. */
public class Playlist extends ArrayList<Song> {
    private static final long serialVersionUID = 1L;

    private final String name;

    public Playlist(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }
}
