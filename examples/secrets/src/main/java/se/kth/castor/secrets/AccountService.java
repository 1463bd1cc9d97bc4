package se.kth.castor.secrets;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Methods under test that handle secrets in every form the recorder must hide: a
 * parameter named {@code password}, a field holding credentials, an HTTP header
 * {@code Authorization: Bearer ...}, a settings map with a {@code password} entry, a card
 * number, a JWT returned by a collaborator and an exception message quoting a password.
 */
public class AccountService {
    private final Gateway gateway;
    private final Credentials credentials;
    private final String bearer;

    public AccountService(Gateway gateway, Credentials credentials, String bearer) {
        this.gateway = gateway;
        this.credentials = credentials;
        this.bearer = bearer;
    }

    /** Logs in; the session token on success, an exception quoting the attempt otherwise. */
    public String login(String user, String password) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + bearer);
        headers.put("X-Client", "mimic-example");
        String session = gateway.authorize(headers, "user=" + user + "&password=" + password);
        if (session == null) {
            throw new IllegalStateException("login failed for " + user + ": password=" + password);
        }
        return "session for " + credentials.user() + " of length " + session.length();
    }

    /** Charges a card; the receipt. */
    public String pay(String cardNumber, int cents) {
        int receipt = gateway.charge(cardNumber, cents);
        return "receipt " + receipt + " for " + cents + " cents";
    }

    /** Applies settings, among them the database password. */
    public int configure(Map<String, String> settings) {
        return gateway.apply(settings);
    }
}
