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
 * are made from a class the JVM spins for the reference, never from this code. Each item
 * points back to its relay, as a commons-csv record does to its parser.
 */
public class Relay implements Iterable<Relay.Item> {
    /** A pending item, which knows the relay it came from. */
    public static final class Item {
        private final String text;
        private final Relay origin;

        Item(String text, Relay origin) {
            this.text = text;
            this.origin = origin;
        }

        public String text() {
            return text;
        }

        public Relay origin() {
            return origin;
        }
    }

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

    /** Sends every item trimmed, through a lambda whose body calls the sink. */
    public int publishTrimmed(List<String> items) {
        items.forEach(item -> sink.send(item.trim()));
        return sink.sent();
    }

    public Item take() throws IOException {
        if (closed) {
            throw new IOException("closed");
        }
        String text = pending.pollFirst();
        return text == null ? null : new Item(text, this);
    }

    public boolean isClosed() {
        return closed;
    }

    public void close() {
        closed = true;
    }

    @Override
    public Iterator<Item> iterator() {
        return new Drain();
    }

    /** The items still pending, taken one by one. */
    final class Drain implements Iterator<Item> {
        private Item current;

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
        public Item next() {
            if (isClosed()) {
                throw new NoSuchElementException("closed");
            }
            Item item = current;
            current = null;
            if (item == null) {
                item = Unchecked.get(Relay.this::take);
            }
            if (item == null) {
                throw new NoSuchElementException();
            }
            return item;
        }
    }
}
