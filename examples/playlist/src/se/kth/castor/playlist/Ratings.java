package se.kth.castor.playlist;

import java.util.Hashtable;

/**
 * Stars per song title, capped by a scale: a {@code Hashtable} subclass with fields and
 * an override of {@code put} that counts updates. A test must rebuild it with its entries
 * as production left them, without running the override again.
 */
public class Ratings extends Hashtable<String, Integer> {
    private static final long serialVersionUID = 1L;

    private final int scale;
    private int updates;

    public Ratings(int scale) {
        this.scale = scale;
    }

    @Override
    public synchronized Integer put(String title, Integer stars) {
        updates++;
        return super.put(title, stars);
    }

    public int of(String title) {
        Integer stars = get(title);
        return stars == null ? 0 : Math.min(stars, scale);
    }

    public int updates() {
        return updates;
    }
}
