//! Issue 39, the director's tools of tsh: the Gibson rule (a Natura
//! Shakerata Swiss whose results come from paper slips, `event score`, so
//! the standings are worked by hand), pairings by hand and fixed tables
//! (`pairings.toml` beside the description, checked with file:line:col), and
//! a king-of-the-hill last round.

use std::path::Path;

use serde_json::Value;

use super::event_results::{keyed, swiss, tavolo, text};

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const KEY_SHA: &str = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";

/// A Natura Shakerata Swiss of six over three rounds, with `extra` lines.
fn natura(d: &Path, extra: &str) {
    std::fs::write(d.join("event.key"), format!("{KEY}\n")).unwrap();
    std::fs::write(
        d.join("event.toml"),
        format!(
            "format = \"tavolo-event-v1\"\nevent = \"Natura Swiss\"\npublic-value-name = \"n\"\n\
             key-sha256 = \"{KEY_SHA}\"\n\n[[section]]\ngame = \"natura\"\nplayers = 2\n\
             boards = 3\ntables = 3\n\
             entrants = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\", \"Elena\", \"Fabio\"]\n\
             pairing = \"swiss\"\nrounds = 3\n{extra}"
        ),
    )
    .unwrap();
    std::fs::create_dir_all(d.join("slips")).unwrap();
}

/// A table's paper slip: `first` scored `a`, `second` `b`.
fn score(d: &Path, board: u32, table: u32, first: &str, a: i64, second: &str, b: i64) {
    let out = format!("slips/b{board}-t{table}.toml");
    let o = tavolo(
        d,
        &[
            "event",
            "score",
            "event.toml",
            "--board",
            &board.to_string(),
            "--table",
            &table.to_string(),
            &format!("{first}={a}"),
            &format!("{second}={b}"),
            "-o",
            &out,
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

fn pair(d: &Path, round: u32) -> (i32, String, Option<Value>) {
    let r = round.to_string();
    let o = tavolo(
        d,
        &keyed(&["event", "pair", "event.toml", "--round", &r, "slips"]),
    );
    let j = tavolo(
        d,
        &keyed(&[
            "event",
            "pair",
            "event.toml",
            "--round",
            &r,
            "slips",
            "--json",
        ]),
    );
    (
        o.status.code().unwrap(),
        text(&o),
        serde_json::from_slice(&j.stdout).ok(),
    )
}

fn tables(v: &Value) -> Vec<(String, String)> {
    v["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["first"].as_str().unwrap().to_string(),
                t["second"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Rounds 1 and 2, worked by hand (wins, then spread):
///
/// - Round 1 (the entrants' order): Anna 500 v Bruno 100, Carla 300 v Dario
///   250, Elena 300 v Fabio 280. Standings: Anna 1 +400, Carla 1 +50, Elena
///   1 +20, Fabio 0 -20, Dario 0 -50, Bruno 0 -400.
/// - Round 2 (Swiss): Anna v Carla, Elena v Dario (Elena met Fabio; Dario,
///   second in round 1, takes the first seat), Fabio v Bruno. Anna 500 v Carla 100, Dario 300 v Elena 290, Fabio 300 v Bruno 200.
///   Standings: Anna 2 +800; Fabio 1 +80, Elena 1 +10, Dario 1 -40, Carla 1
///   -350; Bruno 0 -500.
fn two_rounds(d: &Path) {
    score(d, 1, 1, "Anna", 500, "Bruno", 100);
    score(d, 1, 2, "Carla", 300, "Dario", 250);
    score(d, 1, 3, "Elena", 300, "Fabio", 280);
    let (code, out, v) = pair(d, 2);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        tables(&v.unwrap()),
        [
            ("Anna".into(), "Carla".into()),
            ("Dario".into(), "Elena".into()),
            ("Fabio".into(), "Bruno".into())
        ],
        "{out}"
    );
    score(d, 2, 1, "Anna", 500, "Carla", 100);
    score(d, 2, 2, "Dario", 300, "Elena", 290);
    score(d, 2, 3, "Fabio", 300, "Bruno", 200);
}

/// Round 3, one round left: a chaser on one win reaches Anna's two, and
/// needs spread: Fabio's +80 + 250 = 330 against Anna's +800 − 250 = 550, so
/// nobody can catch her: she is gibsonized. Out of contention for second
/// (Fabio, 1 +80): the one-win players reach 2 > 1 and can; Bruno (0, -500)
/// reaches 1 = 1 with -500 + 250 = -250 < 80 - 250 = -170: he cannot. So
/// Anna meets Bruno (though they met in round 1: he is the only one), and
/// the rest are paired as a Swiss round: Fabio v Dario (he met Elena and
/// Bruno), Elena v Carla.
#[test]
fn a_leader_nobody_can_catch_meets_the_best_out_of_contention() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    natura(d, "gibson = true\n");
    two_rounds(d);
    let (code, out, v) = pair(d, 3);
    assert_eq!(code, 0, "{out}");
    let v = v.unwrap();
    let t = tables(&v);
    assert!(
        t.contains(&("Bruno".into(), "Anna".into()))
            || t.contains(&("Anna".into(), "Bruno".into())),
        "{out}"
    );
    assert!(
        out.contains(
            "gibson: Anna cannot be caught in the 1 round left, and meets Bruno (the highest-ranked out of contention)"
        ),
        "{out}"
    );
    let mut rest: Vec<(String, String)> = t
        .iter()
        .filter(|(a, b)| a != "Anna" && b != "Anna")
        .map(|(a, b)| (a.min(b).clone(), a.max(b).clone()))
        .collect();
    rest.sort();
    assert_eq!(
        rest,
        [
            ("Carla".into(), "Elena".into()),
            ("Dario".into(), "Fabio".into())
        ]
    );
    // The results know the pairing too: Anna v Bruno's round-3 game is due.
    score(d, 3, 1, "Anna", 300, "Bruno", 200);
    let o = tavolo(
        d,
        &keyed(&["event", "results", "event.toml", "slips", "--provisional"]),
    );
    let all = text(&o);
    assert_eq!(o.status.code(), Some(0), "{all}");
    assert!(all.contains("missing results (2:"), "{all}");
    assert!(
        !all.contains("round 3, table 1, board 3"),
        "her game is in: {all}"
    );
    assert!(all.contains("round 3, table 2, board 3"), "{all}");
}

/// Without the rule, the leader meets the highest-ranked she has not met
/// (Fabio); with two rounds left (round 2) she is not gibsonized (Carla can
/// reach 3 wins), and a `gibson-spread` large enough keeps round 3 open.
#[test]
fn without_the_rule_or_within_reach_the_swiss_pairs_as_ever() {
    for extra in ["", "gibson = true\ngibson-spread = [400]\n"] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        natura(d, extra);
        two_rounds(d);
        let (code, out, v) = pair(d, 3);
        assert_eq!(code, 0, "{out}");
        assert!(!out.contains("gibson"), "{extra}: {out}");
        // With 400 a round: Fabio's 80 + 400 = 480 ≥ Anna's 800 - 400 = 400:
        // he can catch her, so she is not gibsonized.
        let t = tables(&v.unwrap());
        let anna = t
            .iter()
            .find(|(a, b)| a == "Anna" || b == "Anna")
            .map(|(a, b)| if a == "Anna" { b.clone() } else { a.clone() })
            .unwrap();
        if extra.is_empty() {
            assert_eq!(anna, "Fabio", "{out}");
        }
    }
}

/// A description's Gibson settings are checked.
#[test]
fn gibson_settings_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (extra, says) in [
        ("gibson-spread = [250]\n", "add `gibson = true`"),
        (
            "gibson = true\ngibson-spread = []\n",
            "`gibson-spread` is empty",
        ),
        (
            "gibson = true\ngibson-spread = [250, -1]\n",
            "-1 is below 0",
        ),
    ] {
        natura(d, extra);
        let o = tavolo(d, &keyed(&["event", "pair", "event.toml", "--round", "1"]));
        let all = text(&o);
        assert_eq!(o.status.code(), Some(2), "{extra}: {all}");
        assert!(all.contains(says), "{extra}: {all}");
        assert!(all.contains("event.toml:1"), "{extra}: the line: {all}");
    }
    let rr = "format = \"tavolo-event-v1\"\nevent = \"E\"\npublic-value-name = \"n\"\n\n\
              [[section]]\ngame = \"natura\"\nboards = 3\ntables = 2\n\
              entrants = [\"A\", \"B\", \"C\", \"D\"]\npairing = \"round-robin\"\nrounds = 3\n\
              gibson = true\n";
    std::fs::write(d.join("rr.toml"), rr).unwrap();
    let o = tavolo(d, &["event", "new", "--from", "rr.toml", "--dir", "rr"]);
    let all = text(&o);
    assert_eq!(o.status.code(), Some(2), "{all}");
    assert!(all.contains("it needs `pairing = \"swiss\"`"), "{all}");
    assert!(all.contains("rr.toml:12:10"), "{all}");
}

/// King of the hill: the last round of a Swiss of four is 1 v 2 and 3 v 4
/// by the standings, though the leaders may have met.
#[test]
fn a_king_of_the_hill_last_round_pairs_by_the_standings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    natura(d, "last-round = \"king-of-the-hill\"\n");
    two_rounds(d);
    let (code, out, v) = pair(d, 3);
    assert_eq!(code, 0, "{out}");
    // Standings: Anna, Fabio, Elena, Dario, Carla, Bruno.
    let mut t: Vec<(String, String)> = tables(&v.unwrap())
        .into_iter()
        .map(|(a, b)| (a.clone().min(b.clone()), a.max(b)))
        .collect();
    t.sort();
    assert_eq!(
        t,
        [
            ("Anna".into(), "Fabio".into()),
            ("Bruno".into(), "Carla".into()),
            ("Dario".into(), "Elena".into())
        ],
        "{out}"
    );
    assert!(
        out.contains("king of the hill: round 3 is paired 1 v 2, 3 v 4"),
        "{out}"
    );
    // Round 2 is not the last: a Swiss round as ever.
    let (_, out2, _) = pair(d, 2);
    assert!(!out2.contains("king of the hill"), "{out2}");
}

/// A round paired by hand, and one with a fixed table; the results follow
/// the file (a record at a table the file pairs is the file's players'),
/// and a bad file is refused where it is at fault.
#[test]
fn pairings_by_hand_are_followed_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    natura(d, "");
    score(d, 1, 1, "Anna", 500, "Bruno", 100);
    score(d, 1, 2, "Carla", 300, "Dario", 250);
    score(d, 1, 3, "Elena", 300, "Fabio", 280);
    std::fs::write(
        d.join("pairings.toml"),
        "format = \"tavolo-pairings-v1\"\n\n[[round]]\nround = 2\nfixed = [[\"Bruno\", \"Anna\"]]\n\n\
         [[round]]\nround = 3\ntables = [[\"Fabio\", \"Anna\"], [\"Elena\", \"Bruno\"], [\"Dario\", \"Carla\"]]\n",
    )
    .unwrap();
    let (code, out, v) = pair(d, 2);
    assert_eq!(code, 0, "{out}");
    let t = tables(&v.unwrap());
    assert_eq!(t[0], ("Bruno".into(), "Anna".into()), "{out}");
    assert!(
        out.contains("fixed by hand (pairings.toml): Bruno v Anna"),
        "{out}"
    );
    // The others: Carla, Elena, Fabio, Dario by the standings, no repeats:
    // Carla v Elena, Fabio v Dario.
    let mut rest: Vec<(String, String)> = t[1..]
        .iter()
        .map(|(a, b)| (a.clone().min(b.clone()), a.clone().max(b.clone())))
        .collect();
    rest.sort();
    assert_eq!(
        rest,
        [
            ("Carla".into(), "Elena".into()),
            ("Dario".into(), "Fabio".into())
        ]
    );
    // Round 2's slips; round 3 is the file's, whole.
    score(d, 2, 1, "Bruno", 300, "Anna", 200);
    for (i, (a, b)) in t[1..].iter().enumerate() {
        score(d, 2, i as u32 + 2, a, 250, b, 240);
    }
    let (code, out, v) = pair(d, 3);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        tables(&v.unwrap()),
        [
            ("Fabio".into(), "Anna".into()),
            ("Elena".into(), "Bruno".into()),
            ("Dario".into(), "Carla".into())
        ]
    );
    assert!(
        out.contains("round 3 is paired by hand (pairings.toml)"),
        "{out}"
    );
    // The results take round 3's tables from the file: table 1 hands in.
    score(d, 3, 1, "Fabio", 300, "Anna", 200);
    let o = tavolo(
        d,
        &keyed(&["event", "results", "event.toml", "slips", "--provisional"]),
    );
    let all = text(&o);
    assert!(
        all.contains("round 3, table 2, board 3: Elena v Bruno"),
        "{all}"
    );

    // Bad files: an unknown name, with its line and column; a whole round
    // that leaves someone out.
    for (body, says, at) in [
        (
            "[[round]]\nround = 3\ntables = [[\"Fabio\", \"Anna\"], [\"Elena\", \"Zeno\"], [\"Dario\", \"Carla\"]]\n",
            "`Zeno` is not an entrant of section 1",
            "pairings.toml:5:40",
        ),
        (
            "[[round]]\nround = 3\ntables = [[\"Fabio\", \"Anna\"], [\"Elena\", \"Bruno\"]]\n",
            "round 3 leaves out Carla, Dario",
            "pairings.toml:5:10",
        ),
        (
            "[[round]]\nround = 2\nfixed = [[\"Anna\", \"Bruno\"], [\"Carla\", \"Anna\"]]\n",
            "`Anna` is paired twice in round 2",
            "pairings.toml:5:39",
        ),
    ] {
        std::fs::write(
            d.join("pairings.toml"),
            format!("format = \"tavolo-pairings-v1\"\n\n{body}"),
        )
        .unwrap();
        for cmd in ["pair", "results"] {
            let mut args = vec!["event", cmd, "event.toml", "slips"];
            if cmd == "pair" {
                args.extend(["--round", "3"]);
            }
            let o = tavolo(d, &keyed(&args));
            let all = text(&o);
            assert_eq!(o.status.code(), Some(2), "{cmd}: {all}");
            assert!(all.contains("event.pairings"), "{all}");
            assert!(all.contains(says), "{all}");
            assert!(all.contains(at), "{all}");
        }
    }
}

/// The library call a server makes pairs as `event pair` does.
#[test]
fn the_library_pairs_a_folder_as_the_command_does() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    swiss(d, "");
    let (_, round) =
        tavolo::event::next::pair_folder(d, "4 5 6", &[d.join("played")], None, None, false)
            .unwrap();
    assert_eq!(round.round, 2);
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
    assert_eq!(v, serde_json::to_value(&round).unwrap());
}

/// The Gibson rule with an odd number of players: the gibsonized leader has
/// the bye. Five players (Anna, Bruno, Carla, Dario, Elena), worked by hand:
/// round 1 Anna 500 v Bruno 100, Carla 300 v Dario 290, Elena the bye;
/// round 2 (Swiss) Anna v Carla, Elena v Dario, Bruno the bye (the lowest
/// without one): Anna 500 v Carla 100, Dario 300 v Elena 200. Standings:
/// Anna 2 +800; Dario 1 +90, Elena 1 -100, Carla 1 -390, Bruno 1 -400. One
/// round left: a one-win player reaches 2 and needs +90 + 250 = 340 ≥
/// 800 − 250 = 550: nobody can catch Anna; five players: she has the bye.
#[test]
fn a_gibsonized_leader_has_the_bye_when_the_players_are_odd() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("event.key"), format!("{KEY}\n")).unwrap();
    std::fs::write(
        d.join("event.toml"),
        format!(
            "format = \"tavolo-event-v1\"\nevent = \"Natura Swiss\"\npublic-value-name = \"n\"\n\
             key-sha256 = \"{KEY_SHA}\"\n\n[[section]]\ngame = \"natura\"\nplayers = 2\n\
             boards = 3\ntables = 2\n\
             entrants = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\", \"Elena\"]\n\
             pairing = \"swiss\"\nrounds = 3\ngibson = true\n"
        ),
    )
    .unwrap();
    std::fs::create_dir_all(d.join("slips")).unwrap();
    score(d, 1, 1, "Anna", 500, "Bruno", 100);
    score(d, 1, 2, "Carla", 300, "Dario", 290);
    let (code, out, v) = pair(d, 2);
    assert_eq!(code, 0, "{out}");
    let v = v.unwrap();
    assert_eq!(v["bye"], "Bruno", "{out}");
    for (i, (a, b)) in tables(&v).iter().enumerate() {
        let points = |who: &str| match who {
            "Anna" => 500,
            "Carla" => 100,
            "Dario" => 300,
            _ => 200,
        };
        score(d, 2, i as u32 + 1, a, points(a), b, points(b));
    }
    let (code, out, v) = pair(d, 3);
    assert_eq!(code, 0, "{out}");
    let v = v.unwrap();
    assert_eq!(v["bye"], "Anna", "{out}");
    assert!(
        out.contains("gibson: Anna cannot be caught in the 1 round left, and has the bye"),
        "{out}"
    );
    assert_eq!(tables(&v).len(), 2, "{out}");
}
