package mimic.mutate;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * A class loader that loads the application's classes (rewritten and original) and the
 * tests again, child first, so that their static initialisers run again: what a mutant of
 * a method only static initialisers reach needs, without starting a JVM for it. Everything
 * else (the JDK, the test engines, the test dependencies, this shim with its
 * {@link MutantSwitch}) comes from the parent and stays shared and warm.
 *
 * <p>Its entries are the system property {@code mimic.mutate.reload}, a class path list
 * written by mimic. A {@code FRESHRUN} request runs its tests with a new one as the launch
 * thread's context class loader, which the JUnit engines load test classes through.
 */
final class FreshLoader extends URLClassLoader {
    static {
        ClassLoader.registerAsParallelCapable();
    }

    private static final URL[] ENTRIES = entries();

    private FreshLoader(URL[] urls, ClassLoader parent) {
        super("mimic-fresh", urls, parent);
    }

    /** A new loader over the reloaded entries, or null when there are none. */
    static ClassLoader create() {
        if (ENTRIES.length == 0) {
            return null;
        }
        return new FreshLoader(ENTRIES, MutationRunner.class.getClassLoader());
    }

    private static URL[] entries() {
        String list = System.getProperty("mimic.mutate.reload", "");
        List<URL> urls = new ArrayList<>();
        for (String entry : list.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            try {
                urls.add(new File(entry).toURI().toURL());
            } catch (MalformedURLException e) {
                System.err.println("mimic: cannot reload " + entry + ": " + e);
            }
        }
        return urls.toArray(new URL[0]);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith("java.") || name.startsWith("mimic.mutate.")) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException notHere) {
                    return super.loadClass(name, resolve);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        URL here = findResource(name);
        return here != null ? here : super.getResource(name);
    }
}
