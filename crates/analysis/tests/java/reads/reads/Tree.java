package reads;

/** Recursion: a method calling itself on another object of the same class. */
public class Tree {
    Tree left;
    int weight;
    String name;

    public int total() {
        return weight + (left == null ? 0 : left.total());
    }
}
