package se.kth.castor.faults;

/**
 * Names inherited through nested scopes, PDFBox's inheritable page attributes in small:
 * {@code inherited} looks a name up in a scope, then (calling itself) in its parent. The
 * parent a mocked scope answers is another object: the calls the nested invocation
 * makes on it are not calls on the outer invocation's mock.
 */
public final class Scopes {
    private Scopes() {}

    /** The value of {@code name} in {@code scope} or the nearest scope around it. */
    public static String inherited(Scope scope, String name) {
        String value = scope.lookup(name);
        if (value != null) {
            return value;
        }
        Scope up = scope.parent();
        return up == null ? null : inherited(up, name);
    }
}
