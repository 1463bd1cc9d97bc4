package se.kth.castor.faults;

/**
 * Cells of a nested class in an array that holds one cell twice: a test builds that cell
 * once, in a variable declared {@code Object}, and names it twice in the array.
 */
public class Board {
    /** Scores a board's total. */
    public interface Scorer {
        int score(int total);
    }

    static class Cell {
        int value;

        Cell(int value) {
            this.value = value;
        }
    }

    private final Cell[] cells;
    private final Scorer scorer;

    public Board(Scorer scorer, int... values) {
        this.scorer = scorer;
        this.cells = new Cell[values.length + 1];
        for (int i = 0; i < values.length; i++) {
            cells[i] = new Cell(values[i]);
        }
        cells[values.length] = cells[0];
    }

    public int total() {
        int t = 0;
        for (Cell c : cells) {
            t += c.value;
        }
        return scorer.score(t);
    }
}
