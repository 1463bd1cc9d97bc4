package demo.poller;

import static org.junit.jupiter.api.Assertions.*;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;

class ExitTest {
    @Test
    void readsWithoutExiting() {
        Source source = mock(Source.class);
        when(source.ready()).thenReturn(true);
        when(source.read()).thenReturn("x");
        assertEquals("x", new Poller(source).readOrExit());
    }

    @Test
    void exits() {
        new Poller(mock(Source.class)).readOrExit();
    }

    @Test
    void assertsWrongly() {
        Ledger ledger = new Ledger();
        ledger.add(2);
        assertEquals(3, ledger.total());
    }
}
