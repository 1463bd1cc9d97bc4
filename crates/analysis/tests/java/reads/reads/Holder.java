package reads;

public class Holder {
    String name;
    String address;
}
