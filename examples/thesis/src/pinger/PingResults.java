package pinger;

/** What a ping measured. */
public class PingResults {
    private final float packetLoss;
    public PingResults(float packetLoss) { this.packetLoss = packetLoss; }
    public float getPacketLoss() { return packetLoss; }
}
