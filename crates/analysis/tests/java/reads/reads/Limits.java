package reads;

public class Limits {
    int daily;
    int monthly;
}
