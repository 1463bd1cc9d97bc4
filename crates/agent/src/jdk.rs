//! Handles on the JDK classes and methods the recorder uses (global references and
//! method/field ids), looked up once at VMInit, plus small JNI helpers that always clear
//! a pending Java exception.

use jvmti_bindings::env::JniEnv;
use jvmti_bindings::sys::jni;

/// A JNI global class reference; global references are valid on every thread.
#[derive(Clone, Copy)]
pub struct GlobalClass(pub jni::jclass);
// SAFETY: global references may be used from any thread attached to the VM.
unsafe impl Send for GlobalClass {}
unsafe impl Sync for GlobalClass {}

/// A method or field id; ids are valid on every thread while the class is loaded.
#[derive(Clone, Copy)]
pub struct Id(pub *mut std::ffi::c_void);
unsafe impl Send for Id {}
unsafe impl Sync for Id {}

/// A JDK collection or map class a project class may extend, and how the recorder reads
/// a subclass's elements without running the subclass's code: the method `class`
/// declares (`toArray()`, or `entrySet()` for a map), called non-virtually.
pub struct SubclassBase {
    /// The JDK class the subclass extends (dotted), e.g. `java.util.ArrayList`.
    pub name: &'static str,
    /// `name` as a JSON string: the class the contents are recorded as.
    pub quoted: String,
    /// The class declaring `method` (a `LinkedHashSet` is read through `HashSet`'s).
    pub class: GlobalClass,
    pub method: Id,
    pub map: bool,
    /// The opening of the pseudo-field the contents are recorded in
    /// (`<elements>` or `<entries>`, declared in `name`).
    pub prefix: String,
}

/// The JDK classes whose project subclasses are recorded with their contents: (class,
/// class declaring the method, method, descriptor). Each method is declared by that JDK
/// class on Java 17 through 25 and reads the JDK's own state only: it calls nothing a
/// subclass could override. Other JDK collections (`TreeMap`, `ArrayDeque`…) call
/// overridable methods (`size()`) on the way: their subclasses are opaque. `Vector`'s
/// `toArray` and the synchronized set `Hashtable`'s and `Properties`' `entrySet` return
/// take the object's lock, as reading a plain `Vector` or `Hashtable` does.
const SUBCLASS_BASES: [(&str, &str, &str, &str); 9] = [
    (
        "java.util.ArrayList",
        "java/util/ArrayList",
        "toArray",
        "()[Ljava/lang/Object;",
    ),
    (
        "java.util.LinkedList",
        "java/util/LinkedList",
        "toArray",
        "()[Ljava/lang/Object;",
    ),
    (
        "java.util.Vector",
        "java/util/Vector",
        "toArray",
        "()[Ljava/lang/Object;",
    ),
    (
        "java.util.HashSet",
        "java/util/HashSet",
        "toArray",
        "()[Ljava/lang/Object;",
    ),
    (
        "java.util.LinkedHashSet",
        "java/util/HashSet",
        "toArray",
        "()[Ljava/lang/Object;",
    ),
    (
        "java.util.HashMap",
        "java/util/HashMap",
        "entrySet",
        "()Ljava/util/Set;",
    ),
    (
        "java.util.LinkedHashMap",
        "java/util/LinkedHashMap",
        "entrySet",
        "()Ljava/util/Set;",
    ),
    (
        "java.util.Hashtable",
        "java/util/Hashtable",
        "entrySet",
        "()Ljava/util/Set;",
    ),
    (
        "java.util.Properties",
        "java/util/Properties",
        "entrySet",
        "()Ljava/util/Set;",
    ),
];

/// The JDK classes the snapshotter classifies by.
pub struct Jdk {
    pub object: GlobalClass,
    pub string: GlobalClass,
    pub enum_class: GlobalClass,
    pub collection: GlobalClass,
    pub map: GlobalClass,
    pub map_entry: GlobalClass,
    pub throwable: GlobalClass,
    pub thread: GlobalClass,
    pub class_loader: GlobalClass,
    pub class: GlobalClass,
    /// Streams, readers, writers, channels, sockets: opaque with this reason.
    pub opaque_kinds: Vec<(GlobalClass, &'static str, Handle)>,
    /// The JDK collections and maps whose project subclasses are recorded with their
    /// contents ([`SUBCLASS_BASES`]).
    pub subclass_bases: Vec<SubclassBase>,
    pub to_string: Id,
    /// `StringWriter.getBuffer()` and `CharSequence.length()`: a string writer's text is
    /// sized before it is built ([`crate::classinfo::TextSize`]).
    pub string_writer_buffer: Id,
    pub char_sequence_length: Id,
    pub get_message: Id,
    /// `Throwable.detailMessage`, read directly for application exception classes (their
    /// `getMessage` may be overridden: calling it would run application code).
    pub detail_message: Id,
    pub to_array: Id,
    pub collection_size: Id,
    pub collection_iterator: Id,
    pub map_size: Id,
    pub iterator_has_next: Id,
    pub iterator_next: Id,
    pub entry_set: Id,
    pub entry_key: Id,
    pub entry_value: Id,
    pub enum_name: Id,
    pub thread_current: Id,
    pub thread_get_name: Id,
    pub thread_get_id: Id,
}

const OPAQUE_KINDS: [(&str, &str, Handle); 10] = [
    ("java/io/InputStream", "an input stream", Handle::Io),
    ("java/io/OutputStream", "an output stream", Handle::Io),
    ("java/io/Reader", "a reader", Handle::Io),
    ("java/io/Writer", "a writer", Handle::Io),
    ("java/io/RandomAccessFile", "an open file", Handle::Io),
    ("java/nio/channels/Channel", "a channel", Handle::Io),
    ("java/net/Socket", "a socket", Handle::Io),
    ("java/net/ServerSocket", "a server socket", Handle::Io),
    ("java/util/stream/BaseStream", "a stream", Handle::Other),
    (
        "java/lang/reflect/AccessibleObject",
        "a reflection object",
        Handle::Other,
    ),
];

/// What an opaque JDK kind is beyond its reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handle {
    /// A handle on I/O: where a method only passes it on (to a mock), an instance of
    /// its class with nothing in it stands in for it in a test (see `Kind::Behaviour`).
    Io,
    /// Anything else: always opaque.
    Other,
}

/// Opaque handles on the environment recognised by the runtime class's name instead (see
/// [`opaque_by_name`]): looking their classes up at VMInit would load and initialise them
/// in every recorded JVM (`InetAddress` loads the network library), which costs start-up
/// time and changes what the application's JVM initialises.
const OPAQUE_BY_NAME: [(&str, &str); 7] = [
    ("java.util.Scanner", "a scanner"),
    ("java.io.Console", "the console"),
    ("java.net.Inet4Address", "a network address"),
    ("java.net.Inet6Address", "a network address"),
    ("jdk.internal.net.http.HttpClientFacade", "an HTTP client"),
    ("jdk.internal.net.http.HttpClientImpl", "an HTTP client"),
    ("jdk.internal.net.http.HttpResponseImpl", "an HTTP response"),
];

/// Why an object of this runtime class (binary name) is an opaque environment handle, if
/// it is one: the classes above, and URL connections (`sun.net.www.protocol.*`).
pub fn opaque_by_name(name: &str) -> Option<&'static str> {
    OPAQUE_BY_NAME
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, why)| *why)
        .or_else(|| {
            name.starts_with("sun.net.www.protocol.")
                .then_some("a URL connection")
        })
}

fn global(env: &JniEnv, name: &str) -> Result<GlobalClass, String> {
    let local = env.find_class(name);
    clear(env);
    let local = local.ok_or_else(|| format!("class {name} not found"))?;
    // SAFETY: `local` is a live local reference of this thread.
    let g = unsafe { env.new_global_ref(local) };
    unsafe { env.delete_local_ref(local) };
    if g.is_null() {
        return Err(format!("no global reference for {name}"));
    }
    Ok(GlobalClass(g))
}

fn method(env: &JniEnv, class: GlobalClass, name: &str, sig: &str) -> Result<Id, String> {
    // SAFETY: `class` is a live global class reference.
    let id = unsafe { env.get_method_id(class.0, name, sig) };
    clear(env);
    id.map(Id)
        .ok_or_else(|| format!("method {name}{sig} not found"))
}

fn static_method(env: &JniEnv, class: GlobalClass, name: &str, sig: &str) -> Result<Id, String> {
    let id = unsafe { env.get_static_method_id(class.0, name, sig) };
    clear(env);
    id.map(Id)
        .ok_or_else(|| format!("static method {name}{sig} not found"))
}

impl Jdk {
    /// Look everything up; on a thread with a valid `env` (VMInit or attach).
    pub fn lookup(env: &JniEnv) -> Result<Jdk, String> {
        let object = global(env, "java/lang/Object")?;
        let string = global(env, "java/lang/String")?;
        let enum_class = global(env, "java/lang/Enum")?;
        let collection = global(env, "java/util/Collection")?;
        let map = global(env, "java/util/Map")?;
        let map_entry = global(env, "java/util/Map$Entry")?;
        let throwable = global(env, "java/lang/Throwable")?;
        let thread = global(env, "java/lang/Thread")?;
        let iterator = global(env, "java/util/Iterator")?;
        let mut opaque_kinds = Vec::new();
        for (name, why, handle) in OPAQUE_KINDS {
            opaque_kinds.push((global(env, name)?, why, handle));
        }
        let mut subclass_bases = Vec::new();
        for (name, declaring, m, sig) in SUBCLASS_BASES {
            let class = global(env, declaring)?;
            let map = m == "entrySet";
            let field = if map {
                mimic_trace::ENTRIES_FIELD
            } else {
                mimic_trace::ELEMENTS_FIELD
            };
            subclass_bases.push(SubclassBase {
                name,
                quoted: mimic_trace::json::quoted(name),
                method: method(env, class, m, sig)?,
                class,
                map,
                prefix: mimic_trace::json::field_prefix(field, name),
            });
        }
        let enum_name = unsafe { env.get_field_id(enum_class.0, "name", "Ljava/lang/String;") };
        clear(env);
        let detail_message =
            unsafe { env.get_field_id(throwable.0, "detailMessage", "Ljava/lang/String;") };
        clear(env);
        let string_writer = global(env, "java/io/StringWriter")?;
        let char_sequence = global(env, "java/lang/CharSequence")?;
        Ok(Jdk {
            to_string: method(env, object, "toString", "()Ljava/lang/String;")?,
            string_writer_buffer: method(
                env,
                string_writer,
                "getBuffer",
                "()Ljava/lang/StringBuffer;",
            )?,
            char_sequence_length: method(env, char_sequence, "length", "()I")?,
            get_message: method(env, throwable, "getMessage", "()Ljava/lang/String;")?,
            to_array: method(env, collection, "toArray", "()[Ljava/lang/Object;")?,
            entry_set: method(env, map, "entrySet", "()Ljava/util/Set;")?,
            collection_size: method(env, collection, "size", "()I")?,
            collection_iterator: method(env, collection, "iterator", "()Ljava/util/Iterator;")?,
            map_size: method(env, map, "size", "()I")?,
            iterator_has_next: method(env, iterator, "hasNext", "()Z")?,
            iterator_next: method(env, iterator, "next", "()Ljava/lang/Object;")?,
            entry_key: method(env, map_entry, "getKey", "()Ljava/lang/Object;")?,
            entry_value: method(env, map_entry, "getValue", "()Ljava/lang/Object;")?,
            enum_name: Id(enum_name.ok_or("field Enum.name not found")?),
            detail_message: Id(detail_message.ok_or("field Throwable.detailMessage not found")?),
            thread_current: static_method(env, thread, "currentThread", "()Ljava/lang/Thread;")?,
            thread_get_name: method(env, thread, "getName", "()Ljava/lang/String;")?,
            thread_get_id: method(env, thread, "getId", "()J")?,
            class_loader: global(env, "java/lang/ClassLoader")?,
            class: global(env, "java/lang/Class")?,
            object,
            string,
            enum_class,
            collection,
            map,
            map_entry,
            throwable,
            thread,
            opaque_kinds,
            subclass_bases,
        })
    }
}

/// Clear a pending Java exception; true if there was one.
pub fn clear(env: &JniEnv) -> bool {
    if env.exception_check() {
        env.exception_clear();
        true
    } else {
        false
    }
}

/// A Java string's text (unpaired surrogates replaced), or None for null. Copies the
/// UTF-16 units with `GetStringRegion` (no JVM-side copy to allocate and release).
///
/// # Safety
/// `s` must be null or a live reference to a `java.lang.String` on this thread.
pub unsafe fn string(env: &JniEnv, s: jni::jobject) -> Option<String> {
    if s.is_null() {
        return None;
    }
    let len = unsafe { env.get_string_length(s) }.max(0) as usize;
    let mut small = [0u16; 128];
    let mut large = Vec::new();
    let units: &mut [u16] = if len <= small.len() {
        &mut small[..len]
    } else {
        large.resize(len, 0);
        &mut large
    };
    unsafe { env.get_string_region(s, 0, len as i32, units) };
    if clear(env) {
        return None;
    }
    Some(String::from_utf16_lossy(units))
}

/// `obj.toString()`, or None if it threw or returned null.
///
/// # Safety
/// `obj` must be a live, non-null reference on this thread.
pub unsafe fn to_string(env: &JniEnv, jdk: &Jdk, obj: jni::jobject) -> Option<String> {
    unsafe { string_call(env, obj, jdk.to_string.0) }
}

/// The string a no-argument method returns, or None if it threw or returned null.
///
/// # Safety
/// `obj` must be a live, non-null reference on this thread and `method` one of its
/// class's methods returning a `String`.
unsafe fn string_call(env: &JniEnv, obj: jni::jobject, method: jni::jmethodID) -> Option<String> {
    let s = unsafe { env.call_object_method(obj, method, &[]) };
    if clear(env) {
        return None;
    }
    let text = unsafe { string(env, s) };
    if !s.is_null() {
        unsafe { env.delete_local_ref(s) };
    }
    text
}

/// The id of `class`'s method `name` `sig`, or None (the exception it raised cleared).
///
/// # Safety
/// `class` is a live class reference on this thread.
unsafe fn method_id(
    env: &JniEnv,
    class: jni::jclass,
    name: &str,
    sig: &str,
) -> Option<jni::jmethodID> {
    let id = unsafe { env.get_method_id(class, name, sig) };
    if clear(env) {
        None
    } else {
        id
    }
}

/// The text a date, time zone or calendar is recorded by ([`Kind::EpochMillis`],
/// [`Kind::TimeZoneId`], [`Kind::Calendar`]), read through the JDK's public accessors
/// looked up on `class` (its runtime class) when one is met: looking them up at VMInit
/// would load the calendar system into every recorded JVM.
///
/// # Safety
/// `obj` is a live, non-null reference of class `class` on this thread.
pub unsafe fn time_summary(
    env: &JniEnv,
    obj: jni::jobject,
    class: jni::jclass,
    kind: &crate::classinfo::Kind,
) -> Option<String> {
    use crate::classinfo::Kind;
    let id =
        |class: jni::jclass, name: &str, sig: &str| unsafe { method_id(env, class, name, sig) };
    let long = |obj: jni::jobject, name: &str| {
        let v = unsafe { env.call_long_method(obj, id(class, name, "()J")?, &[]) };
        (!clear(env)).then_some(v)
    };
    let int = |obj: jni::jobject, name: &str| {
        let v = unsafe { env.call_int_method(obj, id(class, name, "()I")?, &[]) };
        (!clear(env)).then_some(v)
    };
    let zone_id = |zone: jni::jobject| {
        let zone_class = unsafe { env.get_object_class(zone) };
        let method = id(zone_class, "getID", "()Ljava/lang/String;");
        unsafe { env.delete_local_ref(zone_class) };
        unsafe { string_call(env, zone, method?) }
    };
    match kind {
        Kind::EpochMillis => Some(long(obj, "getTime")?.to_string()),
        Kind::TimeZoneId => zone_id(obj),
        Kind::Calendar => {
            let millis = long(obj, "getTimeInMillis")?;
            let zone = unsafe {
                env.call_object_method(
                    obj,
                    id(class, "getTimeZone", "()Ljava/util/TimeZone;")?,
                    &[],
                )
            };
            if clear(env) || zone.is_null() {
                return None;
            }
            let zone_text = zone_id(zone);
            unsafe { env.delete_local_ref(zone) };
            let first = int(obj, "getFirstDayOfWeek")?;
            let minimal = int(obj, "getMinimalDaysInFirstWeek")?;
            Some(format!("{millis} {} {first} {minimal}", zone_text?))
        }
        _ => None,
    }
}

/// The text a charset's decoder or encoder is recorded by ([`Kind::Coder`]): `charset
/// malformed unmappable replacement`, the actions as `CodingErrorAction.toString` names
/// them, the replacement in hex (a decoder's UTF-16 units, four digits each; an
/// encoder's bytes, two), read through the JDK's public accessors (JDK code only: a
/// project subclass is an object).
///
/// # Safety
/// `obj` is a live, non-null JDK decoder (`decoder`) or encoder of class `class`.
pub unsafe fn coder_summary(
    env: &JniEnv,
    jdk: &Jdk,
    obj: jni::jobject,
    class: jni::jclass,
    decoder: bool,
) -> Option<String> {
    let id =
        |class: jni::jclass, name: &str, sig: &str| unsafe { method_id(env, class, name, sig) };
    let object = |name: &str, sig: &str| {
        let o = unsafe { env.call_object_method(obj, id(class, name, sig)?, &[]) };
        (!clear(env) && !o.is_null()).then_some(o)
    };
    let text_of = |o: jni::jobject| {
        let t = unsafe { to_string(env, jdk, o) };
        unsafe { env.delete_local_ref(o) };
        t
    };
    let charset = object("charset", "()Ljava/nio/charset/Charset;")?;
    let charset_class = unsafe { env.get_object_class(charset) };
    let name_id = id(charset_class, "name", "()Ljava/lang/String;");
    unsafe { env.delete_local_ref(charset_class) };
    let name = name_id.and_then(|m| unsafe { string_call(env, charset, m) });
    unsafe { env.delete_local_ref(charset) };
    let action = "()Ljava/nio/charset/CodingErrorAction;";
    let malformed = text_of(object("malformedInputAction", action)?)?;
    let unmappable = text_of(object("unmappableCharacterAction", action)?)?;
    let replacement = if decoder {
        let r = object("replacement", "()Ljava/lang/String;")?;
        let text = unsafe { string(env, r) };
        unsafe { env.delete_local_ref(r) };
        text?
            .encode_utf16()
            .map(|u| format!("{u:04x}"))
            .collect::<String>()
    } else {
        let r = object("replacement", "()[B")?;
        let length = unsafe { env.get_array_length(r) }.max(0);
        let mut bytes = vec![0i8; length as usize];
        unsafe { env.get_byte_array_region(r, 0, length, &mut bytes) };
        unsafe { env.delete_local_ref(r) };
        if clear(env) {
            return None;
        }
        bytes
            .iter()
            .map(|b| format!("{:02x}", *b as u8))
            .collect::<String>()
    };
    Some(format!("{} {malformed} {unmappable} {replacement}", name?))
}

/// An `Area`'s outline as text ([`crate::classinfo::Kind::Shape`]): each segment
/// `PathIterator.currentSegment` gives, its letter and coordinates (`M 0 0 L 10 0 L 10 10
/// Z`; `Q` and `C` for quadratic and cubic curves), walked through the area's own
/// `getPathIterator(null)` (JDK code only). `Ok(None)` once the text passes `limit` bytes;
/// `Err` when a call failed or a segment is of no known kind.
///
/// # Safety
/// `obj` is a live, non-null `java.awt.geom.Area` on this thread; `get_iterator` is its
/// `getPathIterator(AffineTransform)`.
pub(crate) unsafe fn shape_text(
    env: &JniEnv,
    obj: jni::jobject,
    get_iterator: &Id,
    limit: usize,
) -> Result<Option<String>, ()> {
    use std::fmt::Write as _;
    let null = jni::jvalue {
        l: std::ptr::null_mut(),
    };
    let iterator = unsafe { env.call_object_method(obj, get_iterator.0, &[null]) };
    if clear(env) || iterator.is_null() {
        return Err(());
    }
    let class = unsafe { env.get_object_class(iterator) };
    let method = |name: &str, sig: &str| {
        let id = unsafe { env.get_method_id(class, name, sig) };
        clear(env);
        id.ok_or(())
    };
    let (is_done, next, current) = (
        method("isDone", "()Z")?,
        method("next", "()V")?,
        method("currentSegment", "([D)I")?,
    );
    let raw = env.raw();
    // SAFETY: a valid JNIEnv of this thread; the array is freed with the local frame.
    let coords = unsafe { ((**raw).NewDoubleArray)(raw, 6) };
    if clear(env) || coords.is_null() {
        return Err(());
    }
    let mut text = String::new();
    loop {
        let done = unsafe { env.call_boolean_method(iterator, is_done, &[]) };
        if clear(env) {
            return Err(());
        }
        if done {
            return Ok(Some(text));
        }
        let kind = unsafe { env.call_int_method(iterator, current, &[jni::jvalue { l: coords }]) };
        if clear(env) {
            return Err(());
        }
        let mut xy = [0f64; 6];
        unsafe { env.get_double_array_region(coords, 0, 6, &mut xy) };
        let (letter, n) = match kind {
            0 => ('M', 2),
            1 => ('L', 2),
            2 => ('Q', 4),
            3 => ('C', 6),
            4 => ('Z', 0),
            _ => return Err(()),
        };
        if !text.is_empty() {
            text.push(' ');
        }
        text.push(letter);
        for v in &xy[..n] {
            let _ = write!(text, " {v}");
        }
        if text.len() > limit {
            return Ok(None);
        }
        unsafe { env.call_void_method(iterator, next, &[]) };
        if clear(env) {
            return Err(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::opaque_by_name;

    #[test]
    fn environment_handles_are_opaque_by_their_runtime_class_name() {
        assert_eq!(opaque_by_name("java.util.Scanner"), Some("a scanner"));
        assert_eq!(
            opaque_by_name("jdk.internal.net.http.HttpResponseImpl"),
            Some("an HTTP response")
        );
        assert_eq!(
            opaque_by_name("sun.net.www.protocol.http.HttpURLConnection"),
            Some("a URL connection")
        );
        assert_eq!(opaque_by_name("java.util.ArrayList"), None);
        assert_eq!(opaque_by_name("com.acme.Scanner"), None);
    }
}
