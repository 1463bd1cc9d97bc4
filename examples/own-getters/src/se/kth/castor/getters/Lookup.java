package se.kth.castor.getters;

/** Finds the value of a variable (a collaborator: a map, the environment, a database). */
public interface Lookup {
    String find(String key);
}
