package se.kth.castor.writers;

import java.io.IOException;

/** Appends a separator to what it is given and hands the same builder back. */
public interface Separator {
    StringBuilder after(StringBuilder text, int index) throws IOException;
}
