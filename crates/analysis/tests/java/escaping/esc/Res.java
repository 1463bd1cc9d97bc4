package esc;

/** A resource: the collaborator the MUT's tests mock. */
public interface Res extends java.io.Closeable {
    int ping();

    void release();
}
