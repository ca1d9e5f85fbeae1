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
/// `session.rs` (the live session, `tavolo table`) and `details.rs` (each move's facts for `check --json`).
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
                n.ends_with("record.rs")
                    || ["scorer.rs", "draw.rs", "session.rs", "details.rs"].contains(&n)
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

/// Whether a game's module is an adapter or a view (records, the session, pictures, facts,
/// scores) rather than pure rules.
fn is_adapter(module: &str) -> bool {
    module.ends_with("record") || ["session", "draw", "details", "scorer"].contains(&module)
}

/// The sibling modules a file names through `super::`: `super::record::X`,
/// `use super::{draw, record::Y}`. Comments are left out.
fn super_uses(code: &str, siblings: &[String]) -> Vec<String> {
    let code: String = code
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (at, _) in code.match_indices("super::") {
        let rest = &code[at + "super::".len()..];
        let mut names = Vec::new();
        if let Some(group) = rest.strip_prefix('{') {
            // The names at the group's first level: after `{` and after each `,` there.
            let mut depth = 1;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 1 => break,
                    '}' => depth -= 1,
                    ',' if depth == 1 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start && depth == 1 => {
                        names.push(ident(&group[i..]));
                        start = false;
                    }
                    _ => start = false,
                }
            }
        } else {
            names.push(ident(rest));
        }
        out.extend(names.into_iter().filter(|n| siblings.contains(n)));
    }
    out.sort();
    out.dedup();
    out
}

/// Every folder of game modules: `src/games/<game>/` and the folders under it.
fn game_folders(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.push(path.clone());
            game_folders(&path, out);
        }
    }
    out.sort();
}

/// A cycle of `super::` imports through `from`, as the modules in order, if there is one.
fn cycle_through(
    from: &str,
    edges: &std::collections::BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let mut stack = vec![vec![from.to_string()]];
    let mut seen = std::collections::BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().unwrap();
        for next in edges.get(last).into_iter().flatten() {
            if next == from {
                let mut cycle = path.clone();
                cycle.push(from.to_string());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

/// Issue 23: the imports of a game's modules run one way, pure rules <- the record adapter
/// (`record.rs`) <- the session (`session.rs`) <- its views (`draw.rs`, `details.rs`,
/// `scorer.rs`), so no adapter or view takes part in an import circle (`record.rs` naming
/// `draw.rs` while `draw.rs` names `record.rs`). A game's type is its own drawer or scorer
/// where the view implements the trait, so the adapter registers it without importing it.
#[test]
fn the_adapters_and_views_of_a_game_import_in_no_circle() {
    let mut folders = Vec::new();
    game_folders(&src("games"), &mut folders);
    let mut adapters = 0;
    let mut circles = Vec::new();
    for folder in &folders {
        let files: Vec<PathBuf> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .collect();
        let stem = |p: &Path| p.file_stem().unwrap().to_string_lossy().to_string();
        // A module is a file or a folder beside them.
        let siblings: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
            .map(|p| stem(&p))
            .filter(|m| m != "mod" && m != "tests")
            .collect();
        let edges: std::collections::BTreeMap<String, Vec<String>> = files
            .iter()
            .filter(|f| siblings.contains(&stem(f)))
            .map(|f| {
                let uses = super_uses(&code_of(f), &siblings);
                (
                    stem(f),
                    uses.into_iter().filter(|u| *u != stem(f)).collect(),
                )
            })
            .collect();
        for module in edges.keys().filter(|m| is_adapter(m)) {
            adapters += 1;
            if let Some(cycle) = cycle_through(module, &edges) {
                circles.push(format!("{}: {}", folder.display(), cycle.join(" -> ")));
            }
        }
    }
    assert!(adapters >= 30, "only {adapters} adapters found");
    assert!(
        circles.is_empty(),
        "import circles through an adapter or view:\n{}",
        circles.join("\n")
    );
}

#[test]
fn super_uses_reads_paths_and_groups_but_not_comments() {
    let siblings: Vec<String> = ["record", "draw", "game", "board"]
        .map(String::from)
        .to_vec();
    let code = "use super::record::{a, b};\nuse super::{draw, game::{X, Y}, Z};\n\
                // super::board::B in a comment\nfn f() { super::board::g(); }\n";
    assert_eq!(
        super_uses(code, &siblings),
        ["board", "draw", "game", "record"]
    );
    assert_eq!(
        super_uses("use super::{Board, record};", &siblings),
        ["record"]
    );
}

/// Issue 23, one replay: every game's `check` (its `record.rs`) and picture (`draw.rs`)
/// replay a record through the session (src/games/replay.rs), not a move loop of their own.
/// Natura's duplicate records are left out: a duplicate game has no turns, so no session.
#[test]
fn every_check_and_drawer_replays_through_the_session() {
    let (mut checks, mut drawers) = (0, 0);
    for file in rust_files(&src("games")) {
        if file.ends_with("natura/duplicate/record.rs") {
            continue;
        }
        let code = code_of(&file);
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let counted = match name {
            "record.rs" if code.contains("fn check(") => &mut checks,
            "draw.rs" if code.contains("fn scene(") => &mut drawers,
            _ => continue,
        };
        assert!(
            code.contains("games::replay::"),
            "{} replays records without the session's replay",
            file.display()
        );
        *counted += 1;
    }
    assert_eq!((checks, drawers), (8, 8));
}
