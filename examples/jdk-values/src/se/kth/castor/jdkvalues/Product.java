package se.kth.castor.jdkvalues;

/** A product of the catalog. */
public final class Product {
    private final String name;
    private final int price;

    public Product(String name, int price) {
        this.name = name;
        this.price = price;
    }

    public String name() {
        return name;
    }

    public int price() {
        return price;
    }
}
