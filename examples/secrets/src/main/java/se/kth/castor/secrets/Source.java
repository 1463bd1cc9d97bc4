package se.kth.castor.secrets;

/** Characters for the tokenizer, one word at a time. */
public class Source {
    private final String[] words;
    private int next;

    public Source(String text) {
        this.words = text.trim().split("\\s+");
    }

    public String nextWord() {
        return next < words.length ? words[next++] : null;
    }
}
