//! The layout rules of issue 15, checked on the source tree: a game's pure
//! rules do no I/O and know nothing of records, errors or JSON; the CLI names
//! no game; `record/` names no game.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn src(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir)
}

/// The code of a file without its `#[cfg(test)] mod tests` (tests may use anything).
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    match text.find("#[cfg(test)]") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Every file under a game's folder is pure except its adapters: `record.rs`
/// (records; a second record format in `<format>_record.rs`, as Natura's
/// `gcg_record.rs`), `scorer.rs` (`tavolo score`), `draw.rs` (`tavolo show`) and
/// `session.rs` (the live session, `tavolo table`).
#[test]
fn pure_rules_use_no_record_error_cli_json_or_io() {
    let forbidden = [
        "crate::record",
        "crate::error",
        "crate::cli",
        "serde_json",
        "std::fs",
        "println!",
        "eprintln!",
    ];
    let mut checked = 0;
    for game_dir in std::fs::read_dir(src("games")).unwrap() {
        let game_dir = game_dir.unwrap().path();
        if !game_dir.is_dir() {
            continue;
        }
        for file in rust_files(&game_dir) {
            if file.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.ends_with("record.rs") || ["scorer.rs", "draw.rs", "session.rs"].contains(&n)
            }) {
                continue;
            }
            let code = code_of(&file);
            for word in forbidden {
                assert!(
                    !code.contains(word),
                    "{} is pure rules but uses `{word}`",
                    file.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} pure files found");
}

#[test]
fn the_cli_and_record_name_no_game() {
    for (dir, words) in [
        ("cli", &["game == \"", "games::moon", "games::fruit"][..]),
        ("record", &["crate::games", "\"moon\"", "\"muro\""][..]),
    ] {
        for file in rust_files(&src(dir)) {
            let code = code_of(&file);
            for word in words {
                assert!(
                    !code.contains(word),
                    "{} names a game: `{word}`",
                    file.display()
                );
            }
        }
    }
}
