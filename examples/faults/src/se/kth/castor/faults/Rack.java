package se.kth.castor.faults;

/** A holder that takes any non-empty item. */
public class Rack implements Tray.Holder {
    @Override
    public boolean accepts(String item) {
        return !item.isEmpty();
    }
}
