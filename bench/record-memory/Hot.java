package hot;

import java.util.ArrayList;
import java.util.List;

/**
 * A workload whose one method under test is hot and carries big values: every call gets
 * a 4 KB string and a 2,000-element list. Recording every invocation of it is the worst
 * case for the recorder's memory (bench/record-memory.sh).
 */
public class Hot {
    public static void main(String[] args) {
        // n calls of one hot MUT, each with a 4 KB string and a 2,000-element list.
        int n = Integer.parseInt(args[0]);
        Scorer scorer = new Scorer(new Weights());
        List<Integer> items = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            items.add(i);
        }
        String text = "x".repeat(4096);
        // Optional second argument: how many threads share the n calls (default 1).
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long[] totals = new long[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int me = t;
            workers[t] = new Thread(() -> {
                for (int i = me; i < n; i += threads) {
                    totals[me] += scorer.score(text, items, i);
                }
            });
            workers[t].start();
        }
        long total = 0;
        for (int t = 0; t < threads; t++) {
            try {
                workers[t].join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            total += totals[t];
        }
        System.out.println("total=" + total);
    }
}

class Weights {
    int weight(int i) {
        return i % 13;
    }
}

class Scorer {
    private final Weights weights;

    Scorer(Weights weights) {
        this.weights = weights;
    }

    public int score(String text, List<Integer> items, int i) {
        return weights.weight(i) + text.length() % 7 + items.size() % 5;
    }
}
