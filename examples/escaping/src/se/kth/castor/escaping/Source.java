package se.kth.castor.escaping;

/** Characters to read, one at a time: the collaborator a counter's tests mock. */
public interface Source {
    boolean atEnd();

    char peek();

    char next();
}
