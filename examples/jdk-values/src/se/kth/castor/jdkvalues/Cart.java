package se.kth.castor.jdkvalues;

import java.util.List;
import java.util.Optional;

/** Works with what the catalog answers as optional values. */
public class Cart {
    private final Catalog catalog;

    public Cart(Catalog catalog) {
        this.catalog = catalog;
    }

    public int total(List<String> items) {
        int sum = 0;
        for (String item : items) {
            sum += catalog.price(item).orElse(0);
        }
        return sum;
    }

    public boolean available(String item) {
        return catalog.stock(item).orElse(0) > 0;
    }

    public Optional<String> cheapest(List<String> items) {
        String best = null;
        int lowest = Integer.MAX_VALUE;
        for (String item : items) {
            Optional<Integer> price = catalog.price(item);
            if (price.isPresent() && price.get() < lowest) {
                lowest = price.get();
                best = item;
            }
        }
        return Optional.ofNullable(best);
    }

    public Optional<Product> affordable(String item, int budget) {
        Optional<Product> found = catalog.find(item);
        return found.isPresent() && found.get().price() <= budget ? found : Optional.empty();
    }

    /** The average price, divided as the catalog says. */
    public java.math.BigDecimal average(List<String> items) {
        java.math.BigDecimal sum = java.math.BigDecimal.ZERO;
        for (String item : items) {
            sum = sum.add(java.math.BigDecimal.valueOf(catalog.price(item).orElse(0)));
        }
        return sum.divide(java.math.BigDecimal.valueOf(items.size()), catalog.rounding());
    }
}
