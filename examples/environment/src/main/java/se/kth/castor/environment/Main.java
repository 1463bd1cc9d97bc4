package se.kth.castor.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * The workload: every kind of environment read, with a footer file in a temporary
 * directory that is deleted at the end. The values differ on every run (the clock, the
 * unseeded randomness, the file's path), so tests can only pass anywhere if they replay
 * what this run read.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("mimic-environment");
        Path footer = dir.resolve("footer.txt");
        Files.writeString(footer, "Thank you, run " + System.nanoTime() % 1000 + "\n");
        try {
            Stamper stamper = new Stamper(new Random(), footer);
            System.out.println(stamper.stamp("receipt-1"));
            System.out.println(stamper.stamp("receipt-2"));
            System.out.println(stamper.footerOrDefault());
            Ids ids = new Ids();
            System.out.println(ids.newId("order"));
            System.out.println(ids.roll() + " " + ids.roll());
            System.out.println(Ids.chance());
            Settings settings = new Settings("shop");
            System.out.println(settings.greeting());
            System.out.println(settings.authenticated());
            System.out.println(settings.workers());
            System.out.println(settings.header());
        } finally {
            Files.deleteIfExists(footer);
            Files.delete(dir);
        }
        Stamper gone = new Stamper(new Random(), footer);
        System.out.println(gone.footerOrDefault());
    }
}
