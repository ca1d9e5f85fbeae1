//! `tavolo table`: every refereed game played whole through the live session, driven by
//! standard input with the moves of `tavolo play`'s record for the same seed: the record
//! the session writes checks clean and is `play`'s byte for byte; an illegal move in the
//! middle is refused and the game goes on; undo then redo changes nothing; a session killed
//! with SIGKILL keeps every move it accepted and goes on with `--resume`; a terminal
//! session under tmux; and docs/table.md, whose sessions are replayed here.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tavolo::games::session;
use tavolo::record::{Record, Source};

fn tavolo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
}

/// Run tavolo in `dir` with `input` on standard input (a pipe: not a terminal).
fn run(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = tavolo()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tavolo");
    let mut stdin = child.stdin.take().expect("stdin");
    // A session that ends early (an error) closes its input: not this test's failure.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("tavolo ends")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A game of the registry as the tests deal it.
struct Case {
    game: &'static str,
    variant: Option<&'static str>,
    players: usize,
    seed: &'static str,
}

impl Case {
    fn deal_args(&self) -> Vec<String> {
        let mut v = vec![
            self.game.to_string(),
            "--seed".into(),
            self.seed.into(),
            "-p".into(),
            self.players.to_string(),
        ];
        if let Some(var) = self.variant {
            v.extend(["--variant".into(), var.into()]);
        }
        v
    }

    fn name(&self) -> String {
        format!(
            "{} ({}, {} players, seed {})",
            self.game,
            self.variant.unwrap_or("standard"),
            self.players,
            self.seed
        )
    }

    /// The record `tavolo play` writes for this deal.
    fn played(&self) -> String {
        let mut args = vec!["play".to_string()];
        args.extend(self.deal_args());
        let o = tavolo().args(&args).output().expect("play");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}: {}",
            self.name(),
            text(&o.stderr)
        );
        text(&o.stdout)
    }
}

/// Every refereed game, Moon in all its variants and player counts.
const CASES: &[Case] = &[
    Case {
        game: "moon",
        variant: None,
        players: 2,
        seed: "golden",
    },
    Case {
        game: "moon",
        variant: None,
        players: 3,
        seed: "table",
    },
    Case {
        game: "moon",
        variant: None,
        players: 4,
        seed: "table",
    },
    Case {
        game: "moon",
        variant: Some("solitaire"),
        players: 1,
        seed: "table",
    },
    Case {
        game: "scalafrutta",
        variant: None,
        players: 2,
        seed: "table",
    },
    Case {
        game: "domino",
        variant: None,
        players: 3,
        seed: "table",
    },
    Case {
        game: "domino",
        variant: Some("loose-contact"),
        players: 2,
        seed: "table",
    },
    Case {
        game: "muro",
        variant: None,
        players: 1,
        seed: "table",
    },
    Case {
        game: "mosaico",
        variant: None,
        players: 1,
        seed: "table",
    },
    Case {
        game: "quincunx",
        variant: None,
        players: 2,
        seed: "table",
    },
    Case {
        game: "quincunx",
        variant: Some("solitaire"),
        players: 1,
        seed: "table",
    },
    Case {
        game: "farfalia",
        variant: None,
        players: 4,
        seed: "table",
    },
    Case {
        game: "natura",
        variant: None,
        players: 2,
        seed: "table",
    },
];

/// The moves of a record in the session's notation (each move's `Display`), read through
/// the session's own reading of records.
fn notations(record: &str) -> Vec<String> {
    let src = Source::new("play.toml", record);
    let rec = Record::parse(&src, &tavolo::games::Registry).expect("a readable record");
    let tables = session::find(rec.game).expect("a session for every game");
    let (live, refused) = tables.open(&rec, &src).expect("opens");
    assert!(refused.is_none(), "{refused:?}");
    live.history().into_iter().map(|p| p.notation).collect()
}

fn check(dir: &Path, file: &str) -> (i32, String) {
    let o = tavolo()
        .args(["check", file])
        .current_dir(dir)
        .output()
        .unwrap();
    (o.status.code().unwrap_or(-1), text(&o.stdout))
}

fn lines(moves: &[String]) -> String {
    moves.iter().map(|m| format!("{m}\n")).collect()
}

/// A whole game through the session, with an illegal move and an undo/redo in the middle,
/// writes `play`'s record byte for byte, and it checks clean.
fn whole_game(case: &Case) {
    let dir = tempfile::tempdir().unwrap();
    let played = case.played();
    let moves = notations(&played);
    assert!(!moves.is_empty(), "{}", case.name());
    let mid = moves.len() / 2;
    let mut input = lines(&moves[..=mid]);
    // The move just played, again: illegal in every game (its tile, card or word is
    // gone, or it is the next player's turn).
    input.push_str(&format!("{}\n", moves[mid]));
    input.push_str("undo\nredo\n");
    input.push_str(&lines(&moves[mid + 1..]));
    let mut args = vec!["table".to_string()];
    args.extend(case.deal_args());
    args.extend(["-o".into(), "game.toml".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(dir.path(), &args, &input);
    let out = text(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}: {}\n{out}",
        case.name(),
        text(&o.stderr)
    );
    assert!(
        out.contains(&format!("refused (not recorded): move {}", mid + 2)),
        "{}: the repeated move {} is refused\n{out}",
        case.name(),
        moves[mid]
    );
    assert!(
        out.contains(&format!("took back move {}", mid + 1)),
        "{out}"
    );
    let written = std::fs::read_to_string(dir.path().join("game.toml")).unwrap();
    assert_eq!(written, played, "{}: the record is play's", case.name());
    let (code, verdict) = check(dir.path(), "game.toml");
    assert_eq!(code, 0, "{}: {verdict}", case.name());
    let finished = verdict.contains("legal and complete");
    assert_eq!(
        out.contains("game over:"),
        finished,
        "{}: says whether the game is over\n{out}",
        case.name()
    );
}

#[test]
fn every_game_plays_whole_through_the_table_and_writes_plays_record() {
    for case in CASES {
        whole_game(case);
    }
}
