package se.kth.castor.environment;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Quotes fetched over HTTP: through {@link HttpClient}, a URL connection and a URL's
 * stream.
 */
public class Quotes {
    private final HttpClient client;
    private final URI service;

    public Quotes(HttpClient client, URI service) {
        this.client = client;
        this.service = service;
    }

    /** The quote at {@code path}, or why there is none. */
    public String fetch(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(service.resolve(path)).GET().build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            return "unavailable (" + response.statusCode() + ")";
        }
        // Locale.ROOT: under the default locale, a Turkish one turns "i" into "İ" (verify
        // --perturb finds exactly that when this reads toUpperCase()).
        return response.body().trim().toUpperCase(Locale.ROOT);
    }

    /** The quote at {@code path} through a {@code HttpURLConnection}, or its status. */
    public String connect(String path) throws IOException {
        HttpURLConnection connection =
                (HttpURLConnection) service.resolve(path).toURL().openConnection();
        int status = connection.getResponseCode();
        if (status != 200) {
            return "unavailable (" + status + ")";
        }
        try (InputStream in = connection.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }

    /** The raw bytes at {@code path}, read through {@code URL.openStream}, as text. */
    public String raw(String path) throws IOException {
        try (InputStream in = service.resolve(path).toURL().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }
}
