package se.kth.castor.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Hand-written tests that pass here and now but read the real environment: what
 * {@code mimic verify --perturb} must report as unstable (one per perturbation), and what
 * the generated tests, which replay production's reads, must never be.
 */
class RealEnvironmentTest {
    /** The JVM's clock agrees with the file system's: not a year later. */
    @Test
    void clockAgreesWithTheFileSystem() throws Exception {
        Path file = Files.createTempFile("mimic-clock", ".txt");
        try {
            long written = Files.getLastModifiedTime(file).toMillis();
            assertTrue(Math.abs(System.currentTimeMillis() - written) < 3_600_000L,
                    "the clock is more than an hour from the file system's");
        } finally {
            Files.delete(file);
        }
    }

    /** Upper case by the default locale: Turkish has a dotted capital I. */
    @Test
    void upperCaseInTheDefaultLocale() {
        assertEquals("TITLE", "title".toUpperCase());
    }

    /** A path relative to the working directory (the example's, with --test-dir). */
    @Test
    void readsItsSourcesByRelativePath() {
        assertTrue(Files.isDirectory(Path.of("src/main/java")));
    }

    /** Needs nothing from the environment: stable under every perturbation. */
    @Test
    void arithmetic() {
        assertEquals(4, 2 + 2);
    }
}
