package reads;

import java.util.ArrayList;
import java.util.List;

/** A receiver with much state, of which each method reads a little. */
public class Ledger {
    private final String owner;
    private final Account account;
    private final List<String> notes = new ArrayList<>();
    private final Audit audit;
    private Entry head;
    private int version;
    private final long[] bulk = new long[4096];

    public Ledger(String owner, Account account, Audit audit) {
        this.owner = owner;
        this.account = account;
        this.audit = audit;
    }

    /** Reads account.holder.name through a private helper's result. */
    public String holderName() {
        return nameOf(holder()).toUpperCase();
    }

    private Holder holder() {
        return account.holder;
    }

    private static String nameOf(Holder h) {
        return h.name;
    }

    /** A primitive deep in the graph, and a JDK call on a field. */
    public int score(Request request) {
        return account.limits.daily + notes.size() + request.amount;
    }

    /** A mocked call (on audit): its argument is passed through, neither is read. */
    public void record(Request request) {
        audit.log(request.account);
        version++;
    }

    /** A linked structure walked in a loop. */
    public int entries() {
        int n = 0;
        for (Entry e = head; e != null; e = e.next) {
            n += e.amount;
        }
        return n;
    }

    /** Returns a field: its literal fields are what the output oracle compares. */
    public Account account() {
        return account;
    }

    /**
     * Reads a field of what a mock answered, and hands another answer back: the test's
     * stubs answer with objects holding that much (and the returned one's literals).
     */
    public Account dailyOf(String who, String other) {
        if (audit.lookup(who).limits.daily > 0) {
            return audit.lookup(other);
        }
        return null;
    }

    /** The mocked call made in a helper (a deeper call): identity only, as in the method. */
    public void recordVia(Request request) {
        forward(request.account);
    }

    private void forward(Account account) {
        audit.log(account);
    }

    /** Writes this into the argument's field (jsoup's `reparentChild`): identity only. */
    public void adopt(Entry entry) {
        entry.ledger = this;
    }

    /** Hands its account (a project object) and its notes (a JDK list) to an entry. */
    public void share(Entry entry) {
        entry.account = account;
        entry.notes = notes;
    }

    /** Passes this to the mock: identity only. */
    public void announce() {
        audit.seen(this);
    }
}
