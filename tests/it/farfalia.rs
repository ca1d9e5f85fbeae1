//! Farfalia through the CLI and the library: deals (text, JSON, record, one
//! line per board) pinned by golden vectors, batches byte-identical whatever
//! the thread count, random legal matches of every variant accepted by
//! `check`, and the docs' example.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;
use tavolo::games::check::check_file;
use tavolo::games::farfalia::record::VARIANTS;

fn tavolo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .output()
        .expect("run tavolo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn check_json(path: &Path) -> Value {
    serde_json::to_value(check_file(path)).unwrap()
}

/// Golden vectors (tavolo-deal-v1): the text of a four-player match's first
/// deal and two boards as lines never change. Board 2 is dealt by seat 2.
#[test]
fn deal_text_and_lines_are_golden() {
    let o = tavolo(&[
        "deal",
        "farfalia",
        "-p",
        "4",
        "--variant",
        "four",
        "--seed",
        "golden",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "algorithm: tavolo-deal-v1");
    assert_eq!(
        lines[4],
        "deal 1 (board 1): P1 deals; proposal G B F G O; trump G (turned from the proposal)"
    );
    assert_eq!(
        lines[5],
        "  P1 (dealer, 13 cards): R2 R3 R5 R6 G5 G6 G7 G11 G13 B4 O3 O4 O8"
    );
    assert!(text.contains("deal 4 (board 4): P4 deals"), "{text}");

    let o = tavolo(&[
        "deal",
        "farfalia",
        "-p",
        "4",
        "--variant",
        "four",
        "--seed",
        "golden",
        "--boards",
        "1..2",
        "--format",
        "line",
    ]);
    assert_eq!(
        stdout(&o),
        "% tavolo-deal-v1 farfalia four seed \"golden\" boards 1..2: one line per board, the hands by seat\n\
         1:6532.KJ765.4.843 2:QJ.QT84321.1.J51 3:971.9.KQT9762.K2 4:KT84..J853.QT976\n\
         2:QJT973.95.K942.K 3:K8652.K61.QJ7.Q2 4:1.QT8742.53.9643 1:4.J3.T861.JT8751\n"
    );
    // The line of each deal in the text is the batch's line for that board.
    assert!(
        text.contains("  line: 2:QJT973.95.K942.K 3:K8652.K61.QJ7.Q2"),
        "{text}"
    );
}

/// A dummy's layout and the jolly are printed and in the JSON; three players.
#[test]
fn deal_json_has_dummies_and_jolly() {
    let o = tavolo(&[
        "deal",
        "farfalia",
        "-p",
        "3",
        "--variant",
        "three-burnin",
        "--seed",
        "x",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["algorithm"], "tavolo-deal-v1");
    let deals = v["deal"]["deal"].as_array().unwrap();
    assert_eq!(
        deals.len(),
        6,
        "three players: six deals, all known before play"
    );
    let d = &deals[0];
    assert_eq!(d["dealer"], "P1");
    assert!(d.get("trump").is_none(), "the dealer names the trump");
    let layout = &d["dummies"]["P1"];
    assert_eq!(layout["down"].as_array().unwrap().len(), 6);
    assert_eq!(layout["up"].as_array().unwrap().len(), 6);
    assert!(layout["beside"].is_string());
    assert_eq!(d["jolly"].as_object().unwrap().len(), 3);
    assert_eq!(d["hands"]["P2"].as_array().unwrap().len(), 13);
}

/// `--boards` output is the same byte for byte with 1, 2 or 5 threads, and
/// spans several dealing windows (blocks of 256 boards for this batch).
#[test]
fn line_batches_do_not_depend_on_threads() {
    let run = |jobs: &str| {
        let o = tavolo(&[
            "deal", "farfalia", "-p", "5", "--seed", "threads", "--boards", "3..3000", "--format",
            "line", "--jobs", jobs,
        ]);
        assert_eq!(o.status.code(), Some(0));
        o.stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("5"));
    let text = String::from_utf8(one).unwrap();
    assert_eq!(text.lines().count(), 1 + 2998);
    // Board 3 with five players is dealt by seat 3.
    assert!(text.lines().nth(1).unwrap().starts_with("3:"));
    // Games without a one-line form say so (exit 2).
    let o = tavolo(&["deal", "moon", "--seed", "x", "--format", "line"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cli.no-line-format"));
}

/// `tavolo deal --record` writes a record whose setup `check` accepts, and
/// `tavolo play` writes a complete legal match for every variant.
#[test]
fn every_variant_plays_a_legal_match() {
    let dir = tempfile::tempdir().unwrap();
    for variant in VARIANTS {
        let players = match *variant {
            v if v.starts_with("five") || v.starts_with("chinkway") || v == "standard" => "5",
            v if v.starts_with("four") => "4",
            v if v.starts_with("three") => "3",
            _ => "2",
        };
        let path = dir.path().join(format!("{variant}.toml"));
        let o = Command::new(env!("CARGO_BIN_EXE_tavolo"))
            .args([
                "play",
                "farfalia",
                "-p",
                players,
                "--variant",
                variant,
                "--seed",
                "it",
                "-o",
            ])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{variant}");
        let v = check_json(&path);
        assert_eq!(v["status"], "complete", "{variant}: {v:#}");
        assert!(!v["result"]["scores"].as_array().unwrap().is_empty());
    }
    let path = dir.path().join("r.toml");
    let o = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["deal", "farfalia", "-p", "2", "--seed", "rec", "--record"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[setup.deal.dummies.P1]"), "{text}");
    // With one move added (P2 leads), the written setup agrees with [deal].
    let first = tavolo(&["play", "farfalia", "-p", "2", "--seed", "rec"]);
    let played = stdout(&first);
    let mv = &played[played.find("[[move]]").unwrap()..];
    let mv = &mv[..mv[1..].find("[[move]]").map_or(mv.len(), |i| i + 1)];
    std::fs::write(&path, format!("{text}\n{mv}")).unwrap();
    let v = check_json(&path);
    assert_eq!(v["status"], "legal-so-far", "{v:#}");
}

/// The docs' Farfalia example (the sheet's worked example) is legal so far,
/// and Beatrice, who won the third trick, leads the fourth (FA-2, FA-3).
#[test]
fn docs_example_is_the_sheet_example() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/records.md"))
            .unwrap();
    let start = doc
        .find("```toml\ngame = \"farfalia\"")
        .expect("an example")
        + "```toml\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("example.toml");
    std::fs::write(&path, &doc[start..end]).unwrap();
    let v = check_json(&path);
    assert_eq!(v["status"], "legal-so-far", "{v:#}");
    assert_eq!(v["to_move"], "Beatrice");
    assert_eq!(v["moves"], 19);
}

/// The worked example's illegal variants cite the sheet's own points: Daniela
/// must follow suit (FA-2); Beatrice cannot keep a second fish (FA-3).
#[test]
fn sheet_example_faults() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/farfalia");
    for (file, code, rule) in [
        ("illegal-revoke.toml", "farfalia.revoke", "FA-2"),
        (
            "illegal-collect-complete.toml",
            "farfalia.collect-complete",
            "FA-3",
        ),
    ] {
        let v = check_json(&root.join(file));
        assert_eq!(v["illegal"]["code"], code);
        assert_eq!(v["illegal"]["rule"], rule);
        // Nothing was finished before the fault: nothing scored, no winner.
        assert!(v["result"]["reason"]
            .as_str()
            .unwrap()
            .contains("tavolo's ruling on irregularities"));
        assert!(v["result"]["winner"].is_null(), "{v:#}");
    }
}
