//! Rebuilding recorded values as Java: literals for primitives and strings, public API
//! calls for JDK values (collections, maps, java.time…), and `Fixtures.create` for other
//! objects. Objects that are shared or part of a cycle become local variables; a value
//! that cannot be rebuilt faithfully (opaque, redacted, truncated) is reported as a
//! problem so that the test is skipped with the reason rather than silently wrong.

use std::collections::{HashMap, HashSet};

use mimic_classfile::descriptor::FieldType;
use mimic_trace::{jdk_by_fields, Value, OPTIONALS, SET_FROM_MAP};

use crate::gaps::SkipReason;
use crate::java::*;

/// Hands out unique local variable names within one test method.
#[derive(Debug, Default)]
pub struct Names {
    used: HashSet<String>,
}

impl Names {
    pub fn fresh(&mut self, base: &str) -> String {
        let base = identifier(base);
        if self.used.insert(base.clone()) {
            return base;
        }
        (2..)
            .map(|i| format!("{base}{i}"))
            .find(|n| self.used.insert(n.clone()))
            .expect("a free name")
    }

    pub fn reserve(&mut self, name: &str) {
        self.used.insert(name.to_string());
    }
}

/// Builds expressions; statements it needs first (shared objects) collect in `statements`.
pub struct Builder<'a> {
    pub package: &'a str,
    pub names: &'a mut Names,
    pub statements: Vec<String>,
    /// Why the values cannot be rebuilt faithfully.
    pub problems: Vec<(SkipReason, String)>,
    vars: HashMap<u32, String>,
    referenced: HashSet<u32>,
    in_construction: HashSet<u32>,
    /// The objects of `in_construction` with a variable, outermost first: the first is
    /// declared last.
    building: Vec<u32>,
    /// `Fixtures.set(…)` statements that name an object still under construction, by
    /// that object's id: pushed once its declaration is (a child built inside its parent
    /// that points back to the parent).
    after_declared: HashMap<u32, Vec<String>>,
    /// Variables declared `Object` (objects of nested classes, which may be private).
    object_typed: HashSet<String>,
    /// The recorded object (or array, collection, map) behind each id, wherever in the
    /// roots it first appears: a reference is rebuilt from it even when that first
    /// occurrence is not rebuilt itself (e.g. it sits inside a field the test mocks).
    definitions: HashMap<u32, Value>,
    /// The method under test reads the environment and its reads are replayed (issue
    /// 17), so an opaque source of randomness, stream, scanner or HTTP client it holds can
    /// be any instance of its class ([`crate::environment::stand_in`]).
    pub environment_replayed: bool,
    /// Which part of the test is being built (`the receiver`, `argument 1`, `the
    /// answer of getItem`): named in front of each problem, so a skip says where.
    pub place: String,
    /// While what the test feeds the method is built (the receiver, arguments, static
    /// state, stub answers), not what it expects: a lambda may be stood in for by a mock
    /// of its interface there, never in a matcher or an assertion, which it would not
    /// equal.
    pub stand_ins: bool,
    /// An object of the application's that the recorder's depth limit cut may be stood
    /// in for by a mock (where [`Builder::stand_ins`] allows): only for a method that
    /// would get no test otherwise ([`crate::testcase::StandIns::CutObjects`]).
    pub cut_stand_ins: bool,
    /// The classes of a recursive method's arguments ([`mimic_plan::Mut::recursive`]):
    /// no mock stands in for a cut object of one of them ([`Builder::cut_stand_in`]).
    pub walked_classes: Vec<String>,
    /// The classes a mock stood in for so far (each named once in a comment).
    pub stood_in: Vec<String>,
    /// While a stub's answer is built: the mock the call was made on, which the answer
    /// names where production's answer pointed back to it ([`Value::Mock`]).
    pub callee_mock: Option<String>,
}

impl Builder<'_> {
    /// From now on the recorded object `id` is the test's variable `var` (a mock or spy
    /// standing for it): every reference to it names that variable.
    pub fn alias(&mut self, id: u32, var: &str) {
        self.vars.insert(id, var.to_string());
    }

    /// The recorded value behind `v`: itself, or for a reference (also to an object of the
    /// receiver's) the object it refers to.
    pub fn resolved<'v>(&'v self, v: &'v Value) -> Option<&'v Value> {
        match v {
            Value::Ref { id } | Value::InReceiver { id } => self.definitions.get(id),
            other => Some(other),
        }
    }
}

/// Ids referenced by `Ref` anywhere in these values.
fn collect_refs(v: &Value, out: &mut HashSet<u32>) {
    match v {
        Value::Ref { id } => {
            out.insert(*id);
        }
        other => other.children().for_each(|c| collect_refs(c, out)),
    }
}

/// The fixture helper's fully qualified name.
pub const FIXTURES: &str = "Fixtures";

/// JDK exceptions with public `()` and `(String)` constructors, built with `new` in a
/// test; any other throwable goes through `Fixtures.thrown` (a class's constructors are
/// not in the trace, and many take no message: `UncheckedIOException`, a parser's
/// exception built from a node).
const JDK_EXCEPTIONS_WITH_MESSAGE: &[&str] = &[
    "java.lang.Exception",
    "java.lang.RuntimeException",
    "java.lang.Error",
    "java.lang.Throwable",
    "java.lang.IllegalArgumentException",
    "java.lang.IllegalStateException",
    "java.lang.NullPointerException",
    "java.lang.UnsupportedOperationException",
    "java.lang.IndexOutOfBoundsException",
    "java.lang.ArrayIndexOutOfBoundsException",
    "java.lang.StringIndexOutOfBoundsException",
    "java.lang.ArithmeticException",
    "java.lang.ClassCastException",
    "java.lang.NumberFormatException",
    "java.lang.NegativeArraySizeException",
    "java.lang.ArrayStoreException",
    "java.lang.SecurityException",
    "java.lang.IllegalMonitorStateException",
    "java.lang.InterruptedException",
    "java.lang.CloneNotSupportedException",
    "java.lang.ClassNotFoundException",
    "java.lang.NoSuchFieldException",
    "java.lang.NoSuchMethodException",
    "java.lang.StackOverflowError",
    "java.lang.OutOfMemoryError",
    "java.lang.InternalError",
    "java.io.IOException",
    "java.io.FileNotFoundException",
    "java.io.EOFException",
    "java.io.UnsupportedEncodingException",
    "java.util.NoSuchElementException",
    "java.util.ConcurrentModificationException",
];

impl<'a> Builder<'a> {
    /// A builder for values of one test; `roots` are all values the test will rebuild
    /// (so that shared objects across them become variables).
    pub fn new(package: &'a str, names: &'a mut Names, roots: &[&Value]) -> Self {
        let mut referenced = HashSet::new();
        let mut defined = HashMap::new();
        for r in roots {
            collect_refs(r, &mut referenced);
            r.definitions(&mut defined);
        }
        let definitions: HashMap<u32, Value> =
            defined.into_iter().map(|(id, v)| (id, v.clone())).collect();
        Builder {
            package,
            names,
            statements: Vec::new(),
            problems: Vec::new(),
            vars: HashMap::new(),
            referenced,
            in_construction: HashSet::new(),
            building: Vec::new(),
            after_declared: HashMap::new(),
            object_typed: HashSet::new(),
            definitions,
            environment_replayed: false,
            stand_ins: false,
            cut_stand_ins: false,
            walked_classes: Vec::new(),
            stood_in: Vec::new(),
            place: String::new(),
            callee_mock: None,
        }
    }

    /// [`Builder::expr`], or None when `v` cannot be rebuilt; then nothing it began is
    /// kept: no statement, no problem, no variable a later reference would name.
    pub fn try_expr(&mut self, v: &Value, target: Option<&FieldType>) -> Option<String> {
        let (problems, statements) = (self.problems.len(), self.statements.len());
        let vars = self.vars.clone();
        let e = self.expr(v, target);
        if self.problems.len() == problems {
            return Some(e);
        }
        self.problems.truncate(problems);
        self.statements.truncate(statements);
        self.vars = vars;
        None
    }

    fn problem(&mut self, kind: SkipReason, why: String) -> String {
        let why = match self.place.as_str() {
            "" => why,
            place => format!("{place}: {why}"),
        };
        self.problems.push((kind, why));
        "null".into()
    }

    fn class(&self, binary: &str) -> String {
        class_name(binary, self.package)
    }

    /// A Java expression for `v`, for a context of static type `target` (when known).
    pub fn expr(&mut self, v: &Value, target: Option<&FieldType>) -> String {
        let e = self.untyped_expr(v, target);
        match target {
            // A nested class's object is held in a variable declared `Object` (the class
            // may be private): typed again where the context wants its (named) type.
            Some(FieldType::Object(t)) if matches!(v, Value::Object { .. } | Value::Ref { .. }) => {
                self.as_type(&e, &t.replace('/', "."))
            }
            _ => e,
        }
    }

    /// `e` cast to `java_type` when it is a variable declared `Object` and the type can
    /// be named (not nested, not `Object` itself).
    pub fn as_type(&self, e: &str, java_type: &str) -> String {
        if self.object_typed.contains(e) && nameable(java_type) {
            format!("({java_type}) {e}")
        } else {
            e.to_string()
        }
    }

    /// An argument built by class name (`Fixtures.create("a.B", …)`, a generic call) cast
    /// to its parameter's type, which javac would otherwise not know among overloads
    /// (PDFBox's `new PDStream(COSStream)` beside `PDStream(PDDocument)`: "reference to
    /// PDStream is ambiguous").
    fn typed_argument(&self, e: String, t: &FieldType) -> String {
        match t {
            FieldType::Object(n) if built_by_name(&e) && nameable(&n.replace('/', ".")) => {
                format!("({}) {e}", n.replace('/', "."))
            }
            _ => e,
        }
    }

    fn untyped_expr(&mut self, v: &Value, target: Option<&FieldType>) -> String {
        match v {
            Value::Null => "null".into(),
            Value::Boolean { v } => v.to_string(),
            Value::Byte { v } => format!("(byte) {v}"),
            Value::Char { v } => char_literal(*v),
            Value::Short { v } => format!("(short) {v}"),
            Value::Int { v } => int_literal(*v),
            Value::Long { v } => long_literal(*v),
            Value::Float { bits } => float_literal(*bits),
            Value::Double { bits } => double_literal(*bits),
            Value::Str { v } => string_literal(v),
            Value::Boxed { value, .. } => {
                // A literal autoboxes to the right wrapper in any context.
                let inner = self.expr(value, None);
                match (target, value.as_ref()) {
                    (Some(FieldType::Object(n)), _) if n != "java/lang/Object" => inner,
                    (_, Value::Byte { .. } | Value::Short { .. }) => format!("({})", inner),
                    _ => inner,
                }
            }
            Value::Enum { class, name } => format!("{}.{name}", self.class(class)),
            // The very object production held (a reference to it is the same name again).
            Value::Constant {
                class,
                field,
                owner: None,
                ..
            } => format!("{}.{field}", self.class(class)),
            // A field a test cannot name (private, or of a class that is not public).
            Value::Constant {
                field,
                owner: Some(owner),
                ..
            } => format!(
                "{FIXTURES}.constant({}, {})",
                string_literal(owner),
                string_literal(field)
            ),
            Value::Text { class, text } => self.text(class, text),
            Value::Array {
                id,
                class,
                length,
                elements,
                truncated,
            } => {
                if *truncated {
                    return self.problem(
                        SkipReason::TruncatedValue,
                        format!("an array of {class} was truncated when recorded"),
                    );
                }
                let Some(FieldType::Array(elem)) = field_type_of_class(class) else {
                    return self.problem(
                        SkipReason::UnbuildableValue,
                        format!("unknown array class {class}"),
                    );
                };
                // The recorder leaves out a primitive array's trailing zeros: `length`
                // says how many elements there are.
                let length = *length as usize;
                if length > i32::MAX as usize {
                    return self.problem(
                        SkipReason::UnbuildableValue,
                        format!("an array of {class} of {length} elements"),
                    );
                }
                // Text in a `char[]` reads as text: `"key".toCharArray()`.
                if let Some(text) = char_text(&elem, elements) {
                    let chars = format!("{}.toCharArray()", string_literal(&text));
                    let e = if elements.len() == length {
                        chars
                    } else {
                        format!("java.util.Arrays.copyOf({chars}, {length})")
                    };
                    return self.maybe_hoist(*id, class, e);
                }
                let elem_name = type_name(&elem, self.package);
                // An element held in a variable declared `Object` (a nested class's
                // object) is cast to the element type the array names anyway.
                let mut items: Vec<String> = self.containing(*id, |b| {
                    elements
                        .iter()
                        .map(|e| {
                            let e = b.expr(e, Some(&elem));
                            match *elem {
                                FieldType::Object(_) if b.object_typed.contains(&e) => {
                                    format!("({elem_name}) {e}")
                                }
                                _ => e,
                            }
                        })
                        .collect()
                });
                let missing = length.saturating_sub(items.len());
                let e = if missing == 0 || (missing <= SPELLED_DEFAULTS && !items.is_empty()) {
                    items.extend(std::iter::repeat_n(
                        default_literal(&elem).to_string(),
                        missing,
                    ));
                    format!("new {elem_name}[] {{{}}}", items.join(", "))
                } else if items.is_empty() {
                    // `new int[4000]`, `new int[4000][]`
                    match elem_name.find('[') {
                        Some(i) => format!("new {}[{length}]{}", &elem_name[..i], &elem_name[i..]),
                        None => format!("new {elem_name}[{length}]"),
                    }
                } else {
                    format!(
                        "java.util.Arrays.copyOf(new {elem_name}[] {{{}}}, {length})",
                        items.join(", ")
                    )
                };
                self.maybe_hoist(*id, class, e)
            }
            Value::Collection {
                id,
                class,
                elements,
                truncated,
                ..
            } => {
                if *truncated {
                    return self.problem(
                        SkipReason::TruncatedValue,
                        format!("a {class} was truncated when recorded"),
                    );
                }
                let items: Vec<String> =
                    self.containing(*id, |b| elements.iter().map(|e| b.expr(e, None)).collect());
                let e = match self.collection(
                    class,
                    &items,
                    elements.iter().any(|e| matches!(e, Value::Null)),
                ) {
                    Some(e) => e,
                    None => {
                        return self.problem(
                            SkipReason::UnbuildableValue,
                            format!("cannot rebuild a {class} through public API"),
                        )
                    }
                };
                self.maybe_hoist(*id, class, e)
            }
            Value::Map {
                id,
                class,
                entries,
                truncated,
                ..
            } => {
                if *truncated {
                    return self.problem(
                        SkipReason::TruncatedValue,
                        format!("a {class} was truncated when recorded"),
                    );
                }
                let items = self.containing(*id, |b| {
                    let mut items = Vec::new();
                    for (k, v) in entries {
                        items.push(b.expr(k, None));
                        items.push(b.expr(v, None));
                    }
                    items
                });
                let e = match self.map(class, &items) {
                    Some(e) => e,
                    None => {
                        return self.problem(
                            SkipReason::UnbuildableValue,
                            format!("cannot rebuild a {class} through public API"),
                        )
                    }
                };
                self.maybe_hoist(*id, class, e)
            }
            Value::Object {
                id,
                class,
                fields,
                truncated,
            } => {
                if *truncated {
                    return self.problem(
                        SkipReason::TruncatedValue,
                        format!("a {class} was truncated when recorded"),
                    );
                }
                if class == SET_FROM_MAP {
                    return self.set_from_map(*id, fields);
                }
                if OPTIONALS.contains(&class.as_str()) {
                    return self.optional(class, fields);
                }
                if jdk_by_fields(class).is_some() {
                    return self.jdk_value(class, fields);
                }
                self.object(*id, class, fields, &HashMap::new())
            }
            // The generated test's object under test.
            Value::Receiver => "receiver".into(),
            // Linked to the receiver's object by `with_disjoint_ids`; else that id.
            Value::InReceiver { id } => self.expr(&Value::Ref { id: *id }, target),
            Value::Mock => match &self.callee_mock {
                Some(var) => var.clone(),
                None => self.problem(
                    SkipReason::UnbuildableValue,
                    "the object a call was made on, outside that call's answer".into(),
                ),
            },
            Value::Ref { id } => match self.vars.get(id) {
                Some(v) => v.clone(),
                None => match self.definitions.get(id).cloned() {
                    // Its first occurrence was not rebuilt: rebuild it here.
                    Some(def) if !self.in_construction.contains(id) => self.expr(&def, target),
                    // A container is named only once its elements are built: one of them
                    // refers back to it, which no single Java expression can say.
                    Some(def) => self.problem(
                        SkipReason::UnbuildableValue,
                        format!(
                            "a {} that holds itself (through one of its elements)",
                            def.class().unwrap_or("container")
                        ),
                    ),
                    None => self.problem(
                        SkipReason::OpaqueValue,
                        format!("reference to object #{id} that was not recorded"),
                    ),
                },
            },
            Value::Thrown { class, message, .. } => self.throwable(class, message.as_deref()),
            Value::Redacted { class, rule } => self.problem(
                SkipReason::RedactedValue,
                format!("a {class} value was redacted by rule {rule:?}"),
            ),
            Value::Opaque {
                class,
                reason,
                implements,
                length,
            } => {
                // A source of randomness, a stream or a client whose every read by the
                // class under test is replayed (issue 17): an instance that reads nothing
                // real stands in for it.
                let stand_in =
                    crate::environment::stand_in(class).filter(|_| self.environment_replayed);
                match (stand_in, implements.as_deref()) {
                    (Some(stand_in), _) => stand_in.to_string(),
                    // A lambda: a mock of its functional interface stands in for it (it
                    // answers defaults if called; the tests say whether that mimics).
                    (None, Some(i)) if self.stand_ins && nameable(i) => {
                        format!("mock({i}.class)")
                    }
                    (None, Some(i)) if self.stand_ins => {
                        format!("{FIXTURES}.mockOf({})", string_literal(i))
                    }
                    // A stream the method writes to or reads from, which the recorder
                    // left opaque ([`Builder::stream_stand_in`]); an object of the
                    // application's, or an array, below the depth limit in what the test
                    // feeds the method ([`Builder::cut_stand_in`]). Each class is named
                    // once, in a comment.
                    (None, None)
                        if let Some((e, comment)) = self
                            .stream_stand_in(class, reason, target)
                            .or_else(|| self.cut_stand_in(class, reason, *length)) =>
                    {
                        if !self.stood_in.contains(class) {
                            self.stood_in.push(class.clone());
                            self.statements.push(comment);
                        }
                        e
                    }
                    // Without its interface (one the method runs, [`Mut::runs_params`],
                    // or one that implements none), or expected rather than fed.
                    _ => match class.split_once("$$Lambda") {
                        Some((made_in, _)) => self.problem(
                            SkipReason::OpaqueValue,
                            format!(
                                "a lambda made in {made_in} is opaque (the method runs it, or it names no interface): no mock stands in for it"
                            ),
                        ),
                        None if class == mimic_trace::UNKNOWN_CLASS => self.problem(
                            SkipReason::OpaqueValue,
                            format!("a value is opaque ({reason})"),
                        ),
                        None => self.problem(
                            SkipReason::OpaqueValue,
                            format!("a {class} value is opaque ({reason})"),
                        ),
                    },
                }
            }
        }
    }

    /// What stands in for a stream of `class` the recorder left opaque, where stand-ins
    /// for cut values are allowed, with the comment that says so: for a place declared
    /// `OutputStream` (PDFBox's
    /// `COSWriter.writeString(COSString, OutputStream)`) one that keeps nothing, for an
    /// output stream of the application's class elsewhere (a writer's
    /// `COSStandardOutputStream` field) a mock of it; for a place declared `InputStream`
    /// (a stub's answer, `PDStream.createInputStream`'s raw stream) one with nothing in
    /// it (never a mock, whose `read()` would answer 0 for ever). What production wrote
    /// or read there was not recorded; `verify` says whether the method behaves as it did.
    fn stream_stand_in(
        &self,
        class: &str,
        reason: &str,
        target: Option<&FieldType>,
    ) -> Option<(String, String)> {
        if !(self.stand_ins && self.cut_stand_ins) {
            return None;
        }
        let declared = |t: &str| matches!(target, Some(FieldType::Object(n)) if n == t);
        let (e, what, (did, what_it_did)) = match reason {
            OUTPUT_STREAM if declared("java/io/OutputStream") => (
                "java.io.OutputStream.nullOutputStream()".into(),
                "An output stream that keeps nothing",
                ("wrote to", "wrote"),
            ),
            OUTPUT_STREAM if depth_stand_in(class) => (
                self.mock_of_class(class),
                "A mock output stream",
                ("wrote to", "wrote"),
            ),
            INPUT_STREAM if declared("java/io/InputStream") => (
                "java.io.InputStream.nullInputStream()".into(),
                "An input stream with nothing in it",
                ("read from", "read"),
            ),
            _ => return None,
        };
        let comment = format!(
            "// {what} stands in for the {} production {did} (in {}): what it {what_it_did} was not recorded.",
            short_class(class),
            comment_text(&self.place)
        );
        Some((e, comment))
    }

    /// A mock of the application's `class`, named in code only in the test's own package
    /// (elsewhere the class may not be public, Pebble's `MemberCacheUtils`, and Mockito
    /// mocks it by name all the same).
    fn mock_of_class(&self, class: &str) -> String {
        if nameable(class) && package_of(class) == self.package {
            format!("mock({}.class)", self.class(class))
        } else {
            format!("{FIXTURES}.mockOf({})", string_literal(class))
        }
    }

    /// What stands in for a value of `class` that the recorder cut for `reason`, with the
    /// comment that says so: only where stand-ins for cut values are
    /// allowed ([`Builder::cut_stand_ins`], in what the test feeds the method) and only
    /// for the depth limit. An array is one as long (its recorded length, else empty),
    /// of default elements; an object of the application's a mock
    /// ([`Builder::mock_of_class`]). It answers defaults where production's object had
    /// state; the tests say whether that mimics.
    fn cut_stand_in(
        &self,
        class: &str,
        reason: &str,
        length: Option<u32>,
    ) -> Option<(String, String)> {
        if !(self.stand_ins && self.cut_stand_ins && reason.starts_with("depth limit")) {
            return None;
        }
        if class.starts_with('[') {
            let (e, shown) = default_array(class, length, self.package)?;
            let what = match length {
                Some(_) => "An array as long, of default elements,",
                None => "An empty array",
            };
            return Some((
                e,
                self.cut_comment(&format!("{what} stands in for each {shown}"), reason),
            ));
        }
        if !depth_stand_in(class) || self.walked_classes.iter().any(|c| c == class) {
            return None;
        }
        let what = format!("A mock stands in for the {}", short_class(class));
        Some((self.mock_of_class(class), self.cut_comment(&what, reason)))
    }

    /// `// {what} the recorder's {reason} cut (in {place}).`
    fn cut_comment(&self, what: &str, reason: &str) -> String {
        format!(
            "// {what} the recorder's {reason} cut (in {}).",
            comment_text(&self.place)
        )
    }

    /// An exception of `class` carrying `message`: `new C("…")` for the JDK's common
    /// exceptions, whose `(String)` and `()` constructors are known; otherwise
    /// `Fixtures.thrown(C.class, "…")`, which picks such a constructor when the class has
    /// one and builds the exception as deserialisation would when it has not (a project
    /// exception whose constructors take a parse node, a location, a cause).
    pub fn throwable(&mut self, class: &str, message: Option<&str>) -> String {
        let m = message.map(string_literal);
        if JDK_EXCEPTIONS_WITH_MESSAGE.contains(&class) {
            return format!("new {}({})", self.class(class), m.unwrap_or_default());
        }
        format!(
            "{FIXTURES}.thrown({}.class, {})",
            self.class(class),
            m.unwrap_or_else(|| "null".into())
        )
    }

    fn text(&mut self, class: &str, text: &str) -> String {
        let lit = string_literal(text);
        match class {
            "java.util.UUID" => format!("java.util.UUID.fromString({lit})"),
            "java.math.BigDecimal" | "java.math.BigInteger" => format!("new {class}({lit})"),
            "java.time.ZoneId" | "java.time.ZoneRegion" => format!("java.time.ZoneId.of({lit})"),
            "java.time.ZoneOffset" => format!("java.time.ZoneOffset.of({lit})"),
            "sun.nio.fs.UnixPath" | "sun.nio.fs.WindowsPath" => {
                format!("java.nio.file.Path.of({lit})")
            }
            "java.io.File" => format!("new java.io.File({lit})"),
            "java.net.URI" => format!("java.net.URI.create({lit})"),
            // Milliseconds since the epoch (`getTime()`).
            "java.util.Date" if text.parse::<i64>().is_ok() => {
                format!("new java.util.Date({text}L)")
            }
            "sun.util.calendar.ZoneInfo" => format!("java.util.TimeZone.getTimeZone({lit})"),
            // `millis zone firstDayOfWeek minimalDaysInFirstWeek`.
            "java.util.GregorianCalendar" => match calendar_parts(text) {
                Some((millis, zone, first, minimal)) => format!(
                    "new java.util.Calendar.Builder().setCalendarType(\"gregory\").setInstant({millis}L).setTimeZone(java.util.TimeZone.getTimeZone({})).setWeekDefinition({first}, {minimal}).build()",
                    string_literal(zone)
                ),
                None => self.problem(
                    SkipReason::UnbuildableValue,
                    format!("cannot rebuild a calendar from {text:?}"),
                ),
            },
            "java.nio.file.attribute.FileTime" => {
                format!("java.nio.file.attribute.FileTime.from(java.time.Instant.parse({lit}))")
            }
            "java.net.URL" => format!("java.net.URI.create({lit}).toURL()"),
            "java.nio.charset.Charset" => format!("java.nio.charset.Charset.forName({lit})"),
            c if c.starts_with("sun.nio.cs.") && !c.contains('$') => format!("java.nio.charset.Charset.forName({lit})"),
            "java.util.Currency" => format!("java.util.Currency.getInstance({lit})"),
            "java.math.MathContext" => format!("new java.math.MathContext({lit})"),
            "java.lang.StringBuilder" | "java.lang.StringBuffer" => format!("new {class}({lit})"),
            // `append` returns the writer itself, typed as its own class.
            "java.io.StringWriter" | "java.io.CharArrayWriter" => {
                format!("new {class}().append({lit})")
            }
            "java.util.concurrent.atomic.AtomicInteger" => {
                format!("new {class}({text})")
            }
            "java.util.concurrent.atomic.AtomicLong" => format!("new {class}({text}L)"),
            "java.util.concurrent.atomic.AtomicBoolean" => format!("new {class}({text})"),
            // `Locale.toString` joins language, country and variant with `_`.
            "java.util.Locale" => {
                format!(
                    "java.util.Locale.forLanguageTag({})",
                    string_literal(&text.replace('_', "-"))
                )
            }
            c if c.starts_with("java.time.") && !c.contains('$') => format!("{c}.parse({lit})"),
            "java.lang.Class" => match text {
                "boolean" | "byte" | "char" | "short" | "int" | "long" | "float" | "double"
                | "void" => format!("{text}.class"),
                // Raw: it stands where a `Class<? extends T>` is wanted too.
                _ => format!("(Class) Class.forName({lit})"),
            },
            // `class name descriptor` / `class name` (the agent's `Kind::Reflected`).
            "java.lang.reflect.Method" | "java.lang.reflect.Constructor" | "java.lang.reflect.Field" => {
                let parts: Vec<&str> = text.split(' ').collect();
                match (class, parts.as_slice()) {
                    ("java.lang.reflect.Method", [owner, name, descriptor]) => format!(
                        "{FIXTURES}.method({}, {}, {})",
                        string_literal(owner),
                        string_literal(name),
                        string_literal(descriptor)
                    ),
                    ("java.lang.reflect.Constructor", [owner, _, descriptor]) => format!(
                        "{FIXTURES}.constructor({}, {})",
                        string_literal(owner),
                        string_literal(descriptor)
                    ),
                    ("java.lang.reflect.Field", [owner, name]) => format!(
                        "{FIXTURES}.field({}, {})",
                        string_literal(owner),
                        string_literal(name)
                    ),
                    _ => self.problem(
                        SkipReason::UnbuildableValue,
                        format!("cannot rebuild a {class} from {text:?}"),
                    ),
                }
            }
            "java.nio.charset.CharsetDecoder" | "java.nio.charset.CharsetEncoder" => {
                match coder(class, text) {
                    Some(e) => e,
                    None => self.problem(
                        SkipReason::UnbuildableValue,
                        format!("cannot rebuild a {class} from {text:?}"),
                    ),
                }
            }
            "java.util.BitSet" => match bit_set(text) {
                Some(e) => e,
                None => self.problem(
                    SkipReason::UnbuildableValue,
                    format!("cannot rebuild a BitSet from {text:?}"),
                ),
            },
            "java.awt.geom.Area" => match area(text) {
                Some(e) => e,
                None => self.problem(
                    SkipReason::UnbuildableValue,
                    format!("cannot rebuild an area from {text:?}"),
                ),
            },
            "java.awt.geom.Point2D$Float" | "java.awt.geom.Point2D$Double" => {
                match point(class, text) {
                    Some(e) => e,
                    None => self.problem(
                        SkipReason::UnbuildableValue,
                        format!("cannot rebuild a point from {text:?}"),
                    ),
                }
            }
            _ => self.problem(
                SkipReason::UnbuildableValue,
                format!("cannot rebuild a {class} from its text"),
            ),
        }
    }

    fn collection(&self, class: &str, items: &[String], has_null: bool) -> Option<String> {
        // An element built by class name (`Fixtures.create("a.Hidden", …)`) is a generic
        // call: beside others, javac would infer it as the first element's type, and
        // alone as the varargs array itself (`Object[]`); either cast fails at run time.
        // Such lists are built from `Object`s, raw.
        let raw = items.iter().any(|i| built_by_name(i));
        let args = if raw {
            items
                .iter()
                .map(|i| format!("(Object) {i}"))
                .collect::<Vec<_>>()
                .join(", ")
        } else {
            items.join(", ")
        };
        let cast = |kind: &str| {
            if raw {
                format!("(java.util.{kind}) ")
            } else {
                String::new()
            }
        };
        let as_list = format!("{}java.util.Arrays.asList({args})", cast("List"));
        let sep = if args.is_empty() { "" } else { ", " };
        if let Some((wrap, over)) = wrapper(class) {
            return Some(format!(
                "java.util.Collections.{wrap}(new {over}<>({as_list}))"
            ));
        }
        Some(match class {
            "java.util.ImmutableCollections$ListN" | "java.util.ImmutableCollections$List12"
                if !has_null =>
            {
                format!("{}java.util.List.of({args})", cast("List"))
            }
            "java.util.ImmutableCollections$SetN" | "java.util.ImmutableCollections$Set12"
                if !has_null =>
            {
                format!("{}java.util.Set.of({args})", cast("Set"))
            }
            "java.util.Arrays$ArrayList" => as_list,
            // The elements an iterator had yet to return, over a list of its own (a list
            // iterator: a field may be declared `ListIterator`); raw, as an empty or mixed
            // list would not infer the element type the context wants.
            mimic_trace::ITERATOR => format!(
                "(java.util.ListIterator) new java.util.ArrayList<>({as_list}).listIterator()"
            ),
            // A map's key set or values, as a view of a map of the same class (the
            // method may rely on the view refusing `add`, or iterate it in map order).
            "java.util.HashMap$KeySet" | "java.util.LinkedHashMap$LinkedKeySet" => {
                let set = cast("Set");
                format!(
                    "{set}{FIXTURES}.keysOf(new {}<>(){sep}{args})",
                    view_map(class)
                )
            }
            "java.util.HashMap$Values" | "java.util.LinkedHashMap$LinkedValues" => {
                let values = cast("Collection");
                format!(
                    "{values}{FIXTURES}.valuesOf(new {}<>(){sep}{args})",
                    view_map(class)
                )
            }
            // `ConcurrentHashMap.newKeySet()`, a concurrent set (its elements are never null).
            "java.util.concurrent.ConcurrentHashMap$KeySetView" if !has_null => {
                let set = cast("Set");
                format!("{set}{FIXTURES}.withAll(java.util.concurrent.ConcurrentHashMap.newKeySet(){sep}{args})")
            }
            // `EnumSet`'s classes are not public: a copy of its elements, when it has
            // some (an empty one's element type is not recorded).
            "java.util.RegularEnumSet" | "java.util.JumboEnumSet" if !items.is_empty() => {
                format!("{}java.util.EnumSet.copyOf({as_list})", cast("Set"))
            }
            "java.util.RegularEnumSet" | "java.util.JumboEnumSet" => return None,
            "java.util.Collections$EmptyList" => "java.util.Collections.emptyList()".into(),
            "java.util.Collections$EmptySet" => "java.util.Collections.emptySet()".into(),
            "java.util.Collections$SingletonList" => {
                format!("java.util.Collections.singletonList({args})")
            }
            "java.util.Collections$SingletonSet" => {
                format!("java.util.Collections.singleton({args})")
            }
            c if constructible_util(c) => {
                let d = diamond(c);
                if items.is_empty() {
                    format!("new {c}{d}()")
                } else {
                    format!("new {c}{d}({as_list})")
                }
            }
            _ => return None,
        })
    }

    fn map(&self, class: &str, items: &[String]) -> Option<String> {
        let args = items.join(", ");
        let sep = if args.is_empty() { "" } else { ", " };
        if let Some((wrap, over)) = wrapper(class) {
            return Some(format!(
                "java.util.Collections.{wrap}({FIXTURES}.map(new {over}<>(){sep}{args}))"
            ));
        }
        Some(match class {
            "java.util.ImmutableCollections$MapN" | "java.util.ImmutableCollections$Map1"
                if items.len() <= 20 =>
            {
                format!("java.util.Map.of({args})")
            }
            "java.util.Collections$EmptyMap" => "java.util.Collections.emptyMap()".into(),
            c if constructible_util(c) => {
                format!("{FIXTURES}.map(new {c}{}(){sep}{args})", diamond(c))
            }
            _ => return None,
        })
    }

    /// A set a map backs (`Collections.newSetFromMap`), recorded with that map (field
    /// `m`, its keys the elements): `Fixtures.setFromMap(new IdentityHashMap<>(), a, b)`,
    /// a new map of the same JDK class so the set keeps its equality (identity here).
    fn set_from_map(&mut self, id: u32, fields: &[mimic_trace::FieldValue]) -> String {
        let backing = fields.iter().find(|f| f.name == "m").map(|f| &f.value);
        let backing = backing.and_then(|m| self.resolved(m)).cloned();
        let Some(Value::Map {
            class,
            entries,
            truncated: false,
            ..
        }) = backing
        else {
            return self.problem(
                SkipReason::UnbuildableValue,
                format!("a {SET_FROM_MAP} not backed by a recorded JDK map"),
            );
        };
        if !constructible_util(&class) {
            return self.problem(
                SkipReason::UnbuildableValue,
                format!("a {SET_FROM_MAP} backed by a {class}"),
            );
        }
        let mut args = vec![format!("new {class}<>()")];
        let elements = self.containing(id, |b| {
            entries
                .iter()
                .map(|(k, _)| b.expr(k, None))
                .collect::<Vec<_>>()
        });
        args.extend(elements);
        let e = format!("{FIXTURES}.setFromMap({})", args.join(", "));
        self.maybe_hoist(id, "java.util.Set", e)
    }

    /// A JDK optional value ([`OPTIONALS`]) through its factory:
    /// `java.util.Optional.ofNullable(…)`, `java.util.OptionalInt.of(3)` or `.empty()`.
    fn optional(&mut self, class: &str, fields: &[mimic_trace::FieldValue]) -> String {
        let field = |name: &str| fields.iter().find(|f| f.name == name).map(|f| &f.value);
        let present = match field("isPresent") {
            Some(Value::Boolean { v }) => *v,
            Some(_) => {
                return self.problem(
                    SkipReason::UnbuildableValue,
                    format!("a {class} whose presence was not recorded"),
                )
            }
            // `java.util.Optional`: present when its value is not null.
            None => match field("value") {
                Some(Value::Null) => false,
                Some(_) => true,
                None => {
                    return self.problem(
                        SkipReason::UnbuildableValue,
                        format!("a {class} whose value was not recorded"),
                    )
                }
            },
        };
        match (present, field("value")) {
            (false, _) => format!("{class}.empty()"),
            (true, Some(v)) if class == "java.util.Optional" => {
                let v = v.clone();
                format!("{class}.ofNullable({})", self.expr(&v, None))
            }
            (true, Some(v)) => {
                let v = v.clone();
                format!("{class}.of({})", self.expr(&v, None))
            }
            (true, None) => self.problem(
                SkipReason::UnbuildableValue,
                format!("a {class} whose value was not recorded"),
            ),
        }
    }

    /// A pattern or a lock of [`mimic_trace::JDK_BY_FIELDS`] through its API.
    fn jdk_value(&mut self, class: &str, fields: &[mimic_trace::FieldValue]) -> String {
        let field = |name: &str| {
            fields
                .iter()
                .find(|f| f.name == name)
                .map(|f| f.value.clone())
        };
        match class {
            "java.util.concurrent.atomic.AtomicReference" => match field("value") {
                Some(v) => format!("new {class}<>({})", self.expr(&v, None)),
                None => self.problem(
                    SkipReason::UnbuildableValue,
                    format!("a {class} whose value was not recorded"),
                ),
            },
            "java.util.logging.Logger" => match field("name") {
                Some(n @ Value::Str { .. }) => {
                    format!("{class}.getLogger({})", self.expr(&n, None))
                }
                _ => self.problem(
                    SkipReason::UnbuildableValue,
                    format!("a {class} without a name"),
                ),
            },
            "java.lang.ref.SoftReference" | "java.lang.ref.WeakReference" => {
                match field("referent") {
                    Some(v) => format!("new {class}<>({})", self.expr(&v, None)),
                    None => self.problem(
                        SkipReason::UnbuildableValue,
                        format!("a {class} whose referent was not recorded"),
                    ),
                }
            }
            "java.awt.geom.AffineTransform" => {
                let entries: Option<Vec<Value>> = ["m00", "m10", "m01", "m11", "m02", "m12"]
                    .iter()
                    .map(|name| field(name).filter(|v| matches!(v, Value::Double { .. })))
                    .collect();
                match entries {
                    Some(entries) => {
                        let args: Vec<String> =
                            entries.iter().map(|v| self.expr(v, None)).collect();
                        format!("new {class}({})", args.join(", "))
                    }
                    None => self.problem(
                        SkipReason::UnbuildableValue,
                        format!("a {class} whose matrix was not recorded"),
                    ),
                }
            }
            "java.util.regex.Pattern" => match (field("pattern"), field("flags")) {
                (Some(p @ Value::Str { .. }), Some(f @ Value::Int { .. })) => {
                    let (p, f) = (self.expr(&p, None), self.expr(&f, None));
                    format!("{class}.compile({p}, {f})")
                }
                _ => self.problem(
                    SkipReason::UnbuildableValue,
                    format!("a {class} whose pattern and flags were not recorded"),
                ),
            },
            _ => format!("new {class}()"),
        }
    }

    /// `build` the elements of container `id`, marked as under construction so that an
    /// element referring back to it is a problem rather than a rebuild without end.
    fn containing<T>(&mut self, id: u32, build: impl FnOnce(&mut Self) -> T) -> T {
        let fresh = self.in_construction.insert(id);
        let built = build(self);
        if fresh {
            self.in_construction.remove(&id);
        }
        built
    }

    fn maybe_hoist(&mut self, id: u32, class: &str, expr: String) -> String {
        if !self.referenced.contains(&id) {
            return expr;
        }
        let short = class
            .rsplit(['.', '$'])
            .next()
            .unwrap_or("value")
            .trim_start_matches('[')
            .trim_end_matches(';');
        let var = self.names.fresh(short);
        // Declared with the raw class (or interface, for JDK-internal classes) rather than
        // `var`, so that the variable also fits parameters of a generic type.
        let declared = if class.starts_with('[') {
            field_type_of_class(class)
                .map(|t| type_name(&t, self.package))
                .unwrap_or_else(|| "var".into())
        } else if !class.contains('$') {
            self.class(class)
        } else if class.contains("Map") {
            "java.util.Map".into()
        } else if class.contains("Set") {
            "java.util.Set".into()
        } else if class.contains("List") {
            "java.util.List".into()
        } else {
            "var".into()
        };
        self.statements.push(format!("{declared} {var} = {expr};"));
        self.vars.insert(id, var.clone());
        var
    }

    /// `new C(…)` through the class's field constructor (the plan's `field_constructor`),
    /// its arguments the recorded values of the fields it stores them in (or their
    /// `overrides`): only when the recorded fields are exactly those fields, all declared
    /// in `class`, none is an object still being built, and nothing else refers to this
    /// object (which [`Builder::object`] names first). `None`: build it with `object`.
    pub fn construct(
        &mut self,
        id: u32,
        class: &str,
        fields: &[mimic_trace::FieldValue],
        overrides: &HashMap<String, String>,
        constructor: &mimic_plan::FieldConstructor,
    ) -> Option<String> {
        let desc = mimic_classfile::MethodDescriptor::parse(&constructor.descriptor).ok()?;
        let exactly_its_fields = fields.len() == constructor.fields.len()
            && desc.params.len() == constructor.fields.len()
            && fields
                .iter()
                .all(|f| f.declared_in == class && constructor.fields.contains(&f.name))
            && overrides.keys().all(|k| constructor.fields.contains(k));
        let mut building = false;
        for f in fields {
            building_refs(&f.value, &mut |r| {
                building |= self.in_construction.contains(&r)
            });
        }
        if self.referenced.contains(&id) || !exactly_its_fields || building {
            return None;
        }
        let mut args = Vec::new();
        for (name, t) in constructor.fields.iter().zip(&desc.params) {
            let arg = match overrides.get(name) {
                Some(e) => e.clone(),
                None => {
                    let f = fields.iter().find(|f| &f.name == name)?;
                    let e = self.expr(&f.value, Some(t));
                    self.typed_argument(e, t)
                }
            };
            args.push(arg);
        }
        Some(format!("new {}({})", self.class(class), args.join(", ")))
    }

    /// A project object: `Fixtures.create(Type.class, "field", value, …)`, with some
    /// fields replaced by the given expressions (mocks).
    pub fn object(
        &mut self,
        id: u32,
        class: &str,
        fields: &[mimic_trace::FieldValue],
        overrides: &HashMap<String, String>,
    ) -> String {
        // A field whose value names an object still being built (a child's array of
        // children holding the child under construction, JEXL's `children` of a node's
        // parent) is set once that object is declared: this object needs a variable.
        let waits_for = |b: &Self, v: &Value| -> Option<u32> {
            let mut found = Vec::new();
            building_refs(v, &mut |r| {
                if b.vars.contains_key(&r) && b.in_construction.contains(&r) {
                    found.push(r);
                }
            });
            found
                .into_iter()
                .min_by_key(|r| b.building.iter().position(|o| o == r).unwrap_or(usize::MAX))
        };
        let waits = fields
            .iter()
            .any(|f| !overrides.contains_key(&f.name) && waits_for(self, &f.value).is_some());
        let hoist = self.referenced.contains(&id) || waits;
        let var = if hoist {
            Some(self.names.fresh(short_class(class)))
        } else {
            None
        };
        if let Some(v) = &var {
            // Nested classes may be private, and a class of another package may not be
            // public (Pebble's `MemberCacheUtils`): those are declared as Object (known
            // now, for what names it before its declaration is done), as they are
            // created by name.
            if class.contains('$') || package_of(class) != self.package {
                self.object_typed.insert(v.clone());
            }
            self.vars.insert(id, v.clone());
            self.in_construction.insert(id);
            self.building.push(id);
        }
        let mut pairs = Vec::new();
        let mut deferred = Vec::new();
        for f in fields {
            if let Some(e) = overrides.get(&f.name) {
                pairs.push(format!("{}, {e}", string_literal(&f.name)));
                continue;
            }
            if let Some(r) = waits_for(self, &f.value) {
                let e = self.expr(&f.value, None);
                deferred.push((f.name.clone(), e, r));
                continue;
            }
            let e = self.expr(&f.value, None);
            pairs.push(format!("{}, {e}", string_literal(&f.name)));
        }
        for (name, e) in overrides {
            if !fields.iter().any(|f| &f.name == name) {
                pairs.push(format!("{}, {e}", string_literal(name)));
            }
        }
        let type_arg = if class.contains('$') || package_of(class) != self.package {
            string_literal(class)
        } else {
            format!("{}.class", self.class(class))
        };
        let args = if pairs.is_empty() {
            type_arg
        } else {
            format!("{type_arg}, {}", pairs.join(", "))
        };
        let create = format!("{FIXTURES}.create({args})");
        match var {
            None => create,
            Some(v) => {
                let decl_type = if class.contains('$') || package_of(class) != self.package {
                    "Object".to_string()
                } else {
                    self.class(class)
                };
                self.statements.push(format!("{decl_type} {v} = {create};"));
                for (name, target, target_id) in deferred {
                    let set = format!("{FIXTURES}.set({v}, {}, {target});", string_literal(&name));
                    if target_id == id {
                        self.statements.push(set);
                    } else {
                        self.after_declared.entry(target_id).or_default().push(set);
                    }
                }
                self.in_construction.remove(&id);
                self.building.retain(|&o| o != id);
                let waiting = self.after_declared.remove(&id).unwrap_or_default();
                self.statements.extend(waiting);
                v
            }
        }
    }
}

/// Each object `v` names by reference, itself or as an element or entry of the arrays,
/// collections and maps it holds (not inside objects: those are built by
/// [`Builder::object`], which sees to their own fields). [`collect_refs`] without the
/// descent into objects.
fn building_refs(v: &Value, found: &mut impl FnMut(u32)) {
    match v {
        Value::Ref { id } => found(*id),
        Value::Object { .. } => {}
        other => other.children().for_each(|c| building_refs(c, found)),
    }
}

/// A recorded calendar's text, `millis zone firstDayOfWeek minimalDaysInFirstWeek`.
fn calendar_parts(text: &str) -> Option<(i64, &str, u8, u8)> {
    let mut parts = text.split(' ');
    let millis = parts.next()?.parse().ok()?;
    let zone = parts.next()?;
    let first = parts.next()?.parse().ok().filter(|d| (1..=7).contains(d))?;
    let minimal = parts.next()?.parse().ok().filter(|d| (1..=7).contains(d))?;
    parts
        .next()
        .is_none()
        .then_some((millis, zone, first, minimal))
}

/// Is `class` a top-level `java.util` collection or map class a test constructs by name
/// (`new java.util.HashMap<>()`; not `java.util.Collections$EmptyMap`)?
fn constructible_util(class: &str) -> bool {
    class.starts_with("java.util.") && !class.contains('$')
}

/// The `java.util.Collections` wrappers a test rebuilds, by the recorded class: the
/// factory method and the class of the new collection or map it wraps (of the recorded
/// order).
const WRAPPERS: [(&str, &str, &str); 10] = [
    (
        "java.util.Collections$UnmodifiableRandomAccessList",
        "unmodifiableList",
        "java.util.ArrayList",
    ),
    (
        "java.util.Collections$UnmodifiableList",
        "unmodifiableList",
        "java.util.ArrayList",
    ),
    (
        "java.util.Collections$UnmodifiableSet",
        "unmodifiableSet",
        "java.util.LinkedHashSet",
    ),
    (
        "java.util.Collections$UnmodifiableCollection",
        "unmodifiableCollection",
        "java.util.ArrayList",
    ),
    (
        "java.util.Collections$SynchronizedRandomAccessList",
        "synchronizedList",
        "java.util.ArrayList",
    ),
    (
        "java.util.Collections$SynchronizedList",
        "synchronizedList",
        "java.util.ArrayList",
    ),
    (
        "java.util.Collections$SynchronizedSet",
        "synchronizedSet",
        "java.util.LinkedHashSet",
    ),
    (
        "java.util.Collections$SynchronizedCollection",
        "synchronizedCollection",
        "java.util.ArrayList",
    ),
    (
        "java.util.Collections$UnmodifiableMap",
        "unmodifiableMap",
        "java.util.LinkedHashMap",
    ),
    (
        "java.util.Collections$SynchronizedMap",
        "synchronizedMap",
        "java.util.LinkedHashMap",
    ),
];

/// The factory method and wrapped class of a recorded `java.util.Collections` wrapper
/// ([`WRAPPERS`]).
fn wrapper(class: &str) -> Option<(&'static str, &'static str)> {
    WRAPPERS
        .iter()
        .find(|(c, _, _)| *c == class)
        .map(|&(_, wrap, over)| (wrap, over))
}

/// The map class whose `keySet()` or `values()` view is of class `view`.
fn view_map(view: &str) -> &'static str {
    if view.starts_with("java.util.LinkedHashMap$") {
        "java.util.LinkedHashMap"
    } else {
        "java.util.HashMap"
    }
}

/// The type arguments of `new c…()`: none for the JDK's collection classes that are not
/// generic (`Properties`, a `Hashtable<Object, Object>`; a JAR manifest's `Attributes`).
fn diamond(class: &str) -> &'static str {
    match class {
        "java.util.Properties" | "java.util.jar.Attributes" => "",
        _ => "<>",
    }
}

/// Is `e` an object built or read by class name (`Fixtures.create("a.B", …)`,
/// `Fixtures.constant("a.B", "F")`): a generic call whose type javac infers from its
/// context, not from the class?
/// Why the recorder leaves an output or input stream opaque (`mimic-agent`'s
/// `jdk::OPAQUE_KINDS`).
pub(crate) const OUTPUT_STREAM: &str = "an output stream";
pub(crate) const INPUT_STREAM: &str = "an input stream";

pub(crate) fn built_by_name(e: &str) -> bool {
    e.starts_with(&format!("{FIXTURES}.create(\""))
        || e.starts_with(&format!("{FIXTURES}.constant(\""))
        || e.starts_with(&format!("{FIXTURES}.mockOf(\""))
}

/// May a mock stand in for an object of `class` that the depth limit cut: a class of the
/// application's own (not the JDK's, not a hidden class; arrays are
/// [`default_array`]'s).
fn depth_stand_in(class: &str) -> bool {
    const JDK: [&str; 5] = ["java.", "javax.", "jdk.", "sun.", "com.sun."];
    !JDK.iter().any(|p| class.starts_with(p))
        && !crate::check::is_hidden_class_name(class)
        && class != mimic_trace::UNKNOWN_CLASS
}

/// `new T[n]` (its recorded length, else 0) for an array of class `class` (`[Lshop.Page;`,
/// `[[B`) that a test in `package` can name: of primitives, of the JDK's `java.` classes,
/// or of classes of the test's own package (a class of another package may not be
/// public); with the array type as Java writes it.
fn default_array(class: &str, length: Option<u32>, package: &str) -> Option<(String, String)> {
    let Some(FieldType::Array(elem)) = field_type_of_class(class) else {
        return None;
    };
    let mut base = elem.as_ref();
    while let FieldType::Array(inner) = base {
        base = inner;
    }
    if let FieldType::Object(name) = base {
        let dotted = name.replace('/', ".");
        let named = dotted.starts_with("java.") || package_of(&dotted) == package;
        if !named || crate::check::is_hidden_class_name(&dotted) {
            return None;
        }
    }
    let elem_name = type_name(&elem, package);
    let n = length.unwrap_or(0);
    let e = match elem_name.find('[') {
        Some(i) => format!("new {}[{n}]{}", &elem_name[..i], &elem_name[i..]),
        None => format!("new {elem_name}[{n}]"),
    };
    Some((e, format!("{elem_name}[]")))
}

/// Can a cast in a test name `java_type` (dotted), and does it say more than `Object`?
/// A nested class's binary name (`a.B$C`) may be private: never cast to.
pub(crate) fn nameable(java_type: &str) -> bool {
    !java_type.contains('$') && java_type != "java.lang.Object"
}

/// A charset's decoder or encoder from its text (`UTF-8 REPORT REPLACE fffd`: charset,
/// actions on malformed and unmappable input, replacement in hex: a decoder's UTF-16
/// units, an encoder's bytes): a new one from the charset, set up the same way.
fn coder(class: &str, text: &str) -> Option<String> {
    let [charset, malformed, unmappable, replacement] =
        text.split(' ').collect::<Vec<_>>().try_into().ok()?;
    let action = |a: &str| {
        matches!(a, "REPORT" | "IGNORE" | "REPLACE")
            .then(|| format!("java.nio.charset.CodingErrorAction.{a}"))
    };
    let (malformed, unmappable) = (action(malformed)?, action(unmappable)?);
    let hex = |digits: usize| -> Option<Vec<u32>> {
        if replacement.is_empty() || replacement.len() % digits != 0 || !replacement.is_ascii() {
            return None;
        }
        (0..replacement.len())
            .step_by(digits)
            .map(|i| u32::from_str_radix(&replacement[i..i + digits], 16).ok())
            .collect()
    };
    let (make, replacement) = if class == "java.nio.charset.CharsetDecoder" {
        let units: Vec<u16> = hex(4)?.into_iter().map(|u| u as u16).collect();
        (
            "newDecoder",
            string_literal(&String::from_utf16(&units).ok()?),
        )
    } else {
        let bytes: Vec<String> = hex(2)?
            .into_iter()
            .map(|b| format!("(byte) 0x{b:02x}"))
            .collect();
        ("newEncoder", format!("new byte[] {{{}}}", bytes.join(", ")))
    };
    Some(format!(
        "java.nio.charset.Charset.forName({}).{make}().onMalformedInput({malformed}).onUnmappableCharacter({unmappable}).replaceWith({replacement})",
        string_literal(charset)
    ))
}

/// Words past which a `BitSet` is built from its runs (`Fixtures.bits`) rather than
/// spelled as `long`s.
const SPELLED_BIT_WORDS: u64 = 16;

/// A `BitSet` from its text (`{0, 2, 65}`, `BitSet.toString`; the recorder writes a run
/// of three or more bits as `first-last`, `{0-4095, 5000}`): `BitSet.valueOf` over its
/// 64-bit words, which rebuilds exactly the bits that were set, or, past
/// [`SPELLED_BIT_WORDS`] words, `Fixtures.bits` over the text, which sets each run.
fn bit_set(text: &str) -> Option<String> {
    let inner = text.strip_prefix('{')?.strip_suffix('}')?.trim();
    let mut runs: Vec<(u64, u64)> = Vec::new();
    if !inner.is_empty() {
        for part in inner.split(',') {
            let part = part.trim();
            let (a, b) = match part.split_once('-') {
                Some((a, b)) => (a.parse().ok()?, b.parse().ok()?),
                None => (part.parse().ok()?, part.parse().ok()?),
            };
            // A bit index is an `int`; runs ascend.
            if a > b || b > i32::MAX as u64 || runs.last().is_some_and(|&(_, last)| a <= last) {
                return None;
            }
            runs.push((a, b));
        }
    }
    let words = runs.last().map_or(0, |&(_, b)| b / 64 + 1);
    if words > SPELLED_BIT_WORDS {
        return Some(format!("{FIXTURES}.bits({})", string_literal(text)));
    }
    let mut spelled = vec![0u64; words as usize];
    for (a, b) in runs {
        for bit in a..=b {
            spelled[(bit / 64) as usize] |= 1 << (bit % 64);
        }
    }
    let words: Vec<String> = spelled.iter().map(|w| format!("0x{w:x}L")).collect();
    Some(format!(
        "java.util.BitSet.valueOf(new long[] {{{}}})",
        words.join(", ")
    ))
}

/// A `Point2D.Float`/`Double` from its text (`Point2D.Float[1.5, -2.0]`): each coordinate
/// as `Float`/`Double.toString` wrote it, which reads back exactly.
/// An `Area` from its recorded outline (`M 0 0 L 10 0 L 10 10 Z`, the agent's
/// `jdk::shape_text`): the area of a path drawn segment by segment, in one expression
/// (an initialiser block of a `Path2D.Double`); `Fixtures`' loader of large values draws
/// it the same way.
fn area(text: &str) -> Option<String> {
    let mut words = text.split_whitespace();
    let mut calls = Vec::new();
    while let Some(letter) = words.next() {
        let (method, n) = match letter {
            "M" => ("moveTo", 2),
            "L" => ("lineTo", 2),
            "Q" => ("quadTo", 4),
            "C" => ("curveTo", 6),
            "Z" => ("closePath", 0),
            _ => return None,
        };
        let mut args = Vec::with_capacity(n);
        for _ in 0..n {
            let v: f64 = words.next()?.parse().ok()?;
            args.push(crate::java::double_literal(v.to_bits()));
        }
        calls.push(format!("{method}({});", args.join(", ")));
    }
    Some(format!(
        "new java.awt.geom.Area(new java.awt.geom.Path2D.Double() {{{{ {} }}}})",
        calls.join(" ")
    ))
}

fn point(class: &str, text: &str) -> Option<String> {
    let float = class.ends_with("$Float");
    let prefix = if float {
        "Point2D.Float["
    } else {
        "Point2D.Double["
    };
    let inner = text.strip_prefix(prefix)?.strip_suffix(']')?;
    let (x, y) = inner.split_once(", ")?;
    let coordinate = |c: &str| -> Option<String> {
        let kind = if float { "Float" } else { "Double" };
        Some(match c {
            "NaN" => format!("{kind}.NaN"),
            "Infinity" => format!("{kind}.POSITIVE_INFINITY"),
            "-Infinity" => format!("{kind}.NEGATIVE_INFINITY"),
            _ => {
                c.parse::<f64>().ok()?;
                if float {
                    format!("{c}f")
                } else {
                    c.to_string()
                }
            }
        })
    };
    let kind = if float { "Float" } else { "Double" };
    Some(format!(
        "new java.awt.geom.Point2D.{kind}({}, {})",
        coordinate(x)?,
        coordinate(y)?
    ))
}

/// The text a `char[]`'s elements spell, when there are at least two of them and they
/// are valid UTF-16.
fn char_text(elem: &FieldType, elements: &[Value]) -> Option<String> {
    if *elem != FieldType::Char || elements.len() < 2 {
        return None;
    }
    let units: Option<Vec<u16>> = elements
        .iter()
        .map(|e| match e {
            Value::Char { v } => Some(*v),
            _ => None,
        })
        .collect();
    String::from_utf16(&units?).ok()
}

/// Trailing default elements of an array written out rather than padded by
/// `Arrays.copyOf`, when there are no more of them than this.
const SPELLED_DEFAULTS: usize = 8;

/// The Java literal of a type's default value (`0`, `'\u0000'`, `false`, `null`), as
/// [`crate::java`] writes literals.
fn default_literal(t: &FieldType) -> &'static str {
    match t {
        FieldType::Boolean => "false",
        FieldType::Char => "'\\u0000'",
        FieldType::Long => "0L",
        FieldType::Float => "0.0f",
        FieldType::Double => "0.0",
        FieldType::Byte | FieldType::Short | FieldType::Int => "0",
        FieldType::Object(_) | FieldType::Array(_) => "null",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mimic_trace::FieldValue;

    /// Gson's `TypeToken.getType()` stubbed with a `$Gson$Types$ParameterizedTypeImpl`
    /// that another value shares: the object is a variable declared `Object` (its class
    /// is nested, maybe private), so where a `Type` is wanted it is cast (it did not
    /// compile: "no suitable method found for thenReturn(Object)").
    #[test]
    fn a_shared_object_of_a_nested_class_is_cast_where_a_named_type_is_wanted() {
        let hidden = Value::Object {
            id: 1,
            class: "a.Types$Impl".into(),
            fields: Vec::new(),
            truncated: false,
        };
        let list = Value::Collection {
            id: 2,
            class: "java.util.ArrayList".into(),
            size: 2,
            elements: vec![hidden.clone(), Value::Ref { id: 1 }],
            truncated: false,
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&list, &hidden]);
        let _ = b.try_expr(&list, None).unwrap();
        let wanted = FieldType::Object("java/lang/reflect/Type".into());
        let e = b.expr(&Value::Ref { id: 1 }, Some(&wanted));
        assert!(e.starts_with("(java.lang.reflect.Type) "), "{e}");
        // Not where `Object` is wanted, nor to a type javac may not see.
        let any = b.expr(&Value::Ref { id: 1 }, None);
        assert!(!any.starts_with('('), "{any}");
        assert_eq!(b.as_type(&any, "a.Types$Impl"), any);
    }

    /// The recorder leaves out a primitive array's trailing zeros (Jackson's parser holds
    /// its token in a `char[4000]`): the test builds an array of the recorded length, the
    /// zeros written out only when few.
    #[test]
    fn an_array_recorded_without_its_trailing_zeros_gets_its_length_back() {
        let array = |id: u32, class: &str, length: u32, elements: Vec<Value>| Value::Array {
            id,
            class: class.into(),
            length,
            elements,
            truncated: false,
        };
        let chars =
            |text: &str| -> Vec<Value> { text.encode_utf16().map(|v| Value::Char { v }).collect() };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[]);
        assert_eq!(
            b.expr(&array(1, "[C", 4000, chars("a\"b")), None),
            "java.util.Arrays.copyOf(\"a\\\"b\".toCharArray(), 4000)"
        );
        assert_eq!(
            b.expr(&array(2, "[C", 2, chars("ab")), None),
            "\"ab\".toCharArray()"
        );
        assert_eq!(
            b.expr(&array(7, "[C", 3, chars("a")), None),
            "new char[] {'a', '\\u0000', '\\u0000'}"
        );
        assert_eq!(b.expr(&array(3, "[I", 100, vec![]), None), "new int[100]");
        assert_eq!(b.expr(&array(4, "[[J", 3, vec![]), None), "new long[3][]");
        assert_eq!(
            b.expr(
                &array(
                    5,
                    "[D",
                    2,
                    vec![Value::Double {
                        bits: 1.5f64.to_bits()
                    }]
                ),
                None
            ),
            "new double[] {1.5, 0.0}"
        );
        // A crafted length no Java array can have is a named problem.
        let _ = b.expr(&array(6, "[I", u32::MAX, vec![]), None);
        assert!(b
            .problems
            .iter()
            .any(|(_, p)| p.contains("4294967295 elements")));
    }

    /// Regression (commonmark's `Paragraph` whose child `Text` points back to it as its
    /// `parent`, the text shared as `firstChild` and `lastChild`): the back reference
    /// was set right after the child's declaration, before the parent was declared
    /// ("cannot find symbol"). It is set once the parent exists.
    #[test]
    fn a_back_reference_is_set_after_the_object_it_names_is_declared() {
        let field = |name: &str, value: Value| FieldValue {
            name: name.into(),
            declared_in: "a.Node".into(),
            value,
        };
        let text = Value::Object {
            id: 2,
            class: "a.Text".into(),
            fields: vec![field("parent", Value::Ref { id: 1 })],
            truncated: false,
        };
        let paragraph = Value::Object {
            id: 1,
            class: "a.Paragraph".into(),
            fields: vec![
                field("firstChild", text),
                field("lastChild", Value::Ref { id: 2 }),
            ],
            truncated: false,
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&paragraph]);
        let var = b.try_expr(&paragraph, None).unwrap();
        let statements = b.statements.join("\n");
        let declared = statements.find(&format!(" {var} = ")).expect(&statements);
        let set = statements
            .find(&format!(", \"parent\", {var});"))
            .expect(&statements);
        assert!(declared < set, "{statements}");
    }

    /// Reflection objects, recorded as `class name descriptor` or `class name`, are found
    /// again by name; a text of another shape is a named problem, not a guess.
    #[test]
    fn reflection_objects_are_found_again_by_name() {
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[]);
        let text = |class: &str, text: &str| Value::Text {
            class: class.into(),
            text: text.into(),
        };
        assert_eq!(
            b.try_expr(&text("java.lang.reflect.Method", "a.B get (I)V"), None),
            Some("Fixtures.method(\"a.B\", \"get\", \"(I)V\")".into())
        );
        assert_eq!(
            b.try_expr(&text("java.lang.reflect.Field", "a.B name"), None),
            Some("Fixtures.field(\"a.B\", \"name\")".into())
        );
        assert_eq!(
            b.try_expr(
                &text("java.lang.reflect.Constructor", "a.B <init> ()V"),
                None
            ),
            Some("Fixtures.constructor(\"a.B\", \"()V\")".into())
        );
        assert_eq!(
            b.try_expr(&text("java.lang.reflect.Field", "a.B"), None),
            None
        );
    }

    /// An in-memory writer recorded by its text (Gson's `JsonWriter` over a
    /// `StringWriter`, opaque before) is a new writer with that text appended.
    #[test]
    fn a_string_writer_is_rebuilt_with_its_text() {
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[]);
        for class in ["java.io.StringWriter", "java.io.CharArrayWriter"] {
            let v = Value::Text {
                class: class.into(),
                text: "{\"a\":\n".into(),
            };
            assert_eq!(
                b.try_expr(&v, None).unwrap(),
                format!("new {class}().append(\"{{\\\"a\\\":\\n\")")
            );
        }
    }

    /// SnakeYAML's `Serializer.recursive`, `Collections.newSetFromMap(new
    /// IdentityHashMap<>())` (opaque before: a view over another collection): rebuilt
    /// from the map it is a view of, a new one of the same class, and its keys.
    #[test]
    fn a_set_backed_by_a_map_is_rebuilt_over_a_new_map_of_that_class() {
        let set = Value::Object {
            id: 1,
            class: SET_FROM_MAP.into(),
            fields: vec![mimic_trace::FieldValue {
                name: "m".into(),
                declared_in: SET_FROM_MAP.into(),
                value: Value::Map {
                    id: 2,
                    class: "java.util.IdentityHashMap".into(),
                    size: 1,
                    entries: vec![(
                        Value::Str { v: "a".into() },
                        Value::Boxed {
                            class: "java.lang.Boolean".into(),
                            value: Box::new(Value::Boolean { v: true }),
                        },
                    )],
                    truncated: false,
                },
            }],
            truncated: false,
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&set]);
        assert_eq!(
            b.try_expr(&set, None).unwrap(),
            "Fixtures.setFromMap(new java.util.IdentityHashMap<>(), \"a\")"
        );
    }

    /// Regression (FreeMarker's `ClassUtil.loadProperties`, whose returned `Properties`
    /// was written `new java.util.Properties<>()`: "cannot infer type arguments"): the
    /// JDK's non-generic maps are built without a diamond.
    #[test]
    fn a_properties_object_is_built_without_type_arguments() {
        let map = |class: &str| Value::Map {
            id: 1,
            class: class.into(),
            size: 1,
            entries: vec![(Value::Str { v: "k".into() }, Value::Str { v: "v".into() })],
            truncated: false,
        };
        let properties = map("java.util.Properties");
        let hash_map = map("java.util.HashMap");
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&properties, &hash_map]);
        assert_eq!(
            b.try_expr(&properties, None).unwrap(),
            "Fixtures.map(new java.util.Properties(), \"k\", \"v\")"
        );
        assert_eq!(
            b.try_expr(&hash_map, None).unwrap(),
            "Fixtures.map(new java.util.HashMap<>(), \"k\", \"v\")"
        );
    }

    /// Regression (PDFBox's `FontMapperImpl.setProvider` recorded with `--nodes 4000`):
    /// a list whose element refers back to the list was rebuilt again at each reference,
    /// without end, until `mimic generate` overflowed its stack. A collection that holds
    /// itself (through an object) is a named problem, not a crash.
    #[test]
    fn a_collection_holding_itself_through_an_element_is_a_named_problem() {
        let element = Value::Object {
            id: 2,
            class: "com.acme.Info".into(),
            fields: vec![FieldValue {
                name: "owner".into(),
                declared_in: "com.acme.Info".into(),
                value: Value::Ref { id: 1 },
            }],
            truncated: false,
        };
        let list = Value::Collection {
            id: 1,
            class: "java.util.ArrayList".into(),
            size: 1,
            elements: vec![element],
            truncated: false,
        };
        let holder = Value::Object {
            id: 3,
            class: "com.acme.Provider".into(),
            fields: vec![FieldValue {
                name: "infos".into(),
                declared_in: "com.acme.Provider".into(),
                value: Value::Ref { id: 1 },
            }],
            truncated: false,
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&list, &holder]);
        let _ = b.expr(&holder, None);
        let (kind, why) = b.problems.first().expect("a problem").clone();
        assert_eq!(kind, SkipReason::UnbuildableValue);
        assert!(
            why.contains("java.util.ArrayList") && why.contains("holds itself"),
            "{why}"
        );
    }

    /// Regression (PDFBox's `PDStream`, whole-program mode): its field constructor's
    /// argument built by class name is cast to the parameter's type, as overloads of the
    /// same arity would make the call ambiguous.
    #[test]
    fn a_field_constructor_argument_built_by_class_name_is_cast_to_its_parameter() {
        let stream = Value::Object {
            id: 2,
            class: "org.other.Stream".into(),
            fields: Vec::new(),
            truncated: false,
        };
        let fields = [FieldValue {
            name: "stream".into(),
            declared_in: "com.acme.Holder".into(),
            value: stream.clone(),
        }];
        let constructor = mimic_plan::FieldConstructor {
            descriptor: "(Lorg/other/Stream;)V".into(),
            fields: vec!["stream".into()],
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&stream]);
        let e = b
            .construct(1, "com.acme.Holder", &fields, &HashMap::new(), &constructor)
            .unwrap();
        assert!(
            e.starts_with("new Holder((org.other.Stream) Fixtures.create(\"org.other.Stream\""),
            "{e}"
        );
    }

    /// Issue 15: JDK values by meaning: a `BitSet` by its set bits, rebuilt over its
    /// words; a point by its coordinates, exactly; malformed text is not Java.
    #[test]
    fn bit_sets_and_points_are_rebuilt_from_their_text() {
        assert_eq!(
            bit_set("{0, 2, 65}").as_deref(),
            Some("java.util.BitSet.valueOf(new long[] {0x5L, 0x2L})")
        );
        assert_eq!(
            bit_set("{}").as_deref(),
            Some("java.util.BitSet.valueOf(new long[] {})")
        );
        assert_eq!(bit_set("{1, x}"), None);
        // Runs, as the recorder writes them: spelled while short, by text when long.
        assert_eq!(
            bit_set("{0-2, 64}").as_deref(),
            Some("java.util.BitSet.valueOf(new long[] {0x7L, 0x1L})")
        );
        assert_eq!(
            bit_set("{0-4095, 4165}").as_deref(),
            Some("Fixtures.bits(\"{0-4095, 4165}\")")
        );
        assert_eq!(bit_set("{5-2}"), None);
        assert_eq!(
            coder("java.nio.charset.CharsetDecoder", "UTF-8 REPORT REPLACE fffd").as_deref(),
            Some("java.nio.charset.Charset.forName(\"UTF-8\").newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPORT).onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE).replaceWith(\"\u{fffd}\")")
        );
        assert_eq!(
            coder("java.nio.charset.CharsetEncoder", "US-ASCII IGNORE REPORT 3f").as_deref(),
            Some("java.nio.charset.Charset.forName(\"US-ASCII\").newEncoder().onMalformedInput(java.nio.charset.CodingErrorAction.IGNORE).onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).replaceWith(new byte[] {(byte) 0x3f})")
        );
        assert_eq!(
            coder("java.nio.charset.CharsetEncoder", "UTF-8 REPORT HALT 3f"),
            None
        );
        assert_eq!(
            coder("java.nio.charset.CharsetDecoder", "UTF-8 REPORT REPORT fff"),
            None
        );
        assert_eq!(
            coder("java.nio.charset.CharsetDecoder", "UTF-8 REPORT REPORT"),
            None
        );
        assert_eq!(bit_set("{4, 2}"), None);
        assert_eq!(bit_set("{0-4294967296}"), None);
        assert_eq!(
            point("java.awt.geom.Point2D$Float", "Point2D.Float[1.5, -2.0E-5]").as_deref(),
            Some("new java.awt.geom.Point2D.Float(1.5f, -2.0E-5f)")
        );
        assert_eq!(
            point("java.awt.geom.Point2D$Double", "Point2D.Double[NaN, 3.0]").as_deref(),
            Some("new java.awt.geom.Point2D.Double(Double.NaN, 3.0)")
        );
        assert_eq!(
            point("java.awt.geom.Point2D$Double", "Point2D.Double[1.0; 2.0]"),
            None
        );
    }

    /// An object shared by two roots (so it becomes a variable) whose field cannot be
    /// rebuilt: `try_expr` gives up and keeps nothing, so a later reference to it is not
    /// the name of a variable that was never declared.
    #[test]
    fn a_value_that_cannot_be_rebuilt_leaves_no_statement_problem_or_variable() {
        let request = Value::Object {
            id: 1,
            class: "com.acme.Request".into(),
            fields: vec![FieldValue {
                name: "body".into(),
                declared_in: "com.acme.Request".into(),
                value: Value::Opaque {
                    class: "java.io.InputStream".into(),
                    reason: "an input stream".into(),
                    implements: None,
                    length: None,
                },
            }],
            truncated: false,
        };
        let reference = Value::Ref { id: 1 };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&request, &reference]);
        assert_eq!(b.try_expr(&request, None), None);
        assert!(b.statements.is_empty(), "{:?}", b.statements);
        assert!(b.problems.is_empty(), "{:?}", b.problems);
        assert!(b.vars.is_empty(), "{:?}", b.vars);
        // The reference still cannot be rebuilt, and says so.
        assert_eq!(b.try_expr(&reference, None), None);
        assert_eq!(
            b.try_expr(&Value::Str { v: "ok".into() }, None).as_deref(),
            Some("\"ok\"")
        );
    }

    /// A font matrix (PDFBox's `PDType1Font.fontMatrixTransform`) and a soft cache entry,
    /// recorded by their fields ([`mimic_trace::JDK_BY_FIELDS`]), are rebuilt through the
    /// JDK's API; a transform missing an entry is a problem, not a guess.
    #[test]
    fn a_transform_and_a_soft_reference_are_rebuilt_through_the_jdk_api() {
        let field = |name: &str, value: Value| mimic_trace::FieldValue {
            name: name.into(),
            declared_in: "java.awt.geom.AffineTransform".into(),
            value,
        };
        let entries = [2.0, 0.0, 0.5, 2.0, 10.0, 20.0];
        let names = ["m00", "m10", "m01", "m11", "m02", "m12"];
        let transform = |n: usize| Value::Object {
            id: 1,
            class: "java.awt.geom.AffineTransform".into(),
            fields: names
                .iter()
                .zip(entries)
                .take(n)
                .map(|(name, v)| field(name, Value::double(v)))
                .collect(),
            truncated: false,
        };
        let whole = transform(6);
        let mut names_ = Names::default();
        let mut b = Builder::new("com.acme", &mut names_, &[&whole]);
        assert_eq!(
            b.try_expr(&whole, None).as_deref(),
            Some("new java.awt.geom.AffineTransform(2.0, 0.0, 0.5, 2.0, 10.0, 20.0)")
        );
        let partial = transform(5);
        let mut names_ = Names::default();
        let mut b = Builder::new("com.acme", &mut names_, &[&partial]);
        assert_eq!(b.try_expr(&partial, None), None);
        let soft = Value::Object {
            id: 1,
            class: "java.lang.ref.SoftReference".into(),
            fields: vec![mimic_trace::FieldValue {
                name: "referent".into(),
                declared_in: "java.lang.ref.Reference".into(),
                value: Value::Str { v: "TREE".into() },
            }],
            truncated: false,
        };
        let mut names_ = Names::default();
        let mut b = Builder::new("com.acme", &mut names_, &[&soft]);
        assert_eq!(
            b.try_expr(&soft, None).as_deref(),
            Some("new java.lang.ref.SoftReference<>(\"TREE\")")
        );
    }

    /// Streams the recorder left opaque, in the stand-in retry only: an empty one where
    /// the place is declared `OutputStream` or `InputStream`, a mock for an output stream
    /// of the application's elsewhere, nothing for an input stream there (a mock's
    /// `read()` answers 0 for ever) or for a JDK stream a place of its own class holds.
    #[test]
    fn streams_the_recorder_left_opaque_are_stood_in_for_only_where_safe() {
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[]);
        let declared = |t: &str| Some(FieldType::Object(t.into()));
        let out = declared("java/io/OutputStream");
        assert_eq!(
            b.stream_stand_in("org.x.Sink", "an output stream", out.as_ref()),
            None
        );
        (b.stand_ins, b.cut_stand_ins) = (true, true);
        let e = |b: &Builder, class: &str, why: &str, t: Option<FieldType>| {
            b.stream_stand_in(class, why, t.as_ref()).map(|(e, ..)| e)
        };
        assert_eq!(
            e(&b, "org.x.Sink", "an output stream", out.clone()).as_deref(),
            Some("java.io.OutputStream.nullOutputStream()")
        );
        assert_eq!(
            e(&b, "org.x.Sink", "an output stream", declared("org/x/Sink")).as_deref(),
            Some("Fixtures.mockOf(\"org.x.Sink\")")
        );
        assert_eq!(
            e(
                &b,
                "java.io.FileOutputStream",
                "an output stream",
                declared("java/io/FileOutputStream")
            ),
            None
        );
        assert_eq!(
            e(
                &b,
                "org.x.Source",
                "an input stream",
                declared("java/io/InputStream")
            )
            .as_deref(),
            Some("java.io.InputStream.nullInputStream()")
        );
        assert_eq!(
            e(
                &b,
                "org.x.Source",
                "an input stream",
                declared("org/x/Source")
            ),
            None
        );
        assert_eq!(e(&b, "org.x.Sink", "an open file", out), None);
    }

    /// A clipping path (PDFBox's `PDGraphicsState.clippingPath`), recorded by its outline,
    /// is drawn again segment by segment; an outline of no known segment is a problem.
    #[test]
    fn an_area_is_drawn_again_from_its_outline() {
        assert_eq!(
            area("M 0 0 L 10 0 Q 12 5 10 10 C 8 12 2 12 0 10 Z").as_deref(),
            Some(
                "new java.awt.geom.Area(new java.awt.geom.Path2D.Double() {{ moveTo(0.0, 0.0); lineTo(10.0, 0.0); quadTo(12.0, 5.0, 10.0, 10.0); curveTo(8.0, 12.0, 2.0, 12.0, 0.0, 10.0); closePath(); }})"
            )
        );
        assert_eq!(
            area("").as_deref(),
            Some("new java.awt.geom.Area(new java.awt.geom.Path2D.Double() {{  }})")
        );
        assert_eq!(area("M 0"), None);
        assert_eq!(area("X 1 2"), None);
    }

    /// Regression (PDFBox's `SetFontAndSize.process`): a list of a `COSName` and a
    /// `COSInteger`, both built by class name, was `Arrays.asList(cOSName,
    /// Fixtures.create("…COSInteger", …))`, whose second element javac inferred as a
    /// `COSName`: a ClassCastException in the test, never in production. Such lists are
    /// built from `Object`s, raw.
    #[test]
    fn a_list_of_objects_built_by_class_name_is_built_from_objects() {
        let object = |id: u32, class: &str| Value::Object {
            id,
            class: class.into(),
            fields: Vec::new(),
            truncated: false,
        };
        let list = Value::Collection {
            id: 1,
            class: "java.util.ArrayList".into(),
            size: 2,
            elements: vec![object(2, "org.other.Name"), object(3, "org.other.Number")],
            truncated: false,
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&list]);
        let e = b.try_expr(&list, None).unwrap();
        assert!(
            e.starts_with(
                "new java.util.ArrayList<>((java.util.List) java.util.Arrays.asList((Object) "
            ),
            "{e}"
        );
        assert!(e.contains(", (Object) "), "{e}");
        // Alone (PDFBox's `DrawObject.process`, `[Im1]`), javac took the one element for
        // the varargs array: `COSName cannot be cast to [Ljava.lang.Object;`.
        let one = Value::Collection {
            id: 1,
            class: "java.util.ArrayList".into(),
            size: 1,
            elements: vec![object(2, "org.other.Name")],
            truncated: false,
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&one]);
        let e = b.try_expr(&one, None).unwrap();
        assert!(
            e.starts_with(
                "new java.util.ArrayList<>((java.util.List) java.util.Arrays.asList((Object) "
            ),
            "{e}"
        );
        // The same for a mock standing in, by class name, for an element the depth limit
        // cut (PDFBox's `PDType0Font.getDisplacement`: a descendant-fonts array of one
        // `COSObject`).
        let cut = Value::Collection {
            id: 1,
            class: "java.util.ArrayList".into(),
            size: 1,
            elements: vec![Value::Opaque {
                class: "org.other.Name".into(),
                reason: "depth limit 3".into(),
                implements: None,
                length: None,
            }],
            truncated: false,
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&cut]);
        b.stand_ins = true;
        b.cut_stand_ins = true;
        let e = b.try_expr(&cut, None).unwrap();
        assert!(
            e.contains("java.util.Arrays.asList((Object) Fixtures.mockOf(\"org.other.Name\"))"),
            "{e}"
        );
        // Not in a method that calls itself on an argument of that class (EvalEx's
        // `evaluateSubtree`): it would read the mock's fields.
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[&cut]);
        (b.stand_ins, b.cut_stand_ins) = (true, true);
        b.walked_classes = vec!["org.other.Name".into()];
        assert_eq!(b.try_expr(&cut, None), None);
    }

    /// Issue 17: the clock's objects come back from their recorded text: a `Date` from
    /// its milliseconds, a time zone from its id, a calendar from its instant, zone and
    /// week definition; a malformed calendar text is a problem, not Java.
    #[test]
    fn dates_time_zones_and_calendars_are_rebuilt_from_their_text() {
        let text = |class: &str, text: &str| Value::Text {
            class: class.into(),
            text: text.into(),
        };
        let mut names = Names::default();
        let mut b = Builder::new("com.acme", &mut names, &[]);
        assert_eq!(
            b.try_expr(&text("java.util.Date", "1795595847551"), None)
                .as_deref(),
            Some("new java.util.Date(1795595847551L)")
        );
        assert_eq!(
            b.try_expr(
                &text("sun.util.calendar.ZoneInfo", "Europe/Stockholm"),
                None
            )
            .as_deref(),
            Some("java.util.TimeZone.getTimeZone(\"Europe/Stockholm\")")
        );
        assert_eq!(
            b.try_expr(&text("java.util.GregorianCalendar", "1795595847551 UTC 1 1"), None)
                .as_deref(),
            Some("new java.util.Calendar.Builder().setCalendarType(\"gregory\").setInstant(1795595847551L).setTimeZone(java.util.TimeZone.getTimeZone(\"UTC\")).setWeekDefinition(1, 1).build()")
        );
        assert_eq!(
            b.try_expr(&text("java.util.GregorianCalendar", "x UTC 1 1"), None),
            None
        );
        assert_eq!(
            b.try_expr(&text("java.util.Date", "Tue Nov 24"), None),
            None
        );
        // Regression (PDFBox `PDFStreamParser`): a charset's decoder is not a charset.
        assert_eq!(
            b.try_expr(&text("sun.nio.cs.UTF_8", "UTF-8"), None)
                .as_deref(),
            Some("java.nio.charset.Charset.forName(\"UTF-8\")")
        );
        assert_eq!(
            b.try_expr(
                &text("sun.nio.cs.UTF_8$Decoder", "sun.nio.cs.UTF_8$Decoder@5238"),
                None
            ),
            None
        );
    }
}
