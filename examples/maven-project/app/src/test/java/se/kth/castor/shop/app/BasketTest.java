package se.kth.castor.shop.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BasketTest {
    @Test
    void totalsItsLines() {
        Basket basket = new Basket();
        basket.add(100, 2);
        basket.add(50, 10);
        assertEquals(650, basket.total());
        basket.count(); // not checked: count() is pseudo-tested
    }
}
