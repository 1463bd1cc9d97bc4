package reads;

public class Request {
    int amount;
    Account account;
    String comment;
}
