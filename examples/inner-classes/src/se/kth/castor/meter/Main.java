package se.kth.castor.meter;

/** Readings through a lambda, an anonymous class and a local class. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Meter kg = new Meter("kg");
        Meter.Reading fixed = kg.new Reading(() -> 42);
        System.out.println(fixed.take());
        Meter.Reading broken = kg.new Reading(new Feed() {
            @Override
            public int next() {
                return -1;
            }
        });
        System.out.println(broken.take());
        Meter.Reading down = new Meter("s").countdown(2);
        System.out.println(down.take());
        System.out.println(down.take());
    }
}
