package se.kth.castor.playlist;

/**
 * Plays playlists on a {@link Speaker}. The methods under test read a playlist (an
 * {@code ArrayList} subclass with a name), tags (a {@code HashMap} subclass with a
 * default), settings (a {@code Properties} subclass), ratings (a {@code Hashtable}
 * subclass) and a history (a {@code Vector} subclass): a test must rebuild each with its
 * elements and its own fields, or it passes for the wrong reason (an empty list) or fails
 * where production did not.
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

    /** The volume the settings give (5 when unset), announced with their profile. */
    public int volumeOf(Settings settings) {
        speaker.announce(settings.profile());
        return Integer.parseInt(settings.getProperty("volume", "5"));
    }

    /** The stars of a playlist's songs, as the ratings give them (announced). */
    public int starsOf(Playlist playlist, Ratings ratings) {
        int stars = 0;
        for (Song song : playlist) {
            stars += ratings.of(song.title());
        }
        speaker.announce(stars + " stars, " + ratings.updates() + " ratings");
        return stars;
    }

    /** The title played last (announced with the history's owner), or "nothing". */
    public String lastOf(History history) {
        speaker.announce(history.owner());
        return history.isEmpty() ? "nothing" : history.lastElement();
    }

    /** Announces each title of a set (in production, a map's key set); returns how many. */
    public int announceAll(java.util.Set<String> titles) {
        for (String title : titles) {
            speaker.announce(title);
        }
        return titles.size();
    }

    /** The sum of some lengths (in production, a map's values), announced. */
    public int totalOf(java.util.Collection<Integer> seconds) {
        int total = 0;
        for (int s : seconds) {
            total += s;
        }
        speaker.announce(total + " s");
        return total;
    }

    /** Announces the tag a map gives a title (in production, a synchronized map). */
    public String announceTag(java.util.Map<String, String> tags, String title) {
        String tag = tags.getOrDefault(title, "none");
        speaker.announce(title + ": " + tag);
        return tag;
    }
}
