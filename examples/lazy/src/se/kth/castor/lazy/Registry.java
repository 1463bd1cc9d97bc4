package se.kth.castor.lazy;

/** Finds a filter by its name (a collaborator: a test mocks it). */
public interface Registry {
    Filter filter(String name);
}
