package se.kth.castor.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Several threads call {@link Quoter#quote(String, int)} on one shared {@link Quoter} at
 * the same time, each with its own customers ({@code worker-<t>/<i>}) and quantities
 * ({@code i}, where {@code i = 0} throws). Prints one deterministic total per thread.
 *
 * <p>Arguments: {@code [threads] [calls per thread] [sleep seconds after the work]}
 * (defaults 4, 50, 0). With a sleep, it prints {@code sleeping} once the work is done,
 * so a test can kill the JVM while it holds recorded invocations.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        int sleepSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        Quoter quoter = new Quoter(new TableRates(new Table()));
        CountDownLatch start = new CountDownLatch(1);
        AtomicLong[] totals = new AtomicLong[threads];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            AtomicLong total = new AtomicLong();
            totals[t] = total;
            String name = "worker-" + t;
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < calls; i++) {
                    try {
                        total.addAndGet(quoter.quote(name + "/" + i, i));
                    } catch (IllegalArgumentException e) {
                        total.addAndGet(-1);
                    }
                }
            }, name);
            workers.add(worker);
            worker.start();
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        for (int t = 0; t < threads; t++) {
            System.out.printf("worker-%d total %d%n", t, totals[t].get());
        }
        if (sleepSeconds > 0) {
            System.out.println("sleeping");
            System.out.flush();
            Thread.sleep(sleepSeconds * 1000L);
        }
    }
}
