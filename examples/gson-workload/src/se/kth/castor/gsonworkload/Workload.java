package se.kth.castor.gsonworkload;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.reflect.TypeToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A parsing workload for Gson (issue 15: a second real library): JSON documents parsed
 * into a typed model, into a tree and into maps, changed, and written back, compact and
 * pretty, with the output printed so a recorded run can be compared with a plain one.
 * Deterministic: fixed documents, no clock, no randomness.
 */
public class Workload {
    /** An order, bound by reflection. */
    static class Order {
        String id;
        Customer customer;
        List<Line> lines = new ArrayList<>();
        boolean paid;
        double discount;
    }

    static class Customer {
        String name;
        String email;
        Address address;
    }

    static class Address {
        String street;
        String city;
        int zip;
    }

    static class Line {
        String sku;
        int quantity;
        long priceCents;
    }

    static String order(int n) {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 3 + n % 4; i++) {
            if (i > 0) {
                lines.append(',');
            }
            lines.append("{\"sku\":\"SKU-").append(n).append('-').append(i)
                    .append("\",\"quantity\":").append(1 + (i * n) % 5)
                    .append(",\"priceCents\":").append(199 + 37L * i * n).append('}');
        }
        return "{\"id\":\"order-" + n + "\",\"paid\":" + (n % 2 == 0) + ",\"discount\":" + (n % 3) * 0.05
                + ",\"customer\":{\"name\":\"Customer " + n + "\",\"email\":\"c" + n + "@example.org\","
                + "\"address\":{\"street\":\"" + n + " Main Street\",\"city\":\"Springfield\",\"zip\":" + (10000 + n) + "}},"
                + "\"lines\":[" + lines + "]}";
    }

    public static void main(String[] args) {
        Gson gson = new Gson();
        Gson pretty = new GsonBuilder().setPrettyPrinting().serializeNulls().create();
        long total = 0;
        for (int n = 1; n <= 40; n++) {
            String text = order(n);
            Order o = gson.fromJson(text, Order.class);
            for (Line l : o.lines) {
                total += l.quantity * l.priceCents;
            }
            JsonObject tree = JsonParser.parseString(text).getAsJsonObject();
            tree.addProperty("checked", true);
            tree.getAsJsonObject("customer").remove("email");
            Map<String, Object> map = gson.fromJson(text, new TypeToken<Map<String, Object>>() { }.getType());
            String back = gson.toJson(o);
            if (n % 10 == 0) {
                System.out.println(pretty.toJson(tree));
                System.out.println(back);
                System.out.println(map.keySet());
            }
            JsonElement again = JsonParser.parseString(back);
            if (!again.getAsJsonObject().get("id").getAsString().equals(o.id)) {
                throw new IllegalStateException("round trip lost the id of " + o.id);
            }
        }
        System.out.println("total " + total);
    }
}
