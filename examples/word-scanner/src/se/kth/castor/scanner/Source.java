package se.kth.castor.scanner;

/** Characters to scan, one at a time: the collaborator a scanner's tests mock. */
public interface Source {
    boolean isEmpty();

    char peek();

    char next();
}
