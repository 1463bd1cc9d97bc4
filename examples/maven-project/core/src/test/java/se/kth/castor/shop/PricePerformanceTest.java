package se.kth.castor.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A benchmark the build leaves out (the parent pom's Surefire excludes
 * {@code **}{@code /*PerformanceTest.java}); it would detect a broken {@code isFree} if it ran,
 * so {@code mimic mutate --project} shows whether it ran.
 */
class PricePerformanceTest {
    @Test
    void countsFreePricesFast() {
        int free = 0;
        for (long cents = 0; cents < 100_000; cents++) {
            if (Price.isFree(cents % 1000)) {
                free++;
            }
        }
        assertEquals(100, free);
    }
}
