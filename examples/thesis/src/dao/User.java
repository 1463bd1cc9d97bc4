package dao;

/** A row of the people table. */
public class User {
    private final String name;
    private final String occupation;

    public User(String name, String occupation) {
        this.name = name;
        this.occupation = occupation;
    }

    public String getName() { return name; }
    public String getOccupation() { return occupation; }

    @Override
    public String toString() { return name + " (" + occupation + ")"; }
}
