package se.kth.castor.playlist;

/** Plays sound: the collaborator a player's tests mock. */
public interface Speaker {
    void announce(String text);

    /** Plays a song; returns how many seconds it played. */
    int play(String title);
}
