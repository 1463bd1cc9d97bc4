package se.kth.castor.environment;

import java.time.LocalDate;
import java.time.Year;
import java.time.ZoneId;
import java.util.Calendar;
import java.util.Locale;
import java.util.TimeZone;
import java.util.function.IntSupplier;

/** Settings read from the process: environment variables, properties, the machine. */
public class Settings {
    private final String application;

    public Settings(String application) {
        this.application = application;
    }

    /** A greeting naming the user and the language the JVM runs under. */
    public String greeting() {
        String user = System.getProperty("user.name", "nobody");
        String region = System.getenv("MIMIC_EXAMPLE_REGION");
        return "Hello " + user + " from " + application + (region == null ? "" : " in " + region);
    }

    /** Whether an API token is configured (the token itself is a secret). */
    public boolean authenticated() {
        return System.getenv("MIMIC_EXAMPLE_API_TOKEN") != null;
    }

    /** How many workers to start: one per processor, at most eight. */
    public int workers() {
        return Math.min(8, Runtime.getRuntime().availableProcessors());
    }

    /**
     * The processor count, read when the caller asks: an anonymous class, which a test can
     * call only through {@code IntSupplier}, and whose read is replayed all the same.
     */
    public static IntSupplier processors() {
        return new IntSupplier() {
            @Override
            public int getAsInt() {
                return Runtime.getRuntime().availableProcessors();
            }
        };
    }

    /** The language the JVM's default locale names, in English. */
    public String language() {
        return Locale.getDefault().getDisplayLanguage(Locale.ENGLISH);
    }

    /** Where the JVM thinks it is, and the year there. */
    public String zone() {
        return ZoneId.systemDefault().getId() + " " + Year.now();
    }

    /** A report header with the date, read in a private helper. */
    public String header() {
        return "Report of " + application + ", " + today();
    }

    private String today() {
        LocalDate date = LocalDate.now();
        return date.getYear() + "/" + date.getMonthValue() + "/" + date.getDayOfMonth();
    }

    /** Today's day of the week from the default calendar (1 is Sunday). */
    public int weekday() {
        return Calendar.getInstance().get(Calendar.DAY_OF_WEEK);
    }

    /** The default time zone's offset from UTC at {@code millis}, in hours. */
    public int offsetHours(long millis) {
        TimeZone zone = TimeZone.getDefault();
        return zone.getOffset(millis) / 3_600_000;
    }
}
