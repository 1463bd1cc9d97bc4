package se.kth.castor.library;

/** A fee policy: its rates, the rates of each season, and when it was adopted. */
public class Policy {
    final Rates rates;
    final Rates[] seasons;
    final String adopted;

    Policy(Rates rates, Rates[] seasons, String adopted) {
        this.rates = rates;
        this.seasons = seasons;
        this.adopted = adopted;
    }
}
