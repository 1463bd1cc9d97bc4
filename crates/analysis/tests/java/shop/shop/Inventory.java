package shop;

import java.util.HashMap;
import java.util.Map;

public class Inventory {
    private final Map<String, Integer> stock = new HashMap<>();

    public int stock(String item) {
        return stock.getOrDefault(item, 0);
    }

    public void take(String item) {
        stock.merge(item, -1, Integer::sum);
    }
}
