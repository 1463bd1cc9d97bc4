package se.kth.castor.references;

import java.io.IOException;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Hands its collaborators to other code as bound method references: the JDK's
 * {@code forEach} calls {@code sink::send}, and the iterator, an inner class, takes items
 * through {@code Relay.this::take} (commons-csv's record iterator in small). Those calls
 * are made from a class the JVM spins for the reference, never from this code.
 */
public class Relay implements Iterable<String> {
    private final Sink sink;
    private final Deque<String> pending;
    private boolean closed;

    public Relay(Sink sink, Deque<String> pending) {
        this.sink = sink;
        this.pending = pending;
    }

    /** Sends every item to the sink; the number the sink has taken so far. */
    public int publish(List<String> items) {
        items.forEach(sink::send);
        return sink.sent();
    }

    public String take() throws IOException {
        if (closed) {
            throw new IOException("closed");
        }
        return pending.pollFirst();
    }

    public boolean isClosed() {
        return closed;
    }

    public void close() {
        closed = true;
    }

    @Override
    public Iterator<String> iterator() {
        return new Drain();
    }

    /** The items still pending, taken one by one. */
    final class Drain implements Iterator<String> {
        private String current;

        @Override
        public boolean hasNext() {
            if (isClosed()) {
                return false;
            }
            if (current == null) {
                current = Unchecked.get(Relay.this::take);
            }
            return current != null;
        }

        @Override
        public String next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            String item = current;
            current = null;
            return item;
        }
    }
}
