//! The native libraries that ship beside the `mimic` executable: the capture agent
//! (`libmimic_agent.so`), the clock shifter for `verify --perturb`
//! (`libmimic_timeshift.so`) and the thread stopper of `mutate`'s and `verify`'s test JVMs
//! (`libmimic_stopper.so`). Cargo builds them into the target directory because the CLI
//! depends on their crates.

use std::path::{Path, PathBuf};

/// The library `chosen` names (a flag), else the one `$variable` names, else the newest
/// `<prefix><stem><suffix>` beside the mimic executable or in its `deps/` directory; or
/// why there is none (`what` names it in messages, `crate_name` says how to build it).
pub fn library(
    chosen: Option<PathBuf>,
    variable: &str,
    what: &str,
    stem: &str,
    crate_name: &str,
) -> anyhow::Result<PathBuf> {
    if let Some(p) = chosen.or_else(|| std::env::var_os(variable).map(PathBuf::from)) {
        if !p.is_file() {
            anyhow::bail!("{}: no such {what}", p.display());
        }
        return Ok(if p.is_absolute() {
            p
        } else {
            std::env::current_dir()?.join(p)
        });
    }
    beside_mimic(stem, crate_name, variable)
}

/// `libmimic_stopper.so` (`$MIMIC_STOPPER`, else beside mimic), which the test JVMs of
/// Java 20+ load to stop a test past its budget (before 20, `Thread.stop` does).
pub fn stopper() -> anyhow::Result<PathBuf> {
    library(
        None,
        "MIMIC_STOPPER",
        "thread-stopping agent",
        "mimic_stopper",
        "mimic-stopper",
    )
}

/// The newest `<prefix><stem><suffix>` beside the mimic executable or in its `deps/`
/// directory, or why there is none (`crate_name` says how to build it).
fn beside_mimic(stem: &str, crate_name: &str, variable: &str) -> anyhow::Result<PathBuf> {
    let exe = std::env::current_exe()
        .map_err(|e| anyhow::anyhow!("locating the mimic executable: {e}"))?;
    let dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    let name = format!(
        "{}{stem}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    [dir.join(&name), dir.join("deps").join(&name)]
        .into_iter()
        .filter_map(|p| {
            let modified = p.metadata().and_then(|m| m.modified()).ok()?;
            Some((modified, p))
        })
        .max()
        .map(|(_, p)| p)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{name} not found beside {} (build it with `cargo build -p {crate_name}`, or set {variable})",
                exe.display()
            )
        })
}
