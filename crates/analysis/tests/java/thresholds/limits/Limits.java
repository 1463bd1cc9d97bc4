package limits;

/** Parameters compared with constants, in javac's shapes, and ones that are not. */
public class Limits {
    static final int GROUP = 10;

    public double price(int quantity, boolean member, long id) {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity " + quantity);
        }
        double amount = quantity * 2.5;
        if (quantity >= GROUP) {
            amount *= 0.9;
        }
        if (member) {
            amount -= 1;
        }
        if (200 < quantity) {
            amount = 0;
        }
        return amount;
    }

    /** The parameter is assigned before it is compared: no threshold. */
    public int clamp(int value) {
        value = value * 3;
        return value > 7 ? 7 : value;
    }
}
