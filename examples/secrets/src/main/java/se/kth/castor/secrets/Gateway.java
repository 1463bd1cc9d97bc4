package se.kth.castor.secrets;

import java.util.Map;

/** The remote side: authorises logins, charges cards, applies settings. */
public class Gateway {
    private static final String SESSION_JWT =
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSIsInJvbGUiOiJhZG1pbiJ9.c2lnbmF0dXJlLW9mLXRoZS1zZXNzaW9u";

    /** Returns a session token (a JWT) for good credentials, null otherwise. */
    public String authorize(Map<String, String> headers, String body) {
        boolean ok = headers.getOrDefault("Authorization", "").startsWith("Bearer ")
            && body.contains("password=hunter2-pass");
        return ok ? SESSION_JWT : null;
    }

    /** Charges a card; returns the receipt number. */
    public int charge(String cardNumber, int cents) {
        return (cardNumber.length() * 31 + cents) % 1000;
    }

    /** Applies settings; returns how many were accepted. */
    public int apply(Map<String, String> settings) {
        return settings.size();
    }
}
