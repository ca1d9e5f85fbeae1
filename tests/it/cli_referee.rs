//! `tavolo deal`, `tavolo play` and `tavolo check` as a user runs them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tavolo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .output()
        .expect("run tavolo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/moon")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn deal_is_identical_on_every_run_and_pinned() {
    let a = tavolo(&["deal", "moon", "--seed", "golden", "--names", "A,B"]);
    let b = tavolo(&["deal", "moon", "--seed", "golden", "--names", "A,B"]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(
        stdout(&a),
        "algorithm: tavolo-deal-v1\ngame: moon (standard), 2 players\nseed: \"golden\"\nboard: 1\n\
         centre (c3): BB\nA: BV BG BA VG RB RV RR RA GV AV AR AG\nB: BR VB VV VR VA RG GB GR GG GA AB AA\n"
    );
}

#[test]
fn deal_json_names_the_algorithm() {
    let o = tavolo(&[
        "deal",
        "moon",
        "--seed",
        "golden",
        "--players",
        "3",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["algorithm"], "tavolo-deal-v1");
    assert_eq!(v["seed"], "golden");
    assert_eq!(v["deal"]["centre"], "BB");
    // The hands are keyed by player name, in seat order.
    let hands = v["deal"]["hands"].as_object().unwrap();
    assert_eq!(hands.keys().collect::<Vec<_>>(), ["P1", "P2", "P3"]);
    assert!(hands
        .values()
        .all(|tiles| tiles.as_array().unwrap().len() == 8));
}

#[test]
fn deal_without_seed_prints_a_fresh_seed_that_reproduces_it() {
    let o = tavolo(&["deal", "moon", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let seed = v["seed"].as_str().unwrap().to_string();
    assert_eq!(seed.len(), 64);
    assert!(seed.bytes().all(|c| c.is_ascii_hexdigit()));
    let again = tavolo(&["deal", "moon", "--json", "--seed", &seed]);
    assert_eq!(again.stdout, o.stdout);
}

#[test]
fn deal_record_feeds_straight_into_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    let p = path.to_str().unwrap();
    let o = tavolo(&[
        "deal",
        "moon",
        "--seed",
        "club",
        "--names",
        "Anna,Bruno",
        "--record",
        p,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = std::fs::read_to_string(&path).unwrap();
    // No moves yet: legal so far, the first player to move.
    let c = tavolo(&["check", p]);
    assert_eq!(c.status.code(), Some(0), "{}", stdout(&c));
    assert_eq!(
        stdout(&c),
        format!("{p}: legal so far, 0 moves; Anna to move\n")
    );
    // The random player deals the same setup from the same seed; its moves
    // appended to the dealt record make a complete legal game.
    let played = stdout(&tavolo(&[
        "play",
        "moon",
        "--seed",
        "club",
        "--names",
        "Anna,Bruno",
    ]));
    let moves = &played[played.find("\n[[move]]").unwrap()..];
    assert!(played.starts_with(&written[..written.find("\n# Add the moves").unwrap()]));
    std::fs::write(&path, format!("{written}{moves}")).unwrap();
    let c = tavolo(&["check", p]);
    assert_eq!(c.status.code(), Some(0), "{}", stdout(&c));
    assert!(stdout(&c).contains("legal and complete"));
}

#[test]
fn play_writes_the_same_complete_legal_record_for_a_seed() {
    let a = tavolo(&["play", "moon", "--seed", "S", "--players", "4"]);
    let b = tavolo(&["play", "moon", "--seed", "S", "--players", "4"]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.toml");
    let o = tavolo(&[
        "play",
        "moon",
        "--seed",
        "S",
        "--players",
        "4",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(std::fs::read(&path).unwrap(), a.stdout);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left"
    );
    let c = tavolo(&["check", path.to_str().unwrap()]);
    assert_eq!(c.status.code(), Some(0));
    assert!(stdout(&c).contains("legal and complete"), "{}", stdout(&c));
    let s = tavolo(&["play", "moon", "--seed", "S", "--variant", "solitaire"]);
    assert_eq!(s.status.code(), Some(0), "{}", stderr(&s));
    assert!(stdout(&s).contains("variant = \"solitaire\""));
}

#[test]
fn check_exit_codes_are_the_worst_over_all_files() {
    let legal = fixture("complete-2p.toml");
    let illegal = fixture("mn3-illegal-then-more-annulled-2p.toml");
    let unreadable = fixture("bad-unknown-tile.toml");
    assert_eq!(tavolo(&["check", &legal]).status.code(), Some(0));
    let both = tavolo(&["check", &legal, &illegal]);
    assert_eq!(both.status.code(), Some(1));
    assert!(stdout(&both).ends_with("2 records: 1 legal, 1 illegal, 0 unreadable\n"));
    assert_eq!(
        tavolo(&["check", &legal, &illegal, &unreadable])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        tavolo(&["check", "/no/such/record.toml"]).status.code(),
        Some(2)
    );
    assert_eq!(tavolo(&["check"]).status.code(), Some(2), "usage error");
}

#[test]
fn check_text_names_move_rule_line_column_and_result() {
    let f = fixture("mn3-illegal-last-move-loses-2p.toml");
    let o = tavolo(&["check", &f]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        format!(
            "{f}: illegal at move 7 of 7\n  {f}:50:10: error[moon.moon-colour] move 7 by Anna: MN-2 (rule 5): \
             VV on c4: its viola moon repeats the moon at c2 in the same column\n  result: Bruno wins; Anna loses \
             (the illegal move 7 is the last of the record: it was noticed at once, so Anna loses (MN-3, sheet rule 7))\n"
        )
    );
    let u = fixture("bad-square-off-board.toml");
    let o = tavolo(&["check", &u]);
    assert!(stdout(&o).contains(&format!(
        "error[moon.unknown-square]: {u}:48:10: `f6` is not a square"
    )));
}

#[test]
fn check_json_gives_the_same_verdicts() {
    let files = [
        fixture("complete-3p-common-tiles.toml"),
        fixture("mn3-illegal-then-more-annulled-2p.toml"),
        fixture("bad-malformed.toml"),
    ];
    let mut args = vec!["check", "--json"];
    args.extend(files.iter().map(|s| s.as_str()));
    let o = tavolo(&args);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let r = v["records"].as_array().unwrap();
    assert_eq!(r[0]["status"], "complete");
    assert_eq!(r[0]["result"]["winner"], "Carla");
    assert_eq!(
        r[0]["result"]["eliminated"],
        serde_json::json!(["Bruno", "Anna"])
    );
    assert_eq!(r[1]["status"], "illegal");
    assert_eq!(r[1]["illegal"]["number"], 7);
    assert_eq!(r[1]["illegal"]["code"], "moon.moon-colour");
    assert_eq!(r[1]["illegal"]["line"], 55);
    assert_eq!(r[1]["result"]["annulled"], true);
    assert_eq!(r[2]["status"], "unreadable");
    assert_eq!(r[2]["error"]["code"], "record.toml-syntax");
    assert_eq!(r[2]["error"]["line"], 46);
    assert_eq!(
        v["summary"],
        serde_json::json!({"records": 3, "legal": 1, "illegal": 1, "unreadable": 1})
    );
}

#[test]
fn bad_usage_is_exit_2_with_a_code() {
    for (args, code) in [
        (&["deal", "chess"][..], "cli.unknown-game"),
        (&["deal", "moon", "--players", "5"], "cli.players"),
        (
            &["deal", "moon", "--variant", "hard"],
            "cli.unknown-variant",
        ),
        (&["deal", "moon", "--names", "A,A"], "cli.players"),
        (
            &["play", "moon", "--seed", "x", "--players", "1"],
            "cli.players",
        ),
    ] {
        let o = tavolo(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains(&format!("error[{code}]")),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let o = tavolo(&["deal", "moon", "--board", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn docs_show_the_fixture_records_verbatim() {
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/records.md"))
            .unwrap();
    for name in [
        "complete-2p.toml",
        "complete-3p-common-tiles.toml",
        "complete-4p.toml",
        "solitaire-solved.toml",
        "mn3-illegal-last-move-loses-2p.toml",
    ] {
        let text = std::fs::read_to_string(fixture(name)).unwrap();
        // The fixture's own expectation ([meta], last) is for the tests only.
        let text = text.split("\n[meta]\n").next().unwrap();
        assert!(
            docs.contains(text),
            "docs/records.md does not show {name} as it is"
        );
    }
}
