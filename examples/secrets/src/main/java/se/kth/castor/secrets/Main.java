package se.kth.castor.secrets;

import java.util.LinkedHashMap;
import java.util.Map;

/** The workload: logins (good and bad), payments, settings, and some tokenizing. */
public class Main {
    public static void main(String[] args) {
        Credentials credentials = new Credentials("svc-reports", "s3cr3t-passwd-77", "pwd-value-9931",
            "key-ABCDEF-123456", "LEGACY-KEY-998877",
            "-----BEGIN PRIVATE KEY-----MIIBVwIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7".toCharArray());
        AccountService accounts = new AccountService(new Gateway(), credentials,
            "tok-AbCdEfGhIjKlMnOpQrSt");
        System.out.println(accounts.login("alice", "hunter2-pass"));
        try {
            accounts.login("mallory", "guess-1234-pass");
        } catch (IllegalStateException e) {
            System.out.println("rejected: " + e.getMessage().length() + " characters");
        }
        System.out.println(accounts.pay("5555555555554444", 1250));
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("db.url", "jdbc:h2:mem:shop");
        settings.put("password", "db-pass-4455");
        settings.put("aws.key", "AKIAIOSFODNN7EXAMPLE");
        System.out.println(accounts.configure(settings) + " settings applied");

        Tokenizer tokenizer = new Tokenizer(new Source("let x 42 plus 7"));
        StringBuilder out = new StringBuilder();
        for (Token t = tokenizer.next(); t != null; t = tokenizer.next()) {
            out.append(t).append(' ');
        }
        System.out.println(out.toString().trim() + " (" + tokenizer.tokenCount() + " tokens)");
    }
}
