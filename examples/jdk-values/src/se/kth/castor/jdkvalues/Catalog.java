package se.kth.castor.jdkvalues;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** Answers with the JDK's optional values: a collaborator the tests mock. */
public class Catalog {
    private final Map<String, Product> products = new HashMap<>();
    private final Map<String, Integer> stock = new HashMap<>();

    public void add(Product p, int units) {
        products.put(p.name(), p);
        stock.put(p.name(), units);
    }

    public Optional<Product> find(String name) {
        return Optional.ofNullable(products.get(name));
    }

    public Optional<Integer> price(String name) {
        return find(name).map(Product::price);
    }

    public OptionalInt stock(String name) {
        Integer units = stock.get(name);
        return units == null ? OptionalInt.empty() : OptionalInt.of(units);
    }

    /** The unit a product is sold in: one of the interned constants. */
    public Unit unitOf(String name) {
        return "flour".equals(name) ? Unit.KILOGRAM : Unit.PIECE;
    }

    /** How prices are divided: a {@code MathContext}, recorded by its text. */
    public java.math.MathContext rounding() {
        return java.math.MathContext.DECIMAL32;
    }
}
