package env;

/** A superclass whose static field its subclass reads. */
public class Base {
    protected static long offset;
}
