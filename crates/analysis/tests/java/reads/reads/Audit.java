package reads;

public interface Audit {
    void log(Account account);

    void seen(Ledger ledger);

    Account lookup(String who);
}
