package reads;

public class Chapters {
    int count;
    String[] names;
}
