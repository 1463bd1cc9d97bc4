package se.kth.castor.playlist;

import java.util.HashMap;

/** Tags per song title, with a default tag: a {@code HashMap} subclass with a field. */
public class Tags extends HashMap<String, String> {
    private static final long serialVersionUID = 1L;

    private final String fallback;

    public Tags(String fallback) {
        this.fallback = fallback;
    }

    public String of(String title) {
        return getOrDefault(title, fallback);
    }
}
