package demo.poller;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ResourceTest {
    @Test
    void readsByRelativePath() throws Exception {
        assertEquals("hello\n", Files.readString(Path.of("data/greeting.txt")));
    }
}
