package dao;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The thesis's data access object (its Listing 1): one query through a JDBC connection. */
public class DataAccessObject {
    private final Connection connection;

    public DataAccessObject(Connection connection) {
        this.connection = connection;
    }

    public User getUserDetails(String person) throws SQLException, DAOException {
        PreparedStatement stmt = connection.prepareStatement(
            "SELECT name, occupation FROM people WHERE name = ?"
        );
        stmt.setString(1, person);
        ResultSet results = stmt.executeQuery();
        if (results.next()) {
            return new User(results.getString(1), results.getString(2));
        } else {
            throw new DAOException(String.format("No user %s", person));
        }
    }
}
