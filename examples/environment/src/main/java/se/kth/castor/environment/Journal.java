package se.kth.castor.environment;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** A journal file: lines appended (writes) and read back through a reader. */
public class Journal {
    private final Path file;

    public Journal(Path file) {
        this.file = file;
    }

    /** Append one entry, creating the journal's directory first. */
    public void append(String entry) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(
                file, entry + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The non-blank entries, numbered. */
    public List<String> entries() throws IOException {
        List<String> out = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    out.add((out.size() + 1) + ". " + line);
                }
            }
        }
        return out;
    }
}
