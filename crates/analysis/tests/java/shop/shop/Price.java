package shop;

public record Price(int cents) {
    public int doubled() {
        return cents * 2;
    }
}
