package tasks;

import java.util.LinkedHashMap;
import java.util.Map;

/** Anonymous classes of JDK types: one callable through its public interface, one not. */
public class Tasks {
    public Runnable counter(int[] count) {
        return new Runnable() {
            @Override
            public void run() {
                count[0]++;
            }
        };
    }

    public Map<String, String> lastTwo() {
        return new LinkedHashMap<String, String>() {
            // Widened to public here, but LinkedHashMap declares it protected in
            // java.util: a test in `tasks` cannot call it through that type.
            @Override
            public boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                return size() > 2;
            }
        };
    }
}
