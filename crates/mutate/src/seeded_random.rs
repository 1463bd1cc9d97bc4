//! The tests' randomness, seeded: a test that draws its data from `new Random()` or
//! `Math.random()` covers different code in different runs (commons-codec's
//! `Base64Test#testEncodeDecodeRandom` reaches `BaseNCodec.resizeBuffer` only when its random
//! sizes are large), so two identical `mutate` runs would name different covering tests.
//! Every class under the test roots is rewritten so that
//!
//! * `new java/util/Random; dup; invokespecial java/util/Random.<init>()V` (javac's code
//!   for `new Random()`) creates the shim's `mimic/mutate/SeededRandom` instead, a
//!   `Random` whose seed is derived from the test running and how many it created before;
//! * `invokestatic java/lang/Math.random()D` (and `StrictMath`'s) calls
//!   `SeededRandom.random()D`, and `Collections.shuffle(List)` calls
//!   `SeededRandom.shuffle(List)`: one seeded generator per test;
//! * `invokevirtual java/util/concurrent/ThreadLocalRandom.nextInt(II)I` (any of the
//!   draws in [`THREAD_LOCAL_DRAWS`]) becomes `invokestatic
//!   SeededRandom.nextInt(Ljava/util/concurrent/ThreadLocalRandom;II)I`, which takes the
//!   receiver as its first argument and draws from that same generator. Seeding
//!   `ThreadLocalRandom` itself would not do: its sequence steps by the drawing thread's id,
//!   and the shim runs each launch on a new thread.
//!
//! Only constant-pool indices (and, for `ThreadLocalRandom`, `invokevirtual` into
//! `invokestatic`, the same stack effect) change: every instruction keeps its length, so no
//! offset, branch, handler or stack-map frame moves. A frame that names `java/util/Random`
//! still holds (the new class is a subclass); `uninitialized(offset)` entries name the same
//! `new`. A no-argument `Random` constructor called any other way (a subclass's
//! `super()`) is left alone, as are `new Random(seed)`, `SecureRandom`, a
//! `ThreadLocalRandom` the tests hand to application code (which draws from it there) or
//! hold as a `Random` or `RandomGenerator`, method references (`Random::new`,
//! `Math::random`) and classes outside the test roots. The shim starts a new sequence at
//! each JUnit event and seeds every live `SeededRandom` again when a test starts, so a test
//! draws the same numbers whichever tests ran before it in its JVM, from a `Random` kept in
//! a static field too.

use std::path::{Path, PathBuf};

use mimic_classfile::code::CodeAttribute;
use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::opcodes::{DUP, INVOKESPECIAL, INVOKESTATIC, INVOKEVIRTUAL, NEW};
use mimic_classfile::{ClassFile, ClassFileError};
use mimic_diagnostic::Diagnostic;

use crate::error::MutateError;

/// The directory of the rewritten classes, in a run's work directory.
pub const DIR: &str = "seeded-tests";

/// The shim's seeded `java.util.Random`.
pub const SEEDED_RANDOM_CLASS: &str = "mimic/mutate/SeededRandom";

/// The test classes with seeded randomness.
#[derive(Debug, Default)]
pub struct SeededTests {
    /// Where the rewritten classes are (before the test roots on the class path).
    pub dir: PathBuf,
    /// Classes rewritten.
    pub classes: usize,
    /// Creations and calls rewritten.
    pub sites: usize,
    /// Classes left as they are, and why.
    pub problems: Vec<Diagnostic>,
}

/// Rewrite every class under `roots` that draws unseeded random numbers into `out`.
pub fn seed_tests(roots: &[PathBuf], out: &Path) -> Result<SeededTests, MutateError> {
    let mut sites = 0;
    let written = crate::test_classes::rewrite_test_classes(roots, out, |bytes| {
        let mut class = ClassFile::parse(bytes)?;
        let seeded = seed_class(&mut class)?;
        if seeded == 0 {
            return Ok(None);
        }
        let rewritten = class.to_bytes()?;
        sites += seeded;
        Ok(Some(rewritten))
    })?;
    Ok(SeededTests {
        dir: out.to_path_buf(),
        classes: written.classes,
        sites,
        problems: written.problems("its random numbers are not seeded (runs as it is)"),
    })
}

/// Seed the randomness of every method of `class` in place; how many sites changed.
pub fn seed_class(class: &mut ClassFile) -> Result<usize, ClassFileError> {
    if class.name()?.starts_with("mimic/") {
        return Ok(0);
    }
    let mut total = 0;
    for m in 0..class.methods.len() {
        let cp = &class.constant_pool;
        let Some(position) = class.methods[m].attribute_position(cp, "Code") else {
            continue;
        };
        let mut code = CodeAttribute::parse(&class.methods[m].attributes[position].data, cp)?;
        let sites = sites(class, &decode(&code.code)?);
        if sites.is_empty() {
            continue;
        }
        let cp = &mut class.constant_pool;
        for site in &sites {
            let (offset, index) = match *site {
                Site::New { new, init } => {
                    let class_index = cp.add_class(SEEDED_RANDOM_CLASS)?;
                    patch(&mut code.code, new, class_index);
                    (
                        init,
                        cp.add_method_ref(SEEDED_RANDOM_CLASS, "<init>", "()V", false)?,
                    )
                }
                Site::Static {
                    call,
                    name,
                    descriptor,
                } => (
                    call,
                    cp.add_method_ref(SEEDED_RANDOM_CLASS, name, descriptor, false)?,
                ),
                Site::ThreadLocal {
                    call,
                    name,
                    descriptor,
                } => {
                    code.code[call as usize] = INVOKESTATIC;
                    let with_receiver = format!("(L{THREAD_LOCAL_RANDOM};{}", &descriptor[1..]);
                    (
                        call,
                        cp.add_method_ref(SEEDED_RANDOM_CLASS, name, &with_receiver, false)?,
                    )
                }
            };
            patch(&mut code.code, offset, index);
        }
        class.methods[m].attributes[position].data = code.to_bytes()?;
        total += sites.len();
    }
    Ok(total)
}

/// One place to rewrite (instruction offsets).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Site {
    /// `new Random()`: the `new` and its constructor call.
    New { new: u32, init: u32 },
    /// A static call that draws from a hidden generator: `Math.random()`,
    /// `StrictMath.random()`, `Collections.shuffle(list)`; the shim's method that replaces it.
    Static {
        call: u32,
        name: &'static str,
        descriptor: &'static str,
    },
    /// A draw from `ThreadLocalRandom` (`invokevirtual`): its name and descriptor.
    ThreadLocal {
        call: u32,
        name: &'static str,
        descriptor: &'static str,
    },
}

/// `ThreadLocalRandom`, whose draws are rewritten into the shim's static methods.
const THREAD_LOCAL_RANDOM: &str = "java/util/concurrent/ThreadLocalRandom";

/// The `ThreadLocalRandom` (and `RandomGenerator`) draws rewritten, by name and descriptor:
/// the shim's `SeededRandom` has a static method of the same name for each, with the
/// receiver as its first parameter.
pub const THREAD_LOCAL_DRAWS: &[(&str, &str)] = &[
    ("nextBoolean", "()Z"),
    ("nextInt", "()I"),
    ("nextInt", "(I)I"),
    ("nextInt", "(II)I"),
    ("nextLong", "()J"),
    ("nextLong", "(J)J"),
    ("nextLong", "(JJ)J"),
    ("nextFloat", "()F"),
    ("nextFloat", "(F)F"),
    ("nextFloat", "(FF)F"),
    ("nextDouble", "()D"),
    ("nextDouble", "(D)D"),
    ("nextDouble", "(DD)D"),
    ("nextGaussian", "()D"),
    ("nextGaussian", "(DD)D"),
    ("nextExponential", "()D"),
    ("nextBytes", "([B)V"),
    ("ints", "()Ljava/util/stream/IntStream;"),
    ("ints", "(J)Ljava/util/stream/IntStream;"),
    ("ints", "(II)Ljava/util/stream/IntStream;"),
    ("ints", "(JII)Ljava/util/stream/IntStream;"),
    ("longs", "()Ljava/util/stream/LongStream;"),
    ("longs", "(J)Ljava/util/stream/LongStream;"),
    ("longs", "(JJ)Ljava/util/stream/LongStream;"),
    ("longs", "(JJJ)Ljava/util/stream/LongStream;"),
    ("doubles", "()Ljava/util/stream/DoubleStream;"),
    ("doubles", "(J)Ljava/util/stream/DoubleStream;"),
    ("doubles", "(DD)Ljava/util/stream/DoubleStream;"),
    ("doubles", "(JDD)Ljava/util/stream/DoubleStream;"),
];

/// The static calls rewritten: owner, name and descriptor, and the shim's method.
const STATIC_DRAWS: &[(&str, &str, &str, &str)] = &[
    ("java/lang/Math", "random", "()D", "random"),
    ("java/lang/StrictMath", "random", "()D", "random"),
    (
        "java/util/Collections",
        "shuffle",
        "(Ljava/util/List;)V",
        "shuffle",
    ),
];

fn sites(class: &ClassFile, code: &[Instruction]) -> Vec<Site> {
    let cp = &class.constant_pool;
    let pool = |insn: &Instruction| match insn.operand {
        Operand::Pool(i) => Some(i),
        _ => None,
    };
    let member = |insn: &Instruction| pool(insn).and_then(|i| cp.member_ref(i).ok());
    let mut found = Vec::new();
    for (k, insn) in code.iter().enumerate() {
        match insn.opcode {
            NEW if pool(insn).and_then(|i| cp.class_name(i).ok()).as_deref()
                == Some("java/util/Random") =>
            {
                let (Some(dup), Some(init)) = (code.get(k + 1), code.get(k + 2)) else {
                    continue;
                };
                let is_init = init.opcode == INVOKESPECIAL
                    && member(init).is_some_and(|r| {
                        r.owner == "java/util/Random" && r.name == "<init>" && r.descriptor == "()V"
                    });
                if dup.opcode == DUP && is_init {
                    found.push(Site::New {
                        new: insn.offset,
                        init: init.offset,
                    });
                }
            }
            INVOKEVIRTUAL => {
                let Some(r) = member(insn) else { continue };
                if r.owner != THREAD_LOCAL_RANDOM {
                    continue;
                }
                if let Some((name, descriptor)) = THREAD_LOCAL_DRAWS
                    .iter()
                    .find(|(n, d)| r.name == *n && r.descriptor == *d)
                {
                    found.push(Site::ThreadLocal {
                        call: insn.offset,
                        name,
                        descriptor,
                    });
                }
            }
            INVOKESTATIC => {
                let Some(r) = member(insn) else { continue };
                if let Some((_, _, descriptor, name)) = STATIC_DRAWS
                    .iter()
                    .find(|(o, n, d, _)| r.owner == *o && r.name == *n && r.descriptor == *d)
                {
                    found.push(Site::Static {
                        call: insn.offset,
                        name,
                        descriptor,
                    });
                }
            }
            _ => {}
        }
    }
    found
}

/// Point the two-byte pool operand of the instruction at `offset` at `index`.
fn patch(code: &mut [u8], offset: u32, index: u16) {
    let at = offset as usize + 1;
    code[at..at + 2].copy_from_slice(&index.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use mimic_classfile::access::{PUBLIC, STATIC};
    use mimic_classfile::assembler::{CodeBuilder, Invoke};
    use mimic_classfile::descriptor::MethodDescriptor;
    use mimic_classfile::opcodes::POP2;

    /// Class `name` with one `public static void <method>()` whose body `body` writes
    /// (before its `return`).
    fn class_with(name: &str, method: &str, body: impl FnOnce(&mut CodeBuilder)) -> ClassFile {
        let mut class = ClassFile::new(name, "java/lang/Object", PUBLIC, 61).unwrap();
        let descriptor = MethodDescriptor::parse("()V").unwrap();
        let mut b = CodeBuilder::for_method(&mut class.constant_pool, name, true, &descriptor);
        body(&mut b);
        b.return_value(None);
        let code = b.finish(true).unwrap();
        let method = class
            .new_method(PUBLIC | STATIC, method, "()V", Some(&code))
            .unwrap();
        class.methods.push(method);
        class
    }

    /// `a/T` with `static void draw()`: `new Random()`, `new Random(1L)`, `Math.random()`,
    /// `StrictMath.random()`, `Collections.shuffle(null)`, `Math.abs(0.0)`,
    /// `ThreadLocalRandom.current().nextInt(2)`, `ThreadLocalRandom.current().setSeed(1L)`,
    /// in that order.
    fn drawing_class() -> ClassFile {
        class_with("a/T", "draw", |b| {
            b.new_object("java/util/Random").dup_value();
            b.invoke(Invoke::Special, "java/util/Random", "<init>", "()V", false)
                .pop_value();
            b.new_object("java/util/Random").dup_value().push_long(1);
            b.invoke(Invoke::Special, "java/util/Random", "<init>", "(J)V", false)
                .pop_value();
            b.invoke(Invoke::Static, "java/lang/Math", "random", "()D", false)
                .simple(POP2, 1, None);
            b.invoke(
                Invoke::Static,
                "java/lang/StrictMath",
                "random",
                "()D",
                false,
            )
            .simple(POP2, 1, None);
            b.aconst_null().invoke(
                Invoke::Static,
                "java/util/Collections",
                "shuffle",
                "(Ljava/util/List;)V",
                false,
            );
            b.push_double(0.0)
                .invoke(Invoke::Static, "java/lang/Math", "abs", "(D)D", false)
                .simple(POP2, 1, None);
            let current = format!("()L{THREAD_LOCAL_RANDOM};");
            b.invoke(
                Invoke::Static,
                THREAD_LOCAL_RANDOM,
                "current",
                &current,
                false,
            )
            .push_int(2)
            .invoke(
                Invoke::Virtual,
                THREAD_LOCAL_RANDOM,
                "nextInt",
                "(I)I",
                false,
            )
            .pop_value();
            b.invoke(
                Invoke::Static,
                THREAD_LOCAL_RANDOM,
                "current",
                &current,
                false,
            )
            .push_long(1)
            .invoke(
                Invoke::Virtual,
                THREAD_LOCAL_RANDOM,
                "setSeed",
                "(J)V",
                false,
            );
        })
    }

    /// The classes each `new` creates and the (owner, name, descriptor) each invoke calls.
    fn calls(class: &ClassFile) -> Vec<String> {
        let cp = &class.constant_pool;
        let code = CodeAttribute::parse(&class.methods[0].attributes[0].data, cp).unwrap();
        decode(&code.code)
            .unwrap()
            .iter()
            .filter_map(|insn| match (insn.opcode, &insn.operand) {
                (NEW, Operand::Pool(i)) => Some(format!("new {}", cp.class_name(*i).unwrap())),
                (INVOKESPECIAL | INVOKESTATIC | INVOKEVIRTUAL, Operand::Pool(i)) => {
                    let r = cp.member_ref(*i).unwrap();
                    let how = if insn.opcode == INVOKEVIRTUAL {
                        "virtual "
                    } else {
                        ""
                    };
                    Some(format!("{how}{}.{}{}", r.owner, r.name, r.descriptor))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn only_new_random_without_a_seed_and_hidden_generators_are_rewritten() {
        let mut class = drawing_class();
        let before = class.methods[0].attributes[0].data.len();
        assert_eq!(seed_class(&mut class).unwrap(), 5);
        assert_eq!(
            calls(&class),
            [
                "new mimic/mutate/SeededRandom",
                "mimic/mutate/SeededRandom.<init>()V",
                "new java/util/Random",
                "java/util/Random.<init>(J)V",
                "mimic/mutate/SeededRandom.random()D",
                "mimic/mutate/SeededRandom.random()D",
                "mimic/mutate/SeededRandom.shuffle(Ljava/util/List;)V",
                "java/lang/Math.abs(D)D",
                "java/util/concurrent/ThreadLocalRandom.current()Ljava/util/concurrent/ThreadLocalRandom;",
                "mimic/mutate/SeededRandom.nextInt(Ljava/util/concurrent/ThreadLocalRandom;I)I",
                "java/util/concurrent/ThreadLocalRandom.current()Ljava/util/concurrent/ThreadLocalRandom;",
                "virtual java/util/concurrent/ThreadLocalRandom.setSeed(J)V",
            ]
        );
        // Same code length: nothing moved.
        assert_eq!(class.methods[0].attributes[0].data.len(), before);
        let again = ClassFile::parse(&class.to_bytes().unwrap()).unwrap();
        assert_eq!(calls(&again), calls(&class));
    }

    #[test]
    fn a_class_that_draws_nothing_is_left_alone() {
        let mut class = class_with("a/U", "now", |b| {
            b.invoke(Invoke::Static, "java/lang/System", "nanoTime", "()J", false)
                .simple(POP2, 1, None);
        });
        let bytes = class.to_bytes().unwrap();
        assert_eq!(seed_class(&mut class).unwrap(), 0);
        assert_eq!(class.to_bytes().unwrap(), bytes);
    }
}
