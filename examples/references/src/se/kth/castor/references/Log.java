package se.kth.castor.references;

import java.util.ArrayList;
import java.util.List;

/** A sink that keeps what it was sent. */
public class Log implements Sink {
    private final List<String> lines = new ArrayList<>();

    @Override
    public void send(String item) {
        lines.add(item);
    }

    @Override
    public int sent() {
        return lines.size();
    }
}
