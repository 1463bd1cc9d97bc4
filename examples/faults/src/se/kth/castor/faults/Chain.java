package se.kth.castor.faults;

/**
 * Words in a chain of links, a nested class: {@code rank} calls a method of its head and
 * walks the links itself, so a test spies on the head it rebuilds (held in a variable
 * declared {@code Object}, as a nested class's object is). Its seven links are more
 * than the snapshot's depth limit (3): the whole chain is recorded because nothing else
 * limits it.
 */
public class Chain {
    static class Link {
        final String word;
        final Link next;

        Link(String word, Link next) {
            this.word = word;
            this.next = next;
        }

        boolean matches(String w) {
            return word.equals(w);
        }
    }

    private Link head;
    /** The same link as {@code head}: a test builds it once, in a variable. */
    private Link newest;

    public void add(String word) {
        head = new Link(word, head);
        newest = head;
    }

    /** How many links before {@code word}, or -1. */
    public int rank(String word) {
        if (newest != head) {
            throw new IllegalStateException("the newest link is not the head");
        }
        if (head.matches(word)) {
            return 0;
        }
        return depth(head, word);
    }

    private static int depth(Link link, String word) {
        int d = 0;
        while (link != null && !link.word.equals(word)) {
            link = link.next;
            d++;
        }
        return link == null ? -1 : d;
    }
}
