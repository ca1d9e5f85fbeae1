//! Compiles the bundled kits into the binary: writes `$OUT_DIR/bundled.rs`, a
//! sorted table of every `templates/**/*.toml` and `templates/**/*.svg`, each
//! as `(path under templates/ with '/', include_str!(its absolute path))`.
//! `src/kit/bundled.rs` includes it. A file added under templates/ joins the
//! table at the next build (cargo rescans the folder); a file edited there
//! rebuilds the crate through include_str!.
//!
//! The rules pages likewise: `$OUT_DIR/rules.rs` tables every
//! `docs/rules/*.md` as `(file stem, its text)` for `tavolo rules`
//! (`src/cli/rules.rs`), so an installed tavolo carries them; `IT_PAGES` the
//! same of `docs/it/rules/*.md`, the pages translated into Italian so far.

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

    let out_rules = rules_table(&manifest, &["docs", "rules"], "PAGES");
    let it_rules = rules_table(&manifest, &["docs", "it", "rules"], "IT_PAGES");
    std::fs::write(out.join("rules.rs"), out_rules + &it_rules)
        .expect("cannot write $OUT_DIR/rules.rs");
}

/// The table `name` of the rules pages under `dir` (relative to the crate):
/// `(file stem, include_str!(the page))`, sorted; empty when the folder is
/// missing (a language with no page translated yet).
fn rules_table(manifest: &std::ffi::OsStr, dir: &[&str], name: &str) -> String {
    let rel = dir.join("/");
    println!("cargo::rerun-if-changed={rel}");
    let mut root = PathBuf::from(manifest);
    root.extend(dir);
    let mut pages: Vec<(String, PathBuf)> = match std::fs::read_dir(&root) {
        Ok(entries) => entries
            .map(|e| e.expect("a readable rules folder entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .map(|p| {
                let stem = p.file_stem().and_then(|s| s.to_str()).expect("UTF-8 names");
                (stem.to_string(), p.clone())
            })
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && name != "PAGES" => Vec::new(),
        Err(e) => panic!("{}: {e}", root.display()),
    };
    pages.sort();
    let mut table = format!(
        "/// Every rules page of {rel}/: (its file stem; its markdown), sorted.\n\
         static {name}: &[(&str, &str)] = &[\n"
    );
    for (stem, abs) in &pages {
        let abs = abs.to_str().expect("rules pages' paths are UTF-8");
        table.push_str(&format!("    ({stem:?}, include_str!({abs:?})),\n"));
    }
    table.push_str("];\n");
    table
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
