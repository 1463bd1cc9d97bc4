//! One opened input of a [`crate::ClassSource`]: a class directory or a jar, with a
//! by-name lookup and an enumeration that both follow the naming rules of
//! [`crate::resource`] (multi-release selection, `module-info`/`package-info` skipped).
//! A jar's central directory is indexed once when it is opened; entries are read lazily.

use std::collections::HashMap;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{io, jar, ClasspathError};
use crate::raw::{read_dir_files, Unreadable};
use crate::resource::{classify, is_multi_release_manifest, ResourceKind};

/// One class as an input stores it.
#[derive(Debug, Clone)]
pub struct SourceClass {
    /// Internal name derived from the resource path (`com/x/Foo`).
    pub internal: String,
    /// The resource as stored (`com/x/Foo.class`, `META-INF/versions/11/com/x/Foo.class`).
    pub stored: String,
    pub bytes: Vec<u8>,
}

/// Every class of one input, and the resources that could not be read.
#[derive(Debug, Default)]
pub struct InputClasses {
    pub classes: Vec<SourceClass>,
    pub unreadable: Vec<Unreadable>,
}

pub(crate) enum Container {
    Dir(PathBuf),
    Jar(Jar),
}

pub(crate) struct Jar {
    path: PathBuf,
    archive: Mutex<zip::ZipArchive<File>>,
    /// Internal name → index of the chosen zip entry (base or best versioned layer).
    chosen: HashMap<String, usize>,
    /// Internal names in the order of their first entry in the jar.
    order: Vec<String>,
}

impl Container {
    /// Opens `path` (a directory, else a jar) for classes of `release` (`None`: base layer).
    pub(crate) fn open(path: &Path, release: Option<u32>) -> Result<Container, ClasspathError> {
        if path.is_dir() {
            return Ok(Container::Dir(path.to_path_buf()));
        }
        Jar::open(path, release).map(Container::Jar)
    }

    /// The bytes and stored name of class `internal`, if this input has it.
    pub(crate) fn find(&self, internal: &str) -> Option<Result<(String, Vec<u8>), Unreadable>> {
        match self {
            Container::Dir(root) => {
                let stored = format!("{internal}.class");
                if !matches!(classify(&stored), ResourceKind::Class(_)) {
                    return None;
                }
                let path = root.join(&stored);
                if !path.is_file() {
                    return None;
                }
                Some(
                    std::fs::read(&path)
                        .map(|b| (stored.clone(), b))
                        .map_err(|e| Unreadable {
                            name: stored,
                            reason: e.to_string(),
                        }),
                )
            }
            Container::Jar(j) => j.chosen.get(internal).map(|&i| j.read(i)),
        }
    }

    /// Every class of the input.
    pub(crate) fn read_all(&self) -> Result<InputClasses, ClasspathError> {
        match self {
            Container::Dir(root) => read_dir(root),
            Container::Jar(j) => {
                let mut out = InputClasses::default();
                for internal in &j.order {
                    match j.read(j.chosen[internal]) {
                        Ok((stored, bytes)) => out.classes.push(SourceClass {
                            internal: internal.clone(),
                            stored,
                            bytes,
                        }),
                        Err(u) => out.unreadable.push(u),
                    }
                }
                Ok(out)
            }
        }
    }

    /// Internal names of every class of the input, without reading them.
    pub(crate) fn names(&self) -> Result<Vec<String>, ClasspathError> {
        match self {
            Container::Dir(root) => Ok(read_dir(root)?
                .classes
                .into_iter()
                .map(|c| c.internal)
                .collect()),
            Container::Jar(j) => Ok(j.order.clone()),
        }
    }
}

impl Jar {
    fn open(path: &Path, release: Option<u32>) -> Result<Jar, ClasspathError> {
        let file = File::open(path).map_err(|e| io(path, e))?;
        let mut archive = zip::ZipArchive::new(file).map_err(|e| jar(path, e))?;
        let multi_release = release.is_some() && {
            let mut text = String::new();
            archive
                .by_name("META-INF/MANIFEST.MF")
                .ok()
                .and_then(|mut m| m.read_to_string(&mut text).ok())
                .is_some()
                && is_multi_release_manifest(&text)
        };
        let mut chosen: HashMap<String, (u32, usize)> = HashMap::new();
        let mut order = Vec::new();
        for i in 0..archive.len() {
            let Some(name) = archive.name_for_index(i) else {
                continue;
            };
            let (layer, internal) = match classify(name) {
                ResourceKind::Class(internal) => (0, internal),
                ResourceKind::Versioned {
                    release: r,
                    internal,
                } if multi_release && release.is_some_and(|max| r <= max) => (r, internal),
                _ => continue,
            };
            match chosen.get_mut(internal) {
                Some(slot) => {
                    if layer > slot.0 {
                        *slot = (layer, i);
                    }
                }
                None => {
                    chosen.insert(internal.to_string(), (layer, i));
                    order.push(internal.to_string());
                }
            }
        }
        Ok(Jar {
            path: path.to_path_buf(),
            archive: Mutex::new(archive),
            chosen: chosen.into_iter().map(|(k, (_, i))| (k, i)).collect(),
            order,
        })
    }

    fn read(&self, index: usize) -> Result<(String, Vec<u8>), Unreadable> {
        let mut archive = self.archive.lock().unwrap_or_else(|p| p.into_inner());
        let mut entry = archive.by_index(index).map_err(|e| Unreadable {
            name: format!("entry #{index} of {}", self.path.display()),
            reason: e.to_string(),
        })?;
        let name = entry.name().to_string();
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        match entry.read_to_end(&mut bytes) {
            Ok(_) => Ok((name, bytes)),
            Err(e) => Err(Unreadable {
                name,
                reason: e.to_string(),
            }),
        }
    }
}

/// Every base-layer class under `root`, sorted by path. Directories are never
/// multi-release (only jars are), so `META-INF/` is not looked into.
fn read_dir(root: &Path) -> Result<InputClasses, ClasspathError> {
    let is_class = |name: &str| matches!(classify(name), ResourceKind::Class(_));
    let files = read_dir_files(root, is_class)?;
    let classes = files
        .classes
        .into_iter()
        .map(|c| SourceClass {
            internal: c.name.strip_suffix(".class").unwrap_or(&c.name).to_string(),
            stored: c.name,
            bytes: c.bytes,
        })
        .collect();
    Ok(InputClasses {
        classes,
        unreadable: files.unreadable,
    })
}
