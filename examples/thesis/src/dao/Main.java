package dao;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The thesis's DAO workload (its Appendix VIII-A): fills a SQLite database in a temporary
 * file with two people, then asks the data access object for one who is there and one who
 * is not. Needs {@code org.xerial:sqlite-jdbc} on the class path.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        Path db = Files.createTempFile("mimic-dao", ".db");
        try (Connection conn = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            try (Statement stat = conn.createStatement()) {
                stat.executeUpdate("drop table if exists people;");
                stat.executeUpdate("create table people (name, occupation);");
            }
            try (PreparedStatement prep = conn.prepareStatement("insert into people values (?, ?);")) {
                prep.setString(1, "Gandhi");
                prep.setString(2, "politics");
                prep.addBatch();
                prep.setString(1, "Turing");
                prep.setString(2, "computers");
                prep.addBatch();
                conn.setAutoCommit(false);
                prep.executeBatch();
                conn.setAutoCommit(true);
            }
            DataAccessObject dao = new DataAccessObject(conn);
            System.out.println(dao.getUserDetails("Gandhi"));
            try {
                dao.getUserDetails("Lovelace");
            } catch (DAOException e) {
                System.out.println(e.getMessage());
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        } finally {
            Files.deleteIfExists(db);
        }
    }
}
