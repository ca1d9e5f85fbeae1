//! The fixture runner: every record under `tests/fixtures/<game>/` is checked
//! against the expectation in its own `[meta]` table (which the referee
//! ignores), so a new game adds files only.
//!
//! `[meta]` keys: `expect` = `complete` | `legal-so-far` | `illegal` |
//! `unreadable`; for the last two the stable `code`, the `line` and `column`
//! the verdict points at, and for `illegal` the `move` number (and optionally
//! a ruling id the `rule` must name). Optional for a judged record: `winner`,
//! `losers`, `eliminated`, `annulled`, `solved`, `to_move`, `scores` (in seat
//! order), `notes` (each contained in a note, in this order), `note`, `reason` (contained
//! in the result's reason). `expected-codes.txt` in a game's folder lists the
//! codes its fixtures must cover, one a line.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tavolo::games::check::check_file;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The `[meta]` table, read on its own so that a fixture that is not valid
/// TOML (on purpose) still states what it expects.
fn meta_of(text: &str, name: &str) -> toml::Table {
    let start = text
        .find("\n[meta]\n")
        .map(|i| i + 1)
        .or(text.starts_with("[meta]\n").then_some(0))
        .unwrap_or_else(|| panic!("{name}: no [meta] table"));
    let body = &text[start + "[meta]\n".len()..];
    let end = body.find("\n[").map_or(body.len(), |i| i + 1);
    toml::from_str(&body[..end]).unwrap_or_else(|e| panic!("{name}: bad [meta]: {e}"))
}

fn strings(v: &toml::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn json_strings(v: &Value) -> Vec<String> {
    v.as_array().map_or(Vec::new(), |a| {
        a.iter().map(|s| s.as_str().unwrap().to_string()).collect()
    })
}

/// Checks one fixture against its `[meta]`; returns the code it covers, if any.
fn check_fixture(path: &Path) -> Option<String> {
    let name = path.strip_prefix(root()).unwrap().display().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let meta = meta_of(&text, &name);
    let expect = meta["expect"].as_str().unwrap();
    let report = check_file(path);
    let exit = report.exit_code();
    let rec = serde_json::to_value(&report).unwrap();
    assert_eq!(rec["status"], expect, "{name}: {rec:#}");
    let int = |k: &str| {
        meta.get(k)
            .and_then(|v| v.as_integer())
            .unwrap_or_else(|| panic!("{name}: [meta] needs `{k}`"))
    };
    let code = meta.get("code").map(|c| c.as_str().unwrap().to_string());
    match expect {
        "illegal" => {
            assert_eq!(exit, 1, "{name}");
            let ill = &rec["illegal"];
            assert_eq!(ill["code"].as_str(), code.as_deref(), "{name}");
            assert_eq!(ill["number"], int("move"), "{name}");
            assert_eq!(ill["line"], int("line"), "{name}");
            assert_eq!(ill["column"], int("column"), "{name}");
            assert!(!ill["message"].as_str().unwrap().is_empty(), "{name}");
            let rule = ill["rule"].as_str().unwrap();
            assert!(!rule.is_empty(), "{name}");
            if let Some(want) = meta.get("rule") {
                let want = want.as_str().unwrap();
                assert!(rule.contains(want), "{name}: rule {rule:?} lacks {want}");
            }
        }
        "unreadable" => {
            assert_eq!(exit, 2, "{name}");
            let err = &rec["error"];
            assert_eq!(err["code"].as_str(), code.as_deref(), "{name}: {err:#}");
            assert_eq!(err["line"], int("line"), "{name}: {err:#}");
            assert_eq!(err["column"], int("column"), "{name}: {err:#}");
            return code;
        }
        "legal-so-far" | "complete" => assert_eq!(exit, 0, "{name}"),
        other => panic!("{name}: unknown expectation {other}"),
    }
    if expect == "legal-so-far" {
        assert!(
            rec["result"].is_null(),
            "{name}: a game legal so far has no result"
        );
    }
    if let Some(who) = meta.get("to_move") {
        assert_eq!(rec["to_move"], who.as_str().unwrap(), "{name}");
    }
    let result = &rec["result"];
    // A complete game always states its winner (or that there is none).
    if expect == "complete" || meta.contains_key("winner") {
        assert_eq!(
            result["winner"].as_str(),
            meta.get("winner").and_then(|w| w.as_str()),
            "{name}"
        );
    }
    for key in ["losers", "eliminated"] {
        if let Some(want) = meta.get(key) {
            assert_eq!(json_strings(&result[key]), strings(want), "{name}: {key}");
        }
    }
    if let Some(annulled) = meta.get("annulled") {
        assert_eq!(result["annulled"].as_bool(), annulled.as_bool(), "{name}");
    }
    if let Some(solved) = meta.get("solved") {
        assert_eq!(result["solved"].as_bool(), solved.as_bool(), "{name}");
    }
    if let Some(scores) = meta.get("scores") {
        let got: Vec<i64> = result["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["points"].as_i64().unwrap())
            .collect();
        let want: Vec<i64> = scores
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_integer().unwrap())
            .collect();
        assert_eq!(got, want, "{name}");
    }
    let notes = json_strings(&rec["notes"]);
    let mut want_notes = meta.get("notes").map(strings).unwrap_or_default();
    want_notes.extend(meta.get("note").map(|n| n.as_str().unwrap().to_string()));
    // The wanted notes appear in this order (each contained in a note).
    let mut rest = notes.iter();
    for want in want_notes {
        assert!(
            rest.any(|n| n.contains(&want)),
            "{name}: no note with {want:?}, in this order, in {notes:?}"
        );
    }
    if let Some(reason) = meta.get("reason") {
        let reason = reason.as_str().unwrap();
        let got = result["reason"].as_str().unwrap_or_default();
        assert!(
            got.contains(reason),
            "{name}: reason {got:?} lacks {reason:?}"
        );
    }
    code
}

/// Every registered game's folder under tests/fixtures, every record in it.
#[test]
fn every_fixture_gives_the_verdict_its_meta_states() {
    let mut checked = 0;
    for game in tavolo::games::names() {
        let dir = root().join(game);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("tests/fixtures/{game}/: {e}"))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{game}: no fixtures");
        let covered: Vec<String> = files.iter().filter_map(|f| check_fixture(f)).collect();
        checked += files.len();
        let list = std::fs::read_to_string(dir.join("expected-codes.txt")).unwrap_or_default();
        for code in list.lines().map(str::trim) {
            if code.is_empty() || code.starts_with('#') {
                continue;
            }
            assert!(
                covered.iter().any(|c| c == code),
                "no {game} fixture for {code}"
            );
        }
    }
    // moon, scalafrutta, domino, muro, mosaico at least.
    assert!(checked >= 100, "{checked} fixtures");
}

/// Every registered game has a fixtures folder with an expected-codes list.
#[test]
fn every_game_has_fixtures() {
    for game in tavolo::games::names() {
        let dir = root().join(game);
        assert!(dir.is_dir(), "no tests/fixtures/{game}/");
        assert!(
            dir.join("expected-codes.txt").is_file(),
            "no tests/fixtures/{game}/expected-codes.txt"
        );
    }
}

/// The keys docs/records.md says every record of `check --json` has, in its order.
const RECORD_KEYS: [&str; 12] = [
    "file", "game", "variant", "players", "status", "moves", "illegal", "result", "to_move",
    "notes", "details", "error",
];

/// A record's JSON has the shape docs/records.md documents, whatever its status: every key
/// present (`null` where it does not apply, `[]` for an empty list), each of the right type;
/// `illegal`, `result` and `error` with their documented keys; each detail with `number` and
/// `player`; Natura's details (NS) with `kind`, `points` and `total`, its `end` ones with the
/// adjustment as `points` and the final score as `total`.
pub fn assert_documented_shape(rec: &Value, name: &str) {
    let keys: Vec<&str> = rec
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, RECORD_KEYS, "{name}: {rec:#}");
    let status = rec["status"].as_str().unwrap();
    let unreadable = status == "unreadable";
    let has = |v: &Value, keys: &[&str]| {
        let got: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(got, keys, "{name}: {v:#}");
    };
    assert!(rec["file"].is_string(), "{name}");
    for key in ["game", "variant"] {
        assert_eq!(rec[key].is_null(), unreadable, "{name}: {key}");
    }
    assert_eq!(rec["moves"].is_null(), unreadable, "{name}");
    assert_eq!(rec["error"].is_null(), !unreadable, "{name}");
    for key in ["players", "notes", "details"] {
        assert!(rec[key].is_array(), "{name}: {key}");
    }
    match status {
        "illegal" => has(
            &rec["illegal"],
            &[
                "number", "player", "rule", "code", "message", "line", "column",
            ],
        ),
        _ => assert!(rec["illegal"].is_null(), "{name}"),
    }
    if !rec["result"].is_null() {
        has(
            &rec["result"],
            &[
                "winner",
                "winners",
                "losers",
                "eliminated",
                "annulled",
                "solved",
                "scores",
                "reason",
            ],
        );
    }
    if status != "legal-so-far" {
        assert!(rec["to_move"].is_null(), "{name}");
    }
    if unreadable {
        has(
            &rec["error"],
            &["code", "message", "file", "line", "column", "help"],
        );
        assert_eq!(rec["players"], serde_json::json!([]), "{name}");
        assert_eq!(rec["details"], serde_json::json!([]), "{name}");
        assert!(
            rec["result"].is_null() && rec["to_move"].is_null(),
            "{name}"
        );
    }
    for d in rec["details"].as_array().unwrap() {
        assert!(
            d["number"].is_u64() && d["player"].is_string(),
            "{name}: {d:#}"
        );
        if rec["game"] == "natura" {
            for key in ["kind", "points", "total"] {
                assert!(!d[key].is_null(), "{name}: no `{key}` in {d:#}");
            }
            if d["kind"] == "end" {
                assert_eq!(d["points"], d["adjustment"], "{name}: {d:#}");
                assert_eq!(d["total"], d["final"], "{name}: {d:#}");
                assert!(
                    d["rack"].is_string() && d["rack_value"].is_i64(),
                    "{name}: {d:#}"
                );
            }
        }
    }
}

/// Every fixture (legal, illegal and unreadable, every game) gives the documented shape.
#[test]
fn every_record_kind_has_the_documented_json_shape() {
    let mut kinds = std::collections::BTreeSet::new();
    let mut natura_end = false;
    for game in tavolo::games::names() {
        for entry in std::fs::read_dir(root().join(game)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let rec = serde_json::to_value(check_file(&path)).unwrap();
            let name = path.display().to_string();
            assert_documented_shape(&rec, &name);
            kinds.insert((game, rec["status"].as_str().unwrap().to_string()));
            natura_end |= rec["details"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d["kind"] == "end");
        }
    }
    for status in ["complete", "illegal", "unreadable"] {
        for game in tavolo::games::names() {
            assert!(
                kinds.contains(&(game, status.to_string())),
                "no {status} fixture of {game}: {kinds:?}"
            );
        }
    }
    assert!(natura_end, "no Natura fixture reaches the end");
}
