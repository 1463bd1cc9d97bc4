package se.kth.castor.library;

import java.io.OutputStream;

/** The other libraries of the network, by name: a collaborator (a test mocks it). */
public interface Network {
    Library library(String name);

    void publish(String branch, OutputStream report);
}
