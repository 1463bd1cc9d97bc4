package se.kth.castor.library;

/** A fee policy: its rates, and when it was adopted. */
public class Policy {
    final Rates rates;
    final String adopted;

    Policy(Rates rates, String adopted) {
        this.rates = rates;
        this.adopted = adopted;
    }
}
