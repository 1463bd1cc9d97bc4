package se.kth.castor.lazy;

/** Turns a text into another (a collaborator: a test mocks it). */
public interface Filter {
    String apply(String input);
}
