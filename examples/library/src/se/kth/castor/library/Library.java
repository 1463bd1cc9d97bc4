package se.kth.castor.library;

import java.util.ArrayList;
import java.util.List;

/**
 * A library with much state: a catalog of a thousand books, and a fee policy four
 * objects down. {@link #lateFee(Loan)} reads only the policy's rates and the loan's
 * days, and asks its clock (a collaborator a test mocks) for today: the recorder captures
 * exactly that, past the snapshot's depth limit, and none of the catalog.
 */
public class Library {
    private final List<Book> catalog = new ArrayList<>();
    private final Branch branch;
    private final Clock clock;
    private final char[] notice = new char[4000];
    private int noticeLength;

    public Library(Branch branch, Clock clock) {
        this.branch = branch;
        this.clock = clock;
        for (int i = 0; i < 1000; i++) {
            catalog.add(new Book("Title " + i, "Author " + (i % 37), 1900 + i % 120));
        }
    }

    /** The fee owed on a loan today: a daily rate past the grace days, capped. */
    public int lateFee(Loan loan) {
        int late = clock.today() - loan.due - branch.policy.rates.graceDays;
        if (late <= 0) {
            return 0;
        }
        return Math.min(late * branch.policy.rates.daily, branch.policy.rates.cap);
    }

    /**
     * The fee terms, as text: the library hands itself to the card it makes, which reads
     * only the rates (the recorder follows it there, so the catalog is not captured).
     */
    public String rateCard() {
        return new RateCard(this).describe() + " (day " + clock.today() + ")";
    }

    /**
     * The grace days of a sister library, asked of the network (a mock in a test): the
     * recorder captures of the library it answers only the rates this reads, not its
     * thousand books, which are past the snapshot limits.
     */
    public int graceDaysAt(Network network, String name) {
        return network.library(name).rates().graceDays;
    }

    /**
     * Hands a report stream to the network unread: a test passes an empty stream of the
     * same class, since only the mock sees it.
     */
    public void publish(Network network, java.io.OutputStream report) {
        network.publish(branch.name, report);
    }

    /**
     * Today's daily rate, by season (the seasons take turns day by day): of the seasons'
     * rates only the daily one is read, of every season (which one is loaded depends on
     * the clock).
     */
    public int seasonalDaily() {
        Rates[] seasons = branch.policy.seasons;
        return seasons[clock.today() % seasons.length].daily;
    }

    /**
     * Puts up a notice: its text goes into a buffer allocated for the longest notice, as
     * parsers hold their tokens.
     */
    public void post(String text) {
        noticeLength = Math.min(text.length(), notice.length);
        text.getChars(0, noticeLength, notice, 0);
    }

    /**
     * The notice, dated: the recorder captures the buffer up to its last character (the
     * rest of the 4,000 are zeros, which the test's copy gets back from the length).
     */
    public String notice() {
        return new String(notice, 0, noticeLength) + " (day " + clock.today() + ")";
    }

    Rates rates() {
        return branch.policy.rates;
    }

    public int size() {
        return catalog.size();
    }
}
