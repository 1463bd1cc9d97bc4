package se.kth.castor.library;

/** Today, as a day number. */
public interface Clock {
    int today();
}
