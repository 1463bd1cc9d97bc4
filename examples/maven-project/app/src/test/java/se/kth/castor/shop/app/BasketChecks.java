package se.kth.castor.shop.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Not a test class by Surefire's default names ({@code *Test}, {@code Test*}, {@code *Tests},
 * {@code *TestCase}), so {@code mvn test} does not run it, and neither does
 * {@code mimic mutate --project} unless given {@code --all-test-classes}.
 */
class BasketChecks {
    @Test
    void countsItsItems() {
        Basket basket = new Basket();
        basket.add(100, 2);
        basket.add(50, 10);
        assertEquals(12, basket.count());
    }
}
