package se.kth.castor.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class PriceTest {
    @Test
    void discountsFromTenItems() {
        assertEquals(900, Price.total(100, 10));
        assertEquals(900, Price.total(100, 9));
    }

    @Test
    void formatsEurosAndCents() {
        assertEquals("12.05", Price.format(1205));
    }

    @Test
    void runsWithTheBuildsTestJvmOptions() {
        // The parent pom's Surefire argLine, systemPropertyVariables and
        // environmentVariables: mimic must run the tests with them too.
        assertEquals("EUR", System.getProperty("shop.currency"));
        assertEquals("north", System.getProperty("shop.region"));
        assertEquals("test", System.getenv("SHOP_ENV"));
    }

    @Test
    @Tag("slow")
    void knowsAFreePriceSlowly() {
        // Tagged slow: the build (excludedGroups slow) does not run it, nor does mimic
        // mutate --project; it would detect a broken isFree.
        assertEquals(true, Price.isFree(0));
        assertEquals(false, Price.isFree(5));
    }

    @Test
    void readsItsDataFromTheModuleDirectory() throws Exception {
        // Relative to the module, as Maven runs tests: mimic must run them there too.
        assertEquals("1205", Files.readString(Path.of("src/test/resources/price.txt")).trim());
        Price.isFree(0);
    }
}
