package se.kth.castor.reflection;

/** Says whether a binding applies to a scope (a collaborator). */
public interface Guard {
    boolean accepts(Object scope);
}
