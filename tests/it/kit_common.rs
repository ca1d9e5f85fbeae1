//! What the kit tests (`tests/kit.rs`, `tests/cards.rs`) share: the bundled
//! definitions and the binary as a user runs it from the project folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tavolo::kit;

/// The bundled kit definitions.
pub fn templates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")
}

/// A bundled kit by name, loaded as the CLI loads it.
pub fn load(name: &str) -> kit::Kit {
    kit::model::load(&templates().join(format!("{name}.toml"))).unwrap()
}

/// Run `tavolo ARGS` in the project folder.
pub fn tavolo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}
