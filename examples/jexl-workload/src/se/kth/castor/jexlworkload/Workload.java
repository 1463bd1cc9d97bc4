package se.kth.castor.jexlworkload;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.jexl3.JexlBuilder;
import org.apache.commons.jexl3.JexlContext;
import org.apache.commons.jexl3.JexlEngine;
import org.apache.commons.jexl3.JexlException;
import org.apache.commons.jexl3.JexlExpression;
import org.apache.commons.jexl3.JexlScript;
import org.apache.commons.jexl3.JxltEngine;
import org.apache.commons.jexl3.MapContext;
import org.apache.commons.jexl3.introspection.JexlPermissions;

/**
 * A workload for Apache Commons JEXL 3.4.0: expressions and scripts over beans, maps,
 * lists and arrays; loops, lambdas, string interpolation, templates, errors. Prints
 * every result so a run under the agent can be compared with a plain run.
 */
public final class Workload {
  /** A bean the scripts read and change through its getters and setters. */
  public static final class Customer {
    private final String name;
    private int age;
    private final List<Order> orders = new ArrayList<>();

    public Customer(String name, int age) {
      this.name = name;
      this.age = age;
    }

    public String getName() { return name; }
    public int getAge() { return age; }
    public void setAge(int age) { this.age = age; }
    public List<Order> getOrders() { return orders; }
    public Customer order(String item, double price, int quantity) {
      orders.add(new Order(item, price, quantity));
      return this;
    }
  }

  /** One line of a customer's orders. */
  public static final class Order {
    private final String item;
    private final double price;
    private final int quantity;

    public Order(String item, double price, int quantity) {
      this.item = item;
      this.price = price;
      this.quantity = quantity;
    }

    public String getItem() { return item; }
    public double getPrice() { return price; }
    public int getQuantity() { return quantity; }
    public double total() { return price * quantity; }
  }

  private Workload() {}

  public static void main(String[] args) {
    JexlEngine jexl = new JexlBuilder()
        .permissions(JexlPermissions.UNRESTRICTED)
        .cache(256).strict(true).silent(false).create();
    List<Customer> customers = new ArrayList<>();
    customers.add(new Customer("Ada", 36).order("pen", 1.5, 4).order("book", 12.0, 1));
    customers.add(new Customer("Linus", 28).order("laptop", 999.0, 1));
    customers.add(new Customer("Grace", 45).order("tea", 3.25, 10).order("cup", 6.0, 2).order("pen", 1.5, 1));
    customers.add(new Customer("Alan", 41));

    String[] expressions = {
      "1 + 2 * 3", "(1 + 2) * 3", "10 / 4", "10 % 4", "2 ** 10", "7 // 2",
      "'abc' + 'def'", "'hello'.toUpperCase()", "'a,b,c'.split(',').length",
      "x > 3 ? 'big' : 'small'", "x ?: 'none'", "empty(list)", "size(list)",
      "list[1] + list[2]", "map.one + map['two']", "map.three ?? 'missing'",
      "c.name + ' is ' + c.age", "c.orders.size()", "c.orders[0].item",
      "c.orders[0].total()", "'Ada' =~ ['Ada', 'Alan']", "'hello' =^ 'he'", "'hello' =$ 'lo'",
      "x in [1, 2, 5]", "[1, 2, 3].size()", "{'k': 1, 'v': 2}.k", "size(1..5)", "!(x < 2) && x != 4",
      "x & 6", "x | 8", "x ^ 3", "~x", "-x", "x << 2", "x >> 1",
      "1.5 + 2", "10.0 / 3", "1000000000 * 1000000000", "'x' * 3",
    };
    for (int x = 0; x < 6; x++) {
      MapContext ctx = new MapContext();
      ctx.set("x", x);
      ctx.set("list", List.of(x, x + 1, x * 2));
      Map<String, Object> map = new LinkedHashMap<>();
      map.put("one", x);
      map.put("two", "two" + x);
      if (x % 2 == 0) {
        map.put("three", x * 3);
      }
      ctx.set("map", map);
      ctx.set("c", customers.get(x % customers.size()));
      for (String text : expressions) {
        System.out.println(text + " [x=" + x + "] => " + evaluate(jexl, text, ctx));
      }
    }

    String[] scripts = {
      "var t = 0; for (var c : customers) { for (var o : c.orders) { t += o.total(); } } t",
      "var names = [...]; for (var c : customers) { if (c.age > 30) names.add(c.name); } names",
      "var m = {:}; for (var c : customers) { m[c.name] = size(c.orders); } m",
      "var f = (a, b) -> a * b + 1; f(3, 4) + f(1, 2)",
      "var fact = function(n) { n <= 1 ? 1 : n * fact(n - 1) }; fact(10)",
      "var s = 0; var i = 0; while (i < 100) { i += 1; if (i % 3 == 0) continue; if (i > 50) break; s += i; } s",
      "customers.stream().filter(c -> c.age > 30).count()",
      "var r = ''; for (var c : customers) { r = r + `${c.name}:${c.age};`; } r",
      "var c = customers[0]; c.age = c.age + 1; c.age",
      "var total = 0; for (var c : customers) { var q = 0; for (var o : c.orders) q += o.quantity; total += q * c.age; } total",
      "var a = [3, 1, 2]; var b = new('java.util.TreeSet'); for (var e : a) b.add(e); b",
      "var x = 5; x += 3; x *= 2; x -= 1; x",
      "var longest = ''; for (var c : customers) { if (c.name.length() > longest.length()) longest = c.name; } longest",
      "var m = {'a': 1, 'b': 2}; var out = [...]; for (var e : m.entrySet()) { out.add(e.key + '=' + e.value); } out",
      "undefinedVariable + 1",
      "customers[10].name",
      "1 +",
      "throw 'stop here'",
      "var s = 'text'; s.nosuchMethod()",
    };
    for (int round = 0; round < 3; round++) {
      MapContext ctx = new MapContext();
      ctx.set("customers", customers);
      for (String text : scripts) {
        System.out.println("script " + round + ": " + text + " => " + run(jexl, text, ctx));
      }
    }

    JxltEngine templates = jexl.createJxltEngine();
    String[] templateTexts = {
      "Dear ${c.name}, you are ${c.age}.",
      "$$ for (var o : c.orders) {\n- ${o.item} x${o.quantity} = ${o.total()}\n$$ }\n",
      "${c.name.toUpperCase()} has #{size(c.orders)} orders",
      "$$ if (empty(c.orders)) {\nno orders\n$$ } else {\n${size(c.orders)} orders\n$$ }\n",
    };
    for (Customer c : customers) {
      MapContext ctx = new MapContext();
      ctx.set("c", c);
      for (String text : templateTexts) {
        StringWriter out = new StringWriter();
        try {
          JxltEngine.Template template = templates.createTemplate(text);
          template.evaluate(ctx, out);
          System.out.println("template => " + out.toString().replace('\n', '|'));
        } catch (JexlException e) {
          System.out.println("template error: " + e.getClass().getSimpleName());
        }
      }
      JxltEngine.Expression e = templates.createExpression("${c.name}/${c.age * 2}");
      System.out.println("jxlt expression => " + e.evaluate(ctx));
    }
  }

  private static String evaluate(JexlEngine jexl, String text, JexlContext ctx) {
    try {
      JexlExpression e = jexl.createExpression(text);
      return String.valueOf(e.evaluate(ctx));
    } catch (JexlException e) {
      return "error " + e.getClass().getSimpleName();
    } catch (ArithmeticException e) {
      return "arithmetic " + e.getMessage();
    }
  }

  private static String run(JexlEngine jexl, String text, JexlContext ctx) {
    try {
      JexlScript s = jexl.createScript(text);
      return String.valueOf(s.execute(ctx));
    } catch (JexlException e) {
      return "error " + e.getClass().getSimpleName();
    }
  }
}
