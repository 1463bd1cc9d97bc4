package se.kth.castor.faults;

import java.lang.reflect.Constructor;
import java.util.Map;

/**
 * Nodes evaluated by a visitor that answers arrays and throws an exception built from a
 * node; a factory whose registry answers constructors.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        Visitor visitor = node -> {
            switch (node.op) {
                case "pair": return new Object[] {"k", node.line};
                case "ints": return new int[] {node.line, node.line * 2};
                case "name": return "n" + node.line;
                default: throw new EvalException(node);
            }
        };
        Node[] nodes = {new Node(1, "pair"), new Node(2, "ints"), new Node(3, "name"), new Node(4, "bad")};
        for (Node node : nodes) {
            System.out.println(node.describe(visitor));
            try {
                Object value = node.accept(visitor);
                System.out.println(value instanceof int[] ? "ints" : value instanceof Object[] ? "objects" : value);
            } catch (EvalException e) {
                System.out.println("accept failed: " + e.getMessage());
            }
        }
        for (Leaf leaf : new Leaf[] {new Leaf(5, "five"), new Leaf(8, "eight")}) {
            System.out.println(leaf.op + " doubled: " + leaf.accept(new se.kth.castor.faults.engine.Doubler()));
            System.out.println(leaf.op + " through a tripler: " + leaf.accept(new Tripler()));
        }
        Chain chain = new Chain();
        for (String word : new String[] {"alpha", "beta", "gamma", "epsilon", "zeta", "eta", "theta"}) {
            chain.add(word);
        }
        for (String word : new String[] {"gamma", "alpha", "delta"}) {
            System.out.println(word + " ranks " + chain.rank(word));
        }
        Board board = new Board(total -> total * 10, 3, 4);
        System.out.println("board scores " + board.total());
        Outline outline = new Outline(heading -> "# " + heading, "Guide", "Setup");
        System.out.println(outline.heading());
        Sheet sheet = new Sheet(new Sheet.Config(3), rows -> rows * 7);
        System.out.println("sheet scores " + sheet.score());
        Ledger ledger = new Ledger(4);
        ledger.add(3);
        ledger.add(5);
        Ledger.Cursor cursor = new Ledger.Cursor(ledger, at -> System.out.println("cursor at " + at));
        System.out.println("ledger " + cursor.next() + ", " + cursor.next());
        Shelf shelf = new Shelf();
        System.out.println("shelf holds " + shelf.add(new Box("tea")) + " after a box");
        System.out.println("shelf holds " + shelf.add(new Crate(new Box("cups"))) + " after a crate");
        Scope page = new Scope(new Scope(null).define("rotate", "90").define("size", "A4")).define("size", "A5");
        for (String name : new String[] {"size", "rotate", "crop"}) {
            System.out.println(name + " inherited: " + Scopes.inherited(page, name));
        }
        Tray tray = new Tray(new Rack());
        System.out.println("tray takes cup: " + tray.put("cup") + ", nothing: " + tray.put(""));
        System.out.println("tray stacks plate: " + tray.stack("plate") + ", nothing: " + tray.stack(""));
        Picker picker = new Picker(
                new Picker.Stock(java.util.List.of(new Picker.Ware("bolt"), new Picker.Ware("nut"))),
                new Picker.Sieve());
        System.out.println("picked " + picker.pick(0) + " and " + picker.pick(1));
        Outliner.Item leaf = new Outliner.Item("leaf", java.util.List.of());
        System.out.print(new Outliner(new Outliner.Style()).print(new Outliner.Item("root", java.util.List.of(
                new Outliner.Item("branch", java.util.List.of(leaf)), new Outliner.Item("twig", java.util.List.of())))));
        System.out.println(new Renderer(new Renderer.Styles(), "loud").render("hey") + " "
                + new Renderer(new Renderer.Styles(), "plain").render("hey"));
        Decoder decoder = new Decoder("token: ");
        System.out.println(decoder.decode(new Decoder.Cursor("\"quoted\"")) + ", " + decoder.decode(new Decoder.Cursor("word"))
                + ", " + decoder.decode(new Decoder.Cursor("")));
        Binding binding = new Binding(new Binding.Handler(), "who");
        System.out.println("bound: " + binding.get(java.util.List.of(Map.of("who", "Ada")))
                + ", " + binding.get(java.util.List.of(Map.of("who", "Lin"), Map.of())));
        Face face = new Face("serif", new Face.Encoding(), Face.Glyphs.standard());
        System.out.println("glyphs: " + face.toUnicode(7, Face.Glyphs.standard())
                + face.toUnicode(32, Face.Glyphs.standard()) + face.toUnicode(900, Face.Glyphs.standard()));
        Bin bin = new Bin("left").add(new Part("bolt")).add(new Part("nut"));
        Part washer = new Part("washer");
        new Bin("right").add(washer);
        System.out.println("detached: " + washer.detach() + "; again: " + washer.detach() + "; " + bin);
        Map<String, Class<?>> kinds = Map.of("list", java.util.ArrayList.class, "builder", StringBuilder.class);
        Registry registry = kind -> {
            Class<?> type = kinds.get(kind);
            if (type == null) {
                return null;
            }
            try {
                Constructor<?> c = type.getConstructor();
                return c;
            } catch (NoSuchMethodException e) {
                return null;
            }
        };
        Bundle.Pages pages = Bundle.pages("p", 4);
        System.out.println("versions: " + new Bundle(() -> "1.4", "pages", pages, "version", "1.7").version()
                + " " + new Bundle(() -> "1.6", "pages", pages, "version", "1.5").version());
        Typeface typeface = new Typeface(Typeface.metrics(300), 250f);
        System.out.println("widths: " + typeface.width(40) + " " + typeface.width(40) + " " + typeface.width(999));
        Emitter.CountingStream sink = new Emitter.CountingStream(new java.io.ByteArrayOutputStream());
        Emitter.emit(new Emitter.Word("Tj", false), sink);
        Emitter.emit(new Emitter.Word("Tj", true), sink);
        System.out.println("emitted: " + sink.written + " "
            + (Emitter.decoded(new Emitter.Word("Tj", true), new Emitter.Source(new java.io.ByteArrayInputStream(new byte[] {1, 2}))) instanceof Emitter.Source));
        Factory factory = new Factory(registry);
        for (String kind : new String[] {"list", "builder", "tree", "stop"}) {
            try {
                System.out.println(factory.make(kind));
            } catch (Halt e) {
                System.out.println(e.getMessage());
            }
        }
    }
}
