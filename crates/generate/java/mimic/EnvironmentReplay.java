package mimic;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.asm.MemberSubstitution;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.field.FieldList;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.OpenedClassReader;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;

/**
 * Replays what production read from its environment (the clock, randomness, files, the
 * process, input streams, the network) so that a generated test sees exactly the recorded
 * values and touches nothing real; writes are recorded, checked and never performed. Written by {@code mimic generate} beside the tests that use it.
 *
 * <p>Mockito cannot stub {@code System}, native methods or most JDK statics, so the class
 * under test's own call sites are redirected instead: the first {@link #replay} of a class
 * redefines it (with Byte Buddy, which Mockito already brings, through the attach agent
 * Mockito's inline mock maker also uses) so that each environment call goes through a
 * substitute here. While a replay is open the substitute answers from the recorded values,
 * in order, and fails the test when the class makes a call production did not make; when
 * none is open for the calling class it makes the real call, so the redefinition changes
 * nothing else.
 */
public final class EnvironmentReplay implements AutoCloseable {
    /** In {@link #assertCalledWith}: an argument production passed that a test cannot rebuild. */
    public static final Object ANY = new Object() {
        @Override
        public String toString() {
            return "<any>";
        }
    };

    /**
     * Answers an environment read whose value the recorder redacted as a secret (an
     * environment variable or property named like a token or password): the method sees
     * that the secret is there, never what it is.
     */
    public static final String REDACTED = "<redacted by mimic>";

    private static final Set<Class<?>> REDIRECTED =
            java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final Redirector REDIRECTOR = new Redirector();
    private static boolean transformerAdded;
    private static final StackWalker WALKER =
            StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static volatile EnvironmentReplay active;

    private final Class<?> type;
    /** The classes whose calls this replay answers: {@link #type} and those named with it. */
    private final Set<Class<?>> types = new java.util.HashSet<>();
    private final Map<String, Deque<Object[]>> answers = new HashMap<>();
    private final List<String> made = new ArrayList<>();
    private final List<Object[]> madeWith = new ArrayList<>();

    private EnvironmentReplay(Class<?> type) {
        this.type = type;
        types.add(type);
    }

    /**
     * Redirect {@code type}'s environment calls (once per JVM), and those of the classes
     * named in {@code helpers} (binary names: the superclass or subclass whose helper or
     * override makes some of the method's calls, loaded by {@code type}'s loader), and
     * start replaying.
     */
    public static EnvironmentReplay replay(Class<?> type, String... helpers) {
        redirect(type);
        EnvironmentReplay replay = new EnvironmentReplay(type);
        for (String name : helpers) {
            Class<?> helper;
            try {
                helper = Class.forName(name, false, type.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("mimic could not load " + name
                        + ", whose code makes environment calls for " + type.getName(), e);
            }
            redirect(helper);
            replay.types.add(helper);
        }
        active = replay;
        return replay;
    }

    /** The next call of {@code key} returns {@code value}. */
    public EnvironmentReplay answer(String key, Object value) {
        answers.computeIfAbsent(key, k -> new ArrayDeque<>()).add(new Object[] {value, null});
        return this;
    }

    /** The next call of {@code key} throws {@code thrown}. */
    public EnvironmentReplay answerThrow(String key, Throwable thrown) {
        answers.computeIfAbsent(key, k -> new ArrayDeque<>()).add(new Object[] {null, thrown});
        return this;
    }

    /** Parameter oracle: {@code key} was called with these arguments. */
    public void assertCalledWith(String key, Object... arguments) {
        for (int i = 0; i < made.size(); i++) {
            if (made.get(i).equals(key) && matches(madeWith.get(i), arguments)) {
                return;
            }
        }
        throw new AssertionError(type.getName() + " did not call " + key + " with "
                + Arrays.deepToString(arguments) + "; its environment calls: " + describeMade());
    }

    /** Call oracle: the environment calls, in order, were exactly these. */
    public void assertCalls(String... keys) {
        if (!made.equals(Arrays.asList(keys))) {
            throw new AssertionError("expected the environment calls " + Arrays.asList(keys)
                    + " but " + type.getName() + " made " + made);
        }
    }

    /**
     * In {@link #assertCalledWith}: an argument production passed that a test cannot
     * rebuild, compared by its text (an HTTP request by {@code uri method}).
     */
    public static Object described(String text) {
        return new Described(text);
    }

    private record Described(String text) {
        @Override
        public String toString() {
            return text;
        }
    }

    private static boolean matches(Object[] made, Object[] expected) {
        if (made.length != expected.length) {
            return false;
        }
        for (int i = 0; i < made.length; i++) {
            if (expected[i] == ANY) {
                continue;
            }
            if (expected[i] instanceof Described d) {
                if (!d.text.equals(String.valueOf(made[i]))) {
                    return false;
                }
            } else if (!Objects.deepEquals(made[i], expected[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Stands in for the response of an HTTP exchange the class under test made in
     * production: its status and body are replayed from the recording when the class reads
     * them, so this object is never asked.
     */
    public static java.net.http.HttpResponse<Object> responseStandIn() {
        return new java.net.http.HttpResponse<Object>() {
            @Override
            public int statusCode() {
                throw new AssertionError("the HTTP response's status was not recorded");
            }

            @Override
            public java.net.http.HttpRequest request() {
                throw new AssertionError("the HTTP response's request was not recorded");
            }

            @Override
            public java.util.Optional<java.net.http.HttpResponse<Object>> previousResponse() {
                return java.util.Optional.empty();
            }

            @Override
            public java.net.http.HttpHeaders headers() {
                return java.net.http.HttpHeaders.of(Map.of(), (name, value) -> true);
            }

            @Override
            public Object body() {
                throw new AssertionError("the HTTP response's body was not recorded");
            }

            @Override
            public java.util.Optional<javax.net.ssl.SSLSession> sslSession() {
                return java.util.Optional.empty();
            }

            @Override
            public java.net.URI uri() {
                throw new AssertionError("the HTTP response's URI was not recorded");
            }

            @Override
            public java.net.http.HttpClient.Version version() {
                return java.net.http.HttpClient.Version.HTTP_1_1;
            }
        };
    }

    @Override
    public void close() {
        if (active == this) {
            active = null;
        }
    }

    private String describeMade() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < made.size(); i++) {
            out.add(made.get(i) + Arrays.deepToString(madeWith.get(i)));
        }
        return out.toString();
    }

    /** The recorded answer to the next call of {@code key}. */
    static Object next(String key, Object... arguments) throws Throwable {
        EnvironmentReplay replay = active;
        replay.made.add(key);
        replay.madeWith.add(arguments);
        Deque<Object[]> queue = replay.answers.get(key);
        if (queue == null || queue.isEmpty()) {
            throw new AssertionError(replay.type.getName() + " called " + key
                    + Arrays.deepToString(arguments)
                    + " more often than production did; production's answers are used up");
        }
        Object[] answer = queue.poll();
        if (answer[1] != null) {
            throw (Throwable) answer[1];
        }
        return answer[0];
    }

    /**
     * Is a replay open for {@code caller}, the class whose call site reached a substitute?
     * Classes redirected by earlier tests make real calls while another class is replayed.
     */
    static boolean replaying(Class<?> caller) {
        EnvironmentReplay replay = active;
        return replay != null && replay.types.contains(caller);
    }

    static Class<?> caller() {
        return WALKER.walk(frames -> frames.skip(2).findFirst()).map(StackWalker.StackFrame::getDeclaringClass).orElse(null);
    }

    private static ElementMatcher<MethodDescription> target(Class<?> owner, String name, String descriptor) {
        return ElementMatchers.<MethodDescription>named(name)
                .and(ElementMatchers.hasDescriptor(descriptor))
                .and(ElementMatchers.isDeclaredBy(ElementMatchers.isSubTypeOf(owner)));
    }

    private static ElementMatcher<MethodDescription> constructorOf(Class<?> owner, String name, String descriptor) {
        return ElementMatchers.<MethodDescription>isConstructor()
                .and(ElementMatchers.hasDescriptor(descriptor))
                .and(ElementMatchers.isDeclaredBy(owner));
    }

    private static java.lang.reflect.Method own(String name) {
        for (java.lang.reflect.Method m : EnvironmentReplay.class.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalStateException("no substitute " + name);
    }

    /**
     * Writes the class's access flags as its class file has them. A redefinition must not
     * change them, and Byte Buddy derives them from the loaded class's modifiers, which
     * for a nested class come from its InnerClasses entry: an old compiler's anonymous
     * class is {@code final} in its class file and {@code static} there ("attempted to
     * change the class modifiers").
     */
    private static AsmVisitorWrapper keepAccess(Class<?> type) throws IOException {
        // Byte Buddy's reader, which reads class files newer than its ASM knows as it does
        // (`net.bytebuddy.experimental`, set on JVMs past the pinned Byte Buddy's).
        int access = OpenedClassReader.of(ClassFileLocator.ForClassLoader.read(type)).getAccess();
        return new AsmVisitorWrapper.AbstractBase() {
            @Override
            public ClassVisitor wrap(
                    TypeDescription instrumentedType,
                    ClassVisitor visitor,
                    Implementation.Context context,
                    TypePool typePool,
                    FieldList<FieldDescription.InDefinedShape> fields,
                    MethodList<?> methods,
                    int writerFlags,
                    int readerFlags) {
                return new ClassVisitor(OpenedClassReader.ASM_API, visitor) {
                    @Override
                    public void visit(
                            int version,
                            int derived,
                            String name,
                            String signature,
                            String superName,
                            String[] interfaces) {
                        super.visit(version, access, name, signature, superName, interfaces);
                    }
                };
            }
        };
    }

    /**
     * Redirects through a retransformation, never a redefinition: Mockito's inline mock
     * maker retransforms the classes it mocks with a transformer of its own, so a class
     * both mocked (by one test) and replayed (by another) keeps both changes only when
     * both are applied in the same chain of transformers, whichever comes first. (A
     * redefinition lost Mockito's hooks, and the mocks of that class stopped answering.)
     */
    private static synchronized void redirect(Class<?> type) {
        if (REDIRECTED.contains(type)) {
            return;
        }
        Throwable failure;
        try {
            java.lang.instrument.Instrumentation instrumentation = ByteBuddyAgent.install();
            if (!transformerAdded) {
                instrumentation.addTransformer(REDIRECTOR, true);
                transformerAdded = true;
            }
            REDIRECTED.add(type);
            REDIRECTOR.failure = null;
            instrumentation.retransformClasses(type);
            failure = REDIRECTOR.failure;
        } catch (RuntimeException | LinkageError | java.lang.instrument.UnmodifiableClassException e) {
            failure = e;
        }
        if (failure != null) {
            REDIRECTED.remove(type);
            throw new IllegalStateException(
                    "mimic could not redirect the environment calls of " + type.getName() + ": " + failure,
                    failure);
        }
    }

    /** Applies the substitutes to a redirected class each time it is retransformed. */
    private static final class Redirector implements java.lang.instrument.ClassFileTransformer {
        volatile Throwable failure;

        @Override
        public byte[] transform(
                ClassLoader loader,
                String name,
                Class<?> redefined,
                java.security.ProtectionDomain domain,
                byte[] buffer) {
            if (redefined == null || !REDIRECTED.contains(redefined)) {
                return null;
            }
            try {
                // The bytes as the chain has them so far (Mockito's hooks, if it ran
                // first); the class loader for everything they refer to.
                ClassFileLocator locator = new ClassFileLocator.Compound(
                        ClassFileLocator.Simple.of(redefined.getName(), buffer),
                        ClassFileLocator.ForClassLoader.of(loader));
                // Synthetic methods too (Byte Buddy skips them by default): a class
                // rewritten into a mutant schema (`mimic mutate`) keeps its original bodies
                // in them.
                return new ByteBuddy()
                        .ignore(ElementMatchers.none())
                        .redefine(redefined, locator)
                        .visit(substitutions().on(ElementMatchers.any()))
                        .visit(keepAccess(redefined))
                        .make()
                        .getBytes();
            } catch (Throwable t) {
                failure = t;
                return null;
            }
        }
    }

    // The substitutes and their registration, one per environment method mimic records
    // (generated from mimic's table; do not edit by hand).
    /* SUBSTITUTES */
}
