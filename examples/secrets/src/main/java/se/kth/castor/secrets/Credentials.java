package se.kth.castor.secrets;

/** A service account's credentials, in every naming style a code base mixes. */
public final class Credentials {
    final String user;
    final String passwd;
    final String pwd;
    final String api_key;
    final String API_KEY;
    final char[] privateKey;

    public Credentials(String user, String passwd, String pwd, String apiKey, String legacyKey,
            char[] privateKey) {
        this.user = user;
        this.passwd = passwd;
        this.pwd = pwd;
        this.api_key = apiKey;
        this.API_KEY = legacyKey;
        this.privateKey = privateKey.clone();
    }

    public String user() {
        return user;
    }

    public String apiKey() {
        return api_key;
    }
}
