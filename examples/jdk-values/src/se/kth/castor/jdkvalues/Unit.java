package se.kth.castor.jdkvalues;

import java.util.HashMap;
import java.util.Map;

/**
 * A unit by name, interned: one object per name, the common ones in constants, compared by identity (as PDFBox
 * compares its {@code COSName}s: {@code name == COSName.DEVICERGB}).
 */
public class Unit {
    private static final Map<String, Unit> NAMES = new HashMap<>();
    public static final Unit KILOGRAM = of("kg");
    public static final Unit PIECE = of("piece");

    private final String name;

    private Unit(String name) {
        this.name = name;
    }

    /** The one unit of this name. */
    public static Unit of(String name) {
        return NAMES.computeIfAbsent(name, Unit::new);
    }

    public String name() {
        return name;
    }
}
