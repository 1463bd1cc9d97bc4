package demo.poller;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class MemoryTest {
    @Test
    void exhaustsTheHeap() {
        assertNotNull(new Ledger().table(Integer.MAX_VALUE - 8));
    }

    @Test
    void totals() {
        Ledger ledger = new Ledger();
        ledger.add(2);
        ledger.add(40);
        assertEquals(42, ledger.total());
    }
}
