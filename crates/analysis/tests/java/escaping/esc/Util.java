package esc;

/** Static helpers of another class the MUT hands its resources to. */
final class Util {
    private Util() {
    }

    /** Called with one resource only: its call is the MUT's deeper call. */
    static int touch(Res r) {
        return r.ping() + 1;
    }

    /** Called with two different resources: its site stands for neither. */
    static void releaseQuietly(Res r) {
        r.release();
    }

    /** Takes a JDK type: a mock of the field's own type must answer, not a Closeable. */
    static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (java.io.IOException ignored) {
            // as its name says
        }
    }
}
