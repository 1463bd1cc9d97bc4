//! Object-graph snapshots through JNI and JVMTI: a bounded walk (depth, node and byte
//! limits) from one Java value to the JSON text of its [`Value`](mimic_trace::Value),
//! streamed with [`mimic_trace::json`] (no tree is built), with sharing and cycles as
//! `Ref`s (identity by JVMTI object hash code, confirmed with `IsSameObject`), JDK types
//! by meaning, other objects field by field, redacted fields and opaque values with
//! reasons. A walk may be guided by the plan's read tree of the method under test
//! ([`mimic_plan::ReadNode`]): an object on a read path lists only the fields the method
//! may use, to any depth, and the depth limit counts from the last such object. A walk the
//! node or byte limit cut is done again, a receiver's mocked fields one level only, then
//! less deep ([`capture_special`]). Each snapshot runs inside its own JNI local frame;
//! every call into Java is followed by an exception check.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use jvmti_bindings::env::{JniEnv, Jvmti};
use jvmti_bindings::sys::jni;
use mimic_plan::{ReadNode, ELEMENTS_READ};
use mimic_trace::{jdk_by_fields, json};

use crate::classinfo::{Classes, Kind, Prim, TextSize, FOREIGN_VIEW};
use crate::demand::Guide;
use crate::jdk::{self, clear, Jdk, SubclassBase};
use crate::options::Options;

/// Everything a snapshot needs besides the JNI environment.
pub struct Context<'a> {
    pub jvmti: &'a Jvmti,
    pub jdk: &'a Jdk,
    pub classes: &'a Classes,
    pub options: &'a Options,
    pub limits: &'a Limits,
    pub redactions: &'a crate::redaction::Redactions,
}

/// The reasons recorded for values cut by a limit, formatted once from the options.
pub struct Limits {
    depth: String,
    nodes: String,
    bytes: String,
}

impl Limits {
    pub fn new(o: &Options) -> Limits {
        Limits {
            depth: format!("depth limit {}", o.depth),
            nodes: format!("node limit {}", o.nodes),
            bytes: format!("value byte limit {}", o.value_bytes),
        }
    }
}

/// Hashes identity hash codes (already well spread) by one multiplication.
#[derive(Default)]
struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8 | *b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_i32(&mut self, v: i32) {
        self.0 = (v as u32 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Objects captured so far in one snapshot, by identity hash code: the first object of
/// each hash in `first`, any others with the same hash (rare) in `more`.
#[derive(Default)]
struct Seen {
    first: HashMap<i32, (jni::jobject, u32), BuildHasherDefault<IdentityHasher>>,
    more: Vec<(i32, jni::jobject, u32)>,
}

/// How a value was declared where it was recorded: the probes box primitives, so a
/// declared primitive is unboxed back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Declared {
    Prim(Prim),
    Reference,
}

/// Approximate JSON size of one primitive value (`{"t":"int","v":3}`).
const ELEMENT_BYTES: u64 = 18;
/// Why a lambda is opaque.
const LAMBDA: &str = "a lambda or hidden class";

/// Primitive array elements read per array at most.
const MAX_PRIMITIVE_ELEMENTS: usize = 4096;
/// Primitive arrays up to this length are scanned for trailing zeros (from the end, in
/// chunks of [`SCAN_CHUNK`]); longer ones are recorded from their start, as far as the
/// limits allow.
const MAX_SCANNED_ELEMENTS: usize = 1 << 16;
const SCAN_CHUNK: usize = 4096;

/// The class name recorded when there is none.
const UNKNOWN: &str = "\"?\"";

/// The largest JNI local frame a snapshot asks for (HotSpot's default
/// `MaxJNILocalCapacity`).
const MAX_LOCAL_FRAME: i32 = 65_536;

/// Values nested in one another at most in one recorded value (an object's field, an
/// element, an entry, a box's value, each one level): a value deeper than that is
/// opaque. Each level is up to three levels of JSON and the trace reader takes 128
/// (`serde_json`'s bound), so a deeper value would make its whole invocation unreadable;
/// the generated test's nested expressions are bounded by it too.
const MAX_NESTING: u32 = 40;

/// Why a value nested past [`MAX_NESTING`] is opaque.
const NESTING_REASON: &str = "nested deeper than 40 values (the trace reader's bound)";

/// Collections and maps up to this size are copied at once (`toArray()`); bigger ones are
/// iterated only as far as the node and byte caps allow (a 2-million-element list costs
/// what its first elements cost, not a copy of all of them).
const COPY_ALL_UP_TO: u32 = 1024;

struct Walk<'a> {
    env: &'a JniEnv,
    cx: &'a Context<'a>,
    out: &'a mut String,
    seen: Seen,
    next_id: u32,
    nodes: u32,
    bytes: u64,
    /// How many values the walk is inside of now ([`MAX_NESTING`]).
    nesting: u32,
    /// The rule of the secret name this value is under (a field, parameter or map key
    /// named like a secret): its strings, boxes and primitives are redacted; an object
    /// below it is judged by its own field names again.
    secret: Option<String>,
    /// The last string captured: a map's key when its value is walked next, so a
    /// value under a key named like a secret is redacted.
    last_string: Option<String>,
    /// The read tree of the value walked next, and whether an object above it is used
    /// whole; taken by [`Walk::value`], so that only an object's own fields pass one on.
    guide: Option<(&'a ReadNode, bool)>,
    /// In a call's answer: the object the call was made on (null otherwise), written as
    /// `{"t":"mock"}` wherever the answer holds it, since a test makes the call on a mock.
    callee: jni::jobject,
    /// The top object's fields walked first ([`Special::mocked_fields`]).
    mocked_fields: &'a [&'a str],
    /// The top object is a receiver ([`Special::receiver`]).
    receiver: bool,
    /// The top object's mocked fields are walked one level only: the fields of theirs
    /// the method reads (what a spy of one keeps), objects below them cut by depth. A
    /// mocked collaborator's read tree (a font's dictionary, its descriptor) can spend
    /// the node and byte limits before the fields the method reads itself are reached;
    /// the test stubs the collaborator's calls instead.
    light_mocks: bool,
    /// Inside such a mocked field now: a read path does not start the depth count anew.
    in_light_mock: bool,
    /// The depth limit of this walk: the option's, or deeper ([`capture_special`]).
    depth_limit: u32,
    /// An object was cut by the depth limit.
    depth_cut: bool,
    /// The greatest depth (counted from the last object on a read path) at which an
    /// object was walked.
    deepest: u32,
    /// Something was cut by another limit (nodes, bytes, nesting, a text's length).
    limited: bool,
    /// Something was cut by the node or byte limit.
    crowded: bool,
    /// The guide each object recorded in this walk was walked with, by id (from 1).
    first_guides: Vec<Guide<'a>>,
    /// What later paths to objects already recorded asked for beyond their first guide,
    /// by identity hash code ([`crate::demand`]).
    demands: HashMap<i32, ReadNode>,
    /// The demands of earlier walks of this value: an object with one is walked with it.
    merged: Option<&'a HashMap<i32, ReadNode>>,
}

/// The read tree of a root the method under test does not use beyond its class.
pub static UNUSED: ReadNode = ReadNode {
    whole: false,
    literals: false,
    typed: false,
    fields: std::collections::BTreeMap::new(),
};

/// Capture `obj` (a live reference on this thread): append the JSON of its value to
/// `out`. Returns the value's approximate size in bytes (what the limits count).
///
/// # Safety
/// `obj` must be null or a live reference valid on the thread that owns `env`.
pub unsafe fn capture(
    env: &JniEnv,
    cx: &Context,
    obj: jni::jobject,
    declared: Declared,
    out: &mut String,
) -> u64 {
    unsafe { capture_named(env, cx, obj, declared, None, None, out) }
}

/// [`capture`] of a value whose name (a parameter's) matched redaction rule `secret`,
/// guided by the read tree `guide` of the method under test when it has one.
///
/// # Safety
/// As [`capture`].
pub unsafe fn capture_named(
    env: &JniEnv,
    cx: &Context,
    obj: jni::jobject,
    declared: Declared,
    secret: Option<&str>,
    guide: Option<&ReadNode>,
    out: &mut String,
) -> u64 {
    let plain = Special {
        callee: std::ptr::null_mut(),
        mocked_fields: &[],
        receiver: false,
        pinned: None,
    };
    unsafe { capture_special(env, cx, obj, declared, secret, guide, plain, out) }.bytes
}

/// What a value's walk treats apart from what it captures.
#[derive(Clone, Copy)]
pub struct Special<'s> {
    /// In a call's answer: the object the call was made on (null otherwise), written as
    /// `{"t":"mock"}` wherever the answer holds it.
    pub callee: jni::jobject,
    /// In a receiver: its fields that the method's mockable calls are made on, walked
    /// before its other fields, so that another field's reference to the same object
    /// (a current record's parser, which is the iterator's mocked outer parser) is a
    /// `ref` to it, the mock in the test, not a copy captured whole.
    pub mocked_fields: &'s [&'s str],
    /// The value is a method's receiver: recorded field by field even when it is a
    /// constant (a test calls the method on a copy, never on a shared constant it could
    /// change for every other test).
    pub receiver: bool,
    /// How to walk it, once (a receiver after the call, walked as it was before so that
    /// the two moments have the same shape); `None`: walked again deeper, or guided by
    /// more read paths, as far as the limits allow ([`capture_special`]).
    pub pinned: Option<&'s Walking>,
}

/// How a value was walked: the depth limit, and the demands of read paths that met at
/// an object ([`crate::demand`]), by identity hash code.
#[derive(Debug, Default)]
pub struct Walking {
    pub depth: u32,
    pub merged: HashMap<i32, ReadNode>,
    /// The receiver's mocked fields walked one level only ([`Walk::light_mocks`]).
    pub light_mocks: bool,
}

/// What [`capture_special`] wrote: the value's approximate size in bytes (what the
/// limits count) and how it was walked.
#[derive(Debug)]
pub struct Captured {
    pub bytes: u64,
    pub walking: Walking,
    /// For a receiver before its call (`special.receiver` and not pinned): the id each
    /// object recorded in it has, by identity hash code (a hash two objects share is left
    /// out), so that an argument that is one of them is written as that object
    /// ([`mimic_trace::Value::InReceiver`]).
    pub ids: HashMap<i32, u32>,
}

/// The deepest depth limit [`capture_special`] tries: the option's doubled this many
/// times.
const DEEPENINGS: u32 = 3;

/// How many times [`capture_special`] walks a value the node or byte limit cut again,
/// each time one level less deep (with the default depth limit 3: at 2, then 1).
const SHALLOWINGS: u32 = 3;

/// How many times [`capture_special`] walks a value again for objects that two read
/// paths meet at ([`crate::demand`]).
const REGUIDINGS: u32 = 2;

/// [`capture_named`] with what [`Special`] says.
///
/// The depth limit is where a graph the method uses whole is cut when nothing else
/// cuts it: a small tree (an XML element with its children and attributes, a
/// dictionary of dictionaries) needs all of its levels, however deep, and fits the node
/// and byte limits. So a walk that cut something by depth alone, and nothing by any
/// other limit, is done again with the depth limit doubled (up to [`DEEPENINGS`]
/// times), and the deepest walk that the other limits did not cut is kept: a graph too
/// large for them keeps the option's depth, as before.
///
/// # Safety
/// As [`capture`]; `special.callee` must be null or a live reference.
#[allow(clippy::too_many_arguments)]
pub unsafe fn capture_special(
    env: &JniEnv,
    cx: &Context,
    obj: jni::jobject,
    declared: Declared,
    secret: Option<&str>,
    guide: Option<&ReadNode>,
    special: Special,
    out: &mut String,
) -> Captured {
    let start = out.len();
    let mut walking = Walking {
        depth: special.pinned.map_or(cx.options.depth, |p| p.depth),
        merged: HashMap::new(),
        light_mocks: special.pinned.is_some_and(|p| p.light_mocks),
    };
    // The last walk that no limit but depth cut, with how it was walked.
    let mut kept: Option<(Captured, String)> = None;
    // The first walk, when the node or byte limit cut it and shallower walks are tried.
    let mut first: Option<(Captured, String)> = None;
    let (mut deepenings, mut reguidings, mut shallowings) = (0, 0, 0);
    loop {
        let merged = match special.pinned {
            Some(p) => &p.merged,
            None => &walking.merged,
        };
        let walked = unsafe {
            walk_once(
                env,
                cx,
                (obj, declared, secret, guide, special),
                (walking.depth, walking.light_mocks),
                (!merged.is_empty()).then_some(merged),
                out,
            )
        };
        let Some(walked) = walked else {
            json::opaque(out, UNKNOWN, "no JNI local frame");
            return Captured {
                bytes: 0,
                walking,
                ids: HashMap::new(),
            };
        };
        if walked.limited {
            if let Some(walk) = kept.take() {
                // Deeper, or wider, than the other limits allow: the walk before stands.
                return restore(out, start, walk);
            }
            // Cut by the node or byte limit: a receiver's mocked fields (the test makes
            // them mocks) walked one level only, so that the limits keep its other
            // fields; then, below objects used whole, walked again less deep, so that
            // what the limits keep is the top of the graph, every field of the objects
            // the method reads, and what lies deeper is cut by depth alone.
            let lighten = !walking.light_mocks && !special.mocked_fields.is_empty();
            let shallower = walking.depth.min(walked.deepest).saturating_sub(1);
            if special.pinned.is_none()
                && walked.crowded
                && (lighten || shallower >= 1 && shallowings < SHALLOWINGS)
            {
                // The first walk stands if no later one fits; a lighter one replaces it
                // (what it leaves out, the test mocks).
                if first.is_none() && !lighten {
                    let this = Captured {
                        bytes: walked.bytes,
                        walking: Walking {
                            depth: walking.depth,
                            merged: walking.merged.clone(),
                            light_mocks: walking.light_mocks,
                        },
                        ids: walked.ids,
                    };
                    first = Some((this, out[start..].to_string()));
                }
                if lighten {
                    walking.light_mocks = true;
                } else {
                    shallowings += 1;
                    walking.depth = shallower;
                }
                deepenings = DEEPENINGS;
                out.truncate(start);
                continue;
            }
            if let Some(walk) = first.take() {
                // No walk less deep fits the limits either: the first one stands.
                return restore(out, start, walk);
            }
        }
        let free = special.pinned.is_none() && !walked.limited;
        let deepen = free && walked.depth_cut && deepenings < DEEPENINGS;
        let reguide = free && !walked.demands.is_empty() && reguidings < REGUIDINGS;
        if !(deepen || reguide) {
            return Captured {
                bytes: walked.bytes,
                walking,
                ids: walked.ids,
            };
        }
        let mut next = Walking {
            depth: walking.depth,
            merged: walking.merged.clone(),
            light_mocks: walking.light_mocks,
        };
        if reguide {
            reguidings += 1;
            for (hash, d) in walked.demands {
                next.merged.entry(hash).or_default().graft(&d);
            }
        } else {
            deepenings += 1;
            next.depth = walking.depth.saturating_mul(2).max(walking.depth + 1);
        }
        let this = Captured {
            bytes: walked.bytes,
            walking: std::mem::replace(&mut walking, next),
            ids: walked.ids,
        };
        kept = Some((this, out[start..].to_string()));
        out.truncate(start);
    }
}

/// An earlier walk of [`capture_special`] put back in place of the last one, written from
/// `start` of `out`.
fn restore(out: &mut String, start: usize, (captured, text): (Captured, String)) -> Captured {
    out.truncate(start);
    out.push_str(&text);
    captured
}

/// What one walk of [`capture_special`] found besides the JSON it wrote.
struct Walked {
    /// The ids of the objects recorded, by identity hash ([`Captured::ids`]).
    ids: HashMap<i32, u32>,
    bytes: u64,
    depth_cut: bool,
    deepest: u32,
    limited: bool,
    crowded: bool,
    demands: HashMap<i32, ReadNode>,
}

/// One walk of `obj` with depth limit `depth`, each object that has a demand in
/// `merged` guided by it, inside its own JNI local frame (`None`: the frame could not
/// be had).
unsafe fn walk_once<'a>(
    env: &'a JniEnv,
    cx: &'a Context<'a>,
    (obj, declared, secret, guide, special): (
        jni::jobject,
        Declared,
        Option<&str>,
        Option<&'a ReadNode>,
        Special<'a>,
    ),
    (depth, light_mocks): (u32, bool),
    merged: Option<&'a HashMap<i32, ReadNode>>,
    out: &'a mut String,
) -> Option<Walked> {
    // HotSpot refuses a frame past `MaxJNILocalCapacity` (65,536 by default): a larger
    // `nodes` option made every value opaque ("no JNI local frame"). The capacity is a
    // hint beyond that; the walk frees what it can as it goes.
    let capacity = (cx.options.nodes as i32)
        .saturating_mul(2)
        .saturating_add(64)
        .min(MAX_LOCAL_FRAME);
    if unsafe { env.push_local_frame_raw(capacity) }.is_err() {
        clear(env);
        return None;
    }
    let mut walk = Walk {
        secret: secret.map(str::to_string),
        guide: guide.map(|g| (g, false)),
        callee: special.callee,
        mocked_fields: special.mocked_fields,
        receiver: special.receiver,
        light_mocks,
        depth_limit: depth,
        merged,
        ..Walk::new(env, cx, out)
    };
    unsafe { walk.top(obj, declared) };
    let ids = if special.receiver && special.pinned.is_none() {
        let mut ids: HashMap<i32, u32> = walk
            .seen
            .first
            .iter()
            .map(|(hash, &(_, id))| (*hash, id))
            .collect();
        for (hash, _, _) in &walk.seen.more {
            ids.remove(hash);
        }
        ids
    } else {
        HashMap::new()
    };
    let walked = Walked {
        ids,
        bytes: walk.bytes,
        depth_cut: walk.depth_cut,
        deepest: walk.deepest,
        limited: walk.limited || walk.full(),
        crowded: walk.crowded || walk.full(),
        demands: std::mem::take(&mut walk.demands),
    };
    unsafe { env.pop_local_frame_raw(std::ptr::null_mut()) };
    clear(env);
    Some(walked)
}

/// A thrown exception, its class and message: appends its JSON to `out`.
///
/// # Safety
/// `t` must be null or a live reference valid on the thread that owns `env`.
pub unsafe fn thrown(env: &JniEnv, cx: &Context, t: jni::jobject, out: &mut String) {
    if t.is_null() {
        json::null(out);
        return;
    }
    let mut walk = Walk::new(env, cx, out);
    let class_object = unsafe { env.get_object_class(t) };
    let info = unsafe { walk.info(class_object) };
    unsafe { env.delete_local_ref(class_object) };
    let class = info
        .as_ref()
        .map(|i| i.quoted.clone())
        .unwrap_or_else(|| UNKNOWN.into());
    // Only JDK throwables have their getMessage() called (see `Walk::thrown`).
    let (jdk_class, overridden) = match info.as_ref().map(|i| &i.kind) {
        Some(&Kind::Thrown {
            jdk,
            message_overridden,
        }) => (jdk, message_overridden),
        _ => (crate::classinfo::is_jdk(class.trim_matches('"')), false),
    };
    unsafe { walk.thrown(t, &class, jdk_class, overridden) };
}

/// How many units (`size.count`) the text of `obj` has, read before the text is built
/// (`None`: the JDK accessor failed).
///
/// # Safety
/// `obj` is a live, non-null reference on this thread whose class `size` was made for.
pub unsafe fn text_units(env: &JniEnv, obj: jni::jobject, size: &TextSize) -> Option<u64> {
    let counted = match size.through {
        None => obj,
        Some(getter) => {
            let inner = unsafe { env.call_object_method(obj, getter.0, &[]) };
            if clear(env) || inner.is_null() {
                return None;
            }
            inner
        }
    };
    let n = unsafe { env.call_int_method(counted, size.count.0, &[]) };
    let failed = clear(env);
    if size.through.is_some() {
        unsafe { env.delete_local_ref(counted) };
    }
    (!failed).then_some(n.max(0) as u64)
}

impl<'a> Walk<'a> {
    /// A walk that writes to `out`, with nothing seen, no secret, no read tree and
    /// nothing special.
    fn new(env: &'a JniEnv, cx: &'a Context<'a>, out: &'a mut String) -> Walk<'a> {
        Walk {
            env,
            cx,
            out,
            seen: Seen::default(),
            next_id: 1,
            nodes: 0,
            bytes: 0,
            nesting: 0,
            secret: None,
            last_string: None,
            guide: None,
            callee: std::ptr::null_mut(),
            mocked_fields: &[],
            receiver: false,
            light_mocks: false,
            in_light_mock: false,
            depth_limit: cx.options.depth,
            depth_cut: false,
            deepest: 0,
            limited: false,
            crowded: false,
            first_guides: Vec::new(),
            demands: HashMap::new(),
            merged: None,
        }
    }

    unsafe fn top(&mut self, obj: jni::jobject, declared: Declared) {
        match declared {
            Declared::Prim(p) if !obj.is_null() && self.secret.is_some() => {
                let rule = self.secret.clone().unwrap_or_default();
                self.redact(&json::quoted(p.java_name()), &rule);
            }
            Declared::Prim(p) if !obj.is_null() => {
                let class = unsafe { self.env.get_object_class(obj) };
                let info = unsafe { self.info(class) };
                unsafe { self.env.delete_local_ref(class) };
                match info.as_deref().map(|i| &i.kind) {
                    Some(Kind::Boxed(_, id)) => unsafe { self.read_prim(obj, id.0, p) },
                    _ => json::opaque(self.out, UNKNOWN, "expected a boxed primitive"),
                }
            }
            _ => unsafe { self.value(obj, 0) },
        }
    }

    /// Write a redacted placeholder of type `class` (quoted) and count it.
    fn redact(&mut self, class: &str, rule: &str) {
        self.bytes += 40;
        json::redacted(self.out, class, rule);
        self.cx.redactions.count(rule);
    }

    unsafe fn info(
        &self,
        class: jni::jclass,
    ) -> Option<std::sync::Arc<crate::classinfo::SnapshotClass>> {
        let cx = self.cx;
        unsafe {
            cx.classes
                .info(self.env, cx.jvmti, cx.jdk, cx.options, class)
        }
    }

    /// What names a reflection object ([`Kind::Reflected`]): `class name descriptor` of
    /// a method or constructor, `class name` of a field (`field_class`: the id of
    /// `Field.clazz`).
    unsafe fn reflected(
        &self,
        obj: jni::jobject,
        field_class: Option<crate::jdk::Id>,
    ) -> Option<String> {
        let (env, jvmti) = (self.env, self.cx.jvmti);
        match field_class {
            None => {
                let method = unsafe { env.from_reflected_method(obj) };
                if clear(env) || method.is_null() {
                    return None;
                }
                let class = unsafe { jvmti.get_method_declaring_class(method) }.ok()?;
                let owner = unsafe { crate::classinfo::class_object_name(jvmti, class) };
                unsafe { env.delete_local_ref(class) };
                let (name, descriptor, _) = unsafe { jvmti.get_method_name(method) }.ok()?;
                Some(format!("{} {name} {descriptor}", owner?))
            }
            Some(clazz) => {
                let field = unsafe { env.from_reflected_field(obj) };
                if clear(env) || field.is_null() {
                    return None;
                }
                let class = unsafe { env.get_object_field(obj, clazz.0) };
                if class.is_null() {
                    return None;
                }
                let owner = unsafe { crate::classinfo::class_object_name(jvmti, class) };
                let named = unsafe { jvmti.get_field_name(class, field) };
                unsafe { env.delete_local_ref(class) };
                let (name, _, _) = named.ok()?;
                Some(format!("{} {name}", owner?))
            }
        }
    }

    unsafe fn read_prim(&mut self, obj: jni::jobject, field: jni::jfieldID, p: Prim) {
        let e = self.env;
        let out = &mut *self.out;
        self.bytes += ELEMENT_BYTES;
        unsafe {
            match p {
                Prim::Boolean => json::boolean(out, e.get_boolean_field(obj, field)),
                Prim::Byte => json::byte(out, e.get_byte_field(obj, field)),
                Prim::Char => json::char(out, e.get_char_field(obj, field)),
                Prim::Short => json::short(out, e.get_short_field(obj, field)),
                Prim::Int => json::int(out, e.get_int_field(obj, field)),
                Prim::Long => json::long(out, e.get_long_field(obj, field)),
                Prim::Float => json::float_bits(out, e.get_float_field(obj, field).to_bits()),
                Prim::Double => json::double_bits(out, e.get_double_field(obj, field).to_bits()),
            }
        }
    }

    /// Why an object at `depth` is not walked, if a limit says so (a node or byte
    /// limit noted in `limited`).
    fn limit_reason(&mut self, depth: u32) -> Option<std::borrow::Cow<'a, str>> {
        use std::borrow::Cow;
        let (o, l) = (self.cx.options, self.cx.limits);
        if depth > self.depth_limit {
            Some(if self.depth_limit == o.depth {
                Cow::Borrowed(&l.depth)
            } else {
                Cow::Owned(format!("depth limit {}", self.depth_limit))
            })
        } else if self.nodes >= o.nodes {
            self.limited = true;
            self.crowded = true;
            Some(Cow::Borrowed(&l.nodes))
        } else if self.bytes >= o.value_bytes {
            self.limited = true;
            self.crowded = true;
            Some(Cow::Borrowed(&l.bytes))
        } else {
            None
        }
    }

    /// The bytes left under the value byte limit.
    fn room(&self) -> usize {
        self.cx.options.value_bytes.saturating_sub(self.bytes) as usize
    }

    /// Writes a text read within [`Walk::room`] (`Ok(None)`: it did not fit, `Err`: it
    /// could not be read): the text, or opaque with `what` "is over the value byte limit"
    /// or with `failed`.
    fn bounded_text(
        &mut self,
        name: &str,
        text: Result<Option<String>, ()>,
        (what, failed): (&str, &str),
    ) {
        match text {
            Ok(Some(t)) => {
                self.bytes += t.len() as u64;
                json::text(self.out, name, &t)
            }
            Ok(None) => {
                self.limited = true;
                json::opaque(
                    self.out,
                    name,
                    &format!("{what} is over the value byte limit"),
                )
            }
            Err(()) => json::opaque(self.out, name, failed),
        }
    }

    fn full(&self) -> bool {
        self.nodes >= self.cx.options.nodes || self.bytes >= self.cx.options.value_bytes
    }

    /// The id of an object already captured in this snapshot.
    unsafe fn seen_before(&self, obj: jni::jobject, hash: i32) -> Option<u32> {
        let &(o, id) = self.seen.first.get(&hash)?;
        if unsafe { self.env.is_same_object(o, obj) } {
            return Some(id);
        }
        self.seen
            .more
            .iter()
            .find(|(h, o, _)| *h == hash && unsafe { self.env.is_same_object(*o, obj) })
            .map(|(_, _, id)| *id)
    }

    /// Give `obj` the next id, noting the guide it is walked with.
    fn register(&mut self, obj: jni::jobject, hash: i32, guide: Guide<'a>) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.first_guides.push(guide);
        match self.seen.first.entry(hash) {
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert((obj, id));
            }
            std::collections::hash_map::Entry::Occupied(_) => self.seen.more.push((hash, obj, id)),
        }
        id
    }

    /// Note what a visit with guide `then` asks of the object with identity hash `hash`
    /// that its visit with `first` did not record ([`crate::demand`]).
    fn demand(&mut self, hash: i32, first: Guide<'a>, then: Guide<'a>) {
        if !crate::demand::covers(first, then) {
            self.demands
                .entry(hash)
                .or_insert_with(|| crate::demand::demand(first))
                .graft(&crate::demand::demand(then));
        }
    }

    /// Whether the text of `obj` fits the value byte limit, estimated from `size`
    /// before the text is built.
    unsafe fn text_fits(&self, obj: jni::jobject, size: &TextSize) -> bool {
        unsafe { text_units(self.env, obj, size) }
            .is_some_and(|n| self.bytes + n * size.per <= self.cx.options.value_bytes)
    }

    /// Capture `obj` nested in the value being walked: [`Walk::value_here`], unless it
    /// is nested past [`MAX_NESTING`].
    unsafe fn value(&mut self, obj: jni::jobject, depth: u32) {
        if self.nesting >= MAX_NESTING && !obj.is_null() {
            self.guide = None;
            self.limited = true;
            self.nodes += 1;
            let class = unsafe { self.env.get_object_class(obj) };
            match unsafe { self.info(class) } {
                Some(info) => json::opaque(self.out, &info.quoted, NESTING_REASON),
                None => json::opaque(self.out, UNKNOWN, NESTING_REASON),
            }
            return;
        }
        self.nesting += 1;
        unsafe { self.value_here(obj, depth) };
        self.nesting -= 1;
    }

    unsafe fn value_here(&mut self, obj: jni::jobject, depth: u32) {
        let guide = self.guide.take();
        if obj.is_null() {
            self.bytes += 12;
            json::null(self.out);
            return;
        }
        if !self.callee.is_null() && unsafe { self.env.is_same_object(obj, self.callee) } {
            self.bytes += 12;
            json::mock(self.out);
            return;
        }
        self.nodes += 1;
        // The class reference is freed with the snapshot's local frame.
        let class = unsafe { self.env.get_object_class(obj) };
        let info = unsafe { self.info(class) };
        let Some(info) = info else {
            json::opaque(self.out, UNKNOWN, "class could not be inspected");
            return;
        };
        let name = info.quoted.as_str();
        // Roughly the JSON envelope: tag, id, class name.
        self.bytes += 30 + info.name.len() as u64;
        if let Some(rule) = self.secret.clone() {
            match &info.kind {
                Kind::Str
                | Kind::Boxed(..)
                | Kind::Text(_)
                | Kind::BitSet { .. }
                | Kind::Coder(_)
                | Kind::EpochMillis
                | Kind::TimeZoneId
                | Kind::Calendar
                | Kind::Array(Some(_)) => {
                    self.redact(name, &rule);
                    return;
                }
                // An object's fields are judged by their own names.
                Kind::Object(_) => {
                    self.secret = None;
                    self.guide = guide;
                    unsafe { self.value(obj, depth) };
                    self.secret = Some(rule);
                    return;
                }
                _ => {}
            }
        }
        match &info.kind {
            Kind::Str => {
                let text = unsafe { jdk::string(self.env, obj) }.unwrap_or_default();
                if let Some(rule) = self.cx.options.rules.value_rule(&text) {
                    self.redact(name, rule);
                    return;
                }
                if self.bytes + text.len() as u64 > self.cx.options.value_bytes {
                    json::opaque(
                        self.out,
                        name,
                        &format!("string of {} bytes over the value byte limit", text.len()),
                    );
                    return;
                }
                self.bytes += text.len() as u64;
                json::str(self.out, &text);
                self.last_string = Some(text);
            }
            Kind::Boxed(p, id) => {
                json::begin_boxed(self.out, name);
                unsafe { self.read_prim(obj, id.0, *p) };
                json::close(self.out);
            }
            Kind::Enum(class) => {
                let n = unsafe { self.env.get_object_field(obj, self.cx.jdk.enum_name.0) };
                let text = unsafe { jdk::string(self.env, n) }.unwrap_or_default();
                self.bytes += text.len() as u64;
                json::enumeration(self.out, class, &text);
            }
            Kind::Text(Some(size)) if !unsafe { self.text_fits(obj, size) } => {
                self.limited = true;
                json::opaque(self.out, name, "its text is over the value byte limit")
            }
            Kind::Text(_) => match unsafe { jdk::to_string(self.env, self.cx.jdk, obj) } {
                Some(text) => match self.cx.options.rules.value_rule(&text) {
                    Some(rule) => self.redact(name, rule),
                    // A long text (a builder's contents, a `BitSet` of many bits) is
                    // held to the value byte limit like a string.
                    None if self.bytes + text.len() as u64 > self.cx.options.value_bytes => {
                        self.limited = true;
                        json::opaque(
                            self.out,
                            name,
                            &format!("text of {} bytes over the value byte limit", text.len()),
                        )
                    }
                    None => {
                        self.bytes += text.len() as u64;
                        json::text(self.out, name, &text);
                    }
                },
                None => json::opaque(self.out, name, "toString() failed"),
            },
            Kind::BitSet { words, in_use } => {
                let room = self.room();
                let text = unsafe { bit_set_text(self.env, obj, words, in_use, room) };
                self.bounded_text(name, text, ("its text", "its words could not be read"));
            }
            Kind::Shape(get_iterator) => {
                let room = self.room();
                let text = unsafe { jdk::shape_text(self.env, obj, get_iterator, room) };
                self.bounded_text(name, text, ("its outline", "its outline could not be read"));
            }
            Kind::Coder(decoder) => {
                let class_name = if *decoder {
                    "\"java.nio.charset.CharsetDecoder\""
                } else {
                    "\"java.nio.charset.CharsetEncoder\""
                };
                match unsafe { jdk::coder_summary(self.env, self.cx.jdk, obj, class, *decoder) } {
                    Some(text) => {
                        self.bytes += text.len() as u64;
                        json::text(self.out, class_name, &text)
                    }
                    None => json::opaque(self.out, name, "its JDK accessors failed"),
                }
            }
            Kind::EpochMillis | Kind::TimeZoneId | Kind::Calendar => {
                match unsafe { jdk::time_summary(self.env, obj, class, &info.kind) } {
                    Some(text) => {
                        self.bytes += text.len() as u64;
                        json::text(self.out, name, &text)
                    }
                    None => json::opaque(self.out, name, "its JDK accessors failed"),
                }
            }
            Kind::Thrown {
                jdk,
                message_overridden,
            } => unsafe { self.thrown(obj, name, *jdk, *message_overridden) },
            Kind::Opaque(reason) => json::opaque(self.out, name, reason),
            Kind::Lambda(None) => json::opaque(self.out, name, LAMBDA),
            Kind::Lambda(Some(interface)) => json::lambda(self.out, name, LAMBDA, interface),
            Kind::Reflected(field_class) => match unsafe { self.reflected(obj, *field_class) } {
                Some(text) => {
                    self.bytes += text.len() as u64;
                    json::text(self.out, name, &text)
                }
                None => json::opaque(self.out, name, "a reflection object of a hidden class"),
            },
            Kind::ClassObject => {
                match unsafe { crate::classinfo::class_object_name(self.cx.jvmti, obj) } {
                    Some(text) => {
                        self.bytes += text.len() as u64;
                        json::text(self.out, name, &text)
                    }
                    None => json::opaque(self.out, name, "a hidden class"),
                }
            }
            // Only the fields a method reads, never the whole of a stream.
            Kind::Behaviour(_, reason) if !matches!(guide, Some((g, false)) if !g.whole) => {
                json::opaque(self.out, name, reason)
            }
            _ => {
                let hash = unsafe { self.cx.jvmti.get_object_hash_code(obj) }.unwrap_or(0);
                if let Some(id) = unsafe { self.seen_before(obj, hash) } {
                    let first = self.first_guides.get(id as usize - 1).copied().flatten();
                    self.demand(hash, first, guide);
                    json::reference(self.out, id);
                    return;
                }
                // What every path to it asked for in the walks before this one.
                let guide = match self.merged.and_then(|m| m.get(&hash)) {
                    Some(all) => {
                        let all = Some((all, false));
                        self.demand(hash, all, guide);
                        all
                    }
                    None => guide,
                };
                // An interned constant (`COSName.DEVICERGB`) by its name, at any depth.
                let top_receiver = self.receiver && self.nesting == 1;
                if let Some(constant) = (info.constants && !top_receiver)
                    .then(|| unsafe { crate::classinfo::constant_field(self.cx.jvmti, obj) })
                    .flatten()
                {
                    let id = self.register(obj, hash, guide);
                    self.bytes += constant.field.len() as u64;
                    let owner = constant.hidden_owner.as_deref();
                    json::constant(self.out, id, name, &constant.field, owner);
                    return;
                }
                if let Some(reason) = self.limit_reason(depth) {
                    // A value object just past the depth limit whose fields are all
                    // primitives and strings (a name, a number, an id) ends the graph
                    // there: captured anyway, within the node and byte limits.
                    let leaf = depth == self.depth_limit + 1
                        && !self.full()
                        && matches!(&info.kind, Kind::Object(fields) if fields.iter().all(|f| f.literal));
                    if !leaf {
                        let by_depth = depth > self.depth_limit;
                        self.depth_cut |= by_depth;
                        if by_depth && matches!(info.kind, Kind::Array(_)) {
                            // Its length, for a stand-in of as many default elements.
                            let length = unsafe { self.env.get_array_length(obj) }.max(0);
                            json::opaque_array(self.out, name, &reason, length as u32);
                        } else {
                            json::opaque(self.out, name, &reason);
                        }
                        return;
                    }
                }
                self.deepest = self.deepest.max(depth);
                let id = self.register(obj, hash, guide);
                match &info.kind {
                    Kind::Array(Some(p)) => unsafe { self.primitive_array(obj, id, name, *p) },
                    Kind::Array(None) => {
                        let length = unsafe { self.env.get_array_length(obj) }.max(0) as u32;
                        json::begin_array(self.out, id, name, length);
                        // Along a read path that loads elements: each as far as it is read.
                        let elements = guide.and_then(|(g, whole)| {
                            let child = g.fields.get(ELEMENTS_READ)?;
                            (!whole && !g.whole).then_some(child)
                        });
                        let truncated =
                            unsafe { self.object_elements(obj, length, depth, elements) };
                        json::end_container(self.out, truncated);
                    }
                    Kind::Collection => unsafe { self.collection(obj, id, name, depth) },
                    Kind::ListIterator {
                        list,
                        cursor,
                        data,
                        size,
                    } => unsafe { self.list_iterator(obj, id, [list, cursor, data, size], depth) },
                    Kind::CollectionView(_) | Kind::MapView(_) => {
                        match unsafe { self.unwrap_view(obj) } {
                            Some((inner, false)) => unsafe {
                                self.collection(inner, id, name, depth)
                            },
                            Some((inner, true)) => unsafe { self.map(inner, id, name, depth) },
                            None => json::opaque(self.out, name, FOREIGN_VIEW),
                        }
                    }
                    Kind::Map => unsafe { self.map(obj, id, name, depth) },
                    // A JDK value recorded by its fields: all of them, whatever the read
                    // tree says.
                    Kind::Object(fields) if jdk_by_fields(&info.name).is_some() => unsafe {
                        self.object(obj, id, name, (fields, None), depth, None)
                    },
                    Kind::Object(fields) | Kind::Behaviour(fields, _) => unsafe {
                        self.object(obj, id, name, (fields, None), depth, guide)
                    },
                    Kind::Subclass(fields, base) => {
                        let base = &self.cx.jdk.subclass_bases[*base];
                        unsafe { self.object(obj, id, name, (fields, Some(base)), depth, guide) }
                    }
                    _ => json::opaque(self.out, name, "not captured"),
                }
            }
        }
    }

    /// The self-contained JDK collection or map a wrapper view holds (following nested
    /// wrappers through their fields, never calling a method), and whether it is a map;
    /// `None` when what it wraps is not self-contained.
    unsafe fn unwrap_view(&mut self, view: jni::jobject) -> Option<(jni::jobject, bool)> {
        let mut current = view;
        // Wrappers of wrappers are rare; the bound keeps a cycle from looping.
        for _ in 0..8 {
            let class = unsafe { self.env.get_object_class(current) };
            let info = unsafe { self.info(class) };
            let field = match info.as_deref().map(|i| &i.kind) {
                Some(Kind::Collection) => return Some((current, false)),
                Some(Kind::Map) => return Some((current, true)),
                Some(Kind::CollectionView(f) | Kind::MapView(f)) => f.0,
                _ => return None,
            };
            let inner = unsafe { self.env.get_object_field(current, field) };
            if clear(self.env) || inner.is_null() {
                return None;
            }
            current = inner;
        }
        None
    }

    /// The elements of `source` (a self-contained JDK collection: its `toArray()` runs JDK
    /// code only) recorded as collection `name` (the recorded object's class, which may be
    /// a wrapper view of `source`).
    unsafe fn collection(&mut self, source: jni::jobject, id: u32, name: &str, depth: u32) {
        let (env, jdk) = (self.env, self.cx.jdk);
        let size = unsafe { env.call_int_method(source, jdk.collection_size.0, &[]) };
        if clear(env) {
            json::opaque(self.out, name, "size() failed");
            return;
        }
        let size = size.max(0) as u32;
        if size > COPY_ALL_UP_TO {
            // Only what the caps let through is read: no copy of the whole collection.
            let it = unsafe { env.call_object_method(source, jdk.collection_iterator.0, &[]) };
            if clear(env) || it.is_null() {
                json::opaque(self.out, name, "iterator() failed");
                return;
            }
            json::begin_collection(self.out, id, name, size);
            let mut written = 0u32;
            while written < size && !self.full() {
                let Some(e) = (unsafe { self.next(it) }) else {
                    break;
                };
                if written > 0 {
                    json::comma(self.out);
                }
                unsafe { self.value(e, depth + 1) };
                unsafe { env.delete_local_ref(e) };
                written += 1;
            }
            json::end_container(self.out, written < size);
            return;
        }
        let arr = unsafe { env.call_object_method(source, jdk.to_array.0, &[]) };
        if clear(env) || arr.is_null() {
            json::opaque(self.out, name, "toArray() failed");
            return;
        }
        let size = unsafe { env.get_array_length(arr) }.max(0) as u32;
        json::begin_collection(self.out, id, name, size);
        let truncated = unsafe { self.object_elements(arr, size, depth, None) };
        json::end_container(self.out, truncated);
    }

    /// An `ArrayList`'s iterator: the elements it has yet to return, as a collection of
    /// class [`mimic_trace::ITERATOR`], read from the list's `elementData` and `size`
    /// fields (no Java code runs, and a long list is not copied: only what the caps let
    /// through is read).
    unsafe fn list_iterator(
        &mut self,
        it: jni::jobject,
        id: u32,
        [list, cursor, data, size]: [&crate::jdk::Id; 4],
        depth: u32,
    ) {
        let env = self.env;
        let name = "\"java.util.Iterator\"";
        let at = unsafe { env.get_int_field(it, cursor.0) }.max(0);
        let source = unsafe { env.get_object_field(it, list.0) };
        if clear(env) || source.is_null() {
            json::opaque(self.out, name, "its list could not be read");
            return;
        }
        let size = unsafe { env.get_int_field(source, size.0) }.max(0);
        let arr = unsafe { env.get_object_field(source, data.0) };
        unsafe { env.delete_local_ref(source) };
        if clear(env) || arr.is_null() {
            json::opaque(self.out, name, "its list could not be read");
            return;
        }
        let size = size.min(unsafe { env.get_array_length(arr) });
        let at = at.min(size);
        let remaining = (size - at) as u32;
        json::begin_collection(self.out, id, name, remaining);
        let mut written = 0u32;
        for i in at..size {
            if self.full() {
                break;
            }
            let e = unsafe { env.get_object_array_element(arr, i) };
            if written > 0 {
                json::comma(self.out);
            }
            self.guide = None;
            unsafe { self.value(e, depth + 1) };
            written += 1;
        }
        unsafe { env.delete_local_ref(arr) };
        json::end_container(self.out, written < remaining);
    }

    /// The next element of a JDK iterator (null elements are `Some(null)`), `None` at the
    /// end or when the iterator failed.
    unsafe fn next(&mut self, it: jni::jobject) -> Option<jni::jobject> {
        let (env, jdk) = (self.env, self.cx.jdk);
        let more = unsafe { env.call_boolean_method(it, jdk.iterator_has_next.0, &[]) };
        if clear(env) || !more {
            return None;
        }
        let e = unsafe { env.call_object_method(it, jdk.iterator_next.0, &[]) };
        if clear(env) {
            return None;
        }
        Some(e)
    }

    /// A throwable: its class (quoted) and message — from `getMessage()` for JDK classes,
    /// from the `detailMessage` field for application classes (whose `getMessage` may be
    /// overridden: the recorder never runs application code); `overridden` when it is
    /// ([`Kind::Thrown`]), written beside the message.
    unsafe fn thrown(&mut self, t: jni::jobject, class: &str, jdk_class: bool, overridden: bool) {
        let m = if jdk_class {
            unsafe {
                self.env
                    .call_object_method(t, self.cx.jdk.get_message.0, &[])
            }
        } else {
            unsafe { self.env.get_object_field(t, self.cx.jdk.detail_message.0) }
        };
        let message = if clear(self.env) {
            None
        } else {
            unsafe { jdk::string(self.env, m) }
        };
        // A message holding a secret is replaced, with the rule that hid it.
        let message = match message {
            Some(m) => match self.cx.options.rules.value_rule(&m) {
                Some(rule) => {
                    self.cx.redactions.count(rule);
                    Some(format!("[redacted: {rule}]"))
                }
                None => Some(m),
            },
            None => None,
        };
        self.bytes += message.as_ref().map_or(0, |m| m.len() as u64);
        json::thrown(self.out, class, message.as_deref(), overridden);
    }

    /// The elements of an object array of `length` (already read), comma-separated;
    /// returns whether some were left out.
    unsafe fn object_elements(
        &mut self,
        arr: jni::jobject,
        length: u32,
        depth: u32,
        guide: Option<&'a ReadNode>,
    ) -> bool {
        let mut written = 0u32;
        for i in 0..length {
            if self.full() {
                break;
            }
            // In bounds (arrays never change length): nothing to throw, no check.
            let e = unsafe { self.env.get_object_array_element(arr, i as i32) };
            if written > 0 {
                json::comma(self.out);
            }
            // On a read path the depth limit counts again from each element.
            self.guide = guide.map(|g| (g, false));
            let depth = if guide.is_some() && !self.in_light_mock {
                0
            } else {
                depth + 1
            };
            unsafe { self.value(e, depth) };
            written += 1;
        }
        written < length
    }

    /// A primitive array, packed ([`json::packed_array`]): its elements up to the last
    /// that is not zero (the rest are the type's default, which `length` implies), as
    /// many as the value byte limit leaves room for, at most [`MAX_PRIMITIVE_ELEMENTS`].
    /// A buffer allocated large and filled at its start (a parser's `char[4000]` holding
    /// one token) thus costs what it holds, not what it could hold.
    unsafe fn primitive_array(&mut self, arr: jni::jobject, id: u32, class: &str, p: Prim) {
        let env = self.env;
        let length = unsafe { env.get_array_length(arr) }.max(0) as usize;
        let width = p.width();
        // Base64: four characters per three bytes.
        let per = (width as u64 * 4).div_ceil(3);
        let room = (self.cx.options.value_bytes.saturating_sub(self.bytes) / per) as usize;
        let (used, head) = if length <= MAX_SCANNED_ELEMENTS {
            unsafe { used_length(env, arr, p, length) }
        } else {
            (length, None)
        };
        let n = used.min(MAX_PRIMITIVE_ELEMENTS).min(room);
        let raw = match head {
            Some(mut raw) => {
                raw.truncate(n * width);
                raw
            }
            None => unsafe { region(env, arr, p, 0, n) },
        };
        clear(env);
        json::packed_array(
            self.out,
            id,
            class,
            length as u32,
            (p.letter(), &raw),
            n < used,
        );
        self.bytes += per * n as u64;
    }

    unsafe fn map(&mut self, obj: jni::jobject, id: u32, class: &str, depth: u32) {
        let jdk = self.cx.jdk;
        let env = self.env;
        let size = unsafe { env.call_int_method(obj, jdk.map_size.0, &[]) };
        if clear(env) {
            json::opaque(self.out, class, "size() failed");
            return;
        }
        let set = unsafe { env.call_object_method(obj, jdk.entry_set.0, &[]) };
        if clear(env) || set.is_null() {
            json::opaque(self.out, class, "entrySet() failed");
            return;
        }
        unsafe { self.entries(set, size.max(0) as u32, id, class, depth) }
    }

    /// The entries of a JDK map's entry set `set` (of `size` entries), recorded as map
    /// `class`.
    unsafe fn entries(&mut self, set: jni::jobject, size: u32, id: u32, class: &str, depth: u32) {
        let jdk = self.cx.jdk;
        let env = self.env;
        // Small maps are copied at once; big ones are read only as far as the caps allow.
        let (arr, it) = if size > COPY_ALL_UP_TO {
            let it = unsafe { env.call_object_method(set, jdk.collection_iterator.0, &[]) };
            if clear(env) || it.is_null() {
                json::opaque(self.out, class, "entrySet().iterator() failed");
                return;
            }
            (std::ptr::null_mut(), it)
        } else {
            let arr = unsafe { env.call_object_method(set, jdk.to_array.0, &[]) };
            if clear(env) || arr.is_null() {
                json::opaque(self.out, class, "entrySet().toArray() failed");
                return;
            }
            (arr, std::ptr::null_mut())
        };
        let size = if arr.is_null() {
            size
        } else {
            unsafe { env.get_array_length(arr) }.max(0) as u32
        };
        json::begin_map(self.out, id, class, size);
        let mut written = 0u32;
        for i in 0..size {
            if self.full() {
                break;
            }
            let e = if arr.is_null() {
                match unsafe { self.next(it) } {
                    Some(e) => e,
                    None => break,
                }
            } else {
                unsafe { env.get_object_array_element(arr, i as i32) }
            };
            if clear(env) || e.is_null() {
                break;
            }
            let k = unsafe { env.call_object_method(e, jdk.entry_key.0, &[]) };
            let v = if clear(env) {
                break;
            } else {
                unsafe { env.call_object_method(e, jdk.entry_value.0, &[]) }
            };
            if clear(env) {
                break;
            }
            if written > 0 {
                json::comma(self.out);
            }
            json::begin_entry(self.out);
            self.last_string = None;
            unsafe { self.value(k, depth + 1) };
            json::between_key_and_value(self.out);
            // A value under a key named like a secret (`"password"`, an `Authorization`
            // header) is redacted as a field of that name would be.
            let key_rule = self
                .last_string
                .take()
                .and_then(|key| self.cx.options.rules.name_rule(&key).map(str::to_string));
            let outer = match key_rule {
                Some(rule) => self.secret.replace(rule),
                None => self.secret.clone(),
            };
            unsafe { self.value(v, depth + 1) };
            self.secret = outer;
            json::end_entry(self.out);
            written += 1;
        }
        json::end_container(self.out, written < size);
    }

    /// Does field `f` of `obj` hold a primitive, a string, a box or an enum?
    unsafe fn literal_field(&self, obj: jni::jobject, f: &crate::classinfo::SnapshotField) -> bool {
        if f.prim.is_some() {
            return true;
        }
        let value = unsafe { self.env.get_object_field(obj, f.id.0) };
        if value.is_null() {
            return false;
        }
        let class = unsafe { self.env.get_object_class(value) };
        let literal = unsafe { self.info(class) }
            .is_some_and(|i| matches!(i.kind, Kind::Str | Kind::Boxed(..) | Kind::Enum(_)));
        unsafe {
            self.env.delete_local_ref(class);
            self.env.delete_local_ref(value);
        }
        literal
    }

    unsafe fn object(
        &mut self,
        obj: jni::jobject,
        id: u32,
        class: &str,
        (fields, contents): (&[crate::classinfo::SnapshotField], Option<&'a SubclassBase>),
        depth: u32,
        guide: Option<(&'a ReadNode, bool)>,
    ) {
        json::begin_object(self.out, id, class);
        let mut truncated = false;
        let mut written = 0;
        // The top object's mocked fields first ([`Special::mocked_fields`]).
        let (top, mocked) = (self.nesting == 1, self.mocked_fields);
        let first = |f: &&crate::classinfo::SnapshotField| top && mocked.contains(&f.name.as_str());
        let ordered: Vec<&crate::classinfo::SnapshotField> = if self.mocked_fields.is_empty() {
            fields.iter().collect()
        } else {
            let (a, b): (Vec<_>, Vec<_>) = fields.iter().partition(first);
            a.into_iter().chain(b).collect()
        };
        let light = self.light_mocks;
        for f in ordered {
            // On a read path: only the fields the method may use (all of them under an
            // object it uses whole), each guided by its own subtree, the depth limit
            // counted again from there.
            let restart = if self.in_light_mock { depth + 1 } else { 0 };
            let (child_guide, mut child_depth) = match guide {
                None => (None, depth + 1),
                Some((g, whole)) => {
                    let whole = whole || g.whole;
                    match g.fields.get(&f.name) {
                        Some(child) => (Some((child, whole)), restart),
                        None if whole => (None, restart.max(1)),
                        // A returned object's literal fields (its output oracle's).
                        None if g.literals && unsafe { self.literal_field(obj, f) } => {
                            (None, restart.max(1))
                        }
                        None => continue,
                    }
                }
            };
            if self.full() {
                truncated = true;
                break;
            }
            let outer_light = self.in_light_mock;
            if light && first(&f) {
                child_depth = self.depth_limit;
                self.in_light_mock = true;
            }
            self.bytes += 40 + (f.name.len() + f.declared_in.len()) as u64;
            if written > 0 {
                json::comma(self.out);
            }
            written += 1;
            self.out.push_str(&f.prefix);
            if let (Some(rule), Some(_)) = (&f.redact, f.prim) {
                self.redact(&f.declared_type, rule);
            } else if let Some(rule) = &f.redact {
                // Strings, boxes and arrays of them under this name are redacted; an
                // object held there is walked (its own field names decide).
                let child = unsafe { self.env.get_object_field(obj, f.id.0) };
                let outer = self.secret.replace(rule.clone());
                self.guide = child_guide;
                unsafe { self.value(child, child_depth) };
                self.secret = outer;
            } else if let Some(p) = f.prim {
                unsafe { self.read_prim(obj, f.id.0, p) };
            } else {
                // GetObjectField throws nothing: no exception check.
                let child = unsafe { self.env.get_object_field(obj, f.id.0) };
                self.guide = child_guide;
                unsafe { self.value(child, child_depth) };
            }
            self.in_light_mock = outer_light;
            json::close(self.out);
        }
        // A project subclass of a JDK collection or map: its elements or entries, read
        // through its JDK superclass's own code (never an override), as one more field —
        // unless the method reads only its own fields.
        let used_whole = guide.is_none_or(|(g, whole)| whole || g.whole);
        if let (Some(base), true, false) = (contents, used_whole, truncated) {
            if self.full() {
                json::end_container(self.out, true);
                return;
            }
            self.bytes += 40 + (base.prefix.len() as u64);
            if written > 0 {
                json::comma(self.out);
            }
            self.out.push_str(&base.prefix);
            unsafe { self.contents(obj, base, depth + 1) };
            json::close(self.out);
        }
        json::end_container(self.out, truncated);
    }

    /// The elements (or entries) of `obj`, a project subclass of the JDK class `base`
    /// describes, recorded as that JDK class: `toArray()` (or `entrySet()`) called on it
    /// non-virtually, as the JDK class declares it.
    unsafe fn contents(&mut self, obj: jni::jobject, base: &SubclassBase, depth: u32) {
        let env = self.env;
        let got =
            unsafe { env.call_nonvirtual_object_method(obj, base.class.0, base.method.0, &[]) };
        if clear(env) || got.is_null() {
            json::opaque(
                self.out,
                &base.quoted,
                "its JDK superclass's contents could not be read",
            );
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        if base.map {
            let size = unsafe { env.call_int_method(got, self.cx.jdk.collection_size.0, &[]) };
            if clear(env) {
                json::opaque(self.out, &base.quoted, "size() failed");
                return;
            }
            unsafe { self.entries(got, size.max(0) as u32, id, &base.quoted, depth) };
        } else {
            let size = unsafe { env.get_array_length(got) }.max(0) as u32;
            json::begin_collection(self.out, id, &base.quoted, size);
            let truncated = unsafe { self.object_elements(got, size, depth, None) };
            json::end_container(self.out, truncated);
        }
    }
}

/// Elements `start..start + count` of primitive array `arr`, as little-endian bytes
/// (floats and doubles as their bits, a boolean as one byte 0 or 1).
unsafe fn region(env: &JniEnv, arr: jni::jobject, p: Prim, start: usize, count: usize) -> Vec<u8> {
    let mut raw: Vec<u8> = Vec::with_capacity(count * p.width());
    macro_rules! read {
        ($get:ident, $t:ty, $bytes:expr) => {{
            let mut buf: Vec<$t> = vec![Default::default(); count];
            unsafe { env.$get(arr, start as i32, count as i32, &mut buf) };
            for v in buf {
                raw.extend_from_slice(&$bytes(v));
            }
        }};
    }
    match p {
        Prim::Boolean => read!(get_boolean_array_region, u8, |v: u8| [(v != 0) as u8]),
        Prim::Byte => read!(get_byte_array_region, i8, i8::to_le_bytes),
        Prim::Char => read!(get_char_array_region, u16, u16::to_le_bytes),
        Prim::Short => read!(get_short_array_region, i16, i16::to_le_bytes),
        Prim::Int => read!(get_int_array_region, i32, i32::to_le_bytes),
        Prim::Long => read!(get_long_array_region, i64, i64::to_le_bytes),
        Prim::Float => read!(get_float_array_region, f32, |v: f32| v
            .to_bits()
            .to_le_bytes()),
        Prim::Double => read!(get_double_array_region, f64, |v: f64| v
            .to_bits()
            .to_le_bytes()),
    }
    raw
}

/// How many elements of primitive array `arr` (of `length`) come up to and including
/// its last non-zero one (all bits zero: `0`, `'\0'`, `false`, `+0.0`), read from the
/// end in chunks; with the bytes of the whole array when one chunk held all of it.
unsafe fn used_length(
    env: &JniEnv,
    arr: jni::jobject,
    p: Prim,
    length: usize,
) -> (usize, Option<Vec<u8>>) {
    let width = p.width();
    let mut end = length;
    while end > 0 {
        let start = end.saturating_sub(SCAN_CHUNK);
        let raw = unsafe { region(env, arr, p, start, end - start) };
        if let Some(i) = raw.iter().rposition(|&b| b != 0) {
            let used = start + i / width + 1;
            return (used, (start == 0).then_some(raw));
        }
        end = start;
    }
    (0, None)
}

/// A `BitSet`'s text ([`crate::classinfo::BitRuns`]) from its `words` (the first
/// `wordsInUse` of them), read as fields a chunk at a time (no Java code runs, and a
/// large set is never copied whole): `Err` with the reason when it cannot be read, `Ok(None)`
/// once the text passes `limit` bytes.
///
/// # Safety
/// `obj` is a live `java.util.BitSet` on this thread; `words` and `in_use` are its fields.
unsafe fn bit_set_text(
    env: &JniEnv,
    obj: jni::jobject,
    words: &crate::jdk::Id,
    in_use: &crate::jdk::Id,
    limit: usize,
) -> Result<Option<String>, ()> {
    const CHUNK: i32 = 1024;
    let used = unsafe { env.get_int_field(obj, in_use.0) };
    let array = unsafe { env.get_object_field(obj, words.0) };
    if clear(env) || array.is_null() || used < 0 {
        return Err(());
    }
    let used = used.min(unsafe { env.get_array_length(array) });
    let mut runs = crate::classinfo::BitRuns::default();
    let mut buf = vec![0i64; CHUNK.min(used).max(0) as usize];
    let mut at = 0;
    let mut fits = true;
    while at < used && fits {
        let n = CHUNK.min(used - at);
        unsafe { env.get_long_array_region(array, at, n, &mut buf[..n as usize]) };
        if clear(env) {
            unsafe { env.delete_local_ref(array) };
            return Err(());
        }
        let chunk: Vec<u64> = buf[..n as usize].iter().map(|&w| w as u64).collect();
        fits = runs.add(&chunk, limit);
        at += n;
    }
    unsafe { env.delete_local_ref(array) };
    Ok(if fits { runs.finish(limit) } else { None })
}
