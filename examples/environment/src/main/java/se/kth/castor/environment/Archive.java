package se.kth.castor.environment;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Scanner;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads a file through the classic {@code java.io} constructors and the lazy streams of
 * {@code Files}, and dates what it read.
 */
public class Archive {
    private final File file;

    public Archive(File file) {
        this.file = file;
    }

    /** The file's first line, through a {@code FileReader}. */
    public String firstLine() throws IOException {
        try (BufferedReader in = new BufferedReader(new FileReader(file))) {
            return in.readLine();
        }
    }

    /** The file's size in bytes, through a {@code FileInputStream} opened by path. */
    public int size() throws IOException {
        try (FileInputStream in = new FileInputStream(file.getPath())) {
            return in.readAllBytes().length;
        }
    }

    /** The file's first word, through a {@code Scanner} on the file. */
    public String firstWord() throws IOException {
        try (Scanner in = new Scanner(file)) {
            return in.next();
        }
    }

    /** How many words the file holds, through the lazy {@code Files.lines}. */
    public long words() throws IOException {
        try (Stream<String> lines = Files.lines(file.toPath())) {
            return lines.flatMap(line -> Arrays.stream(line.split(" ")))
                    .filter(word -> !word.isBlank())
                    .count();
        }
    }

    /** The names in the file's directory, sorted, through {@code Files.list}. */
    public List<String> siblings() throws IOException {
        try (Stream<Path> entries = Files.list(file.toPath().getParent())) {
            return entries.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    /** The file's name and the day (since the epoch) it was read on, from {@code new Date()}. */
    public String label() {
        Date now = new Date();
        return file.getName() + " read on day " + now.getTime() / 86_400_000L;
    }
}
