//! `tavolo solve natura RECORD --simulate` (issue 25) as a user runs it, on a machine game
//! over a small word list written by the tests (no Debian list needed): the same seed gives
//! the same bytes on any number of threads, the standard error is reported and shrinks as it
//! should, with no ply after the candidate simulation is the ranking itself, and bad options
//! and racks the set cannot hold are refused.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use super::natura_solve::WORDS;

fn tavolo(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(dir)
        .env("TAVOLO_CACHE_DIR", dir.join("cache"))
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> Value {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("{}", stdout(o)))
}

const LEX: [&str; 3] = ["--lexicon-only", "--lexicon", "words.txt"];

/// The word list (lower case: a capitalised entry is a proper name, no word, NS-2) and a
/// machine game over it, in `dir`.
fn game(dir: &Path) {
    let list: Vec<&str> = WORDS.split_whitespace().collect();
    std::fs::write(dir.join("words.txt"), list.join("\n").to_lowercase() + "\n").unwrap();
    let o = tavolo(
        dir,
        &[
            &["play", "natura", "--seed", "sim", "-o", "game.toml"][..],
            &LEX,
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// `solve natura game.toml --move 6` and more.
fn solve(dir: &Path, more: &[&str]) -> Output {
    tavolo(
        dir,
        &[
            &["solve", "natura", "game.toml", "--move", "6"][..],
            &LEX,
            more,
        ]
        .concat(),
    )
}

fn moves(v: &Value) -> &Vec<Value> {
    v["moves"].as_array().unwrap()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap()
}

#[test]
fn the_same_seed_simulates_the_same_bytes_on_any_number_of_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    game(d);
    let sim = |seed: &str, iterations: &str, threads: &str, json: bool| {
        let mut args = vec![
            "--simulate",
            "--candidates",
            "4",
            "--iterations",
            iterations,
            "--seed",
            seed,
            "--threads",
            threads,
        ];
        if json {
            args.push("--json");
        }
        solve(d, &args)
    };
    let one = sim("a", "40", "1", true);
    let two = sim("a", "40", "2", true);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(
        sim("a", "40", "1", false).stdout,
        sim("a", "40", "3", false).stdout
    );
    let v = json(&one);
    assert_eq!(v["ranked_by"], "simulation");
    assert_eq!(v["simulation"]["iterations"], 40);
    assert_eq!(v["simulation"]["seed"], "a");
    let m = moves(&v);
    assert_eq!(m.len(), 4);
    for (i, x) in m.iter().enumerate() {
        assert_eq!(x["rank"], i + 1);
        assert_eq!(x["iterations"], 40, "{x}");
        assert!((0.0..=1.0).contains(&f(&x["win_rate"])), "{x}");
        assert!(f(&x["std_error"]) >= 0.0, "{x}");
    }
    // Ranked by the mean.
    assert!(m.windows(2).all(|w| f(&w[0]["mean"]) >= f(&w[1]["mean"])));
    // Each move beside the first: the difference of the means, measured draw by draw, so
    // its spread is at most the sum of the two moves' own (a deviation is a norm).
    assert!(m[0]["behind_first"].is_null());
    for x in &m[1..] {
        let d = &x["behind_first"];
        assert!(
            (f(&d["mean"]) - (f(&x["mean"]) - f(&m[0]["mean"]))).abs() < 0.011,
            "{x}"
        );
        assert!(f(&d["mean"]) <= 0.0, "{x}");
        let bound = f(&x["std_error"]) + f(&m[0]["std_error"]);
        assert!(
            f(&d["std_error"]) > 0.0 && f(&d["std_error"]) <= bound + 0.011,
            "{x}"
        );
    }
    // Another seed draws other racks.
    let other = json(&sim("b", "40", "2", true));
    let means = |v: &Value| moves(v).iter().map(|x| f(&x["mean"])).collect::<Vec<_>>();
    assert_ne!(means(&v), means(&other));
    // The error is the spread over the root of the iterations: four times the draws, about
    // half the error (the same moves, by their candidate number).
    let more = json(&sim("a", "160", "2", true));
    for x in m {
        let y = moves(&more)
            .iter()
            .find(|y| y["candidate"] == x["candidate"])
            .unwrap();
        let ratio = f(&x["std_error"]) / f(&y["std_error"]);
        assert!((1.3..3.0).contains(&ratio), "{ratio}: {x} vs {y}");
    }
    // The text says it too.
    let text = stdout(&sim("a", "40", "2", false));
    assert!(text.contains("over 40 draws of the"), "{text}");
    assert!(text.contains(" ± "), "{text}");
    assert!(text.contains("(seed \"a\""), "{text}");
}

/// With no ply after the candidate, each play-out is the spread after the candidate: the
/// score (or the equity, with leave values) on top of the spread before it, the same on every
/// draw: the ranking of `solve` itself, with no error.
#[test]
fn with_no_plies_simulation_is_the_ranking_by_score_or_equity() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    game(d);
    let learned = tavolo(
        d,
        &[
            &[
                "lexicon",
                "leaves",
                "learn",
                "--games",
                "30",
                "--iterations",
                "1",
            ][..],
            &["--seed", "t", "-o", "small.leaves"],
            &LEX,
        ]
        .concat(),
    );
    assert_eq!(learned.status.code(), Some(0), "{}", stderr(&learned));
    for (rank, value) in [
        (&["--rank", "score"][..], "score"),
        (&["--leaves", "small.leaves"][..], "equity"),
    ] {
        let plain = json(&solve(d, &[rank, &["--top", "5", "--json"]].concat()));
        let sim = json(&solve(
            d,
            &[
                rank,
                &["--simulate", "--candidates", "5", "--plies", "0"],
                &["--iterations", "7", "--json"],
            ]
            .concat(),
        ));
        assert_eq!(sim["candidates_by"], value);
        let seat = plain["to_move"].as_str().unwrap();
        let score = |who: bool| {
            plain["scores"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| (s["player"] == seat) == who)
                .unwrap()["score"]
                .as_i64()
                .unwrap() as f64
        };
        let before = score(true) - score(false);
        let (a, b) = (moves(&plain), moves(&sim));
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert_eq!(x["move"], y["move"], "{value}: the same order");
            assert!(
                (f(&y["mean"]) - before - f(&x[value])).abs() < 1e-9,
                "{x} {y}"
            );
            assert_eq!(f(&y["std_error"]), 0.0);
            assert_eq!(y["iterations"], 7);
        }
    }
}

#[test]
fn bad_options_and_racks_the_set_cannot_hold_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    game(d);
    for (args, says) in [
        (&["--simulate", "--candidates", "0"][..], "--candidates"),
        (&["--simulate", "--iterations", "0"], "--iterations"),
        (&["--simulate", "--iterations", "5000000"], "--iterations"),
        (&["--simulate", "--threads", "0"], "--threads"),
        (&["--simulate", "--plies", "99"], "--plies"),
        (&["--plies", "1"], "--simulate"),
        (&["--seed", "x"], "--simulate"),
        (&["--simulate", "--endgame"], "--endgame"),
    ] {
        let o = solve(d, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    // With a rack the record does not deal, the others' tiles are unknown too: the hidden
    // tiles are the set less the board and that rack (two tiles here instead of seven).
    let sim = |more: &[&str]| {
        json(&solve(
            d,
            &[&["--simulate", "--iterations", "3", "--json"][..], more].concat(),
        ))
    };
    let (dealt, chosen) = (sim(&[]), sim(&["--rack", "EE"]));
    assert_eq!(chosen["rack"], "EE");
    assert_eq!(
        chosen["simulation"]["unseen"].as_u64().unwrap(),
        dealt["simulation"]["unseen"].as_u64().unwrap() + 5
    );
    assert_eq!(
        chosen["bag"].as_u64().unwrap(),
        chosen["simulation"]["unseen"].as_u64().unwrap() - 7
    );
    // NS-1: Bruno's rack in the file holds three `Q`, the set one: before his turn, the tiles
    // he cannot see do not add up, and the tile is named.
    std::fs::write(
        d.join("q.gcg"),
        "#player1 a Anna\n#player2 b Bruno\n>a: CASAORE 8H CASA +12 12\n>b: QQQAEIO - +0 0\n",
    )
    .unwrap();
    let o = tavolo(
        d,
        &[
            &["solve", "natura", "q.gcg", "--move", "1", "--simulate"][..],
            &LEX,
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("solve.unseen"), "{}", stderr(&o));
    assert!(stderr(&o).contains("3 `Q`"), "{}", stderr(&o));
    // The same file with a rack that fits: Bruno's hidden tiles are the set less the board
    // and his rack, a rack of seven for Anna and the rest in the bag.
    std::fs::write(
        d.join("ok.gcg"),
        "#player1 a Anna\n#player2 b Bruno\n>a: CASAORE 8H CASA +12 12\n>b: AEIOSTR - +0 0\n",
    )
    .unwrap();
    let v = json(&tavolo(
        d,
        &[
            &["solve", "natura", "ok.gcg", "--move", "1", "--simulate"][..],
            &["--iterations", "5", "--candidates", "2", "--json"],
            &LEX,
        ]
        .concat(),
    ));
    assert_eq!(v["simulation"]["unseen"], 120 - 4 - 7);
    assert_eq!(v["bag"], 120 - 4 - 14);
}

/// The game's first move, AILLOOP by score: LAI makes 10 and keeps LOOP, LO makes 8 and keeps
/// AILOP. Ranked by score alone LAI comes first; played out two plies on a thousand deals,
/// the better rack for the next turn is worth more than the two points: a lower-scoring move
/// comes first, and every higher-scoring one is behind it by more than three standard errors
/// of the difference (the same deals for both).
#[test]
fn simulation_prefers_a_lower_scoring_move_that_keeps_a_better_rack() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    game(d);
    let v = json(&tavolo(
        d,
        &[
            &[
                "solve",
                "natura",
                "game.toml",
                "--move",
                "0",
                "--rank",
                "score",
            ][..],
            &["--simulate", "--iterations", "1000", "--json"],
            &LEX,
        ]
        .concat(),
    ));
    assert_eq!(v["rack"], "AILLOOP");
    let m = moves(&v);
    let top = m.iter().map(|x| f(&x["score"])).fold(0.0, f64::max);
    assert!(f(&m[0]["score"]) < top, "{v:#}");
    let higher: Vec<&Value> = m
        .iter()
        .filter(|x| f(&x["score"]) > f(&m[0]["score"]))
        .collect();
    assert!(!higher.is_empty());
    for x in higher {
        let d = &x["behind_first"];
        assert!(f(&d["mean"]) < -3.0 * f(&d["std_error"]), "{x}");
    }
}
