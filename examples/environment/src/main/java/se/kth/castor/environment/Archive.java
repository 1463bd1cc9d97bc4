package se.kth.castor.environment;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileReader;
import java.io.IOException;
import java.util.Date;
import java.util.Scanner;

/** Reads a file through the classic {@code java.io} constructors, and dates what it read. */
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

    /** The file's name and the day (since the epoch) it was read on, from {@code new Date()}. */
    public String label() {
        Date now = new Date();
        return file.getName() + " read on day " + now.getTime() / 86_400_000L;
    }
}
