package reads;

public class Account {
    Holder holder;
    Limits limits;
    String iban;
}
