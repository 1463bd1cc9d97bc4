package se.kth.castor.callbacks;

import java.util.function.Predicate;

/** Words and their parts: calls back what it is given. */
public class Dictionary {
    public int countMatching(String word, Predicate<String> keep) {
        int n = 0;
        for (String part : word.split("-")) {
            if (keep.test(part)) {
                n++;
            }
        }
        return n;
    }

    public void forEachPart(String word, Walker.Listener listener) {
        for (String part : word.split("-")) {
            listener.heard(part);
        }
    }
}
