package acc;

/** Inherits Counting's override of walk without declaring its own. */
public class Deeper extends Counting {
}
