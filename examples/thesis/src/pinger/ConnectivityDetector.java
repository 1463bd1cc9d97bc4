package pinger;

/** Connected when a ping of 8.8.8.8 loses fewer than all of its packets. */
public class ConnectivityDetector {
    private final PingFactory pingFactory;
    public ConnectivityDetector(PingFactory pingFactory) { this.pingFactory = pingFactory; }
    public boolean isConnected() {
        Pinger p = pingFactory.makePinger();
        ProcessReader processReader = pingFactory.makeProcessReader();
        PingResults result = p.ping("8.8.8.8", processReader);
        return result.getPacketLoss() < 1;
    }
}
