package se.kth.castor.secrets;

/**
 * A tokenizer whose names contain "token" (a {@code Token} class, a {@code reusableToken}
 * field): ordinary parser code that redaction must leave alone.
 */
public class Tokenizer {
    private final Source source;
    private final Token reusableToken = new Token("", 0);
    private int tokenCount;

    public Tokenizer(Source source) {
        this.source = source;
    }

    /** The next token, or null at the end. */
    public Token next() {
        String word = source.nextWord();
        if (word == null) {
            return null;
        }
        reusableToken.text = word;
        reusableToken.kind = Character.isDigit(word.charAt(0)) ? 1 : 2;
        tokenCount++;
        return new Token(reusableToken.text, reusableToken.kind);
    }

    public int tokenCount() {
        return tokenCount;
    }
}
