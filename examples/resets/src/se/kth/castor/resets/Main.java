package se.kth.castor.resets;

/** The workload: one splitter over a few texts. */
public class Main {
    public static void main(String[] args) {
        Words words = new Words();
        for (String t : new String[] {"a few words", "  spaced   out ", "one", ""}) {
            System.out.println(words.split(t));
        }
        System.out.println(words.texts());
    }
}
