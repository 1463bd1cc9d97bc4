package se.kth.castor.jdkvalues;

import java.awt.geom.AffineTransform;
import java.awt.geom.Point2D;
import java.lang.ref.SoftReference;

/**
 * A sketch placed on a page by a transform, its label kept in a soft cache, as PDFBox's
 * fonts keep their font matrix and caches: both recorded by meaning (the transform by its
 * six matrix entries, the reference by its referent) and rebuilt through the JDK's API.
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

    public Sketch(Page page, String name, AffineTransform placement) {
        this.page = page;
        this.name = name;
        this.placement = placement;
        this.label = new SoftReference<>(name.toUpperCase());
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
