package se.kth.castor.jdkvalues;

import java.awt.geom.AffineTransform;
import java.awt.geom.Area;
import java.awt.geom.Rectangle2D;
import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;

/**
 * Frames on a wall, each with its clip, its placement and a soft-cached title, handed to
 * the gallery: an argument too large to write inline, so a test loads it from a resource,
 * and the loader rebuilds the areas, transforms and references by meaning as the
 * generator does inline.
 */
public class Gallery {
    /** Where the gallery's lighting comes from. */
    public interface Lights {
        double level();
    }

    /** One frame of the wall. */
    public static final class Frame {
        final Area clip;
        final AffineTransform placement;
        final SoftReference<String> title;

        Frame(int i) {
            clip = new Area(new Rectangle2D.Double(i * 10, 0, 8, 8));
            placement = AffineTransform.getTranslateInstance(i * 10, 0);
            title = new SoftReference<>("frame " + i);
        }
    }

    private final Lights lights;

    public Gallery(Lights lights) {
        this.lights = lights;
    }

    /** A wall of {@code count} frames side by side. */
    public static List<Frame> frames(int count) {
        List<Frame> frames = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            frames.add(new Frame(i));
        }
        return frames;
    }

    /** The lit frames a point of the wall falls in, by title. */
    public String litAt(List<Frame> frames, double x, double y) {
        if (lights.level() <= 0) {
            return "dark";
        }
        StringBuilder out = new StringBuilder();
        for (Frame f : frames) {
            if (f.clip.contains(x, y)) {
                out.append(f.title.get()).append(" at ").append(f.placement.getTranslateX());
            }
        }
        return out.toString();
    }
}
