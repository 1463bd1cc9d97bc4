package se.kth.castor.freemarkerworkload;

import freemarker.template.Configuration;
import freemarker.template.Template;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

/** Templates parsed and rendered over maps, lists and beans (FreeMarker). */
public class Workload {
    static final String[] TEMPLATES = {
        "Hello ${name}! You have ${count} new message<#if count != 1>s</#if>.\n",
        "<#list items as item>${item?counter}. ${item.title} ${item.price?string('0.00')}"
            + "<#if item.onSale> (on sale)</#if>\n<#else>nothing\n</#list>",
        "<#macro box title>[${title?upper_case}]<#nested>[/${title}]</#macro>"
            + "<@box title=\"news\">${html?html} / ${html}</@box>\n",
        "<#assign total = 0><#list items as item><#assign total = total + item.price></#list>"
            + "total ${total} ${(missing)!'none'} ${name?length} ${name?replace('o', '0')}\n",
        "<#list tags?sort as t>${t}<#sep>, </#list>; ${tags?size} tags; "
            + "<#switch count><#case 0>zero<#break><#case 3>three<#break><#default>many</#switch>\n",
    };

    /** A bean the templates read through its getters. */
    public static class Item {
        private final String title;
        private final BigDecimal price;
        private final boolean onSale;

        Item(String title, BigDecimal price, boolean onSale) {
            this.title = title;
            this.price = price;
            this.onSale = onSale;
        }

        public String getTitle() {
            return title;
        }

        public BigDecimal getPrice() {
            return price;
        }

        public boolean isOnSale() {
            return onSale;
        }
    }

    public static void main(String[] args) throws Exception {
        Configuration configuration = new Configuration(Configuration.VERSION_2_3_34);
        configuration.setLocale(Locale.ROOT);
        configuration.setTimeZone(TimeZone.getTimeZone("UTC"));
        configuration.setDefaultEncoding("UTF-8");
        for (int round = 0; round < 3; round++) {
            Map<String, Object> model = new LinkedHashMap<>();
            model.put("name", round == 0 ? "World" : "Reader " + round);
            model.put("count", round * 3);
            List<Item> items = new ArrayList<>();
            for (int i = 0; i < round + 1; i++) {
                items.add(new Item("item " + i, new BigDecimal("2.50").multiply(BigDecimal.valueOf(i + 1)), i % 2 == 0));
            }
            model.put("items", items);
            model.put("html", "<i>x & y</i>");
            model.put("tags", List.of("pear", "apple", "fig").subList(0, round + 1));
            for (int t = 0; t < TEMPLATES.length; t++) {
                Template template = new Template("t" + t + "-" + round, new StringReader(TEMPLATES[t]), configuration);
                StringWriter out = new StringWriter();
                template.process(model, out);
                System.out.print(out);
            }
        }
    }
}
