package env;

/** Another class's static state: not captured (its initialiser may not have run yet). */
public class Registry {
    public static long shift;
}
