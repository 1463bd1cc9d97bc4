package shop;

public interface Ledger {
    boolean isOpen();

    void record(String item, int cents);

    int balance();
}
