package se.kth.castor.jdkvalues;

import java.awt.geom.AffineTransform;
import java.awt.geom.Area;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.Point2D;
import java.lang.ref.SoftReference;

/**
 * A sketch placed on a page by a transform, its label kept in a soft cache, cut to a
 * clip, as PDFBox's fonts keep their font matrix and caches and its graphics state its
 * clipping path: recorded by meaning (the transform by its six matrix entries, the
 * reference by its referent, the clip by its outline) and rebuilt through the JDK's API.
 */
public class Sketch {
    /** The page a sketch is drawn on. */
    public interface Page {
        double margin();
    }

    private final Page page;
    private final String name;
    private final AffineTransform placement;
    private SoftReference<String> label;
    private final Area clip;

    public Sketch(Page page, String name, AffineTransform placement) {
        this.page = page;
        this.name = name;
        this.placement = placement;
        this.label = new SoftReference<>(name.toUpperCase());
        this.clip = new Area(new Rectangle2D.Double(0, 0, 10, 5));
        clip.add(new Area(new Ellipse2D.Double(8, 0, 4, 4)));
    }

    /** Whether a point of the page, past its margin, is inside the sketch's clip. */
    public boolean covers(double x, double y) {
        double m = page.margin();
        return clip.contains(x - m, y - m);
    }

    /** Where a point of the sketch lands on the page, past its margin, to a tenth. */
    public String place(double x, double y) {
        Point2D p = placement.transform(new Point2D.Double(x, y), null);
        double margin = page.margin();
        return Math.round((p.getX() + margin) * 10) / 10.0 + "," + Math.round((p.getY() + margin) * 10) / 10.0;
    }

    /** The label, from the cache while it lasts, or the page's margin when none. */
    public String label() {
        if (page.margin() < 0) {
            return "";
        }
        String cached = label.get();
        if (cached == null) {
            cached = name.toUpperCase();
            label = new SoftReference<>(cached);
        }
        return cached;
    }

    /** The placement scaled by {@code k} about the page's origin. */
    public AffineTransform scaled(double k) {
        double m = page.margin();
        AffineTransform t = AffineTransform.getTranslateInstance(m, m);
        t.scale(k, k);
        t.concatenate(placement);
        return t;
    }
}
