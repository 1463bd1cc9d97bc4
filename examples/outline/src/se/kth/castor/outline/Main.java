package se.kth.castor.outline;

import java.io.StringReader;

public class Main {
    public static void main(String[] args) {
        String[] documents = {
            "# the plan\nTrip\n  # first\n  Pack\n    Bags\n    # fragile\n    Camera\n  Travel\n",
            "Empty\n",
            "# only a note\n",
            "Menu\n  Starters\n  # hot\n  Mains\n    Fish\n",
        };
        for (String text : documents) {
            Lines lines = new Lines(new StringReader(text));
            Outline outline = new Outline(lines, new Comments(lines));
            System.out.println(outline.read());
        }
    }
}
