package shop;

public enum Currency {
    EUR, SEK;

    public String symbol() {
        return this == EUR ? "€" : "kr";
    }
}
