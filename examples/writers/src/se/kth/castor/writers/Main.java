package se.kth.castor.writers;

import java.io.StringWriter;
import java.util.List;

/** The workload: renders and joins a few lists. */
public class Main {
    public static void main(String[] args) throws Exception {
        Encoder html = (value, out) -> out.write(value.replace("&", "&amp;").replace("<", "&lt;"));
        Separator comma = (text, index) -> text.append(index % 2 == 0 ? ", " : "; ");
        Renderer renderer = new Renderer(html, comma);
        for (List<String> values : List.of(List.of("a < b", "fish & chips"), List.of("one"), List.of("x", "y", "z"))) {
            StringWriter out = new StringWriter();
            System.out.println(renderer.render(out, values));
            System.out.println(renderer.join(values));
        }
        Loop loop = new Loop();
        // A lambda (no method under test of its own) that loops again over a nested list.
        Section[] section = new Section[1];
        section[0] = (out, item) -> {
            if (item instanceof List) {
                return loop.each(section[0], out, (List<?>) item);
            }
            out.write(item + ";");
            return out;
        };
        for (List<?> items : List.of(List.of("a", List.of("b", "c"), "d"), List.of(List.of(List.of("e"))))) {
            System.out.println(loop.each(section[0], new StringWriter(), items));
        }
    }
}
