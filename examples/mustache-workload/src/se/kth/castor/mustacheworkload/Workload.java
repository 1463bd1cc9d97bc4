package se.kth.castor.mustacheworkload;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import com.github.mustachejava.MustacheFactory;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Templates compiled and rendered with maps and objects as scopes (mustache.java). */
public class Workload {
    static final String[] TEMPLATES = {
        "Hello {{name}}! You have {{count}} new messages.\n",
        "{{#items}}- {{title}} ({{price}}){{#onSale}} on sale{{/onSale}}\n{{/items}}{{^items}}nothing\n{{/items}}",
        "{{! a comment }}<b>{{html}}</b> and {{{html}}} and {{&html}}\n{{#person}}{{first}} {{last}}{{/person}}\n",
        "{{=<% %>=}}<% name %> uses other delimiters\n<%={{ }}=%>{{#list}}{{.}},{{/list}}\n",
    };

    public static class Item {
        final String title;
        final double price;
        final boolean onSale;

        Item(String title, double price, boolean onSale) {
            this.title = title;
            this.price = price;
            this.onSale = onSale;
        }

        public String title() {
            return title.toUpperCase();
        }
    }

    public static class Person {
        public String first = "Ada";
        public String last = "Lovelace";
    }

    public static void main(String[] args) throws Exception {
        MustacheFactory factory = new DefaultMustacheFactory();
        for (int round = 0; round < 3; round++) {
            List<Object> scopes = new ArrayList<>();
            Map<String, Object> scope = new LinkedHashMap<>();
            scope.put("name", round == 0 ? "World" : "Reader " + round);
            scope.put("count", round * 3);
            List<Item> items = new ArrayList<>();
            for (int i = 0; i < round; i++) {
                items.add(new Item("item " + i, 2.5 * (i + 1), i % 2 == 0));
            }
            scope.put("items", items);
            scope.put("html", "<i>x & y</i>");
            scope.put("person", new Person());
            scope.put("list", List.of("a", "b", "c"));
            scopes.add(scope);
            for (int t = 0; t < TEMPLATES.length; t++) {
                Mustache mustache = factory.compile(new StringReader(TEMPLATES[t]), "template" + t + "-" + round);
                StringWriter out = new StringWriter();
                mustache.execute(out, scopes).flush();
                System.out.print(out);
            }
        }
    }
}
