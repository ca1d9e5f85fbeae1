//! `tavolo lexicon leaves learn|info|duel` and `solve natura --rank` (issue 25) as a user runs
//! them, on a small word list written by the tests (no Debian list needed): the values are
//! reproducible, a stopped run goes on to the same bytes, and every bad leave file is refused
//! with its reason and the command to learn it again.

use std::path::Path;
use std::process::{Command, Output};

use tavolo::games::natura::layout::TileSet;
use tavolo::games::natura::learn::Tally;
use tavolo::games::natura::leaves::Leaves;
use tavolo::games::natura::leaves_record::Checkpoint;

use super::natura_solve::WORDS;

fn tavolo(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(dir)
        .env("TAVOLO_CACHE_DIR", dir.join("cache"))
        .output()
        .unwrap()
}

fn words(dir: &Path) {
    let list: Vec<&str> = WORDS.split_whitespace().collect();
    // Lower case: a capitalised entry is a proper name, no word (NS-2).
    std::fs::write(dir.join("words.txt"), list.join("\n").to_lowercase() + "\n").unwrap();
}

fn learn(dir: &Path, out: &str, more: &[&str]) -> Output {
    let mut args = vec![
        "lexicon",
        "leaves",
        "learn",
        "--lexicon-only",
        "--lexicon",
        "words.txt",
        "--games",
        "30",
        "--seed",
        "t",
        "-o",
        out,
    ];
    args.extend(more);
    tavolo(dir, &args)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn the_same_seed_learns_the_same_bytes_on_any_number_of_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    words(d);
    let a = learn(d, "a.leaves", &["--iterations", "2", "--threads", "1"]);
    assert!(a.status.success(), "{}", stderr(&a));
    let b = learn(d, "b.leaves", &["--iterations", "2", "--threads", "3"]);
    assert!(b.status.success(), "{}", stderr(&b));
    let (fa, fb) = (
        std::fs::read(d.join("a.leaves")).unwrap(),
        std::fs::read(d.join("b.leaves")).unwrap(),
    );
    assert_eq!(fa, fb);
    let leaves = Leaves::from_bytes(&TileSet::italian(), &fa).unwrap();
    assert_eq!(leaves.stamp.games, 60);
    assert_eq!(leaves.stamp.iterations, 2);
    assert_eq!(leaves.stamp.lexicon_names, "words.txt");
    assert!(
        !d.join("a.leaves.partial").exists(),
        "the checkpoint is gone once done"
    );
    // Each iteration says how far the values moved.
    assert_eq!(
        stderr(&a).matches("values moved").count(),
        2,
        "{}",
        stderr(&a)
    );
}

/// A run stopped after its first iteration (its checkpoint as the run writes it) goes on
/// to the bytes of a run never stopped.
#[test]
fn a_stopped_run_goes_on_from_its_checkpoint_to_the_same_values() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    words(d);
    let whole = learn(d, "whole.leaves", &["--iterations", "2"]);
    assert!(whole.status.success(), "{}", stderr(&whole));
    let one = learn(d, "one.leaves", &["--iterations", "1"]);
    assert!(one.status.success(), "{}", stderr(&one));
    // The first iteration's values, as the run keeps them between iterations.
    let first = std::fs::read(d.join("one.leaves")).unwrap();
    let lexicon = Leaves::from_bytes(&TileSet::italian(), &first)
        .unwrap()
        .stamp
        .lexicon;
    let partial = Checkpoint {
        seed: "t".into(),
        games: 30,
        iterations: 2,
        lexicon,
        iteration: 1,
        playing: first,
        changes: vec![1.0],
        tally: Tally::default(),
    };
    std::fs::write(d.join("resumed.leaves.partial"), partial.to_bytes()).unwrap();
    let resumed = learn(d, "resumed.leaves", &["--iterations", "2"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("going on from"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(
        std::fs::read(d.join("resumed.leaves")).unwrap(),
        std::fs::read(d.join("whole.leaves")).unwrap()
    );
    // A checkpoint of other settings is not silently mixed in.
    std::fs::write(d.join("other.leaves.partial"), partial.to_bytes()).unwrap();
    let other = learn(d, "other.leaves", &["--iterations", "3"]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("other settings"),
        "{}",
        stderr(&other)
    );
    assert!(stderr(&other).contains("--restart"), "{}", stderr(&other));
    assert!(!d.join("other.leaves").exists());
}

#[test]
fn bad_leave_files_are_refused_with_the_command_to_learn_them_again() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    words(d);
    let a = learn(d, "a.leaves", &["--iterations", "1"]);
    assert!(a.status.success(), "{}", stderr(&a));
    let bytes = std::fs::read(d.join("a.leaves")).unwrap();
    std::fs::write(d.join("cut.leaves"), &bytes[..bytes.len() / 2]).unwrap();
    std::fs::write(d.join("junk.leaves"), "not leaves\n").unwrap();
    // Another lexicon: one word more.
    let more = WORDS.split_whitespace().collect::<Vec<_>>().join("\n") + "\ngiraffa\n";
    std::fs::write(d.join("more.txt"), more.to_lowercase()).unwrap();
    for (file, lexicon, says) in [
        ("cut.leaves", "words.txt", "damaged"),
        ("junk.leaves", "words.txt", "not a leave file"),
        ("a.leaves", "more.txt", "learned on the lexicon words.txt"),
        ("missing.leaves", "words.txt", "No such file"),
    ] {
        let o = tavolo(
            d,
            &[
                "lexicon",
                "leaves",
                "duel",
                file,
                "--games",
                "2",
                "--lexicon-only",
                "--lexicon",
                lexicon,
            ],
        );
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{file}: {err}");
        assert!(err.contains(says), "{file}: {err}");
        assert!(err.contains(file), "{file}: the file is named: {err}");
        if file != "missing.leaves" {
            assert!(err.contains("tavolo lexicon leaves learn"), "{file}: {err}");
        }
    }
    // Absurd counts are usage errors.
    let o = learn(d, "x.leaves", &["--games", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn solve_ranks_by_equity_with_leaves_and_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    words(d);
    let a = learn(d, "a.leaves", &["--iterations", "1"]);
    assert!(a.status.success(), "{}", stderr(&a));
    let lex = ["--lexicon-only", "--lexicon", "words.txt"];
    let mut play = vec!["play", "natura", "--seed", "4", "-o", "game.toml"];
    play.extend(lex);
    let p = tavolo(d, &play);
    assert!(p.status.success(), "{}", stderr(&p));
    let run = |more: &[&str]| {
        let mut args = vec!["solve", "natura", "game.toml", "--move", "2", "--json"];
        args.extend(lex);
        args.extend(more);
        let o = tavolo(d, &args);
        assert!(o.status.success(), "{more:?}: {}", stderr(&o));
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    let by_score = run(&[]);
    assert_eq!(
        by_score["ranked_by"], "score",
        "no leaves learned for the lexicon"
    );
    let by_equity = run(&["--leaves", "a.leaves"]);
    assert_eq!(by_equity["ranked_by"], "equity");
    let moves = by_equity["moves"].as_array().unwrap();
    let equity = |m: &serde_json::Value| m["equity"].as_f64().unwrap();
    for w in moves.windows(2) {
        assert!(equity(&w[0]) >= equity(&w[1]));
    }
    for m in moves {
        let sum = m["score"].as_f64().unwrap() + m["leave_value"].as_f64().unwrap();
        assert!((equity(m) - sum).abs() < 1e-9, "{m}");
    }
    // --rank score with leaves: the score order, and the same moves as without them.
    let forced = run(&["--leaves", "a.leaves", "--rank", "score"]);
    assert_eq!(forced["moves"], by_score["moves"]);
    // The lexicon's own leaves in the cache folder are found without --leaves.
    let mut learn_own = vec![
        "lexicon",
        "leaves",
        "learn",
        "--games",
        "10",
        "--iterations",
        "1",
    ];
    learn_own.extend(lex);
    let o = tavolo(d, &learn_own);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(run(&[])["ranked_by"], "equity");
}

#[test]
fn play_with_leaves_writes_a_legal_game_the_same_each_time() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    words(d);
    let a = learn(d, "a.leaves", &["--iterations", "1"]);
    assert!(a.status.success(), "{}", stderr(&a));
    let lex = ["--lexicon-only", "--lexicon", "words.txt"];
    let play = |out: &str, more: &[&str]| {
        let mut args = vec![
            "play", "natura", "--seed", "5", "-o", out, "--leaves", "a.leaves",
        ];
        args.extend(lex);
        args.extend(more);
        tavolo(d, &args)
    };
    for out in ["one.toml", "two.toml"] {
        let o = play(out, &[]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let one = std::fs::read(d.join("one.toml")).unwrap();
    assert_eq!(one, std::fs::read(d.join("two.toml")).unwrap());
    let mut check = vec!["check", "one.toml"];
    check.extend(lex);
    let c = tavolo(d, &check);
    assert_eq!(
        c.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&c.stdout)
    );
    // A pick among the best N is among the best by equity: reproducible too, and legal.
    for out in ["three.toml", "four.toml"] {
        let o = play(out, &["--strength", "3"]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let three = std::fs::read(d.join("three.toml")).unwrap();
    assert_eq!(three, std::fs::read(d.join("four.toml")).unwrap());
    assert_ne!(three, one);
    let mut check = vec!["check", "three.toml"];
    check.extend(lex);
    assert_eq!(tavolo(d, &check).status.code(), Some(0));
    // --rank equity with no values for these words is refused, nothing written.
    let mut args = vec![
        "play",
        "natura",
        "--seed",
        "5",
        "-o",
        "five.toml",
        "--rank",
        "equity",
    ];
    args.extend(lex);
    let o = tavolo(d, &args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("play.no-leaves"), "{}", stderr(&o));
    assert!(!d.join("five.toml").exists());
}

/// The values tavolo ships (issue 25) are whole, made for NS-2's tiles, and ranked by
/// default where the lexicon is the one they were learned on.
#[test]
fn the_bundled_values_are_whole_and_ranked_by_for_their_lexicon() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let file = d.join("bundled.leaves");
    std::fs::write(&file, tavolo::games::natura::leaves_record::BUNDLED).unwrap();
    let o = tavolo(
        d,
        &["lexicon", "leaves", "info", "bundled.leaves", "--top", "0"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let info = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        info.contains("1050000 games in 3 iterations; 351309 leaves"),
        "{info}"
    );
    assert!(info.contains("it_IT.dic + italian"), "{info}");
    // Its sums check: one byte changed is refused.
    let mut bytes = tavolo::games::natura::leaves_record::BUNDLED.to_vec();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, bytes).unwrap();
    let o = tavolo(d, &["lexicon", "leaves", "info", "bundled.leaves"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // Words of its own: no values, so `solve` ranks by score and says nothing of equity.
    words(d);
    let p = tavolo(
        d,
        &[
            "play",
            "natura",
            "--seed",
            "5",
            "-o",
            "g.toml",
            "--lexicon-only",
            "--lexicon",
            "words.txt",
        ],
    );
    assert!(p.status.success(), "{}", stderr(&p));
    let s = tavolo(
        d,
        &[
            "solve",
            "natura",
            "g.toml",
            "--move",
            "4",
            "--lexicon-only",
            "--lexicon",
            "words.txt",
        ],
    );
    assert!(s.status.success(), "{}", stderr(&s));
    assert!(!String::from_utf8_lossy(&s.stdout).contains("equity"));
}
