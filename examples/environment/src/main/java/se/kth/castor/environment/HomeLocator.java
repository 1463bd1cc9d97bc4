package se.kth.castor.environment;

/** Looks in the user's home, then in a directory no machine has. */
public class HomeLocator extends Locator {
    @Override
    protected String[] roots() {
        return new String[] {System.getProperty("user.home"), "/nonexistent-mimic-example-root"};
    }
}
