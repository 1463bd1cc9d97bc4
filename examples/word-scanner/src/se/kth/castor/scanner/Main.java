package se.kth.castor.scanner;

/** A small workload: scan a few lines. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        String[] lines = {"the quick  brown fox", "  jumps over", "", "lazy dogs "};
        for (String line : lines) {
            WordScanner scanner = new WordScanner(new StringSource(line));
            System.out.println(scanner.words());
        }
    }
}
