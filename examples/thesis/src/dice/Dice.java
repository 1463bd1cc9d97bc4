package dice;

import java.util.Random;

/** The thesis's dice (its Listings 4 and 6): a roll drawn from a random source. */
public class Dice {
    Random random = new Random();

    public int rollDice() {
        return random.nextInt(6) + 1;
    }
}
