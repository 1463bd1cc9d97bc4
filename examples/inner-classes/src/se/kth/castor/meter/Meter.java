package se.kth.castor.meter;

/**
 * A meter whose readings are a non-static inner class (each reading knows its meter's
 * unit through the outer instance) fed by a lambda, an anonymous class or a local class:
 * what production holds in those fields are classes a test cannot name.
 */
public class Meter {
    private final String unit;

    public Meter(String unit) {
        this.unit = unit;
    }

    /** One reading of the meter. */
    public class Reading {
        private final Feed feed;

        public Reading(Feed feed) {
            this.feed = feed;
        }

        /** The next value with the meter's unit. */
        public String take() {
            int value = feed.next();
            return value < 0 ? "no reading" : value + " " + unit;
        }
    }

    /** A reading fed by a local class counting down from {@code from}. */
    public Reading countdown(int from) {
        class Countdown implements Feed {
            private int left = from;

            @Override
            public int next() {
                return left--;
            }
        }
        return new Reading(new Countdown());
    }
}
