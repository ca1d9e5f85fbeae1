//! Issue 39: Farfalia duplicate with a movement. Pairs named in the
//! description move as a Mitchell (N-S stationary, E-W up a table a round);
//! the round sheet names both pairs at each table and who sits out; the
//! records carry the four names; the standings have a line a pair; a board
//! is compared only between different pairs in one direction; a record
//! whose players are not the movement's is refused.

use std::path::Path;

use serde_json::Value;

use super::event_results::{keyed, tavolo, text};

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const KEY_SHA: &str = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";

const PAIRS: [[&str; 2]; 4] = [
    ["Anna", "Bruno"],
    ["Carla", "Dario"],
    ["Elena", "Fabio"],
    ["Gina", "Ivo"],
];

/// A Farfalia pairs event of the first `n` pairs over `boards` boards.
pub(super) fn event(d: &Path, n: usize, boards: u32, tables: u32) {
    std::fs::write(d.join("event.key"), format!("{KEY}\n")).unwrap();
    let pairs: Vec<String> = PAIRS[..n]
        .iter()
        .map(|[a, b]| format!("[\"{a}\", \"{b}\"]"))
        .collect();
    std::fs::write(
        d.join("event.toml"),
        format!(
            "format = \"tavolo-event-v1\"\nevent = \"Pairs\"\npublic-value-name = \"n\"\n\
             key-sha256 = \"{KEY_SHA}\"\n\n[[section]]\ngame = \"farfalia\"\nplayers = 4\n\
             names = [\"N\", \"E\", \"S\", \"W\"]\nboards = {boards}\ntables = {tables}\n\
             partnerships = [[\"N\", \"S\"], [\"E\", \"W\"]]\nmovement = \"mitchell\"\n\
             pairs = [{}]\nillegal = \"loss-to-offender\"\ntie-breaks = [\"wins\", \"points\"]\n",
            pairs.join(", ")
        ),
    )
    .unwrap();
    let o = tavolo(
        d,
        &keyed(&["event", "deal", "event.toml", "--out", "boards"]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

fn players_of(record: &str) -> String {
    record
        .lines()
        .find(|l| l.starts_with("players = "))
        .unwrap_or_default()
        .to_string()
}

/// Board `b` played at table `t` (at random, as `tavolo play` plays it) by
/// the players the dealt record names, into `played/`.
fn play(d: &Path, b: u32, t: u32) {
    let dealt =
        std::fs::read_to_string(d.join(format!("boards/board-{b:02}-table-{t}.toml"))).unwrap();
    let names: Vec<String> = players_of(&dealt)
        .trim_start_matches("players = [")
        .trim_end_matches(']')
        .split(", ")
        .map(|s| s.trim_matches('"').to_string())
        .collect();
    std::fs::create_dir_all(d.join("played")).unwrap();
    play_as(d, b, t, &names.join(","), &format!("played/b{b}-t{t}.toml"));
}

/// Board `b` played at random at table `t` by `names` (in seat order), into `out`.
fn play_as(d: &Path, b: u32, t: u32, names: &str, out: &str) {
    let dealt =
        std::fs::read_to_string(d.join(format!("boards/board-{b:02}-table-{t}.toml"))).unwrap();
    let seed = dealt
        .lines()
        .find_map(|l| l.strip_prefix("seed = \""))
        .unwrap()
        .trim_end_matches('"')
        .to_string();
    let o = tavolo(
        d,
        &[
            "play",
            "farfalia",
            "-p",
            "4",
            "--names",
            names,
            "--seed",
            &seed,
            "--board",
            &b.to_string(),
            "-o",
            out,
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let mut s = std::fs::read_to_string(d.join(out)).unwrap();
    s.push_str(&format!("\n[meta]\nboard = \"{b}\"\ntable = {t}\n"));
    std::fs::write(d.join(out), s).unwrap();
}

fn results(d: &Path, extra: &[&str]) -> (i32, String) {
    let mut args = vec!["event", "results", "event.toml", "played"];
    args.extend(extra);
    let o = tavolo(d, &keyed(&args));
    (o.status.code().unwrap(), text(&o))
}

/// Three pairs over eight boards: two tables, two rounds of four boards;
/// Elena & Fabio (E-W) move, Carla & Dario sit out round 1 and Anna &
/// Bruno round 2. Every board is played at one table: nothing is compared.
#[test]
fn three_pairs_move_with_a_sit_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    event(d, 3, 8, 2);
    let r1 = tavolo(d, &keyed(&["event", "pair", "event.toml", "--round", "1"]));
    assert_eq!(
        String::from_utf8_lossy(&r1.stdout),
        "section 1: farfalia, mitchell, round 1 of 2: boards 1, 2, 3, 4\n  \
         table 1: Anna & Bruno v Elena & Fabio\n  sits out: Carla & Dario\n\
         the first pair named at each table sits N-S and stays; the second sits E-W and moves up \
         a table next round\n"
    );
    // The dealt records already name the four players in their seats.
    let b1 = std::fs::read_to_string(d.join("boards/board-01-table-1.toml")).unwrap();
    assert_eq!(
        players_of(&b1),
        "players = [\"Anna\", \"Elena\", \"Bruno\", \"Fabio\"]"
    );
    let b5 = std::fs::read_to_string(d.join("boards/board-05-table-2.toml")).unwrap();
    assert_eq!(
        players_of(&b5),
        "players = [\"Carla\", \"Elena\", \"Dario\", \"Fabio\"]"
    );
    for b in 1..=4 {
        play(d, b, 1);
    }
    // Round 2 is paired once round 1 is in.
    let o = tavolo(
        d,
        &keyed(&[
            "event",
            "pair",
            "event.toml",
            "--round",
            "2",
            "played",
            "--json",
        ]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["tables"][0]["table"], 2);
    assert_eq!(v["tables"][0]["first"], "Carla & Dario");
    assert_eq!(v["tables"][0]["second"], "Elena & Fabio");
    assert_eq!(v["bye"], "Anna & Bruno");
    for b in 5..=7 {
        play(d, b, 2);
    }
    // Board 8 is missing: the round's one table, its two pairs named.
    let (code, out) = results(d, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("round 2, table 2, board 8: Carla & Dario v Elena & Fabio"),
        "{out}"
    );
    play(d, 8, 2);
    let (code, out) = results(d, &["--format", "json"]);
    assert_eq!(code, 0, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let sec = &v["sections"][0];
    let mut names: Vec<&str> = sec["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["Anna & Bruno", "Carla & Dario", "Elena & Fabio"]);
    let played: Vec<(String, u64)> = sec["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["played"].as_u64().unwrap(),
            )
        })
        .collect();
    for (name, n) in &played {
        let want = if name == "Elena & Fabio" { 8 } else { 4 };
        assert_eq!(*n, want, "{name}");
    }
    assert_eq!(
        sec["boards"].as_array().unwrap().len(),
        0,
        "nothing compared"
    );

    // A record at the table that sits out, or with the pairs swapped round.
    let b1 = std::fs::read_to_string(d.join("played/b1-t1.toml")).unwrap();
    std::fs::write(
        d.join("sitting-out.toml"),
        b1.replace("table = 1", "table = 2"),
    )
    .unwrap();
    let (code, out) = results(d, &["sitting-out.toml"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("event.not-the-movement"), "{out}");
    assert!(out.contains("the table sits out this round"), "{out}");
    assert!(out.contains("sitting-out.toml:"), "{out}");
    // Board 1 played at table 1 by Carla & Dario, who sit out round 1.
    play_as(d, 1, 1, "Carla,Elena,Dario,Fabio", "wrong-pair.toml");
    let (code, out) = results(d, &["--format", "text"]);
    assert_eq!(code, 0, "{out}");
    std::fs::rename(d.join("wrong-pair.toml"), d.join("played/b1-t1.toml")).unwrap();
    let (code, out) = results(d, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(
            "round 1, table 1: the movement seats Anna, Elena, Bruno, Fabio there, and the record \
             names Carla, Elena, Dario, Fabio"
        ),
        "{out}"
    );
    assert!(out.contains("b1-t1.toml:"), "{out}");
}

/// Four pairs over four boards: two tables, each round's boards played at
/// both, compared N-S with N-S and E-W with E-W, between different pairs.
#[test]
fn four_pairs_are_compared_in_one_direction() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    event(d, 4, 4, 2);
    for (b, t) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        play(d, b, t);
    }
    let (code, out) = results(d, &["--format", "json", "--provisional"]);
    assert_eq!(code, 0, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let boards = v["sections"][0]["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2, "boards 1 and 2, compared");
    for b in boards {
        let tables = b["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 2);
        let seat = |t: usize, s: usize| {
            tables[t]["seats"][s]["player"]
                .as_str()
                .unwrap()
                .to_string()
        };
        // Side by side: N-S first, E-W second; different pairs at the two tables.
        assert_eq!(seat(0, 0), "Anna & Bruno");
        assert_eq!(seat(1, 0), "Carla & Dario");
        assert_eq!(seat(0, 1), "Elena & Fabio");
        assert_eq!(seat(1, 1), "Gina & Ivo");
    }
    // Round 2: Gina & Ivo at table 1, Elena & Fabio at table 2.
    let o = tavolo(
        d,
        &keyed(&["event", "pair", "event.toml", "--round", "2", "played"]),
    );
    let all = text(&o);
    assert!(all.contains("table 1: Anna & Bruno v Gina & Ivo"), "{all}");
    assert!(
        all.contains("table 2: Carla & Dario v Elena & Fabio"),
        "{all}"
    );
}

/// A description's movement is checked.
#[test]
fn a_movement_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let head = "format = \"tavolo-event-v1\"\nevent = \"E\"\npublic-value-name = \"n\"\n\n\
                [[section]]\ngame = \"farfalia\"\nplayers = 4\nnames = [\"N\", \"E\", \"S\", \"W\"]\n\
                partnerships = [[\"N\", \"S\"], [\"E\", \"W\"]]\nmovement = \"mitchell\"\n";
    for (body, says) in [
        (
            "boards = 8\ntables = 3\npairs = [[\"A\", \"B\"], [\"C\", \"D\"], [\"E\", \"F\"]]\n",
            "3 pairs in a mitchell movement play at 2 tables: `tables = 2`",
        ),
        (
            "boards = 9\ntables = 2\npairs = [[\"A\", \"B\"], [\"C\", \"D\"], [\"E\", \"F\"]]\n",
            "9 boards do not share out over the movement's 2 rounds",
        ),
        (
            "boards = 8\ntables = 2\npairs = [[\"A\", \"B\"], [\"C\", \"A\"], [\"E\", \"F\"]]\n",
            "`pairs`: `A` is empty or given twice",
        ),
        ("boards = 8\ntables = 2\n", "a movement moves `pairs`"),
    ] {
        std::fs::write(d.join("draft.toml"), format!("{head}{body}")).unwrap();
        let _ = std::fs::remove_dir_all(d.join("ev"));
        let o = tavolo(d, &["event", "new", "--from", "draft.toml", "--dir", "ev"]);
        let all = text(&o);
        assert_eq!(o.status.code(), Some(2), "{body}: {all}");
        assert!(all.contains(says), "{body}: {all}");
        assert!(all.contains("draft.toml:"), "{all}");
    }
}
