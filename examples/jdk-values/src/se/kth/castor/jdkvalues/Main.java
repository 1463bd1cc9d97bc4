package se.kth.castor.jdkvalues;

import java.util.List;

/** The workload: a cart priced, checked and searched against a small catalog; a ledger reserving stock. */
public class Main {
    public static void main(String[] args) {
        Catalog catalog = new Catalog();
        catalog.add(new Product("pen", 3), 10);
        catalog.add(new Product("book", 12), 0);
        Cart cart = new Cart(catalog);
        System.out.println(cart.total(List.of("pen", "book", "lamp")));
        System.out.println(cart.available("pen") + " " + cart.available("book") + " " + cart.available("lamp"));
        System.out.println(cart.cheapest(List.of("pen", "book")) + " " + cart.cheapest(List.of("lamp")));
        System.out.println(cart.affordable("book", 20).map(Product::name) + " " + cart.affordable("book", 5).isPresent());
        System.out.println(cart.average(List.of("pen", "book", "lamp", "pen", "pen", "book", "lamp")));
        Ledger ledger = new Ledger(catalog);
        System.out.println(ledger.reserve("pen") + " " + ledger.reserve("PEN") + " " + ledger.reserve("pen-1"));
        System.out.println(ledger.knows("pen".getBytes(java.nio.charset.StandardCharsets.UTF_8)) + " "
            + ledger.knows(new byte[] {(byte) 0xff, 'a'}));
        System.out.println(ledger.value(new Shelf().add(new Product("pen", 3)).add(new Product("book", 12)))
            + " " + ledger.value(new Shelf()));
        Scale scale = new Scale(catalog);
        System.out.println(scale.grams(Unit.KILOGRAM, 2) + " " + scale.grams(Unit.PIECE, 3) + " "
            + scale.grams("flour", 2) + " " + scale.grams("pen", 4));
        Sketch sketch = new Sketch(() -> 1.5, "tree", new java.awt.geom.AffineTransform(2, 0, 0.5, 2, 10, 20));
        System.out.println(sketch.place(1.5, 2) + " " + sketch.label() + " " + sketch.scaled(3).getTranslateY()
            + " " + sketch.covers(3, 3) + " " + sketch.covers(12.5, 3.5) + " " + sketch.covers(20, 20));
        Gallery gallery = new Gallery(() -> 0.8);
        List<Gallery.Frame> wall = Gallery.frames(6);
        System.out.println(gallery.litAt(wall, 34, 4) + " | " + gallery.litAt(wall, 39, 9));
    }
}
