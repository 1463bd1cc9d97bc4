package reads;

public class Entry {
    Entry next;
    int amount;
    Ledger ledger;
}
