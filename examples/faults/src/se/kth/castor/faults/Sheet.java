package se.kth.castor.faults;

/**
 * A constructor that reads a field of a collaborator it then keeps: its test passes a
 * mock of that collaborator, whose field must hold what production's held.
 */
public class Sheet {
    public static class Config {
        final int rows;

        public Config(int rows) {
            this.rows = rows;
        }
    }

    private final Config config;
    private final int score;

    public Sheet(Config config, Board.Scorer scorer) {
        this.config = config;
        this.score = scorer.score(config.rows);
    }

    public int score() {
        return score;
    }
}
