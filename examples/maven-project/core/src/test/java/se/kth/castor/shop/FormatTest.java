package se.kth.castor.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * A {@code @Nested} class runs through its enclosing class, under Maven and under
 * {@code mimic mutate --project}; a static nested class is not a test class of its own
 * (Surefire's default exclude {@code **}{@code /*$*}), so neither runs it.
 */
class FormatTest {
    @Test
    void plain() {
        assertEquals("1.00", Price.format(100));
    }

    @Nested
    class WhenSmall {
        @Test
        void cents() {
            assertEquals("0.05", Price.format(5));
        }
    }

    static class Helper {
        @Test
        void notRunByMaven() {
            assertEquals("0.07", Price.format(7));
        }
    }
}
