package se.kth.castor.references;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Calls a supplier that may throw an IOException (commons-io's `Uncheck.get` in small). */
public final class Unchecked {
    /** A supplier whose call may fail with an IOException. */
    public interface IoSupplier<T> {
        T get() throws IOException;
    }

    private Unchecked() {}

    public static <T> T get(IoSupplier<T> supplier) {
        try {
            return supplier.get();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
