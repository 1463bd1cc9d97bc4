package se.kth.castor.environment;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A line-based client of an echo service, over a plain socket. */
public class Echo {
    private final String host;
    private final int port;

    public Echo(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** Send one line and return the service's answer. */
    public String ask(String line) throws IOException {
        try (Socket socket = new Socket(host, port);
                PrintWriter out = new PrintWriter(
                        new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8), true);
                BufferedReader in = new BufferedReader(
                        new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
            out.println(line);
            return in.readLine();
        }
    }
}
