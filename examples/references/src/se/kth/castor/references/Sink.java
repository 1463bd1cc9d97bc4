package se.kth.castor.references;

/** Where a relay sends items: a collaborator the tests mock. */
public interface Sink {
    void send(String item);

    int sent();
}
