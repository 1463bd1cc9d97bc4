import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.io.FileUtils;
import org.apache.commons.io.file.PathUtils;

/**
 * A workload for commons-io's file utilities (issue 17's real library): it builds a small
 * tree in a temporary directory, reads, compares, copies, measures and deletes through
 * {@code FileUtils} and {@code PathUtils}, then deletes the tree, so that generated tests
 * can only pass if they replay what the library read.
 */
public final class CommonsIoWorkload {
    private CommonsIoWorkload() {}

    public static void main(String[] args) throws IOException {
        Path root = Files.createTempDirectory("mimic-commons-io");
        File dir = root.toFile();
        try {
            File a = new File(dir, "a.txt");
            File b = new File(dir, "b.txt");
            Files.writeString(a.toPath(), "alpha\nbeta\ngamma " + System.nanoTime() % 1000 + "\n");
            Files.writeString(b.toPath(), "other\n");
            System.out.println(FileUtils.readFileToByteArray(a).length);
            System.out.println(FileUtils.readLines(a, StandardCharsets.UTF_8));
            System.out.println(FileUtils.readLines(a, "UTF-8").size());
            System.out.println(FileUtils.isDirectory(dir));
            System.out.println(FileUtils.isRegularFile(a));
            System.out.println(FileUtils.isRegularFile(new File(dir, "missing")));
            System.out.println(FileUtils.contentEquals(a, b));
            System.out.println(FileUtils.contentEquals(a, a));
            System.out.println(FileUtils.checksumCRC32(a));
            File sub = new File(dir, "sub/deeper");
            FileUtils.forceMkdir(sub);
            FileUtils.forceMkdirParent(new File(sub, "x/y.txt"));
            File copy = new File(sub, "copy.txt");
            FileUtils.copyFile(a, copy);
            System.out.println(FileUtils.sizeOfDirectory(dir));
            System.out.println(FileUtils.directoryContains(dir, copy));
            System.out.println(PathUtils.fileContentEquals(a.toPath(), copy.toPath()));
            System.out.println(PathUtils.isDirectory(sub.toPath()));
            System.out.println(FileUtils.getTempDirectoryPath().isEmpty());
            System.out.println(FileUtils.getUserDirectoryPath().isEmpty());
            System.out.println(FileUtils.deleteQuietly(copy));
            System.out.println(FileUtils.deleteQuietly(new File(dir, "missing")));
            FileUtils.cleanDirectory(sub);
        } finally {
            FileUtils.deleteDirectory(dir);
        }
        System.out.println(dir.exists());
    }
}
