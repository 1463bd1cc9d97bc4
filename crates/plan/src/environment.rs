//! The environment interactions mimic records and replays (issue 17): JDK methods whose
//! result comes from outside the program — the clock, randomness, files, the process,
//! input streams (the console among them) and the network — and writes, which a test
//! records as effects instead of performing.
//! One closed table, shared by target selection (which call sites are environment
//! interactions), the recorder (through the plan) and the generator (the replay helper
//! it writes into the test tree has one substitute per entry).
//!
//! An entry names the class that declares the method and the classes an instruction may
//! name instead (subclasses that inherit or override it: `SecureRandom.nextInt`); its
//! `key` is how generated tests and reports name it (`Random.nextInt(int)`), unique in
//! the table.

use serde::{Deserialize, Serialize};

/// What part of the environment a call reads.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Time,
    Randomness,
    Files,
    Process,
    /// Reads of a stream, reader or scanner, whatever it is connected to: standard input
    /// (the console), or a stream a files or network entry opened.
    Input,
    Network,
}

impl Category {
    pub fn name(self) -> &'static str {
        match self {
            Category::Time => "time",
            Category::Randomness => "randomness",
            Category::Files => "files",
            Category::Process => "process",
            Category::Input => "input",
            Category::Network => "network",
        }
    }
}

/// One JDK method that reads the environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnvMethod {
    pub category: Category,
    /// The declaring class (internal name).
    pub owner: &'static str,
    /// Other owners an instruction may name for the same method (internal names).
    pub also: &'static [&'static str],
    pub name: &'static str,
    pub descriptor: &'static str,
    pub is_static: bool,
    /// `Owner.name(ParamTypes)`, simple names: how tests and reports name the method.
    pub key: &'static str,
}

const RANDOMS: &[&str] = &[
    "java/security/SecureRandom",
    "java/util/concurrent/ThreadLocalRandom",
];

const fn m(
    category: Category,
    owner: &'static str,
    name: &'static str,
    descriptor: &'static str,
    is_static: bool,
    key: &'static str,
) -> EnvMethod {
    EnvMethod {
        category,
        owner,
        also: &[],
        name,
        descriptor,
        is_static,
        key,
    }
}

const fn random(name: &'static str, descriptor: &'static str, key: &'static str) -> EnvMethod {
    EnvMethod {
        category: Category::Randomness,
        owner: "java/util/Random",
        also: RANDOMS,
        name,
        descriptor,
        is_static: false,
        key,
    }
}

use Category::*;

/// Every environment method mimic records and replays.
pub const METHODS: &[EnvMethod] = &[
    // The clock.
    m(
        Time,
        "java/lang/System",
        "currentTimeMillis",
        "()J",
        true,
        "System.currentTimeMillis()",
    ),
    m(
        Time,
        "java/lang/System",
        "nanoTime",
        "()J",
        true,
        "System.nanoTime()",
    ),
    m(
        Time,
        "java/time/Instant",
        "now",
        "()Ljava/time/Instant;",
        true,
        "Instant.now()",
    ),
    m(
        Time,
        "java/time/LocalDate",
        "now",
        "()Ljava/time/LocalDate;",
        true,
        "LocalDate.now()",
    ),
    m(
        Time,
        "java/time/LocalDateTime",
        "now",
        "()Ljava/time/LocalDateTime;",
        true,
        "LocalDateTime.now()",
    ),
    m(
        Time,
        "java/time/LocalTime",
        "now",
        "()Ljava/time/LocalTime;",
        true,
        "LocalTime.now()",
    ),
    m(
        Time,
        "java/time/ZonedDateTime",
        "now",
        "()Ljava/time/ZonedDateTime;",
        true,
        "ZonedDateTime.now()",
    ),
    m(
        Time,
        "java/time/OffsetDateTime",
        "now",
        "()Ljava/time/OffsetDateTime;",
        true,
        "OffsetDateTime.now()",
    ),
    m(
        Time,
        "java/time/Clock",
        "millis",
        "()J",
        false,
        "Clock.millis()",
    ),
    m(
        Time,
        "java/time/Clock",
        "instant",
        "()Ljava/time/Instant;",
        false,
        "Clock.instant()",
    ),
    m(
        Time,
        "java/time/LocalDate",
        "now",
        "(Ljava/time/ZoneId;)Ljava/time/LocalDate;",
        true,
        "LocalDate.now(ZoneId)",
    ),
    m(
        Time,
        "java/time/LocalDateTime",
        "now",
        "(Ljava/time/ZoneId;)Ljava/time/LocalDateTime;",
        true,
        "LocalDateTime.now(ZoneId)",
    ),
    m(
        Time,
        "java/time/LocalTime",
        "now",
        "(Ljava/time/ZoneId;)Ljava/time/LocalTime;",
        true,
        "LocalTime.now(ZoneId)",
    ),
    m(
        Time,
        "java/time/ZonedDateTime",
        "now",
        "(Ljava/time/ZoneId;)Ljava/time/ZonedDateTime;",
        true,
        "ZonedDateTime.now(ZoneId)",
    ),
    m(
        Time,
        "java/time/OffsetDateTime",
        "now",
        "(Ljava/time/ZoneId;)Ljava/time/OffsetDateTime;",
        true,
        "OffsetDateTime.now(ZoneId)",
    ),
    m(
        Time,
        "java/time/Year",
        "now",
        "()Ljava/time/Year;",
        true,
        "Year.now()",
    ),
    m(
        Time,
        "java/time/YearMonth",
        "now",
        "()Ljava/time/YearMonth;",
        true,
        "YearMonth.now()",
    ),
    m(
        Time,
        "java/time/MonthDay",
        "now",
        "()Ljava/time/MonthDay;",
        true,
        "MonthDay.now()",
    ),
    m(
        Time,
        "java/time/ZoneId",
        "systemDefault",
        "()Ljava/time/ZoneId;",
        true,
        "ZoneId.systemDefault()",
    ),
    // A constructor that reads the clock: `new` … `<init>` bridged as one site.
    m(Time, "java/util/Date", "<init>", "()V", false, "new Date()"),
    m(
        Time,
        "java/util/Calendar",
        "getInstance",
        "()Ljava/util/Calendar;",
        true,
        "Calendar.getInstance()",
    ),
    m(
        Time,
        "java/util/Calendar",
        "getInstance",
        "(Ljava/util/TimeZone;)Ljava/util/Calendar;",
        true,
        "Calendar.getInstance(TimeZone)",
    ),
    m(
        Time,
        "java/util/TimeZone",
        "getDefault",
        "()Ljava/util/TimeZone;",
        true,
        "TimeZone.getDefault()",
    ),
    // Randomness.
    random("nextInt", "()I", "Random.nextInt()"),
    random("nextInt", "(I)I", "Random.nextInt(int)"),
    random("nextLong", "()J", "Random.nextLong()"),
    random("nextDouble", "()D", "Random.nextDouble()"),
    random("nextFloat", "()F", "Random.nextFloat()"),
    random("nextBoolean", "()Z", "Random.nextBoolean()"),
    random("nextGaussian", "()D", "Random.nextGaussian()"),
    m(
        Randomness,
        "java/lang/Math",
        "random",
        "()D",
        true,
        "Math.random()",
    ),
    m(
        Randomness,
        "java/util/UUID",
        "randomUUID",
        "()Ljava/util/UUID;",
        true,
        "UUID.randomUUID()",
    ),
    // `ThreadLocalRandom.current().nextInt(origin, bound)`: declared by ThreadLocalRandom
    // itself (on `Random` these come from the `RandomGenerator` interface).
    m(
        Randomness,
        "java/util/concurrent/ThreadLocalRandom",
        "nextInt",
        "(II)I",
        false,
        "ThreadLocalRandom.nextInt(int, int)",
    ),
    // On `Random`, `SecureRandom` and `SplittableRandom` the bounded draws are the
    // `RandomGenerator` interface's (Java 17). After ThreadLocalRandom's own entries, so
    // that a substitution for those matches first.
    EnvMethod {
        category: Randomness,
        owner: "java/util/random/RandomGenerator",
        also: &[
            "java/util/Random",
            "java/security/SecureRandom",
            "java/util/SplittableRandom",
        ],
        name: "nextInt",
        descriptor: "(II)I",
        is_static: false,
        key: "RandomGenerator.nextInt(int, int)",
    },
    m(
        Randomness,
        "java/util/concurrent/ThreadLocalRandom",
        "nextLong",
        "(JJ)J",
        false,
        "ThreadLocalRandom.nextLong(long, long)",
    ),
    m(
        Randomness,
        "java/util/concurrent/ThreadLocalRandom",
        "nextDouble",
        "(DD)D",
        false,
        "ThreadLocalRandom.nextDouble(double, double)",
    ),
    m(
        Randomness,
        "java/util/SplittableRandom",
        "nextInt",
        "(I)I",
        false,
        "SplittableRandom.nextInt(int)",
    ),
    m(
        Randomness,
        "java/util/SplittableRandom",
        "nextLong",
        "()J",
        false,
        "SplittableRandom.nextLong()",
    ),
    m(
        Randomness,
        "java/util/SplittableRandom",
        "nextDouble",
        "()D",
        false,
        "SplittableRandom.nextDouble()",
    ),
    // Files: reads and queries.
    m(
        Files,
        "java/nio/file/Files",
        "readString",
        "(Ljava/nio/file/Path;)Ljava/lang/String;",
        true,
        "Files.readString(Path)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "readString",
        "(Ljava/nio/file/Path;Ljava/nio/charset/Charset;)Ljava/lang/String;",
        true,
        "Files.readString(Path, Charset)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "readAllBytes",
        "(Ljava/nio/file/Path;)[B",
        true,
        "Files.readAllBytes(Path)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "readAllLines",
        "(Ljava/nio/file/Path;)Ljava/util/List;",
        true,
        "Files.readAllLines(Path)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "readAllLines",
        "(Ljava/nio/file/Path;Ljava/nio/charset/Charset;)Ljava/util/List;",
        true,
        "Files.readAllLines(Path, Charset)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "exists",
        "(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Z",
        true,
        "Files.exists(Path, LinkOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "notExists",
        "(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Z",
        true,
        "Files.notExists(Path, LinkOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "isDirectory",
        "(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Z",
        true,
        "Files.isDirectory(Path, LinkOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "isRegularFile",
        "(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Z",
        true,
        "Files.isRegularFile(Path, LinkOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "isReadable",
        "(Ljava/nio/file/Path;)Z",
        true,
        "Files.isReadable(Path)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "size",
        "(Ljava/nio/file/Path;)J",
        true,
        "Files.size(Path)",
    ),
    m(
        Files,
        "java/io/File",
        "exists",
        "()Z",
        false,
        "File.exists()",
    ),
    m(
        Files,
        "java/io/File",
        "isFile",
        "()Z",
        false,
        "File.isFile()",
    ),
    m(
        Files,
        "java/io/File",
        "isDirectory",
        "()Z",
        false,
        "File.isDirectory()",
    ),
    m(
        Files,
        "java/io/File",
        "canRead",
        "()Z",
        false,
        "File.canRead()",
    ),
    m(
        Files,
        "java/io/File",
        "length",
        "()J",
        false,
        "File.length()",
    ),
    m(
        Files,
        "java/io/File",
        "lastModified",
        "()J",
        false,
        "File.lastModified()",
    ),
    // The process.
    m(
        Process,
        "java/lang/System",
        "getenv",
        "(Ljava/lang/String;)Ljava/lang/String;",
        true,
        "System.getenv(String)",
    ),
    m(
        Process,
        "java/lang/System",
        "getProperty",
        "(Ljava/lang/String;)Ljava/lang/String;",
        true,
        "System.getProperty(String)",
    ),
    m(
        Process,
        "java/lang/System",
        "getProperty",
        "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;",
        true,
        "System.getProperty(String, String)",
    ),
    m(
        Process,
        "java/lang/Runtime",
        "availableProcessors",
        "()I",
        false,
        "Runtime.availableProcessors()",
    ),
    m(
        Process,
        "java/lang/Runtime",
        "freeMemory",
        "()J",
        false,
        "Runtime.freeMemory()",
    ),
    m(
        Process,
        "java/lang/Runtime",
        "totalMemory",
        "()J",
        false,
        "Runtime.totalMemory()",
    ),
    m(
        Process,
        "java/lang/Runtime",
        "maxMemory",
        "()J",
        false,
        "Runtime.maxMemory()",
    ),
    m(
        Process,
        "java/lang/ProcessHandle",
        "pid",
        "()J",
        false,
        "ProcessHandle.pid()",
    ),
    m(
        Process,
        "java/util/Locale",
        "getDefault",
        "()Ljava/util/Locale;",
        true,
        "Locale.getDefault()",
    ),
    m(
        Process,
        "java/net/InetAddress",
        "getLocalHost",
        "()Ljava/net/InetAddress;",
        true,
        "InetAddress.getLocalHost()",
    ),
    m(
        Process,
        "java/net/InetAddress",
        "getHostName",
        "()Ljava/lang/String;",
        false,
        "InetAddress.getHostName()",
    ),
    // Files: streams opened on a file. What is read through them is an input entry.
    m(
        Files,
        "java/nio/file/Files",
        "newBufferedReader",
        "(Ljava/nio/file/Path;)Ljava/io/BufferedReader;",
        true,
        "Files.newBufferedReader(Path)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "newBufferedReader",
        "(Ljava/nio/file/Path;Ljava/nio/charset/Charset;)Ljava/io/BufferedReader;",
        true,
        "Files.newBufferedReader(Path, Charset)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "newInputStream",
        "(Ljava/nio/file/Path;[Ljava/nio/file/OpenOption;)Ljava/io/InputStream;",
        true,
        "Files.newInputStream(Path, OpenOption[])",
    ),
    // Lazy streams of the file system: the recorder collects each into the list it
    // yields (closing it) and hands the program a stream over that list.
    m(
        Files,
        "java/nio/file/Files",
        "lines",
        "(Ljava/nio/file/Path;)Ljava/util/stream/Stream;",
        true,
        "Files.lines(Path)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "lines",
        "(Ljava/nio/file/Path;Ljava/nio/charset/Charset;)Ljava/util/stream/Stream;",
        true,
        "Files.lines(Path, Charset)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "list",
        "(Ljava/nio/file/Path;)Ljava/util/stream/Stream;",
        true,
        "Files.list(Path)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "walk",
        "(Ljava/nio/file/Path;[Ljava/nio/file/FileVisitOption;)Ljava/util/stream/Stream;",
        true,
        "Files.walk(Path, FileVisitOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "walk",
        "(Ljava/nio/file/Path;I[Ljava/nio/file/FileVisitOption;)Ljava/util/stream/Stream;",
        true,
        "Files.walk(Path, int, FileVisitOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "getLastModifiedTime",
        "(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Ljava/nio/file/attribute/FileTime;",
        true,
        "Files.getLastModifiedTime(Path, LinkOption[])",
    ),
    m(
        Files,
        "java/io/File",
        "listFiles",
        "()[Ljava/io/File;",
        false,
        "File.listFiles()",
    ),
    m(
        Files,
        "java/io/File",
        "list",
        "()[Ljava/lang/String;",
        false,
        "File.list()",
    ),
    // Files: writes. Recorded as effects; a test checks them and never performs them.
    m(
        Files,
        "java/nio/file/Files",
        "copy",
        "(Ljava/nio/file/Path;Ljava/nio/file/Path;[Ljava/nio/file/CopyOption;)Ljava/nio/file/Path;",
        true,
        "Files.copy(Path, Path, CopyOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "move",
        "(Ljava/nio/file/Path;Ljava/nio/file/Path;[Ljava/nio/file/CopyOption;)Ljava/nio/file/Path;",
        true,
        "Files.move(Path, Path, CopyOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "createDirectory",
        "(Ljava/nio/file/Path;[Ljava/nio/file/attribute/FileAttribute;)Ljava/nio/file/Path;",
        true,
        "Files.createDirectory(Path, FileAttribute[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "createFile",
        "(Ljava/nio/file/Path;[Ljava/nio/file/attribute/FileAttribute;)Ljava/nio/file/Path;",
        true,
        "Files.createFile(Path, FileAttribute[])",
    ),
    m(
        Files,
        "java/io/File",
        "createNewFile",
        "()Z",
        false,
        "File.createNewFile()",
    ),
    m(
        Files,
        "java/io/File",
        "renameTo",
        "(Ljava/io/File;)Z",
        false,
        "File.renameTo(File)",
    ),
    m(
        Files,
        "java/io/File",
        "setLastModified",
        "(J)Z",
        false,
        "File.setLastModified(long)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "writeString",
        "(Ljava/nio/file/Path;Ljava/lang/CharSequence;[Ljava/nio/file/OpenOption;)Ljava/nio/file/Path;",
        true,
        "Files.writeString(Path, CharSequence, OpenOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "write",
        "(Ljava/nio/file/Path;[B[Ljava/nio/file/OpenOption;)Ljava/nio/file/Path;",
        true,
        "Files.write(Path, byte[], OpenOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "write",
        "(Ljava/nio/file/Path;Ljava/lang/Iterable;[Ljava/nio/file/OpenOption;)Ljava/nio/file/Path;",
        true,
        "Files.write(Path, Iterable, OpenOption[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "createDirectories",
        "(Ljava/nio/file/Path;[Ljava/nio/file/attribute/FileAttribute;)Ljava/nio/file/Path;",
        true,
        "Files.createDirectories(Path, FileAttribute[])",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "delete",
        "(Ljava/nio/file/Path;)V",
        true,
        "Files.delete(Path)",
    ),
    m(
        Files,
        "java/nio/file/Files",
        "deleteIfExists",
        "(Ljava/nio/file/Path;)Z",
        true,
        "Files.deleteIfExists(Path)",
    ),
    m(
        Files,
        "java/io/File",
        "delete",
        "()Z",
        false,
        "File.delete()",
    ),
    m(
        Files,
        "java/io/File",
        "mkdirs",
        "()Z",
        false,
        "File.mkdirs()",
    ),
    // Input: what a stream, reader or scanner gave, whatever it reads (standard input, a
    // file, a socket). Reads that fill a caller's buffer (`read(byte[])`) are not among
    // them: their answer is a side effect on an argument.
    EnvMethod {
        category: Input,
        owner: "java/io/BufferedReader",
        also: &["java/io/LineNumberReader"],
        name: "lines",
        descriptor: "()Ljava/util/stream/Stream;",
        is_static: false,
        key: "BufferedReader.lines()",
    },
    EnvMethod {
        category: Input,
        owner: "java/io/BufferedReader",
        also: &["java/io/LineNumberReader"],
        name: "readLine",
        descriptor: "()Ljava/lang/String;",
        is_static: false,
        key: "BufferedReader.readLine()",
    },
    EnvMethod {
        category: Input,
        owner: "java/io/InputStream",
        also: &["java/io/FileInputStream", "java/io/BufferedInputStream"],
        name: "readAllBytes",
        descriptor: "()[B",
        is_static: false,
        key: "InputStream.readAllBytes()",
    },
    m(
        Input,
        "java/util/Scanner",
        "nextLine",
        "()Ljava/lang/String;",
        false,
        "Scanner.nextLine()",
    ),
    m(
        Input,
        "java/util/Scanner",
        "next",
        "()Ljava/lang/String;",
        false,
        "Scanner.next()",
    ),
    m(
        Input,
        "java/util/Scanner",
        "nextInt",
        "()I",
        false,
        "Scanner.nextInt()",
    ),
    m(
        Input,
        "java/util/Scanner",
        "hasNextLine",
        "()Z",
        false,
        "Scanner.hasNextLine()",
    ),
    m(
        Input,
        "java/util/Scanner",
        "hasNext",
        "()Z",
        false,
        "Scanner.hasNext()",
    ),
    m(
        Input,
        "java/util/Scanner",
        "hasNextInt",
        "()Z",
        false,
        "Scanner.hasNextInt()",
    ),
    m(
        Input,
        "java/io/Console",
        "readLine",
        "()Ljava/lang/String;",
        false,
        "Console.readLine()",
    ),
    // The network: the request goes out through these, the response comes back through
    // the response's reads (and through input entries for a URL's stream).
    m(
        Network,
        "java/net/http/HttpClient",
        "send",
        "(Ljava/net/http/HttpRequest;Ljava/net/http/HttpResponse$BodyHandler;)Ljava/net/http/HttpResponse;",
        false,
        "HttpClient.send(HttpRequest, BodyHandler)",
    ),
    m(
        Network,
        "java/net/http/HttpResponse",
        "statusCode",
        "()I",
        false,
        "HttpResponse.statusCode()",
    ),
    m(
        Network,
        "java/net/http/HttpResponse",
        "body",
        "()Ljava/lang/Object;",
        false,
        "HttpResponse.body()",
    ),
    m(
        Network,
        "java/net/URL",
        "openStream",
        "()Ljava/io/InputStream;",
        false,
        "URL.openStream()",
    ),
    EnvMethod {
        category: Network,
        owner: "java/net/URLConnection",
        also: &["java/net/HttpURLConnection", "javax/net/ssl/HttpsURLConnection"],
        name: "getInputStream",
        descriptor: "()Ljava/io/InputStream;",
        is_static: false,
        key: "URLConnection.getInputStream()",
    },
    EnvMethod {
        category: Network,
        owner: "java/net/HttpURLConnection",
        also: &["javax/net/ssl/HttpsURLConnection"],
        name: "getResponseCode",
        descriptor: "()I",
        is_static: false,
        key: "HttpURLConnection.getResponseCode()",
    },
    // A socket: connecting is replayed with an unconnected stand-in, its streams with
    // stand-ins that read and write nothing, and each read through them is replayed.
    m(
        Network,
        "java/net/Socket",
        "<init>",
        "(Ljava/lang/String;I)V",
        false,
        "new Socket(String, int)",
    ),
    m(
        Network,
        "java/net/Socket",
        "<init>",
        "(Ljava/net/InetAddress;I)V",
        false,
        "new Socket(InetAddress, int)",
    ),
    m(
        Network,
        "java/net/Socket",
        "getInputStream",
        "()Ljava/io/InputStream;",
        false,
        "Socket.getInputStream()",
    ),
    m(
        Network,
        "java/net/Socket",
        "getOutputStream",
        "()Ljava/io/OutputStream;",
        false,
        "Socket.getOutputStream()",
    ),
    // Constructors that open a file: the handle is replayed with a stand-in that reads
    // nothing, and each read through it is an environment call of its own.
    m(
        Files,
        "java/io/FileInputStream",
        "<init>",
        "(Ljava/io/File;)V",
        false,
        "new FileInputStream(File)",
    ),
    m(
        Files,
        "java/io/FileInputStream",
        "<init>",
        "(Ljava/lang/String;)V",
        false,
        "new FileInputStream(String)",
    ),
    m(
        Files,
        "java/io/FileReader",
        "<init>",
        "(Ljava/io/File;)V",
        false,
        "new FileReader(File)",
    ),
    m(
        Files,
        "java/io/FileReader",
        "<init>",
        "(Ljava/lang/String;)V",
        false,
        "new FileReader(String)",
    ),
    m(
        Files,
        "java/util/Scanner",
        "<init>",
        "(Ljava/io/File;)V",
        false,
        "new Scanner(File)",
    ),
    m(
        Files,
        "java/util/Scanner",
        "<init>",
        "(Ljava/nio/file/Path;)V",
        false,
        "new Scanner(Path)",
    ),
];

/// The environment method an invoke instruction calls (owner as the instruction names
/// it, internal), if any.
pub fn lookup(owner: &str, name: &str, descriptor: &str) -> Option<&'static EnvMethod> {
    METHODS.iter().find(|e| {
        e.name == name
            && e.descriptor == descriptor
            && (e.owner == owner || e.also.contains(&owner))
    })
}

/// The entry with this key.
pub fn by_key(key: &str) -> Option<&'static EnvMethod> {
    METHODS.iter().find(|e| e.key == key)
}

/// Names of the process's environment that a secret rule must see before its value is
/// stored: the first argument of these calls is the name of the value they return.
pub fn names_its_value(e: &EnvMethod) -> bool {
    e.owner == "java/lang/System" && (e.name == "getenv" || e.name == "getProperty")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_unique_and_name_the_owner_and_method() {
        let mut seen = HashSet::new();
        for e in METHODS {
            assert!(seen.insert(e.key), "duplicate key {}", e.key);
            let simple = e.owner.rsplit('/').next().unwrap();
            let named = if e.name == "<init>" {
                format!("new {simple}(")
            } else {
                format!("{simple}.{}(", e.name)
            };
            assert!(
                e.key.starts_with(&named),
                "{} for {}.{}",
                e.key,
                e.owner,
                e.name
            );
        }
    }

    #[test]
    fn subclasses_named_by_the_instruction_find_the_declaring_entry() {
        let e = lookup("java/security/SecureRandom", "nextInt", "(I)I").unwrap();
        assert_eq!(e.key, "Random.nextInt(int)");
        assert_eq!(e.category, Category::Randomness);
        assert!(lookup("java/lang/System", "currentTimeMillis", "()J").is_some());
        let bounded = lookup("java/util/concurrent/ThreadLocalRandom", "nextInt", "(II)I").unwrap();
        assert_eq!(bounded.key, "ThreadLocalRandom.nextInt(int, int)");
        let inherited = lookup("java/util/Random", "nextInt", "(II)I").unwrap();
        assert_eq!(inherited.key, "RandomGenerator.nextInt(int, int)");
        assert_eq!(
            lookup(
                "java/time/LocalDate",
                "now",
                "(Ljava/time/ZoneId;)Ljava/time/LocalDate;"
            )
            .unwrap()
            .category,
            Category::Time
        );
        assert!(lookup("java/lang/System", "arraycopy", "()J").is_none());
        assert!(lookup("com/x/Random", "nextInt", "(I)I").is_none());
        assert!(names_its_value(by_key("System.getenv(String)").unwrap()));
        assert!(!names_its_value(by_key("Files.readString(Path)").unwrap()));
        assert_eq!(
            lookup("java/util/Date", "<init>", "()V").unwrap().key,
            "new Date()"
        );
        assert!(lookup("java/util/Date", "<init>", "(J)V").is_none());
    }
}
