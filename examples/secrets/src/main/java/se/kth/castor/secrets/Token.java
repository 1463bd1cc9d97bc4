package se.kth.castor.secrets;

/** A lexical token: not a secret, whatever its class is called. */
public final class Token {
    String text;
    int kind;

    Token(String text, int kind) {
        this.text = text;
        this.kind = kind;
    }

    public String text() {
        return text;
    }

    public int kind() {
        return kind;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Token && ((Token) o).text.equals(text) && ((Token) o).kind == kind;
    }

    @Override
    public int hashCode() {
        return text.hashCode() * 31 + kind;
    }

    @Override
    public String toString() {
        return kind + ":" + text;
    }
}
