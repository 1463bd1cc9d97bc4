package se.kth.castor.velocityworkload;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.VelocityEngine;

/** Templates evaluated over maps, lists and beans (Apache Velocity). */
public class Workload {
    static final String[] TEMPLATES = {
        "Hello $name! You have $count new message#if($count != 1)s#end.\n",
        "#foreach($item in $items)$foreach.count. $item.title.toUpperCase() $item.price#if($item.onSale) (on sale)#end\n#end",
        "#macro(box $title)[$title.toUpperCase()]#end#box('news') $html.replace('&', '&amp;')\n",
        "#set($total = 0)#foreach($item in $items)#set($total = $total + $item.quantity)#{end}"
            + "total $total $!missing ${name.length()} $name.replace(\"o\", \"0\")\n",
        "#foreach($t in $tags)$t#if($foreach.hasNext), #end#end; $tags.size() tags; "
            + "#if($count > 2)many#elseif($count == 2)two#{else}one#end\n",
        "#foreach($key in $totals.keySet())$key=$totals.get($key) #end#foreach($i in [1..3])$i#{end}"
            + " ${count}x #set($s = \"v$count\")$s $totals.first\n",
    };

    /** A bean the templates read through its getters. */
    public static class Item {
        private final String title;
        private final BigDecimal price;
        private final int quantity;
        private final boolean onSale;

        Item(String title, BigDecimal price, int quantity, boolean onSale) {
            this.title = title;
            this.price = price;
            this.quantity = quantity;
            this.onSale = onSale;
        }

        public String getTitle() {
            return title;
        }

        public BigDecimal getPrice() {
            return price;
        }

        public int getQuantity() {
            return quantity;
        }

        public boolean isOnSale() {
            return onSale;
        }
    }

    public static void main(String[] args) {
        VelocityEngine engine = new VelocityEngine();
        engine.init();
        String[] names = {"Ada", "Bob", "Grace Hopper"};
        for (int round = 0; round < names.length; round++) {
            VelocityContext context = new VelocityContext();
            context.put("name", names[round]);
            context.put("count", round + 1);
            context.put("html", "<b>" + names[round] + " & co</b>");
            List<Item> items = new ArrayList<>();
            for (int i = 0; i <= round; i++) {
                items.add(new Item("item number " + i, new BigDecimal("9.5").add(BigDecimal.valueOf(i)), i + 2, i % 2 == 0));
            }
            context.put("items", items);
            List<String> tags = new ArrayList<>(List.of("zeta", "alpha", "mid"));
            tags.add("tag" + round);
            context.put("tags", tags);
            Map<String, Integer> totals = new LinkedHashMap<>();
            totals.put("first", round);
            totals.put("second", round * 10);
            context.put("totals", totals);
            for (int t = 0; t < TEMPLATES.length; t++) {
                StringWriter out = new StringWriter();
                engine.evaluate(context, out, "template" + t, TEMPLATES[t]);
                System.out.print(out);
            }
        }
    }
}
