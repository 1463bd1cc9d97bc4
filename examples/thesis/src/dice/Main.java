package dice;

/** Rolls the dice three times. */
public class Main {
    public static void main(String[] args) {
        Dice dice = new Dice();
        int total = 0;
        for (int i = 0; i < 3; i++) {
            total += dice.rollDice();
        }
        System.out.println("rolled " + total);
    }
}
