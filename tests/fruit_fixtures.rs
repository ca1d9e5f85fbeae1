//! The hand-written records of Scalafrutta and Domino della Frutta in
//! `tests/fixtures/{scalafrutta,domino}/`, checked with the `tavolo` binary as a
//! user runs it. Each record states its expected verdict in `[meta]` (which the
//! referee ignores): `expect` = `complete` | `legal-so-far` | `illegal` |
//! `unreadable`, and for the last two the stable `code`, the `move` number
//! and the `line` and `column` the verdict must point at.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn tavolo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
}

fn fixtures(game: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(game);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// `tavolo check --json PATH`: the exit code and the report.
fn check_json(path: &Path) -> (i32, Value) {
    let out = tavolo()
        .arg("check")
        .arg("--json")
        .arg(path)
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    (out.status.code().unwrap(), json)
}

/// Checks one fixture against its `[meta]`; returns the expected status.
fn check_fixture(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let doc: toml::Table = toml::from_str(&text).unwrap();
    let meta = doc["meta"].as_table().expect("every fixture has [meta]");
    let expect = meta["expect"].as_str().unwrap();
    let (code, json) = check_json(path);
    let rec = &json["records"][0];
    let name = path.file_name().unwrap().to_string_lossy();
    assert_eq!(rec["status"], expect, "{name}: {rec:#}");
    let int = |k: &str| meta[k].as_integer().unwrap();
    match expect {
        "illegal" => {
            assert_eq!(code, 1, "{name}");
            let ill = &rec["illegal"];
            assert_eq!(ill["code"], meta["code"].as_str().unwrap(), "{name}");
            assert_eq!(ill["number"], int("move"), "{name}");
            assert_eq!(ill["line"], int("line"), "{name}");
            assert_eq!(ill["column"], int("column"), "{name}");
            assert!(!ill["rule"].as_str().unwrap().is_empty(), "{name}");
        }
        "unreadable" => {
            assert_eq!(code, 2, "{name}");
            let err = &rec["error"];
            assert_eq!(err["code"], meta["code"].as_str().unwrap(), "{name}");
            assert_eq!(err["line"], int("line"), "{name}");
            assert_eq!(err["column"], int("column"), "{name}");
        }
        "legal-so-far" => {
            assert_eq!(code, 0, "{name}");
            if let Some(who) = meta.get("to_move") {
                assert_eq!(rec["to_move"], who.as_str().unwrap(), "{name}");
            }
            if let Some(note) = meta.get("note") {
                let note = note.as_str().unwrap();
                let notes = rec["notes"].as_array().unwrap();
                assert!(
                    notes.iter().any(|n| n.as_str().unwrap().contains(note)),
                    "{name}: no note with {note:?} in {notes:?}"
                );
            }
        }
        "complete" => {
            assert_eq!(code, 0, "{name}");
            // Solitaires lost have no winner; they say whether they were solved.
            assert_eq!(
                rec["result"]["winner"].as_str(),
                meta.get("winner").and_then(|w| w.as_str()),
                "{name}"
            );
            if let Some(solved) = meta.get("solved") {
                assert_eq!(
                    rec["result"]["solved"].as_bool(),
                    solved.as_bool(),
                    "{name}"
                );
            }
            if let Some(scores) = meta.get("scores") {
                let got: Vec<i64> = rec["result"]["scores"]
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
        }
        other => panic!("{name}: unknown expectation {other}"),
    }
    expect.to_string()
}

fn check_all(game: &str, must_cover: &[&str]) {
    let files = fixtures(game);
    let mut seen = Vec::new();
    for f in &files {
        check_fixture(f);
        let doc: toml::Table = toml::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        if let Some(code) = doc["meta"].get("code") {
            seen.push(code.as_str().unwrap().to_string());
        }
    }
    for code in must_cover {
        assert!(
            seen.iter().any(|c| c == code),
            "no {game} fixture for {code}"
        );
    }
}

#[test]
fn scalafrutta_fixtures() {
    check_all(
        "scalafrutta",
        &[
            // SF-1
            "scalafrutta.no-match",
            "scalafrutta.gift-missing",
            "scalafrutta.bad-gift",
            "scalafrutta.gift-not-allowed",
            "scalafrutta.not-in-pile",
            "scalafrutta.out-of-turn",
            // SF-2, SF-3
            "scalafrutta.recombine-too-early",
            "scalafrutta.recombine-first",
            "scalafrutta.tile-used-twice",
            "scalafrutta.tile-not-held",
            "scalafrutta.not-a-combination",
            // SF-4
            "scalafrutta.hand-over",
            // unreadable
            "scalafrutta.unknown-insertion",
            "fruit.unknown-tile",
            "record.unknown-player",
            "scalafrutta.no-square",
        ],
    );
}

#[test]
fn domino_fixtures() {
    check_all(
        "domino",
        &[
            "domino.square",
            "domino.touches-turned",
            "domino.not-in-scala",
            "domino.not-touching",
            "domino.occupied",
            "domino.first-row",
            "domino.not-in-hand",
            "domino.out-of-turn",
            "domino.special-used",
            "domino.not-on-table",
            "domino.draw-while-placeable",
            "domino.out-while-placeable",
            "domino.open-too-early",
            "fruit.unknown-tile",
            "domino.two-moves",
        ],
    );
}

#[test]
fn muro_fixtures() {
    check_all(
        "muro",
        &[
            // MU-2
            "muro.not-on-top",
            "muro.face-down",
            "muro.wrong-number",
            "muro.same-fruit",
            "muro.turn-face-up",
            // MU-3, MU-4
            "muro.new-wall-order",
            // unreadable
            "muro.bad-move",
            "muro.bad-setup",
        ],
    );
}

#[test]
fn mosaico_fixtures() {
    check_all(
        "mosaico",
        &[
            // MO-2
            "mosaico.not-adjacent",
            "mosaico.no-match",
            "mosaico.occupied",
            "mosaico.outside-frame",
            // MO-3
            "mosaico.not-in-play",
            "mosaico.must-place",
            // MO-4
            "mosaico.hard-two-matches",
            // unreadable
            "mosaico.unknown-cell",
        ],
    );
}

/// The text report names the file, line and column of the illegal move.
#[test]
fn text_report_points_at_the_move() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scalafrutta");
    let out = tavolo()
        .arg("check")
        .arg(dir.join("illegal-no-match.toml"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert!(text.contains("illegal-no-match.toml:28:6"), "{text}");
    assert!(text.contains("scalafrutta.no-match"), "{text}");
    assert!(text.contains("U5 does not match F6 at top1"), "{text}");
}

/// SF-3's worked examples through the CLI, and bad tiles as usage errors.
#[test]
fn score_command() {
    let run = |args: &[&str]| {
        tavolo()
            .arg("score")
            .arg("scalafrutta")
            .args(args)
            .output()
            .unwrap()
    };
    // Poker of 3s = 62 (the sheet).
    let out = run(&["M3", "P3", "C3", "U3", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["score"], 62);
    assert_eq!(json["combinations"][0]["name"], "poker");
    // 3-4-5-6 mele = 118 (the sheet).
    let out = run(&["M3", "M4", "M5", "M6", "--json"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["score"], 118);
    // The brief's holding: text output with the total.
    let out = run(&["B3", "M3", "P3", "U3", "M4", "M5", "M6"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("best:   152 points"), "{text}");
    // All 36 tiles: six superpokers.
    let all: Vec<String> = "MPCUFB"
        .chars()
        .flat_map(|f| (1..=6).map(move |n| format!("{f}{n}")))
        .collect();
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let out = run(&[&all[..], &["--json"]].concat());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["score"], 1626);
    // Bad input: exit 2, a stable code, never a panic.
    for (args, code) in [
        (&["M3", "Q3"][..], "score.unknown-tile"),
        (&["M3", "M7"][..], "score.unknown-tile"),
        (&["M3", "m3"][..], "score.repeated-tile"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(code), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Deals through the CLI are the golden ones.
#[test]
fn deal_command_golden() {
    let out = tavolo()
        .args(["deal", "scalafrutta", "--seed", "golden", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["algorithm"], "tavolo-deal-v1");
    assert_eq!(
        json["deal"]["square"],
        serde_json::json!(["P6 F4 B5", "B1 P3 B2", "P4 F3 B6"])
    );
    let out = tavolo()
        .args(["deal", "domino", "--seed", "golden", "-p", "3"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("set aside (face down): M2 C2 B4"), "{text}");
    assert!(
        text.contains("P2: M1 M3 M5 P1 P4 C5 C6 U2 U3 F6 B3"),
        "{text}"
    );
    let out = tavolo()
        .args(["deal", "domino", "--seed", "x", "-p", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The examples in docs/records.md are legal records.
#[test]
fn docs_examples_are_legal() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/records.md"))
            .unwrap();
    for (game, status) in [
        ("scalafrutta", "legal-so-far"),
        ("domino", "complete"),
        ("muro", "legal-so-far"),
        ("mosaico", "legal-so-far"),
    ] {
        let start = doc
            .find(&format!("```toml\ngame = \"{game}\""))
            .unwrap_or_else(|| panic!("no {game} example"))
            + "```toml\n".len();
        let end = start + doc[start..].find("```").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("example.toml");
        std::fs::write(&path, &doc[start..end]).unwrap();
        let (_, json) = check_json(&path);
        assert_eq!(json["records"][0]["status"], status, "{game}: {json:#}");
    }
}

/// `tavolo play` writes the same record for the same seed, byte for byte, and
/// the referee accepts it as a complete game.
#[test]
fn play_is_deterministic_and_legal() {
    let dir = tempfile::tempdir().unwrap();
    for (game, players) in [("scalafrutta", "3"), ("domino", "4")] {
        let mut texts = Vec::new();
        for i in 0..2 {
            let path = dir.path().join(format!("{game}{i}.toml"));
            let out = tavolo()
                .args(["play", game, "--seed", "same", "-p", players, "-o"])
                .arg(&path)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{game}");
            texts.push(std::fs::read(&path).unwrap());
            let (_, json) = check_json(&path);
            assert_eq!(json["records"][0]["status"], "complete", "{game}");
        }
        assert_eq!(texts[0], texts[1], "{game}");
    }
}
