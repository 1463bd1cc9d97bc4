package se.kth.castor.stock;

/** The workload: a shop over a three-slot inventory. */
public class Main {
    public static void main(String[] args) {
        Inventory inventory = new Inventory(3);
        inventory.items.add("apple");
        Shop shop = new Shop(inventory);
        System.out.println(shop.free());
        System.out.println(shop.add(1) + " " + shop.add(1) + " " + shop.add(2));
        inventory.items.add("pear");
        System.out.println(Shop.full(inventory));
        inventory.items.add("plum");
        System.out.println(shop.free() + " " + Shop.full(inventory));
        System.out.println(shop.sell("pear") + " " + shop.sell("kiwi"));
    }
}
