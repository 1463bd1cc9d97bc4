//! The JDK's own classes (`java/util/AbstractList`…), read from the JDK the user runs,
//! so that hierarchies reach past application classes into the platform.
//!
//! Where they are: every JDK since 9 ships its classes in `lib/modules`, a jimage file
//! (also what the `jrt:/` file system reads). `jmods/*.jmod` (zip files behind a 4-byte
//! header) would be the alternative, but they are optional: Debian's JDK 17 ships them,
//! Temurin 25 does not (JEP 493 made them optional), while both ship `lib/modules`. So
//! the image is read, with the maintained `jimage-rs` crate (from the rusty-jvm project;
//! supports jimage 1.0, JDK 9–26, and 1.1, JDK 27+; compressed resources included).
//!
//! Fallback: when no JDK is found or its image cannot be read, a [`crate::ClassSource`]
//! simply has no JDK classes; the hierarchy then reports platform supertypes as missing
//! (see [`crate::Hierarchy::missing_supertypes`]) and answers from what it knows.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use jimage_rs::JImage;

use crate::error::ClasspathError;

/// The class image of one JDK.
pub struct JdkImage {
    home: PathBuf,
    image: JImage,
    /// Package (`java/util`) → module (`java.base`), built on the first miss in java.base.
    modules: OnceLock<HashMap<String, String>>,
}

impl std::fmt::Debug for JdkImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JdkImage")
            .field("home", &self.home)
            .finish()
    }
}

impl JdkImage {
    /// Opens `home/lib/modules`.
    pub fn open(home: &Path) -> Result<JdkImage, ClasspathError> {
        let path = home.join("lib").join("modules");
        let image = JImage::open(&path).map_err(|e| ClasspathError::Jdk {
            path: path.clone(),
            message: e.to_string(),
        })?;
        Ok(JdkImage {
            home: home.to_path_buf(),
            image,
            modules: OnceLock::new(),
        })
    }

    /// The image of the JDK in `home`, opened once per process and shared (its package map
    /// costs a scan of the image's names, ~25 ms, which every run would otherwise repeat).
    pub fn shared(home: &Path) -> Result<Arc<JdkImage>, ClasspathError> {
        static OPENED: OnceLock<Mutex<HashMap<PathBuf, Arc<JdkImage>>>> = OnceLock::new();
        let mut opened = OPENED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(image) = opened.get(home) {
            return Ok(image.clone());
        }
        let image = Arc::new(JdkImage::open(home)?);
        opened.insert(home.to_path_buf(), image.clone());
        Ok(image)
    }

    /// The JDK directory.
    pub fn home(&self) -> &Path {
        &self.home
    }

    /// Where class `internal` is in the image (`/java.base/java/lang/String.class`).
    pub fn location(&self, internal: &str) -> Option<String> {
        let package = internal.rsplit_once('/').map_or("", |(p, _)| p);
        // The hot packages need no package map (all three are java.base's, in every JDK).
        let module = if matches!(package, "java/lang" | "java/util" | "java/io") {
            "java.base"
        } else {
            self.modules().get(package)?.as_str()
        };
        Some(format!("/{module}/{internal}.class"))
    }

    /// The bytes of class `internal`; `Ok(None)` when the JDK has no such class.
    pub fn find(&self, internal: &str) -> Result<Option<Vec<u8>>, String> {
        let Some(location) = self.location(internal) else {
            return Ok(None);
        };
        self.image
            .find_resource(&location)
            .map(|r| r.map(|b| b.into_owned()))
            .map_err(|e| format!("{location}: {e}"))
    }

    fn modules(&self) -> &HashMap<String, String> {
        self.modules.get_or_init(|| {
            let mut map = HashMap::new();
            for name in self.image.resource_names_iter().flatten() {
                if name.extension == "class" && !name.module.is_empty() {
                    map.entry(name.parent.to_string())
                        .or_insert_with(|| name.module.to_string());
                }
            }
            map
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jdks() -> Vec<PathBuf> {
        ["java-17-openjdk-amd64", "temurin-25-jdk-amd64"]
            .iter()
            .map(|n| Path::new("/usr/lib/jvm").join(n))
            .chain(mimic_jvm::Jdk::locate().ok().map(|j| j.home))
            .filter(|h| h.join("lib/modules").is_file())
            .collect()
    }

    #[test]
    fn platform_classes_come_from_the_image() {
        let homes = jdks();
        assert!(!homes.is_empty(), "no JDK with lib/modules on this machine");
        for home in homes {
            let jdk = JdkImage::open(&home).unwrap();
            let list = jdk
                .find("java/util/AbstractList")
                .unwrap()
                .expect("AbstractList");
            assert_eq!(&list[..4], &[0xCA, 0xFE, 0xBA, 0xBE], "{}", home.display());
            // Outside java.base: found through the package map.
            assert_eq!(
                jdk.location("java/sql/Connection").as_deref(),
                Some("/java.sql/java/sql/Connection.class")
            );
            assert!(jdk.find("java/sql/Connection").unwrap().is_some());
            assert!(jdk.find("com/example/Nope").unwrap().is_none());
        }
    }

    #[test]
    fn a_directory_without_an_image_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let e = JdkImage::open(dir.path()).unwrap_err().to_string();
        assert!(e.contains("not a readable JDK image"), "{e}");
    }
}
