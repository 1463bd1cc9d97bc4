package demo.poller;

import static org.junit.jupiter.api.Assertions.*;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;

class PollerTest {
    @Test
    void readsWhenReady() {
        Source source = mock(Source.class);
        when(source.ready()).thenReturn(false, true);
        when(source.read()).thenReturn("hello");
        assertEquals("hello", new Poller(source).await());
    }

    @Test
    void waitsForever() {
        // Stub-only: the loop does not fill the heap with recorded invocations.
        Source source = mock(Source.class, withSettings().stubOnly());
        new Poller(source).await();
    }

    @Test
    void readsAgain() {
        Source source = mock(Source.class);
        when(source.ready()).thenReturn(true);
        when(source.read()).thenReturn("again");
        assertEquals("again", new Poller(source).await());
    }
}
