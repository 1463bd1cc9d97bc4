package se.kth.castor.faults;

import java.util.List;

/**
 * A picker that hands back what its sieve keeps of the ware its stock holds at a place,
 * JDOM's filtered-list `get` in small: the stock's answer is only passed to the sieve,
 * so a test answers it with a mock, and the sieve hands that very object back. The
 * method returns the mock: the test asserts that, not the ware production returned.
 */
public final class Picker {
    /** Wares by place. */
    public static class Stock {
        private final List<Ware> wares;

        public Stock(List<Ware> wares) {
            this.wares = wares;
        }

        public Ware at(int place) {
            return wares.get(place);
        }
    }

    /** Keeps a ware, or not. */
    public static class Sieve {
        public Ware keep(Ware ware) {
            return ware.name.startsWith("b") ? ware : null;
        }
    }

    /** A ware by name. */
    public static final class Ware {
        final String name;

        public Ware(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private final Stock stock;
    private final Sieve sieve;

    public Picker(Stock stock, Sieve sieve) {
        this.stock = stock;
        this.sieve = sieve;
    }

    public Ware pick(int place) {
        return sieve.keep(stock.at(place));
    }
}
