//! `ClassSource`: the classes of an ordered list of inputs (class directories and jars)
//! followed by the JDK's own classes, read lazily. Each input is opened at most once, on
//! first use; the same input named twice (same canonical path) is read once, at its first
//! position. Lookups by name search the inputs in order, then the JDK: the first class
//! found wins, as on a JVM classpath. Resources that cannot be read are reported with
//! their path and reason and never stop the rest.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::container::{Container, InputClasses};
use crate::error::ClasspathError;
use crate::jdk::JdkImage;
use crate::raw::Unreadable;

/// Which input a class was read from, and where exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassOrigin {
    /// Position of the input in the list given to [`ClassSource::new`]; `None` for the
    /// JDK's classes (and for classes a caller had in memory).
    pub input: Option<usize>,
    /// `path!stored/Name.class`, or `jrt:/module/Name.class` for the JDK.
    pub location: String,
}

/// A class found by name.
#[derive(Debug, Clone)]
pub struct FoundClass {
    pub bytes: Vec<u8>,
    pub origin: ClassOrigin,
}

struct Input {
    path: PathBuf,
    /// Earlier input with the same canonical path.
    duplicate_of: Option<usize>,
    opened: OnceLock<Result<Container, ClasspathError>>,
}

/// Lazy class source over inputs and, optionally, the JDK.
pub struct ClassSource {
    inputs: Vec<Input>,
    release: Option<u32>,
    jdk: Option<Arc<JdkImage>>,
    jdk_problem: Option<String>,
    lookup_problems: Mutex<Vec<Unreadable>>,
}

impl std::fmt::Debug for ClassSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassSource")
            .field(
                "inputs",
                &self.inputs.iter().map(|i| &i.path).collect::<Vec<_>>(),
            )
            .field("release", &self.release)
            .field("jdk", &self.jdk)
            .finish()
    }
}

impl ClassSource {
    /// The classes of `inputs`, base layer only (no multi-release versions), no JDK.
    pub fn new(inputs: &[PathBuf]) -> ClassSource {
        let mut seen: Vec<PathBuf> = Vec::new();
        let inputs = inputs
            .iter()
            .map(|path| {
                let key = path.canonicalize().unwrap_or_else(|_| path.clone());
                let duplicate_of = seen.iter().position(|k| *k == key);
                seen.push(key);
                Input {
                    path: path.clone(),
                    duplicate_of,
                    opened: OnceLock::new(),
                }
            })
            .collect();
        ClassSource {
            inputs,
            release: None,
            jdk: None,
            jdk_problem: None,
            lookup_problems: Mutex::new(Vec::new()),
        }
    }

    /// The classes of `inputs` as the JDK the user runs sees them: multi-release jars read
    /// for its feature release, then its own classes. Without a usable JDK, the base layer
    /// and no JDK classes ([`ClassSource::jdk_problem`] says why).
    pub fn for_running_jdk(inputs: &[PathBuf]) -> ClassSource {
        let mut source = ClassSource::new(inputs);
        match mimic_jvm::Jdk::locate() {
            Ok(jdk) => {
                source.release = Some(jdk.feature_version);
                match JdkImage::shared(&jdk.home) {
                    Ok(image) => source.jdk = Some(image),
                    Err(e) => source.jdk_problem = Some(e.to_string()),
                }
            }
            Err(e) => source.jdk_problem = Some(e.to_string()),
        }
        source
    }

    /// Read multi-release jars for `release` (`None`: base layer only). Must be set
    /// before the first read.
    pub fn with_release(mut self, release: Option<u32>) -> ClassSource {
        self.release = release;
        self
    }

    /// Add the JDK's own classes after the inputs.
    pub fn with_jdk(mut self, jdk: impl Into<Arc<JdkImage>>) -> ClassSource {
        self.jdk = Some(jdk.into());
        self
    }

    /// The release multi-release jars are read for.
    pub fn release(&self) -> Option<u32> {
        self.release
    }

    pub fn jdk(&self) -> Option<&JdkImage> {
        self.jdk.as_deref()
    }

    /// Why [`ClassSource::for_running_jdk`] has no JDK classes, if it has none.
    pub fn jdk_problem(&self) -> Option<&str> {
        self.jdk_problem.as_deref()
    }

    /// Number of inputs as given (duplicates included).
    pub fn len(&self) -> usize {
        self.inputs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty()
    }

    /// Input `i` as given.
    pub fn input(&self, i: usize) -> &Path {
        &self.inputs[i].path
    }

    /// The earlier position of the same input, when input `i` names it again.
    pub fn duplicate_of(&self, i: usize) -> Option<usize> {
        self.inputs[i].duplicate_of
    }

    fn open(&self, i: usize) -> &Result<Container, ClasspathError> {
        let input = &self.inputs[i];
        input
            .opened
            .get_or_init(|| Container::open(&input.path, self.release))
    }

    /// Every class of input `i` (empty for a repeated input: its classes belong to the
    /// first occurrence). An input that cannot be opened is an error; resources that
    /// cannot be read are listed in `unreadable`.
    pub fn read_input(&self, i: usize) -> Result<InputClasses, ClasspathError> {
        if self.inputs[i].duplicate_of.is_some() {
            return Ok(InputClasses::default());
        }
        match self.open(i) {
            Ok(c) => c.read_all(),
            Err(e) => Err(e.clone()),
        }
    }

    /// Internal names of the classes of input `i`, without reading them.
    pub fn names_in_input(&self, i: usize) -> Result<Vec<String>, ClasspathError> {
        if self.inputs[i].duplicate_of.is_some() {
            return Ok(Vec::new());
        }
        match self.open(i) {
            Ok(c) => c.names(),
            Err(e) => Err(e.clone()),
        }
    }

    /// Class `internal` from the first input that has it, else from the JDK. Inputs that
    /// cannot be opened are passed over; resources that cannot be read are passed over and
    /// recorded in [`ClassSource::lookup_problems`].
    pub fn find(&self, internal: &str) -> Option<FoundClass> {
        for i in 0..self.inputs.len() {
            if self.inputs[i].duplicate_of.is_some() {
                continue;
            }
            let Ok(container) = self.open(i) else {
                continue;
            };
            match container.find(internal) {
                None => {}
                Some(Ok((stored, bytes))) => {
                    return Some(FoundClass {
                        bytes,
                        origin: ClassOrigin {
                            input: Some(i),
                            location: format!("{}!{stored}", self.inputs[i].path.display()),
                        },
                    })
                }
                Some(Err(u)) => self.record(Unreadable {
                    name: format!("{}!{}", self.inputs[i].path.display(), u.name),
                    reason: u.reason,
                }),
            }
        }
        let jdk = self.jdk.as_ref()?;
        match jdk.find(internal) {
            Ok(Some(bytes)) => Some(FoundClass {
                bytes,
                origin: ClassOrigin {
                    input: None,
                    location: format!("jrt:{}", jdk.location(internal).unwrap_or_default()),
                },
            }),
            Ok(None) => None,
            Err(reason) => {
                self.record(Unreadable {
                    name: format!("{}: {internal}", jdk.home().display()),
                    reason,
                });
                None
            }
        }
    }

    fn record(&self, u: Unreadable) {
        self.lookup_problems
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(u);
    }

    /// Resources that lookups by name could not read.
    pub fn lookup_problems(&self) -> Vec<Unreadable> {
        self.lookup_problems
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}
