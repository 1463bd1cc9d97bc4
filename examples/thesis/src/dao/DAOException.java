package dao;

/** No such user. */
public class DAOException extends Exception {
    private static final long serialVersionUID = 1L;

    public DAOException(String message) { super(message); }
}
