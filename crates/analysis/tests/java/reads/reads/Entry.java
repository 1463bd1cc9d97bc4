package reads;

public class Entry {
    Entry next;
    int amount;
    Ledger ledger;
    Account account;
    java.util.List<String> notes;
}
