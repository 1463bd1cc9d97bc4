package se.kth.castor.environment;

import java.util.Scanner;

/** Questions answered on standard input (the console), with defaults when it has ended. */
public class Prompt {
    private final Scanner input;

    public Prompt(Scanner input) {
        this.input = input;
    }

    /** The next answer line, trimmed, or {@code fallback} when the input has ended. */
    public String ask(String question, String fallback) {
        System.out.print(question + " ");
        if (!input.hasNextLine()) {
            return fallback;
        }
        String answer = input.nextLine().trim();
        return answer.isEmpty() ? fallback : answer;
    }

    /** A number of items, read as a whole token; 1 when the input holds no number. */
    public int quantity() {
        if (!input.hasNextInt()) {
            return 1;
        }
        return Math.max(1, input.nextInt());
    }
}
