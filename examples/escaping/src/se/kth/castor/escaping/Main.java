package se.kth.castor.escaping;

/** A small workload: count the words of a few lines and find their longest. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        String[] lines = {"red, green  blue", "  cyan", "", "magenta yellow, "};
        for (String line : lines) {
            System.out.println(new WordCounter(new StringSource(line)).count()
                    + " " + new WordCounter(new StringSource(line)).longest());
        }
    }
}
