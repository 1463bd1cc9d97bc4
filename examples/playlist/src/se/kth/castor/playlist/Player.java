package se.kth.castor.playlist;

/**
 * Plays playlists on a {@link Speaker}. The methods under test read a playlist (an
 * {@code ArrayList} subclass with a name) and tags (a {@code HashMap} subclass with a
 * default): a test must rebuild both with their elements and their own fields, or it
 * passes for the wrong reason (an empty list) or fails where production did not.
 */
public final class Player {
    private final Speaker speaker;

    public Player(Speaker speaker) {
        this.speaker = speaker;
    }

    /** Plays every song of the playlist; returns the seconds played. */
    public int play(Playlist playlist) {
        speaker.announce(playlist.name());
        int total = 0;
        for (Song song : playlist) {
            total += speaker.play(song.title());
        }
        return total;
    }

    /** The tag of each song, in order, joined by commas. */
    public String tagsOf(Playlist playlist, Tags tags) {
        StringBuilder out = new StringBuilder();
        for (Song song : playlist) {
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(tags.of(song.title()));
        }
        speaker.announce(out.toString());
        return out.toString();
    }
}
