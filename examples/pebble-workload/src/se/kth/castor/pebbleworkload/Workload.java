package se.kth.castor.pebbleworkload;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.StringLoader;
import io.pebbletemplates.pebble.template.PebbleTemplate;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Templates compiled and rendered over maps, lists and beans (Pebble). */
public class Workload {
    static final String[] TEMPLATES = {
        "Hello {{ name }}! You have {{ count }} new message{% if count != 1 %}s{% endif %}.\n",
        "{% for item in items %}{{ loop.index + 1 }}. {{ item.title | title }} {{ item.price }}"
            + "{% if item.onSale %} (on sale){% endif %}\n{% else %}nothing\n{% endfor %}",
        "{% macro box(title) %}[{{ title | upper }}]{% endmacro %}{{ box('news') }} {{ html }} {{ html | raw }}\n",
        "{% set total = 0 %}{% for item in items %}{% set total = total + item.quantity %}{% endfor %}"
            + "total {{ total }} {{ missing | default('none') }} {{ name | length }} {{ name | replace({'o': '0'}) }}\n",
        "{{ tags | sort | join(', ') }}; {{ tags | length }} tags; {{ count > 2 ? 'many' : 'few' }}"
            + " {{ name | abbreviate(4) }} {{ [1, 2, 3] | last }} {{ totals.first }}\n",
        "{% for key in totals.keySet() %}{{ key }}={{ totals[key] }}{% if not loop.last %}, {% endif %}{% endfor %}"
            + " {{ 'x' ~ count ~ 'y' }} {{ 7 / 2 }} {{ 7 % 3 }} {{ name is null }} {{ items is empty }}\n",
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

    public static void main(String[] args) throws IOException {
        PebbleEngine engine = new PebbleEngine.Builder()
            .loader(new StringLoader())
            .defaultLocale(Locale.ROOT)
            .autoEscaping(true)
            .build();
        String[] names = {"Ada", "Bob", "Grace Hopper"};
        for (int round = 0; round < names.length; round++) {
            Map<String, Object> model = new LinkedHashMap<>();
            model.put("name", names[round]);
            model.put("count", round + 1);
            model.put("html", "<b>" + names[round] + " & co</b>");
            List<Item> items = new ArrayList<>();
            for (int i = 0; i <= round; i++) {
                items.add(new Item("item number " + i, new BigDecimal("9.5").add(BigDecimal.valueOf(i)), i + 2, i % 2 == 0));
            }
            model.put("items", items);
            List<String> tags = new ArrayList<>(List.of("zeta", "alpha", "mid"));
            tags.add("tag" + round);
            model.put("tags", tags);
            Map<String, Integer> totals = new LinkedHashMap<>();
            totals.put("first", round);
            totals.put("second", round * 10);
            model.put("totals", totals);
            for (String source : TEMPLATES) {
                PebbleTemplate template = engine.getTemplate(source);
                StringWriter out = new StringWriter();
                template.evaluate(out, model);
                System.out.print(out);
            }
        }
    }
}
