package chains;

/** What a Session reads. */
public class Row {
    public String text() { return "row"; }
}
