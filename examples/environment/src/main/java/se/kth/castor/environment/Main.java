package se.kth.castor.environment;

import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.Scanner;

/**
 * The workload: every kind of environment read, with a footer file and a journal in a
 * temporary directory deleted at the end, answers read from standard input, and an HTTP
 * server on loopback stopped at the end. The values differ on every run (the clock, the
 * unseeded randomness, the files' paths, the server's port), so tests can only pass
 * anywhere if they replay what this run read.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("mimic-environment");
        Path footer = dir.resolve("footer.txt");
        Path journalFile = dir.resolve("log").resolve("journal.txt");
        Files.writeString(footer, "Thank you, run " + System.nanoTime() % 1000 + "\n");
        HttpServer server = quoteServer();
        try {
            Stamper stamper = new Stamper(new Random(), footer);
            System.out.println(stamper.stamp("receipt-1"));
            System.out.println(stamper.stamp("receipt-2"));
            System.out.println(stamper.footerOrDefault());
            Ids ids = new Ids();
            System.out.println(ids.newId("order"));
            System.out.println(ids.roll() + " " + ids.roll() + " " + ids.die());
            System.out.println(Ids.chance());
            System.out.println(Ids.ticket() + " " + Ids.ticket());
            System.out.println(new HomeLocator().locate(".mimic-example-absent"));
            Settings settings = new Settings("shop");
            System.out.println(settings.greeting());
            System.out.println(settings.authenticated());
            System.out.println(settings.workers());
            System.out.println(Settings.processors().getAsInt() > 0);
            System.out.println(settings.header());
            System.out.println(settings.language());
            System.out.println(settings.zone());
            System.out.println(settings.weekday() + " " + settings.offsetHours(0L));

            Prompt prompt = new Prompt(new Scanner(System.in));
            String name = prompt.ask("Your name?", "guest");
            int quantity = prompt.quantity();
            System.out.println(name + " orders " + quantity);

            URI service = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            Quotes quotes = new Quotes(HttpClient.newHttpClient(), service);
            System.out.println(quotes.fetch("quote"));
            System.out.println(quotes.fetch("missing"));
            System.out.println(quotes.raw("quote"));
            System.out.println(quotes.connect("quote") + " / " + quotes.connect("missing"));

            try (ServerSocket echoServer = new ServerSocket(0, 2, InetAddress.getLoopbackAddress())) {
                Thread echoing = echo(echoServer, 2);
                Echo echo = new Echo("127.0.0.1", echoServer.getLocalPort());
                System.out.println(echo.ask("hello") + " / " + echo.ask("bye"));
                echoing.join();
            }

            Journal journal = new Journal(journalFile);
            journal.append(name + " ordered " + quantity);
            journal.append("");
            journal.append("paid at " + System.currentTimeMillis());
            System.out.println(journal.entries());

            Archive archive = new Archive(footer.toFile());
            System.out.println(archive.firstLine() + " / " + archive.size() + " bytes / "
                    + archive.firstWord() + " / " + archive.label());
            System.out.println(archive.words() + " words beside " + archive.siblings());
        } finally {
            server.stop(0);
            Files.deleteIfExists(footer);
            Files.deleteIfExists(journalFile);
            Files.deleteIfExists(journalFile.getParent());
            Files.delete(dir);
        }
        Stamper gone = new Stamper(new Random(), footer);
        System.out.println(gone.footerOrDefault());
    }

    /** A quote service on loopback, on a free port: {@code /quote} answers, others 404. */
    /** Answer {@code n} connections, one line each, then stop. */
    private static Thread echo(ServerSocket server, int n) {
        Thread t = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                try (Socket client = server.accept();
                        BufferedReader in = new BufferedReader(new InputStreamReader(
                                client.getInputStream(), StandardCharsets.UTF_8));
                        PrintWriter out = new PrintWriter(new OutputStreamWriter(
                                client.getOutputStream(), StandardCharsets.UTF_8), true)) {
                    out.println("echo " + in.readLine() + " #" + System.nanoTime() % 1000);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        t.start();
        return t;
    }

    private static HttpServer quoteServer() throws IOException {
        HttpServer server =
                HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body;
            int status;
            if (exchange.getRequestURI().getPath().equals("/quote")) {
                body = ("stay curious, said server " + System.nanoTime() % 1000 + "\n")
                        .getBytes(StandardCharsets.UTF_8);
                status = 200;
            } else {
                body = "no such quote".getBytes(StandardCharsets.UTF_8);
                status = 404;
            }
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return server;
    }
}
