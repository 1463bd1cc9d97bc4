package reads;

/** A method that sets a field from its parameter, then calls through the field. */
public class Printer {
    private Audit audit;
    private Audit backup;

    public void print(Audit given, Ledger ledger) {
        this.audit = given;
        audit.seen(ledger);
        // Set on one path only: the field may still be the one the receiver had.
        if (ledger == null) {
            this.backup = given;
        }
        backup.seen(ledger);
    }
}
