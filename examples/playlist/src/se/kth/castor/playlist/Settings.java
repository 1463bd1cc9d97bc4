package se.kth.castor.playlist;

import java.util.Properties;

/**
 * A player's settings: a {@code Properties} subclass with a profile name and an override
 * of {@code put} that trims values and counts writes. A test must rebuild it with its
 * entries as production left them, without running the override again.
 */
public class Settings extends Properties {
    private static final long serialVersionUID = 1L;

    private final String profile;
    private int writes;

    public Settings(String profile) {
        this.profile = profile;
    }

    @Override
    public synchronized Object put(Object key, Object value) {
        writes++;
        return super.put(key, String.valueOf(value).trim());
    }

    public String profile() {
        return profile + " (" + writes + " changes)";
    }
}
