//! Compiles the bundled kits into the binary: writes `$OUT_DIR/bundled.rs`, a
//! sorted table of every `templates/**/*.toml` and `templates/**/*.svg`, each
//! as `(path under templates/ with '/', include_str!(its absolute path))`.
//! `src/kit/bundled.rs` includes it. A file added under templates/ joins the
//! table at the next build (cargo rescans the folder); a file edited there
//! rebuilds the crate through include_str!.
//!
//! The rules pages likewise: `$OUT_DIR/rules.rs` tables every
//! `docs/rules/*.md` as `(file stem, its text)` for `tavolo rules`
//! (`src/cli/rules.rs`), so an installed tavolo carries them.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=templates");
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("templates");
    let mut files = Vec::new();
    walk(&root, "", &mut files);
    files.sort();

    let mut table = String::from(
        "/// Every bundled file: (its path under templates/, with `/`; its text), sorted.\n\
         static FILES: &[(&str, &str)] = &[\n",
    );
    for (rel, abs) in &files {
        let abs = abs.to_str().expect("templates/ paths are UTF-8");
        table.push_str(&format!("    ({rel:?}, include_str!({abs:?})),\n"));
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("bundled.rs"), table).expect("cannot write $OUT_DIR/bundled.rs");

    println!("cargo::rerun-if-changed=docs/rules");
    let rules = Path::new(&manifest).join("docs").join("rules");
    let mut pages: Vec<(String, PathBuf)> = std::fs::read_dir(&rules)
        .unwrap_or_else(|e| panic!("{}: {e}", rules.display()))
        .map(|e| e.expect("a readable docs/rules/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).expect("UTF-8 names");
            (stem.to_string(), p.clone())
        })
        .collect();
    pages.sort();
    let mut table = String::from(
        "/// Every rules page: (its file stem under docs/rules/; its markdown), sorted.\n\
         static PAGES: &[(&str, &str)] = &[\n",
    );
    for (stem, abs) in &pages {
        let abs = abs.to_str().expect("docs/rules/ paths are UTF-8");
        table.push_str(&format!("    ({stem:?}, include_str!({abs:?})),\n"));
    }
    table.push_str("];\n");
    std::fs::write(out.join("rules.rs"), table).expect("cannot write $OUT_DIR/rules.rs");
}

/// The kit files (`.toml`, `.svg`) under `dir`, hidden files skipped.
fn walk(dir: &Path, prefix: &str, files: &mut Vec<(String, PathBuf)>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable templates/ entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("templates/ file names are UTF-8")
            .to_string();
        if name.starts_with('.') {
            continue;
        }
        let rel = format!("{prefix}{name}");
        if path.is_dir() {
            walk(&path, &format!("{rel}/"), files);
        } else if name.ends_with(".toml") || name.ends_with(".svg") {
            files.push((rel, path));
        }
    }
}
