package se.kth.castor.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/** Stamps receipts with the day, a nonce and a footer read from a file. */
public class Stamper {
    private final Random random;
    private final Path footerFile;

    public Stamper(Random random, Path footerFile) {
        this.random = random;
        this.footerFile = footerFile;
    }

    /** The receipt with today's day number, a random nonce and the footer file's text. */
    public String stamp(String receipt) throws IOException {
        long now = System.currentTimeMillis();
        int nonce = random.nextInt(1000);
        String footer = Files.readString(footerFile).trim();
        return receipt + "@" + (now / 86_400_000L) + "#" + nonce + " " + footer;
    }

    /** The footer, or a default when the file is gone. */
    public String footerOrDefault() throws IOException {
        if (!Files.exists(footerFile)) {
            return "(no footer)";
        }
        return Files.readString(footerFile).trim();
    }
}
