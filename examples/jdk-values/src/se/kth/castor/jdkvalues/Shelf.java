package se.kth.castor.jdkvalues;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Products in shelf order: a project collection that hands out its list's iterator (as a syntax tree hands out its children). */
public class Shelf implements Iterable<Product> {
    private final List<Product> items = new ArrayList<>();

    public Shelf add(Product p) {
        items.add(p);
        return this;
    }

    @Override
    public Iterator<Product> iterator() {
        return items.iterator();
    }
}
