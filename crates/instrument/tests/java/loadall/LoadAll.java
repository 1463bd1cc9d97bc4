import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

/**
 * Test fixture: loads and links (hence verifies) every class named in a file, without
 * running static initialisers, and prints one line per class that fails:
 * "VERIFY <class> <message>" for VerifyError and ClassFormatError,
 * "LINKAGE <class> <error>" for other linkage problems (missing optional dependencies),
 * then "loaded=<n> verify_errors=<n> linkage_errors=<n>".
 */
public final class LoadAll {
    public static void main(String[] args) throws Exception {
        List<String> names = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        ClassLoader loader = LoadAll.class.getClassLoader();
        int loaded = 0;
        int verify = 0;
        int linkage = 0;
        for (String name : names) {
            if (name.isBlank()) {
                continue;
            }
            try {
                Class<?> c = Class.forName(name, false, loader);
                // Reflection on declared members links the class, which runs the verifier.
                c.getDeclaredMethods();
                loaded++;
            } catch (VerifyError | ClassFormatError e) {
                verify++;
                System.out.println("VERIFY " + name + " " + e.getMessage().replace('\n', ' '));
            } catch (LinkageError | ClassNotFoundException e) {
                linkage++;
                System.out.println("LINKAGE " + name + " " + e);
            }
        }
        System.out.println("loaded=" + loaded + " verify_errors=" + verify + " linkage_errors=" + linkage);
    }
}
