package se.kth.castor.lazy;

import java.util.Map;

/** Runs a pipe three times: the first run finds its filter, the others reuse it. */
public class Main {
    public static void main(String[] args) {
        Map<String, Filter> filters = Map.of("upper", new Upper());
        Registry registry = new Registry() {
            public Filter filter(String name) {
                return filters.get(name);
            }
        };
        Pipe pipe = new Pipe("upper");
        for (String word : new String[] {"lazy", "found", "once"}) {
            System.out.println(pipe.run(registry, word));
        }
        Stage stage = new Stage("upper");
        System.out.println(stage.run(registry, "staged"));
        System.out.println(new Stage("none").run(registry, "unknown"));
    }
}
