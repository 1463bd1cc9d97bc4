package se.kth.castor.faults;

/** Stops a factory; its own {@code getMessage()} says more than the message it was built with. */
public class Halt extends RuntimeException {
    public Halt(String why) {
        super(why);
    }

    @Override
    public String getMessage() {
        return "halted: " + super.getMessage();
    }
}
