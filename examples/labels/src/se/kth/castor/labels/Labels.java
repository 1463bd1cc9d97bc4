package se.kth.castor.labels;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** A small set of label names kept in an array, in the order they were added. */
public class Labels implements Iterable<String> {
    private String[] names = new String[2];
    private int size;

    public int size() {
        return size;
    }

    public boolean contains(String name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return true;
            }
        }
        return false;
    }

    public void add(String name) {
        if (contains(name)) {
            return;
        }
        if (size == names.length) {
            String[] bigger = new String[size * 2];
            System.arraycopy(names, 0, bigger, 0, size);
            names = bigger;
        }
        names[size++] = name;
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public String next() {
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                return names[next++];
            }

            @Override
            public void remove() {
                next--;
                System.arraycopy(names, next + 1, names, next, size - next - 1);
                names[--size] = null;
            }
        };
    }
}
