//! The rules docs (`docs/rules/`) explain every ruling id tavolo can cite.
//!
//! Verdicts cite ruling ids such as `MN-3` or `DF-2`; a player with a clone must be
//! able to look each one up. These tests walk every `.rs` file under `src/` (new
//! folders included), collect the ids they mention, and check that the docs name
//! each one, list it in the index of `docs/rules/README.md`, and that every index
//! entry points at a heading that explains it. Std only: no regex crate, so the
//! id pattern `\b(FR|SF|DF|...)-[0-9]+\b` is matched by hand in [`ruling_ids`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The ruling families: fruit tiles, Scalafrutta, Domino, Il Muro, Mosaico, MOON,
/// Quincunx, Natura Shakerata, Farfalia, all games.
const FAMILIES: [&str; 10] = ["FR", "SF", "DF", "MU", "MO", "MN", "QX", "NS", "FA", "GN"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rules_dir() -> PathBuf {
    root().join("docs").join("rules")
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Every ruling id in `text` that stands as a whole word, with its 1-based line:
/// `MN-2 (rule 5)` and `SF-1..SF-6` count; `XMN-2`, `MN-2a` and `MN-` do not.
fn ruling_ids(text: &str) -> Vec<(String, usize)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut line = 1;
    for i in 0..b.len() {
        if b[i] == b'\n' {
            line += 1;
            continue;
        }
        if i > 0 && is_word(b[i - 1]) {
            continue;
        }
        let Some(family) = FAMILIES
            .iter()
            .find(|f| b[i..].starts_with(f.as_bytes()) && b.get(i + 2) == Some(&b'-'))
        else {
            continue;
        };
        let digits = b[i + 3..].iter().take_while(|c| c.is_ascii_digit()).count();
        let end = i + 3 + digits;
        if digits == 0 || b.get(end).is_some_and(|&c| is_word(c)) {
            continue;
        }
        found.push((format!("{family}-{}", &text[i + 3..end]), line));
    }
    found
}

/// Whether `id` occurs in `text` as a whole word.
fn mentions(text: &str, id: &str) -> bool {
    ruling_ids(text).iter().any(|(i, _)| i == id)
}

/// Every file under `dir` whose name ends with `ext`, walking every subfolder,
/// sorted so failures list in a stable order.
fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries =
            fs::read_dir(&d).unwrap_or_else(|e| panic!("cannot list {}: {e}", d.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == ext) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Each ruling id cited in `src/`, with the places that cite it (`file:line`).
fn source_ids() -> BTreeMap<String, Vec<String>> {
    let mut ids: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files_under(&root().join("src"), "rs") {
        for (id, line) in ruling_ids(&read(&file)) {
            ids.entry(id)
                .or_default()
                .push(format!("{}:{line}", relative(&file)));
        }
    }
    ids
}

/// The Italian pages: `docs/it/rules/`, the same file names as `docs/rules/`.
fn it_rules_dir() -> PathBuf {
    root().join("docs").join("it").join("rules")
}

/// The pages of `docs/rules/` (every `.md` there), by file name, with their text.
fn pages() -> BTreeMap<String, String> {
    pages_in(&rules_dir())
}

/// The pages translated into Italian so far (none when the folder is missing).
fn it_pages() -> BTreeMap<String, String> {
    if it_rules_dir().is_dir() {
        pages_in(&it_rules_dir())
    } else {
        BTreeMap::new()
    }
}

/// The pages of `dir` (every `.md` there), by file name, with their text.
fn pages_in(dir: &Path) -> BTreeMap<String, String> {
    files_under(dir, "md")
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(dir)
                .expect("under the rules folder")
                .to_string_lossy()
                .replace('\\', "/");
            let text = read(&p);
            (name, text)
        })
        .collect()
}

/// The lines of a Markdown text outside fenced code blocks.
fn prose_lines(text: &str) -> Vec<&str> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push(line);
        }
    }
    out
}

/// The text of each heading (`## MN-3: ...` gives `MN-3: ...`).
fn headings(text: &str) -> Vec<&str> {
    prose_lines(text)
        .into_iter()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .collect()
}

/// The text of each bold label (`**MN-3 ...**`).
fn bold_labels(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for line in prose_lines(text) {
        let mut parts = line.split("**");
        parts.next();
        while let Some(inside) = parts.next() {
            out.push(inside);
            parts.next();
        }
    }
    out
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, punctuation
/// other than `-` and `_` dropped (`MN-2: where (rules 3-6)` -> `mn-2-where-rules-3-6`).
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Whether a page explains `id`: a heading or a bold label that names it.
fn explains(page: &str, id: &str) -> bool {
    headings(page)
        .into_iter()
        .chain(bold_labels(page))
        .any(|h| mentions(h, id))
}

/// One row of the index of rulings: the id and the link it points at.
#[derive(Debug)]
struct Entry {
    id: String,
    page: String,
    anchor: Option<String>,
    line: usize,
}

/// The rows of the table under `## Index of rulings` in `docs/rules/README.md`,
/// each `| [MN-3](moon.md#mn-3-...) | ... |`.
fn index() -> Vec<Entry> {
    index_of(&read(&rules_dir().join("README.md")), "## Index of rulings")
}

/// The rows of the table under the heading `section` of the index `readme`.
fn index_of(readme: &str, section: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut inside = false;
    for (n, line) in readme.lines().enumerate() {
        if line.starts_with("## ") {
            inside = line.trim() == section;
            continue;
        }
        let Some(row) = line.strip_prefix("| [").filter(|_| inside) else {
            continue;
        };
        let (id, rest) = row.split_once("](").unwrap_or_else(|| {
            panic!(
                "README.md:{}: an index row is `| [ID](page#anchor) | ...`",
                n + 1
            )
        });
        let (target, _) = rest
            .split_once(')')
            .unwrap_or_else(|| panic!("README.md:{}: unclosed link", n + 1));
        let (page, anchor) = match target.split_once('#') {
            Some((p, a)) => (p.to_string(), Some(a.to_string())),
            None => (target.to_string(), None),
        };
        entries.push(Entry {
            id: id.to_string(),
            page,
            anchor,
            line: n + 1,
        });
    }
    entries
}

#[test]
fn the_id_pattern_matches_whole_words_only() {
    let ids = |t: &str| -> Vec<String> { ruling_ids(t).into_iter().map(|(i, _)| i).collect() };
    assert_eq!(ids("\"MN-2 (rule 5)\""), ["MN-2"]);
    assert_eq!(ids("RULINGS SF-1..SF-6;"), ["SF-1", "SF-6"]);
    assert_eq!(ids("QX-10, FA-11 and GN-1."), ["QX-10", "FA-11", "GN-1"]);
    assert_eq!(ids("(DF-1's direction -1)"), ["DF-1"]);
    assert!(ids("XMN-2 MN-2a MN_2 MN- mn-2 ZZ-3 MN-2_x").is_empty());
    assert_eq!(ruling_ids("a\nb MO-5")[0], ("MO-5".to_string(), 2));
    assert_eq!(
        anchor("MN-2: where a tile may go (sheet rules 3-6)"),
        "mn-2-where-a-tile-may-go-sheet-rules-3-6"
    );
    assert_eq!(
        anchor("DF-7: which touched tiles must match (option `loose-contact`)"),
        "df-7-which-touched-tiles-must-match-option-loose-contact"
    );
}

#[test]
fn every_ruling_id_in_the_source_is_in_the_rules_docs() {
    let src = source_ids();
    // The walk must see the source: today's games cite these (a guard against
    // a silently empty scan).
    for id in ["FR-1", "MN-2", "DF-2", "SF-5"] {
        assert!(src.contains_key(id), "the scan of src/ found no {id}");
    }
    let docs: String = pages().into_values().collect::<Vec<_>>().join("\n");
    let missing: Vec<String> = src
        .iter()
        .filter(|(id, _)| !mentions(&docs, id))
        .map(|(id, at)| format!("{id} (cited at {})", at.join(", ")))
        .collect();
    assert!(
        missing.is_empty(),
        "ruling ids cited in src/ but not found (as a whole word) in docs/rules/:\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn every_ruling_id_in_the_source_is_in_the_index() {
    let indexed: BTreeSet<String> = index().into_iter().map(|e| e.id).collect();
    let missing: Vec<String> = source_ids()
        .into_iter()
        .filter(|(id, _)| !indexed.contains(id))
        .map(|(id, at)| format!("{id} (cited at {})", at[0]))
        .collect();
    assert!(
        missing.is_empty(),
        "ruling ids cited in src/ but missing from the index of docs/rules/README.md:\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn every_index_entry_points_at_its_explanation() {
    let pages = pages();
    let entries = index();
    assert!(
        entries.len() >= 50,
        "the index of rulings has {} rows; is the table under `## Index of rulings`?",
        entries.len()
    );
    let mut seen = BTreeSet::new();
    let mut wrong = Vec::new();
    for e in &entries {
        let at = format!("README.md:{}: {}", e.line, e.id);
        if ruling_ids(&e.id).len() != 1 || ruling_ids(&e.id)[0].0 != e.id {
            wrong.push(format!("{at}: not a ruling id"));
            continue;
        }
        if !seen.insert(e.id.clone()) {
            wrong.push(format!("{at}: listed twice"));
        }
        let Some(page) = pages.get(&e.page).filter(|_| e.page != "README.md") else {
            wrong.push(format!("{at}: no rules page `{}`", e.page));
            continue;
        };
        match &e.anchor {
            Some(a) => match headings(page).into_iter().find(|h| anchor(h) == *a) {
                None => wrong.push(format!("{at}: {} has no heading #{a}", e.page)),
                Some(h) if !mentions(h, &e.id) => {
                    wrong.push(format!("{at}: the heading `{h}` does not name {}", e.id))
                }
                Some(_) => {}
            },
            None if !explains(page, &e.id) => wrong.push(format!(
                "{at}: {} has no heading or bold label naming it",
                e.page
            )),
            None => {}
        }
    }
    assert!(
        wrong.is_empty(),
        "index of rulings:\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn every_explained_ruling_is_in_the_index() {
    let indexed: BTreeSet<String> = index().into_iter().map(|e| e.id).collect();
    let mut missing = BTreeSet::new();
    for (name, text) in pages().iter().filter(|(n, _)| *n != "README.md") {
        for label in headings(text).into_iter().chain(bold_labels(text)) {
            for (id, _) in ruling_ids(label) {
                if !indexed.contains(&id) {
                    missing.insert(format!("{id} ({name})"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rulings explained on a page but missing from the index:\n  {}",
        missing.into_iter().collect::<Vec<_>>().join("\n  ")
    );
}

#[test]
fn links_in_the_rules_docs_resolve() {
    let pages = pages();
    let mut broken = Vec::new();
    for (name, text) in &pages {
        for (n, line) in text.lines().enumerate() {
            for part in line.split("](").skip(1) {
                let Some((target, _)) = part.split_once(')') else {
                    continue;
                };
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, fragment) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target, None),
                };
                let at = format!("docs/rules/{name}:{}: ({target})", n + 1);
                let linked = if file.is_empty() {
                    Some(text)
                } else if !rules_dir().join(file).exists() {
                    broken.push(format!("{at}: no such file"));
                    continue;
                } else {
                    pages.get(file)
                };
                // Anchors are checked on the rules pages; elsewhere only the file.
                if let (Some(page), Some(a)) = (linked, fragment) {
                    if !headings(page).into_iter().any(|h| anchor(h) == a) {
                        broken.push(format!("{at}: no heading #{a}"));
                    }
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "broken links:\n  {}",
        broken.join("\n  ")
    );
}

/// The ruling ids a page explains: named by a heading or a bold label.
fn explained(text: &str) -> BTreeSet<String> {
    headings(text)
        .into_iter()
        .chain(bold_labels(text))
        .flat_map(|l| ruling_ids(l).into_iter().map(|(id, _)| id))
        .collect()
}

/// Every Italian page present (docs/it/rules/, issue 42) is the twin of an
/// English page and explains exactly the ruling ids its English page
/// explains, so `tavolo rules MN-3` in Italian finds its section; a page not
/// yet translated is simply absent (the English one is shown).
#[test]
fn every_italian_page_explains_the_rulings_of_its_english_page() {
    let english = pages();
    let italian = it_pages();
    // The walk must see the Italian pages translated so far.
    for name in ["README.md", "moon.md", "natura-shakerata.md", "farfalia.md"] {
        assert!(
            italian.contains_key(name),
            "docs/it/rules/{name} is missing"
        );
    }
    let mut wrong = Vec::new();
    for (name, text) in italian.iter().filter(|(n, _)| *n != "README.md") {
        let Some(en) = english.get(name) else {
            wrong.push(format!(
                "docs/it/rules/{name}: no English page of that name"
            ));
            continue;
        };
        let (want, got) = (explained(en), explained(text));
        for id in want.difference(&got) {
            wrong.push(format!("docs/it/rules/{name}: {id} is not explained"));
        }
        for id in got.difference(&want) {
            wrong.push(format!(
                "docs/it/rules/{name}: {id} is not on the English page"
            ));
        }
    }
    assert!(wrong.is_empty(), "Italian pages:\n  {}", wrong.join("\n  "));
}

/// The Italian index lists every ruling id of the English index, once, each
/// pointing at the heading that explains it: on the Italian page where it is
/// translated, else on the English one (`../../rules/PAGE#anchor`).
#[test]
fn the_italian_index_points_at_every_ruling() {
    let english = pages();
    let italian = it_pages();
    let readme = &italian["README.md"];
    let entries = index_of(readme, "## Indice delle decisioni");
    let want: Vec<String> = index().into_iter().map(|e| e.id).collect();
    let got: Vec<String> = entries.iter().map(|e| e.id.clone()).collect();
    assert_eq!(got, want, "the Italian index's ids, in the English order");
    let mut wrong = Vec::new();
    for e in &entries {
        let at = format!("docs/it/rules/README.md:{}: {}", e.line, e.id);
        let page = match e.page.strip_prefix("../../rules/") {
            Some(en) => {
                if italian.contains_key(en) {
                    wrong.push(format!("{at}: {en} is translated; link the Italian page"));
                }
                english.get(en)
            }
            None => italian.get(&e.page).filter(|_| e.page != "README.md"),
        };
        let Some(page) = page else {
            wrong.push(format!("{at}: no rules page `{}`", e.page));
            continue;
        };
        let a = e.anchor.clone().unwrap_or_default();
        match headings(page).into_iter().find(|h| anchor(h) == a) {
            None => wrong.push(format!("{at}: {} has no heading #{a}", e.page)),
            Some(h) if !mentions(h, &e.id) => {
                wrong.push(format!("{at}: the heading `{h}` does not name {}", e.id))
            }
            Some(_) => {}
        }
    }
    assert!(wrong.is_empty(), "Italian index:\n  {}", wrong.join("\n  "));
}

/// Links in the Italian pages resolve: files from docs/it/rules/, anchors on
/// the rules pages (Italian or English).
#[test]
fn links_in_the_italian_rules_resolve() {
    let english = pages();
    let italian = it_pages();
    let mut broken = Vec::new();
    for (name, text) in &italian {
        for (n, line) in text.lines().enumerate() {
            for part in line.split("](").skip(1) {
                let Some((target, _)) = part.split_once(')') else {
                    continue;
                };
                if target.contains("://") {
                    continue;
                }
                let (file, fragment) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target, None),
                };
                let at = format!("docs/it/rules/{name}:{}: ({target})", n + 1);
                let linked = if file.is_empty() {
                    Some(text)
                } else if !it_rules_dir().join(file).exists() {
                    broken.push(format!("{at}: no such file"));
                    continue;
                } else if let Some(en) = file.strip_prefix("../../rules/") {
                    if italian.contains_key(en) {
                        broken.push(format!("{at}: {en} is translated; link the Italian page"));
                    }
                    english.get(en)
                } else {
                    italian.get(file)
                };
                if let (Some(page), Some(a)) = (linked, fragment) {
                    if !headings(page).into_iter().any(|h| anchor(h) == a) {
                        broken.push(format!("{at}: no heading #{a}"));
                    }
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "broken links:\n  {}",
        broken.join("\n  ")
    );
}
