package demo.poller;

import static org.junit.jupiter.api.Assertions.*;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PollerTest {
    @Test
    @Order(1)
    void readsWhenReady() {
        Source source = mock(Source.class);
        when(source.ready()).thenReturn(false, true);
        when(source.read()).thenReturn("hello");
        assertEquals("hello", new Poller(source).await());
    }

    @Test
    @Order(2)
    void waitsForever() {
        // Stub-only: the loop does not fill the heap with recorded invocations.
        Source source = mock(Source.class, withSettings().stubOnly());
        new Poller(source).await();
    }

    @Test
    @Order(3)
    void readsAgain() {
        Source source = mock(Source.class);
        when(source.ready()).thenReturn(true);
        when(source.read()).thenReturn("again");
        assertEquals("again", new Poller(source).await());
    }

    /** A test that outran its time limit is stopped, not left spinning beside this one. */
    @Test
    @Order(4)
    void nothingLeftRunning() {
        for (StackTraceElement[] stack : Thread.getAllStackTraces().values()) {
            for (StackTraceElement frame : stack) {
                assertNotEquals("waitsForever", frame.getMethodName(), "a timed-out test still runs");
            }
        }
    }
}
