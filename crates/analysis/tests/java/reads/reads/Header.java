package reads;

public class Header {
    int version;
    String producer;
}
