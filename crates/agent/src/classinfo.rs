//! What the snapshotter does with objects of one class (its [`Kind`]: a string, a boxed
//! value, an enum, a JDK value captured as text, a JDK collection or map, an array, a
//! throwable, something opaque, or a plain object with its instance fields), decided
//! once per class and cached under a JVMTI tag on the `Class` object, with the JSON
//! fragments of its name and fields ready for the snapshot walk to copy.

use std::sync::{Arc, RwLock};

use jvmti_bindings::env::{JniEnv, Jvmti};
use jvmti_bindings::sys::jni;
use mimic_trace::json;

use crate::jdk::{clear, Id, Jdk};
use crate::options::Options;

/// A primitive type, by its descriptor letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prim {
    Boolean,
    Byte,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
}

impl Prim {
    /// The Java keyword (`int`).
    pub fn java_name(self) -> &'static str {
        match self {
            Prim::Boolean => "boolean",
            Prim::Byte => "byte",
            Prim::Char => "char",
            Prim::Short => "short",
            Prim::Int => "int",
            Prim::Long => "long",
            Prim::Float => "float",
            Prim::Double => "double",
        }
    }

    /// The descriptor letter (`I`).
    pub fn letter(self) -> char {
        match self {
            Prim::Boolean => 'Z',
            Prim::Byte => 'B',
            Prim::Char => 'C',
            Prim::Short => 'S',
            Prim::Int => 'I',
            Prim::Long => 'J',
            Prim::Float => 'F',
            Prim::Double => 'D',
        }
    }

    /// Bytes per element of an array of it, as packed (a boolean takes one).
    pub fn width(self) -> usize {
        match self {
            Prim::Boolean | Prim::Byte => 1,
            Prim::Char | Prim::Short => 2,
            Prim::Int | Prim::Float => 4,
            Prim::Long | Prim::Double => 8,
        }
    }

    pub fn from_descriptor(c: u8) -> Option<Prim> {
        Some(match c {
            b'Z' => Prim::Boolean,
            b'B' => Prim::Byte,
            b'C' => Prim::Char,
            b'S' => Prim::Short,
            b'I' => Prim::Int,
            b'J' => Prim::Long,
            b'F' => Prim::Float,
            b'D' => Prim::Double,
            _ => return None,
        })
    }

    fn boxed(name: &str) -> Option<Prim> {
        Some(match name {
            "java.lang.Boolean" => Prim::Boolean,
            "java.lang.Byte" => Prim::Byte,
            "java.lang.Character" => Prim::Char,
            "java.lang.Short" => Prim::Short,
            "java.lang.Integer" => Prim::Int,
            "java.lang.Long" => Prim::Long,
            "java.lang.Float" => Prim::Float,
            "java.lang.Double" => Prim::Double,
            _ => return None,
        })
    }

    pub fn descriptor(self) -> &'static str {
        match self {
            Prim::Boolean => "Z",
            Prim::Byte => "B",
            Prim::Char => "C",
            Prim::Short => "S",
            Prim::Int => "I",
            Prim::Long => "J",
            Prim::Float => "F",
            Prim::Double => "D",
        }
    }
}

/// How long a text will be, known before it is built: `count` (a no-argument `int`
/// method) called on the object, or on what its getter `through` returns, each unit
/// making `per` bytes of text.
#[derive(Clone, Copy)]
pub struct TextSize {
    pub count: Id,
    pub per: u64,
    pub through: Option<Id>,
}

/// One instance field of a plain object.
pub struct SnapshotField {
    pub name: String,
    /// Binary name of the declaring class.
    pub declared_in: String,
    /// Binary name of the declared type (for redacted values), as a JSON string.
    pub declared_type: String,
    /// The JSON that opens this field in an object, up to its value.
    pub prefix: String,
    pub prim: Option<Prim>,
    /// Declared as a primitive, a string or a box: a literal whatever it holds.
    pub literal: bool,
    pub id: Id,
    /// The redaction rule the name matches.
    pub redact: Option<String>,
}

pub enum Kind {
    Str,
    /// A box and the id of its `value` field.
    Boxed(Prim, Id),
    /// Class name to record (the enum class, also for constants with bodies), as a JSON
    /// string.
    Enum(String),
    /// Captured by its `toString()` text; for types whose text can be long, how to size
    /// it first ([`TextSize`]: a builder's `length()`, a `BitSet`'s `cardinality()`, a
    /// `StringWriter`'s buffer's `length()`): the limit is checked before the text is
    /// built.
    Text(Option<TextSize>),
    /// A `java.util.BitSet`, recorded by its set bits as runs (`{0-4095, 5000}`), read
    /// from its `words` and `wordsInUse` fields: no text of every bit is built in the
    /// observed JVM, and a large block of free pages stays a few bytes.
    BitSet {
        words: Id,
        in_use: Id,
    },
    /// A charset's decoder (`true`) or encoder of the JDK, recorded by what it was made
    /// with through its public accessors (`UTF-8 REPORT REPLACE fffd`: charset, actions on
    /// malformed and unmappable input, replacement in hex), as the class
    /// `java.nio.charset.CharsetDecoder`/`CharsetEncoder`; rebuilt by `newDecoder()`.
    Coder(bool),
    /// An `ArrayList`'s iterator, recorded as a collection of class
    /// [`mimic_trace::ITERATOR`] holding the elements it has yet to return (its list's
    /// from `cursor` on): the ids of its `this$0` (the list) and `cursor` fields, and of
    /// the list's `elementData` and `size`.
    ListIterator {
        list: Id,
        cursor: Id,
        data: Id,
        size: Id,
    },
    /// A `java.awt.geom.Area`, recorded by its outline: the segments its
    /// `getPathIterator(null)` walks (JDK code), as text (`M 0 0 L 10 0 … Z`); the id of
    /// that method.
    Shape(Id),
    /// A `java.util.Date`, recorded by its `getTime()` (its `toString()` depends on the
    /// default time zone and drops the milliseconds).
    EpochMillis,
    /// A JDK time zone, recorded by its `getID()`.
    TimeZoneId,
    /// A `java.util.GregorianCalendar`, recorded as `millis zone firstDayOfWeek
    /// minimalDaysInFirstWeek` (its `toString()` is a dump of internal fields).
    Calendar,
    /// Element primitive type, or None for reference arrays.
    Array(Option<Prim>),
    /// A JDK collection whose `toArray()` runs JDK code only ([`SELF_CONTAINED`]).
    Collection,
    /// A JDK map whose `entrySet().toArray()` and entries run JDK code only.
    Map,
    /// A JDK wrapper view (`Collections.unmodifiableList(…)`, synchronized, checked) and
    /// the id of its field holding the wrapped collection or map (`c` or `m`).
    CollectionView(Id),
    MapView(Id),
    /// A throwable: `jdk` for JDK classes (whose `getMessage` is JDK code, called);
    /// application ones have their `detailMessage` field read instead, and
    /// `message_overridden` says that their `getMessage` is an application class's
    /// (what it returns is not that field: a test does not assert it).
    Thrown {
        jdk: bool,
        message_overridden: bool,
    },
    Opaque(String),
    /// A lambda (a hidden class): opaque, with the functional interface it implements
    /// as a JSON string, when it has one (not counting `Serializable`).
    Lambda(Option<String>),
    Object(Vec<SnapshotField>),
    /// A `Class` object, recorded by the name of the class it stands for (`int`,
    /// `java.util.List`, `[Ljava.lang.String;`, `a.B$C`), which `Class.forName` reads.
    ClassObject,
    /// A `java.lang.reflect.Method` or `Constructor` (`Field`: `Some` of the id of its
    /// `clazz` field, the declaring class), recorded by what names it: declaring class,
    /// name and descriptor (`com.x.Person getName ()Ljava/lang/String;`), or declaring
    /// class and field name (`com.x.Person name`), read through JNI and JVMTI (no Java
    /// code runs).
    Reflected(Option<Id>),
    /// A project subclass of a JDK collection or map: its own fields (and its project
    /// superclasses'), then its contents, read through the JDK class
    /// `Jdk::subclass_bases[i]` describes.
    Subclass(Vec<SnapshotField>, usize),
    /// A project class that is behaviour by its JDK supertype (a stream, reader,
    /// writer, channel…): captured field by field only along a method's read tree (the
    /// fields that method reads), otherwise opaque with this reason. A JDK I/O class
    /// is one with no fields: along a read tree (a method that only passes it on) it
    /// is an empty object, which a test stands in for with an instance of that class.
    Behaviour(Vec<SnapshotField>, String),
}

/// What the snapshotter does with objects of one runtime class (not to be confused with
/// `mimic_classpath::ClassInfo`, the static summary of a class file).
pub struct SnapshotClass {
    /// Binary name (`com.x.Foo`, `[I`, `[Ljava.lang.String;`).
    pub name: String,
    /// The name as a JSON string.
    pub quoted: String,
    pub kind: Kind,
    /// Some of its objects are held in its static final fields ([`tag_constants`]): each
    /// recorded object of the class is checked for being one of them.
    pub constants: bool,
}

/// JDK collections and maps whose `toArray()` / `entrySet().toArray()` and entries run
/// JDK code only, whatever they hold: they never call back into their elements, a
/// comparator or another collection. Any other JDK collection (a view over another
/// collection, a sublist, a `keySet()` of an arbitrary map) may delegate to application
/// code, so the recorder reads it only through a wrapper's field or not at all.
const SELF_CONTAINED: &[&str] = &[
    "java.util.ArrayList",
    "java.util.LinkedList",
    "java.util.ArrayDeque",
    "java.util.Vector",
    "java.util.Stack",
    "java.util.PriorityQueue",
    "java.util.HashSet",
    "java.util.LinkedHashSet",
    "java.util.TreeSet",
    "java.util.RegularEnumSet",
    "java.util.JumboEnumSet",
    "java.util.HashMap",
    "java.util.LinkedHashMap",
    "java.util.TreeMap",
    "java.util.Hashtable",
    "java.util.Properties",
    "java.util.IdentityHashMap",
    "java.util.WeakHashMap",
    "java.util.EnumMap",
    "java.util.HashMap$KeySet",
    "java.util.HashMap$Values",
    "java.util.HashMap$EntrySet",
    "java.util.LinkedHashMap$LinkedKeySet",
    "java.util.LinkedHashMap$LinkedValues",
    "java.util.LinkedHashMap$LinkedEntrySet",
    "java.util.Arrays$ArrayList",
    "java.util.Collections$EmptyList",
    "java.util.Collections$EmptySet",
    "java.util.Collections$EmptyMap",
    "java.util.Collections$SingletonList",
    "java.util.Collections$SingletonSet",
    "java.util.Collections$SingletonMap",
    "java.util.Collections$CopiesList",
    "java.util.ImmutableCollections$List12",
    "java.util.ImmutableCollections$ListN",
    "java.util.ImmutableCollections$SubList",
    "java.util.ImmutableCollections$Set12",
    "java.util.ImmutableCollections$SetN",
    "java.util.ImmutableCollections$Map1",
    "java.util.ImmutableCollections$MapN",
    "java.util.concurrent.ConcurrentHashMap",
    "java.util.concurrent.ConcurrentHashMap$KeySetView",
    "java.util.concurrent.CopyOnWriteArrayList",
    "java.util.concurrent.CopyOnWriteArraySet",
    "java.util.concurrent.ConcurrentLinkedQueue",
    "java.util.concurrent.ConcurrentLinkedDeque",
    "java.util.concurrent.LinkedBlockingQueue",
    "java.util.concurrent.LinkedBlockingDeque",
    "java.util.concurrent.ArrayBlockingQueue",
    "java.util.concurrent.PriorityBlockingQueue",
    "java.util.concurrent.LinkedTransferQueue",
    "java.util.concurrent.ConcurrentSkipListMap",
    "java.util.concurrent.ConcurrentSkipListSet",
];

/// Prefixes of the `java.util.Collections` wrapper views, which hold the wrapped
/// collection in field `c` and the wrapped map in field `m`.
const WRAPPER_PREFIXES: [&str; 3] = [
    "java.util.Collections$Unmodifiable",
    "java.util.Collections$Synchronized",
    "java.util.Collections$Checked",
];

/// Why a JDK collection or map outside [`SELF_CONTAINED`] is not read.
pub const FOREIGN_VIEW: &str =
    "a JDK view over another collection, which may be application code (reading it would run application code)";

/// JDK classes recorded by their `toString()` (with `java.time.*` and the charsets,
/// `sun.nio.cs.*` charsets — not their nested encoders and decoders — named by prefix).
const TEXT_CLASSES: [&str; 23] = [
    // `{0, 2, 5}`: its set bits, by `toString()` only where its `words` field is not found
    // (`Kind::BitSet` reads them as runs, `{0-4095, 5000}`).
    "java.util.BitSet",
    // `Point2D.Float[1.5, 2.0]`: its coordinates, each as `Float`/`Double.toString`
    // writes it (exact).
    "java.awt.geom.Point2D$Float",
    "java.awt.geom.Point2D$Double",
    "java.util.UUID",
    "java.math.BigDecimal",
    "java.math.BigInteger",
    // `precision=34 roundingMode=HALF_EVEN`, which `new MathContext(String)` parses.
    "java.math.MathContext",
    "java.lang.StringBuilder",
    "java.lang.StringBuffer",
    "java.util.concurrent.atomic.AtomicInteger",
    "java.util.concurrent.atomic.AtomicLong",
    "java.util.concurrent.atomic.AtomicBoolean",
    "java.io.File",
    "java.net.URI",
    "java.net.URL",
    "java.util.Locale",
    "java.util.Currency",
    "java.nio.charset.Charset",
    "java.nio.file.attribute.FileTime",
    // The default file system's paths (`Path.of(text)` rebuilds them).
    "sun.nio.fs.UnixPath",
    "sun.nio.fs.WindowsPath",
    // An HTTP request by its summary (`uri method`): what went out, for the trace's reader.
    "jdk.internal.net.http.HttpRequestImpl",
    "jdk.internal.net.http.ImmutableHttpRequest",
];

/// Is this a JDK class (whose internals generated tests cannot reach)?
pub fn is_jdk(name: &str) -> bool {
    ["java.", "javax.", "jdk.", "sun.", "com.sun."]
        .iter()
        .any(|p| name.starts_with(p))
}

/// `Lcom/x/Foo;` → `com.x.Foo`; `[Ljava/lang/String;` → `[Ljava.lang.String;`.
pub fn binary_name(signature: &str) -> String {
    let s = if signature.starts_with('L') && signature.ends_with(';') {
        &signature[1..signature.len() - 1]
    } else {
        signature
    };
    s.replace('/', ".")
}

/// The name a `Class` object (`class`) is recorded by: its binary name, `int` for a
/// primitive type, the descriptor-like name of an array; `None` for a hidden class (a
/// lambda's), which no name finds.
///
/// # Safety
/// `class` must be a live reference to a `java.lang.Class` on this thread.
pub unsafe fn class_object_name(jvmti: &Jvmti, class: jni::jclass) -> Option<String> {
    let (signature, _) = unsafe { jvmti.get_class_signature(class) }.ok()?;
    let name = type_name(&signature);
    (!name.contains("$$Lambda") && !name.contains(".0x") && !name.contains("/0x")).then_some(name)
}

/// A field or type descriptor's binary name (`I` → `int`).
fn type_name(descriptor: &str) -> String {
    match descriptor
        .as_bytes()
        .first()
        .and_then(|c| Prim::from_descriptor(*c))
    {
        Some(p) if descriptor.len() == 1 => p.java_name().to_string(),
        _ => binary_name(descriptor),
    }
}

/// The cache of class infos, indexed by JVMTI tag − 1.
#[derive(Default)]
pub struct Classes {
    infos: RwLock<Vec<Arc<SnapshotClass>>>,
}

const STATIC: i32 = 0x0008;

impl Classes {
    /// The info for `class` (a live local or global reference).
    ///
    /// # Safety
    /// `class` must be a live `java.lang.Class` reference on this thread.
    pub unsafe fn info(
        &self,
        env: &JniEnv,
        jvmti: &Jvmti,
        jdk: &Jdk,
        options: &Options,
        class: jni::jclass,
    ) -> Option<Arc<SnapshotClass>> {
        let tag = unsafe { jvmti.get_tag(class) }.unwrap_or(0);
        if tag > 0 {
            if let Ok(infos) = self.infos.read() {
                if let Some(i) = infos.get(tag as usize - 1) {
                    return Some(i.clone());
                }
            }
        }
        let info = Arc::new(unsafe { classify(env, jvmti, jdk, options, class) }?);
        if let Ok(mut infos) = self.infos.write() {
            infos.push(info.clone());
            let _ = unsafe { jvmti.set_tag(class, infos.len() as i64) };
        }
        Some(info)
    }
}

unsafe fn assignable(env: &JniEnv, class: jni::jclass, to: jni::jclass) -> bool {
    let r = unsafe { env.is_assignable_from(class, to) };
    clear(env);
    r
}

/// The interface a lambda's hidden class implements (its first other than
/// `Serializable`), quoted; JVMTI hands back local references, deleted here.
unsafe fn functional_interface(env: &JniEnv, jvmti: &Jvmti, class: jni::jclass) -> Option<String> {
    let interfaces = unsafe { jvmti.get_implemented_interfaces(class) }.ok()?;
    let mut found = None;
    for i in interfaces {
        if found.is_none() {
            found = unsafe { class_name(jvmti, i) }.filter(|n| n != "java.io.Serializable");
        }
        unsafe { env.delete_local_ref(i) };
    }
    found.map(|n| json::quoted(&n))
}

unsafe fn class_name(jvmti: &Jvmti, class: jni::jclass) -> Option<String> {
    unsafe { jvmti.get_class_signature(class) }
        .ok()
        .map(|(s, _)| binary_name(&s))
}

/// Whether `getMessage()` of the throwable class `class` is declared by an application
/// class (JEXL's `JexlException` prefixes the detail message with a location). Only the
/// method's declaring class is looked up: no application code runs.
unsafe fn message_overridden(env: &JniEnv, jvmti: &Jvmti, class: jni::jclass) -> bool {
    let method = unsafe { env.get_method_id(class, "getMessage", "()Ljava/lang/String;") };
    if clear(env) {
        return false;
    }
    let Some(method) = method else { return false };
    let Ok(declaring) = (unsafe { jvmti.get_method_declaring_class(method) }) else {
        return false;
    };
    let name = unsafe { class_name(jvmti, declaring) };
    unsafe { env.delete_local_ref(declaring) };
    name.is_some_and(|n| !is_jdk(&n))
}

unsafe fn classify(
    env: &JniEnv,
    jvmti: &Jvmti,
    jdk: &Jdk,
    options: &Options,
    class: jni::jclass,
) -> Option<SnapshotClass> {
    let name = unsafe { class_name(jvmti, class) }?;
    let is = |to: jni::jclass| unsafe { assignable(env, class, to) };
    let kind = if let Some(elem) = name.strip_prefix('[') {
        Kind::Array(
            elem.as_bytes()
                .first()
                .and_then(|c| Prim::from_descriptor(*c))
                .filter(|_| elem.len() == 1),
        )
    } else if name == "java.lang.String" {
        Kind::Str
    } else if let Some(p) = Prim::boxed(&name) {
        let id = unsafe { env.get_field_id(class, "value", p.descriptor()) };
        clear(env);
        match id {
            Some(id) => Kind::Boxed(p, Id(id)),
            None => Kind::Opaque("box without a value field".into()),
        }
    } else if name == "java.lang.Class" {
        Kind::ClassObject
    } else if name == "java.lang.reflect.Method" || name == "java.lang.reflect.Constructor" {
        Kind::Reflected(None)
    } else if name == "java.lang.reflect.Field" {
        let clazz = unsafe { env.get_field_id(class, "clazz", "Ljava/lang/Class;") };
        clear(env);
        match clazz {
            Some(id) => Kind::Reflected(Some(Id(id))),
            None => Kind::Opaque("a reflection object".into()),
        }
    } else if is(jdk.throwable.0) {
        let jdk_class = is_jdk(&name);
        Kind::Thrown {
            jdk: jdk_class,
            message_overridden: !jdk_class && unsafe { message_overridden(env, jvmti, class) },
        }
    } else if is(jdk.enum_class.0) {
        let sup = unsafe { env.get_superclass(class) };
        clear(env);
        let enum_name = match sup {
            Some(s) if !unsafe { env.is_same_object(s, jdk.enum_class.0) } => {
                let n = unsafe { class_name(jvmti, s) }.unwrap_or_else(|| name.clone());
                unsafe { env.delete_local_ref(s) };
                n
            }
            Some(s) => {
                unsafe { env.delete_local_ref(s) };
                name.clone()
            }
            None => name.clone(),
        };
        Kind::Enum(json::quoted(&enum_name))
    } else if name.contains("$$Lambda") || name.contains(".0x") || name.contains("/0x") {
        Kind::Lambda(unsafe { functional_interface(env, jvmti, class) })
    } else if is(jdk.thread.0) {
        Kind::Opaque("a thread".into())
    } else if is(jdk.class_loader.0) {
        Kind::Opaque("a class loader".into())
    } else if name == "java.io.StringWriter" {
        // An in-memory writer's state is its text: rebuilt as a new writer with the text
        // appended; sized by its buffer's length.
        Kind::Text(Some(TextSize {
            count: jdk.char_sequence_length,
            per: 1,
            through: Some(jdk.string_writer_buffer),
        }))
    } else if name == "java.io.CharArrayWriter" {
        let size = unsafe { env.get_method_id(class, "size", "()I") };
        clear(env);
        Kind::Text(size.map(|id| TextSize {
            count: Id(id),
            per: 1,
            through: None,
        }))
    } else if let Some((_, why, handle)) = jdk.opaque_kinds.iter().find(|(c, ..)| is(c.0)) {
        if is_jdk(&name) && *handle == crate::jdk::Handle::Io {
            // Its JDK state is never recorded: along a read tree that only passes it
            // on, an empty object of its class (a stand-in), opaque anywhere else.
            Kind::Behaviour(Vec::new(), why.to_string())
        } else if is_jdk(&name) {
            Kind::Opaque(why.to_string())
        } else {
            let fields = unsafe { instance_fields(env, jvmti, options, class, false) };
            Kind::Behaviour(fields, why.to_string())
        }
    } else if let Some(why) = crate::jdk::opaque_by_name(&name) {
        Kind::Opaque(why.to_string())
    } else if name == "java.util.Date" {
        Kind::EpochMillis
    } else if name == "sun.util.calendar.ZoneInfo" {
        Kind::TimeZoneId
    } else if name == "java.util.GregorianCalendar" {
        Kind::Calendar
    } else if let Some(kind) = matches!(
        name.as_str(),
        "java.util.ArrayList$Itr" | "java.util.ArrayList$ListItr"
    )
    .then(|| unsafe { list_iterator_fields(env, class) })
    .flatten()
    {
        kind
    } else if let Some(kind) = (name == "java.util.BitSet")
        .then(|| unsafe { bit_set_fields(env, class) })
        .flatten()
    {
        kind
    } else if let Some(id) = (name == "java.awt.geom.Area")
        .then(|| unsafe {
            let id = env.get_method_id(
                class,
                "getPathIterator",
                "(Ljava/awt/geom/AffineTransform;)Ljava/awt/geom/PathIterator;",
            );
            clear(env);
            id
        })
        .flatten()
    {
        Kind::Shape(Id(id))
    } else if let Some(decoder) = is_jdk(&name)
        .then(|| unsafe { coder_kind(env, jvmti, class) })
        .flatten()
    {
        // Before the charsets named by prefix: `sun.nio.cs.UnicodeDecoder` is a decoder.
        Kind::Coder(decoder)
    } else if name.starts_with("java.time.")
        || (name.starts_with("sun.nio.cs.") && !name.contains('$'))
        || TEXT_CLASSES.contains(&name.as_str())
    {
        let sized = match name.as_str() {
            "java.util.BitSet" => Some(("cardinality", 3)),
            "java.lang.StringBuilder" | "java.lang.StringBuffer" => Some(("length", 1)),
            _ => None,
        };
        Kind::Text(sized.and_then(|(method, per)| {
            let id = unsafe { env.get_method_id(class, method, "()I") };
            clear(env);
            id.map(|id| TextSize {
                count: Id(id),
                per,
                through: None,
            })
        }))
    } else if let Some(keep) = mimic_trace::jdk_by_fields(&name) {
        // An optional value, a pattern, a lock: by some of its own fields, read as
        // fields, never through a method.
        // A reference's `referent` is declared by `java.lang.ref.Reference`.
        let mut fields = unsafe { instance_fields(env, jvmti, options, class, true) };
        fields.retain(|f| keep.iter().any(|(name, _)| *name == f.name));
        Kind::Object(fields)
    } else if name == mimic_trace::SET_FROM_MAP {
        // `Collections.newSetFromMap(new IdentityHashMap<>())`: by the map it is a view
        // of (its elements are the map's keys), which says whose equality it uses; read
        // as a field, never through a method. Its `keySet` view `s` is left out.
        let mut fields = unsafe { declared_fields(jvmti, options, class, &name) };
        fields.retain(|f| f.name == "m");
        Kind::Object(fields)
    } else if is_jdk(&name) && (is(jdk.collection.0) || is(jdk.map.0)) {
        let map = is(jdk.map.0);
        if SELF_CONTAINED.contains(&name.as_str()) {
            if map {
                Kind::Map
            } else {
                Kind::Collection
            }
        } else if WRAPPER_PREFIXES.iter().any(|p| name.starts_with(p)) {
            let (field, descriptor) = if map {
                ("m", "Ljava/util/Map;")
            } else {
                ("c", "Ljava/util/Collection;")
            };
            let id = unsafe { env.get_field_id(class, field, descriptor) };
            clear(env);
            match (id, map) {
                (Some(id), true) => Kind::MapView(Id(id)),
                (Some(id), false) => Kind::CollectionView(Id(id)),
                (None, _) => Kind::Opaque(FOREIGN_VIEW.into()),
            }
        } else {
            Kind::Opaque(FOREIGN_VIEW.into())
        }
    } else if name == "java.lang.Object" {
        Kind::Object(Vec::new())
    } else if is_jdk(&name) {
        Kind::Opaque(format!("JDK type {name} is not captured by meaning"))
    } else if is(jdk.collection.0) || is(jdk.map.0) {
        // A project collection or map: its JDK superclass may hold its elements.
        let fields = unsafe { instance_fields(env, jvmti, options, class, false) };
        match unsafe { jdk_superclass(env, jvmti, class) } {
            None => Kind::Object(fields),
            Some(base) if base == "java.lang.Object" || base.starts_with("java.util.Abstract") => {
                Kind::Object(fields)
            }
            Some(base) => match jdk.subclass_bases.iter().position(|b| b.name == base) {
                Some(i) => Kind::Subclass(fields, i),
                None => Kind::Opaque(format!(
                    "a subclass of {base}, whose contents cannot be read without running its code"
                )),
            },
        }
    } else {
        Kind::Object(unsafe { instance_fields(env, jvmti, options, class, false) })
    };
    let constants = matches!(kind, Kind::Object(_))
        && !is_jdk(&name)
        && unsafe { tag_constants(env, jvmti, class, &name) };
    Some(SnapshotClass {
        quoted: json::quoted(&name),
        name,
        kind,
        constants,
    })
}

/// Tags of the objects held in constant fields start here (below: class infos', one per
/// class, counted from 1).
const CONSTANT_TAG: i64 = 1 << 40;

/// A static final field holding an object of its own class ([`tag_constants`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstantField {
    pub field: String,
    /// The declaring class, quoted, when a test cannot name the field in source (it or
    /// its class is not public) and reads it reflectively.
    pub hidden_owner: Option<String>,
}

/// The constant fields whose objects carry a tag, by tag − [`CONSTANT_TAG`].
static CONSTANT_FIELDS: RwLock<Vec<ConstantField>> = RwLock::new(Vec::new());

const PUBLIC: i32 = 0x0001;
const FINAL: i32 = 0x0010;

/// Tag the objects `class` (initialised) holds in its static final fields of its own
/// type (`COSName.DEVICERGB`, a private `GlyphList.DEFAULT`), so that a recorded
/// reference to one is recorded as that constant ([`constant_field`]); whether there is
/// any. Code may compare such a shared object by identity, and it is often large (a
/// glyph table loaded once), so a test takes that very object rather than a copy. Reads
/// static fields of an initialised class through the field ids JVMTI lists: nothing is
/// looked up by name and no class is initialised, so no application code runs.
///
/// # Safety
/// `class` must be a live `java.lang.Class` reference on this thread.
unsafe fn tag_constants(env: &JniEnv, jvmti: &Jvmti, class: jni::jclass, name: &str) -> bool {
    let public = unsafe { jvmti.get_class_modifiers(class) }.is_ok_and(|m| m & PUBLIC != 0);
    let initialised = unsafe { jvmti.get_class_status(class) }
        .is_ok_and(|s| s & jvmti_bindings::sys::jvmti::JVMTI_CLASS_STATUS_INITIALIZED != 0);
    if !initialised {
        return false;
    }
    let own = format!("L{};", name.replace('.', "/"));
    let wanted = STATIC | FINAL;
    let mut any = false;
    for f in unsafe { jvmti.get_class_fields(class) }.unwrap_or_default() {
        let modifiers = unsafe { jvmti.get_field_modifiers(class, f) }.unwrap_or(0);
        if modifiers & wanted != wanted {
            continue;
        }
        let Ok((field, sig, _)) = (unsafe { jvmti.get_field_name(class, f) }) else {
            continue;
        };
        if sig != own {
            continue;
        }
        let obj = unsafe { env.get_static_object_field(class, f) };
        if clear(env) || obj.is_null() {
            continue;
        }
        let hidden = !public || modifiers & PUBLIC == 0;
        // The first field naming an object wins (an alias keeps the first name); one
        // already tagged (by a thread that classified the class at the same time) counts.
        match unsafe { jvmti.get_tag(obj) }.unwrap_or(0) {
            0 => {
                if let Ok(mut names) = CONSTANT_FIELDS.write() {
                    names.push(ConstantField {
                        field,
                        hidden_owner: hidden.then(|| json::quoted(name)),
                    });
                    let tag = CONSTANT_TAG + names.len() as i64 - 1;
                    any |= unsafe { jvmti.set_tag(obj, tag) }.is_ok();
                }
            }
            tag => any |= tag >= CONSTANT_TAG,
        }
        unsafe { env.delete_local_ref(obj) };
    }
    any
}

/// The constant field `obj` is held in, if [`tag_constants`] tagged it.
///
/// # Safety
/// `obj` must be a live reference on this thread.
pub unsafe fn constant_field(jvmti: &Jvmti, obj: jni::jobject) -> Option<ConstantField> {
    let tag = unsafe { jvmti.get_tag(obj) }.ok()?;
    let index = usize::try_from(tag.checked_sub(CONSTANT_TAG)?).ok()?;
    CONSTANT_FIELDS.read().ok()?.get(index).cloned()
}

/// The id of `class`'s field `name` of type `sig` (an inherited one too), or None (the
/// exception the lookup raised cleared).
///
/// # Safety
/// `class` is a live class reference on this thread.
unsafe fn field_id(env: &JniEnv, class: jni::jclass, name: &str, sig: &str) -> Option<Id> {
    let id = unsafe { env.get_field_id(class, name, sig) };
    clear(env);
    id.map(Id)
}

/// An `ArrayList` iterator's list and cursor fields, and the list's `elementData` and
/// `size` (`None` if this JDK names them otherwise: then it is opaque). Looked up once
/// per iterator class, not per value.
unsafe fn list_iterator_fields(env: &JniEnv, class: jni::jclass) -> Option<Kind> {
    let list_class = env.find_class("java/util/ArrayList");
    clear(env);
    let list_class = list_class?;
    let data = unsafe { field_id(env, list_class, "elementData", "[Ljava/lang/Object;") };
    let size = unsafe { field_id(env, list_class, "size", "I") };
    unsafe { env.delete_local_ref(list_class) };
    Some(Kind::ListIterator {
        list: unsafe { field_id(env, class, "this$0", "Ljava/util/ArrayList;") }?,
        cursor: unsafe { field_id(env, class, "cursor", "I") }?,
        data: data?,
        size: size?,
    })
}

/// A `BitSet`'s `words` and `wordsInUse` fields (`None` if this JDK names them otherwise:
/// then it is recorded by its text).
unsafe fn bit_set_fields(env: &JniEnv, class: jni::jclass) -> Option<Kind> {
    Some(Kind::BitSet {
        words: unsafe { field_id(env, class, "words", "[J") }?,
        in_use: unsafe { field_id(env, class, "wordsInUse", "I") }?,
    })
}

/// The text a `BitSet` is recorded by, built from its words a chunk at a time: its set
/// bits in order, a run of three or more as `first-last` (`{0-4095, 5000, 5002}`;
/// `BitSet.toString`'s form when there are no runs). Stops with `None` as soon as the
/// text passes `limit` bytes, so a set of many scattered bits costs the observed JVM no
/// more than that.
#[derive(Default)]
pub struct BitRuns {
    text: String,
    run: Option<(u64, u64)>,
    next_word: u64,
}

impl BitRuns {
    /// Add the next `words`; `false` once the text is past `limit` bytes.
    pub fn add(&mut self, words: &[u64], limit: usize) -> bool {
        for &word in words {
            // A word at a time, a run of set bits at a time (a page map of 100,000 free
            // pages is 1,563 words, not 100,000 steps).
            let base = self.next_word * 64;
            let (mut bits, mut at) = (word, 0u32);
            while bits != 0 {
                let skip = bits.trailing_zeros();
                bits >>= skip;
                at += skip;
                let ones = bits.trailing_ones();
                let (first, last) = (base + u64::from(at), base + u64::from(at + ones - 1));
                self.run = match self.run {
                    Some((a, b)) if b + 1 == first => Some((a, last)),
                    Some(r) => {
                        self.flush(r);
                        Some((first, last))
                    }
                    None => Some((first, last)),
                };
                at += ones;
                bits = bits.checked_shr(ones).unwrap_or(0);
            }
            self.next_word += 1;
            if self.text.len() > limit {
                return false;
            }
        }
        true
    }

    fn flush(&mut self, (a, b): (u64, u64)) {
        use std::fmt::Write;
        let sep = |t: &String| if t.is_empty() { "" } else { ", " };
        if b - a >= 2 {
            let _ = write!(self.text, "{}{a}-{b}", sep(&self.text));
        } else {
            for i in a..=b {
                let _ = write!(self.text, "{}{i}", sep(&self.text));
            }
        }
    }

    /// The text, `{…}`; `None` past `limit` bytes.
    pub fn finish(mut self, limit: usize) -> Option<String> {
        if let Some(r) = self.run.take() {
            self.flush(r);
        }
        (self.text.len() + 2 <= limit).then(|| format!("{{{}}}", self.text))
    }
}

/// [`BitRuns`] over all of `words` at once.
#[cfg(test)]
pub fn bit_runs(words: &[u64]) -> String {
    let mut runs = BitRuns::default();
    runs.add(words, usize::MAX);
    runs.finish(usize::MAX).expect("no limit")
}

/// `Some(true)` for a charset decoder, `Some(false)` for an encoder: a class below
/// `java.nio.charset.CharsetDecoder` or `CharsetEncoder`.
unsafe fn coder_kind(env: &JniEnv, jvmti: &Jvmti, class: jni::jclass) -> Option<bool> {
    let mut current = unsafe { env.get_superclass(class) };
    clear(env);
    for _ in 0..16 {
        let c = current?;
        let name = unsafe { class_name(jvmti, c) };
        let found = match name.as_deref() {
            Some("java.nio.charset.CharsetDecoder") => Some(true),
            Some("java.nio.charset.CharsetEncoder") => Some(false),
            _ => None,
        };
        if found.is_some() || name.as_deref() == Some("java.lang.Object") {
            unsafe { env.delete_local_ref(c) };
            return found;
        }
        current = unsafe { env.get_superclass(c) };
        clear(env);
        unsafe { env.delete_local_ref(c) };
    }
    None
}

/// The first JDK class among `class`'s superclasses (dotted), if it has one.
unsafe fn jdk_superclass(env: &JniEnv, jvmti: &Jvmti, class: jni::jclass) -> Option<String> {
    let mut current = unsafe { env.get_superclass(class) };
    clear(env);
    for _ in 0..64 {
        let c = current?;
        let name = unsafe { class_name(jvmti, c) };
        if name.as_deref().is_none_or(is_jdk) {
            unsafe { env.delete_local_ref(c) };
            return name;
        }
        current = unsafe { env.get_superclass(c) };
        clear(env);
        unsafe { env.delete_local_ref(c) };
    }
    None
}

/// The instance fields `class` (named `declared_in`) itself declares, in declaration
/// order.
///
/// # Safety
/// `class` must be a live class reference on this thread.
unsafe fn declared_fields(
    jvmti: &Jvmti,
    options: &Options,
    class: jni::jclass,
    declared_in: &str,
) -> Vec<SnapshotField> {
    let mut fields = Vec::new();
    for f in unsafe { jvmti.get_class_fields(class) }.unwrap_or_default() {
        let modifiers = unsafe { jvmti.get_field_modifiers(class, f) }.unwrap_or(STATIC);
        if modifiers & STATIC != 0 {
            continue;
        }
        let Ok((name, sig, _)) = (unsafe { jvmti.get_field_name(class, f) }) else {
            continue;
        };
        let prim = sig
            .as_bytes()
            .first()
            .and_then(|c| Prim::from_descriptor(*c))
            .filter(|_| sig.len() == 1);
        let declared_type = type_name(&sig);
        let literal = prim.is_some()
            || declared_type == "java.lang.String"
            || Prim::boxed(&declared_type).is_some();
        fields.push(SnapshotField {
            redact: options.redaction_rule(&name).map(str::to_string),
            declared_type: json::quoted(&declared_type),
            literal,
            prefix: json::field_prefix(&name, declared_in),
            name,
            declared_in: declared_in.to_string(),
            prim,
            id: Id(f),
        });
    }
    fields
}

/// Instance fields of the class and its non-JDK superclasses (all of them with
/// `jdk_too`), superclass fields first.
unsafe fn instance_fields(
    env: &JniEnv,
    jvmti: &Jvmti,
    options: &Options,
    class: jni::jclass,
    jdk_too: bool,
) -> Vec<SnapshotField> {
    let mut chain: Vec<Vec<SnapshotField>> = Vec::new();
    let mut current = unsafe { env.new_local_ref(class) };
    while !current.is_null() {
        let Some(declared_in) = (unsafe { class_name(jvmti, current) }) else {
            break;
        };
        if declared_in == "java.lang.Object" || (is_jdk(&declared_in) && !jdk_too) {
            unsafe { env.delete_local_ref(current) };
            break;
        }
        chain.push(unsafe { declared_fields(jvmti, options, current, &declared_in) });
        let sup = unsafe { env.get_superclass(current) };
        clear(env);
        unsafe { env.delete_local_ref(current) };
        current = sup.unwrap_or(std::ptr::null_mut());
    }
    chain.into_iter().rev().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(binary_name("Lcom/x/Foo$Bar;"), "com.x.Foo$Bar");
        assert_eq!(binary_name("[Ljava/lang/String;"), "[Ljava.lang.String;");
        assert_eq!(binary_name("[I"), "[I");
        assert_eq!(type_name("J"), "long");
        assert_eq!(type_name("Ljava/lang/String;"), "java.lang.String");
        assert!(is_jdk("java.util.HashMap") && !is_jdk("javafoo.X"));
    }

    #[test]
    fn a_bit_set_is_its_runs_of_set_bits() {
        assert_eq!(bit_runs(&[]), "{}");
        assert_eq!(bit_runs(&[0b100101]), "{0, 2, 5}");
        // Two in a row stay apart (as `BitSet.toString` writes them); three make a run.
        assert_eq!(bit_runs(&[0b1011]), "{0, 1, 3}");
        assert_eq!(bit_runs(&[0b111 << 62, 1]), "{62-64}");
        // 4,096 free pages and one more: a few bytes, not 24 KB.
        let mut words = vec![u64::MAX; 64];
        words.extend([0, 1 << 5]);
        assert_eq!(bit_runs(&words), "{0-4095, 4165}");
        // Scattered bits stop the text at the limit, word by word.
        let mut runs = BitRuns::default();
        assert!(!runs.add(&vec![0x5555_5555_5555_5555; 1000], 100));
        let mut runs = BitRuns::default();
        assert!(runs.add(&[0x5], 100));
        assert_eq!(runs.finish(6), Some("{0, 2}".into()));
        let mut runs = BitRuns::default();
        assert!(runs.add(&[0x5], 100));
        assert_eq!(runs.finish(5), None);
        // Runs found a run of set bits at a time agree with a bit-by-bit walk, across
        // word boundaries.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200 {
            let words: Vec<u64> = (0..4)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    [x, x | x >> 1 | x >> 2, u64::MAX, 0][(x as usize + i) % 4]
                })
                .collect();
            assert_eq!(bit_runs(&words), bit_by_bit(&words), "{words:x?}");
        }
    }

    /// `BitSet.toString`'s way with runs: every set bit in order, three or more in a row
    /// as `first-last`.
    fn bit_by_bit(words: &[u64]) -> String {
        let bits: Vec<u64> = (0..words.len() as u64 * 64)
            .filter(|&i| words[(i / 64) as usize] >> (i % 64) & 1 == 1)
            .collect();
        let mut parts = Vec::new();
        let mut i = 0;
        while i < bits.len() {
            let mut j = i;
            while j + 1 < bits.len() && bits[j + 1] == bits[j] + 1 {
                j += 1;
            }
            if j - i >= 2 {
                parts.push(format!("{}-{}", bits[i], bits[j]));
            } else {
                parts.extend(bits[i..=j].iter().map(u64::to_string));
            }
            i = j + 1;
        }
        format!("{{{}}}", parts.join(", "))
    }
}
