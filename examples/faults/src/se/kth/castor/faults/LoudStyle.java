package se.kth.castor.faults;

/** A style that shouts, which a renderer treats apart (`instanceof`). */
public class LoudStyle implements Renderer.Style {
    @Override
    public String apply(String text) {
        return text.toUpperCase();
    }
}
