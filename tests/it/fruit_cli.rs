//! The fruit games through the binary as a user runs it: the text report of
//! an illegal move, `tavolo score scalafrutta`, golden deals, the examples in
//! docs/records.md and `tavolo play`.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn tavolo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
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
