package pinger;

/** Asks a ConnectivityDetector once. */
public class Main {
    public static void main(String[] args) {
        System.out.println("connected: " + new ConnectivityDetector(new PingFactory()).isConnected());
    }
}
