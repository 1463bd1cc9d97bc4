package se.kth.castor.environment;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds a file under the roots a subclass names (a template method, fontbox's
 * {@code NativeFontDirFinder} in small): the step {@link #roots} of {@link HomeLocator}
 * reads {@code user.home}, a read of the method's own that its tests replay in that class.
 */
public abstract class Locator {
    /** The first root holding {@code name}, or null. */
    public String locate(String name) {
        for (String root : roots()) {
            if (Files.exists(Path.of(root, name))) {
                return root;
            }
        }
        return null;
    }

    protected abstract String[] roots();
}
