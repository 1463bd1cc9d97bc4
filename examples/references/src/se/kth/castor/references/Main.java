package se.kth.castor.references;

import java.util.ArrayDeque;
import java.util.List;

/** The workload: publish two batches, then drain the pending items. */
public class Main {
    public static void main(String[] args) {
        Relay relay = new Relay(new Log(), new ArrayDeque<>(List.of("alpha", "beta", "gamma")));
        System.out.println(relay.publish(List.of("x", "y")));
        System.out.println(relay.publish(List.of("z")));
        System.out.println(relay.publishTrimmed(List.of(" w ", "v ")));
        for (Relay.Item item : relay) {
            System.out.println(item.text() + " " + (item.origin() == relay));
        }
        relay.close();
        System.out.println(relay.iterator().hasNext());
    }
}
