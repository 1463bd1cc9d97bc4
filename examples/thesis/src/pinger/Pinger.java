package pinger;

/** Reads up to ten lines of ping output and parses the packet loss from the last. */
public class Pinger {
    public PingResults ping(String host, ProcessReader reader) {
        String line;
        String last = "";
        for (int i = 0; i < 10 && (line = reader.readLine()) != null; i++) {
            last = line;
        }
        int percent = last.indexOf("% packet loss");
        int start = last.lastIndexOf(' ', percent) + 1;
        return new PingResults(Float.parseFloat(last.substring(start, percent)) / 100f);
    }
}
