package se.kth.castor.playlist;

/** A song: a title and a length in seconds. */
public final class Song {
    private final String title;
    private final int seconds;

    public Song(String title, int seconds) {
        this.title = title;
        this.seconds = seconds;
    }

    public String title() {
        return title;
    }

    public int seconds() {
        return seconds;
    }
}
