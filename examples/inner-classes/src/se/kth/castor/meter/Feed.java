package se.kth.castor.meter;

/** Where readings come from: the collaborator the tests mock. */
public interface Feed {
    int next();
}
