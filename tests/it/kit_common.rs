//! What the kit tests (`tests/kit.rs`, `tests/cards.rs`) share: the bundled
//! definitions and the binary as a user runs it from the project folder, or
//! installed elsewhere and run from a folder of their own.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tavolo::kit;

/// The bundled kit definitions, as checked out (the binary holds a copy).
pub fn templates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")
}

/// A bundled kit by name, loaded as the CLI loads it.
pub fn load(name: &str) -> kit::Kit {
    kit::model::load(&templates().join(format!("{name}.toml"))).unwrap()
}

/// Run `tavolo ARGS` in the project folder.
pub fn tavolo(args: &[&str]) -> Output {
    tavolo_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Run `tavolo ARGS` in the folder `dir`.
pub fn tavolo_in(dir: &Path, args: &[&str]) -> Output {
    run(Path::new(env!("CARGO_BIN_EXE_tavolo")), dir, args)
}

/// Run the binary `exe` with `ARGS` in the folder `dir`.
pub fn run(exe: &Path, dir: &Path, args: &[&str]) -> Output {
    Command::new(exe)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// A copy of the binary in `dir/bin/`, as `cargo install` would put it.
pub fn installed_copy(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let exe = bin.join(Path::new(env!("CARGO_BIN_EXE_tavolo")).file_name().unwrap());
    std::fs::copy(env!("CARGO_BIN_EXE_tavolo"), &exe).unwrap();
    exe
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}
