package se.kth.castor.escaping;

/** Static helpers of another class that read from the source they are handed. */
final class Blanks {
    private Blanks() {
    }

    /** Skips blanks; returns how many. */
    static int skip(Source source) {
        int skipped = 0;
        while (!source.atEnd() && isBlank(source.peek())) {
            source.next();
            skipped++;
        }
        return skipped;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == ',';
    }
}
