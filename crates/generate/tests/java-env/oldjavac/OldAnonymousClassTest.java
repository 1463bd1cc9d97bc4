package oldjavac;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.PrivilegedAction;
import mimic.EnvironmentReplay;
import org.junit.jupiter.api.Test;

/**
 * commons-logging 1.2's {@code LogFactory$6} is an anonymous {@code PrivilegedAction}
 * compiled for Java 1.2: its class file says {@code final}, its InnerClasses entry
 * {@code static}. Its environment read ({@code System.getProperty}) is replayed like any
 * other class's.
 */
class OldAnonymousClassTest {
    @Test
    void itsPropertyReadIsReplayed() throws Exception {
        Class<?> type = Class.forName("org.apache.commons.logging.LogFactory$6");
        var constructor = type.getDeclaredConstructor(String.class, String.class);
        constructor.setAccessible(true);
        PrivilegedAction<?> action = (PrivilegedAction<?>) constructor.newInstance("mimic.key", "default");
        EnvironmentReplay environment = EnvironmentReplay.replay(type);
        environment.answer("System.getProperty(String, String)", "replayed");
        try {
            assertEquals("replayed", action.run());
            environment.assertCalls("System.getProperty(String, String)");
        } finally {
            environment.close();
        }
    }
}
