package se.kth.castor.library;

/** A branch of the library and the policy it applies. */
public class Branch {
    final String name;
    final Policy policy;

    Branch(String name, Policy policy) {
        this.name = name;
        this.policy = policy;
    }
}
