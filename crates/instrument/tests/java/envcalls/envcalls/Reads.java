package envcalls;

import java.nio.file.Files;
import java.nio.file.Path;

/** Environment reads whose printed outcome is the same on every run and machine. */
public class Reads {
    public boolean rootExists() {
        return Files.exists(Path.of("/"));
    }

    public String version() {
        return System.getProperty("java.version", "?").isEmpty() ? "none" : "some";
    }

    public boolean cpus() {
        return Runtime.getRuntime().availableProcessors() > 0;
    }

    public boolean clockMoves() {
        long start = System.nanoTime();
        return System.nanoTime() >= start;
    }

    public static void main(String[] args) {
        Reads r = new Reads();
        System.out.println(r.rootExists() + " " + r.version() + " " + r.cpus() + " " + r.clockMoves());
    }
}
