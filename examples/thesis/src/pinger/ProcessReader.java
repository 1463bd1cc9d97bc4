package pinger;

/** Stands in for a ping process's output: ten lines, the last with the packet loss. */
public class ProcessReader {
    private int line;
    public String readLine() {
        line++;
        if (line < 10) return "64 bytes from 8.8.8.8: icmp_seq=" + line + " ttl=117 time=12.3 ms";
        if (line == 10) return "10 packets transmitted, 10 received, 0% packet loss";
        return null;
    }
}
