package esc;

/** Holds two resources and hands them to {@link Util}. */
public class Holder {
    private final Res first;
    private final Res second;

    public Holder(Res first, Res second) {
        this.first = first;
        this.second = second;
    }

    public int use() {
        int n = first.ping() + Util.touch(first);
        Util.releaseQuietly(first);
        Util.releaseQuietly(second);
        Util.closeQuietly(second);
        return n;
    }

    /** Calls itself again through a helper: its own calls are no deeper calls of it. */
    public int countDown(int n) {
        int pinged = first.ping();
        return n > 0 ? again(n) : pinged;
    }

    private int again(int n) {
        return countDown(n - 1);
    }
}
