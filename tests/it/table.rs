//! `tavolo table`: every refereed game played whole through the live session, driven by
//! standard input with the moves of `tavolo play`'s record for the same seed: the record
//! the session writes checks clean and is `play`'s byte for byte; an illegal move in the
//! middle is refused and the game goes on; undo then redo changes nothing; a session killed
//! with SIGKILL keeps every move it accepted and goes on with `--resume`; a terminal
//! session under tmux; and docs/table.md, whose sessions are replayed here.

use std::io::Write;
use std::path::Path;
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
        // `play muro` stops at once on some deals; this one plays 33 moves.
        seed: "d",
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
    live.history(session::View::Director)
        .into_iter()
        .map(|p| p.notation)
        .collect()
}

/// `undo` as the table's view must say it to take back move `n` (1-based) of `record`:
/// with the agreement of the player who made it and of another (GN-5).
fn undo_agreed(record: &str, n: usize) -> String {
    let src = Source::new("play.toml", record);
    let rec = Record::parse(&src, &tavolo::games::Registry).expect("a readable record");
    let (live, _) = session::find(rec.game).unwrap().open(&rec, &src).unwrap();
    let mover = live.history(session::View::Director)[n - 1].player.clone();
    let other = rec
        .player_names()
        .into_iter()
        .find(|p| *p != mover)
        .unwrap_or_default();
    format!("undo {mover} {other}").trim_end().to_string()
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
    // The table's view asks for two names; one alone is not enough.
    let agreed = undo_agreed(&played, mid + 1);
    let alone = agreed.rsplit_once(' ').map_or(agreed.as_str(), |(a, _)| a);
    if alone != agreed {
        input.push_str(&format!("{alone}\n"));
    }
    input.push_str(&format!("{agreed}\nredo\n"));
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
    if alone != agreed {
        assert!(
            out.contains(&format!("not taken back: taking back move {}", mid + 1)),
            "{}: one name alone takes nothing back\n{out}",
            case.name()
        );
    }
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

/// The case of `game` in [`CASES`] with `players`.
fn case(game: &str, players: usize) -> &'static Case {
    CASES
        .iter()
        .find(|c| c.game == game && c.players == players && c.variant.is_none())
        .expect("a case")
}

/// The record's moves cut after the first `n`.
fn first_moves(record: &str, n: usize) -> String {
    let parts: Vec<&str> = record.split("\n[[move]]\n").collect();
    parts[..=n].join("\n[[move]]\n")
}

fn count_moves(record: &str) -> usize {
    record.matches("[[move]]").count()
}

/// Wait until `cond` holds, polling; false after `secs` seconds.
fn wait_for(secs: u64, mut cond: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(secs) {
        if cond() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    cond()
}

/// Nothing is lost: a session killed (SIGKILL, no chance to clean up) after N moves has
/// written those N moves; `--resume` goes on, and the game ends as an uninterrupted one.
#[test]
fn a_killed_session_keeps_its_moves_and_resumes_to_the_same_end() {
    let case = case("natura", 2);
    let played = case.played();
    let moves = notations(&played);
    let n = 10;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.toml");
    let mut args: Vec<String> = vec!["table".into()];
    args.extend(case.deal_args());
    args.extend(["-o".into(), "game.toml".into()]);
    let mut child = tavolo()
        .args(&args)
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(lines(&moves[..n]).as_bytes()).unwrap();
    stdin.flush().unwrap();
    let written = wait_for(60, || {
        std::fs::read_to_string(&file).is_ok_and(|t| count_moves(&t) == n)
    });
    // The input stays open: the session waits for move n + 1 when it is killed.
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    assert!(written, "the session wrote {n} moves");
    let kept = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        kept,
        first_moves(&played, n),
        "the record holds the {n} moves"
    );
    let (code, verdict) = check(dir.path(), "game.toml");
    assert_eq!(code, 0, "{verdict}");
    assert!(verdict.contains("legal so far, 10 moves"), "{verdict}");
    let o = run(
        dir.path(),
        &["table", "--resume", "game.toml"],
        &lines(&moves[n..]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("(10 moves so far)"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), played);
}

/// Redo survives a resume: the moves taken back stay in the record's `[session]` until a
/// new move replaces them, so undo, SIGKILL, `--resume`, redo writes the record an
/// uninterrupted session writes; a record with `[session]` checks as it would without.
#[test]
fn redo_survives_a_killed_session() {
    let case = case("moon", 2);
    let played = case.played();
    let moves = notations(&played);
    let n = 6;
    let mut args: Vec<String> = vec!["table".into()];
    args.extend(case.deal_args());
    args.extend(["-o".into(), "game.toml".into(), "--director".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let taken_back = format!("{}undo\nundo\n", lines(&moves[..n]));

    let whole = tempfile::tempdir().unwrap();
    let o = run(whole.path(), &args, &format!("{taken_back}redo\n"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let uninterrupted = std::fs::read_to_string(whole.path().join("game.toml")).unwrap();
    assert!(
        uninterrupted.ends_with(&format!("[session]\nredo = [\"{}\"]\n", moves[n - 1])),
        "{uninterrupted}"
    );

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.toml");
    let mut child = tavolo()
        .args(&args)
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(taken_back.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let both = format!("redo = [\"{}\", \"{}\"]", moves[n - 2], moves[n - 1]);
    let written = wait_for(60, || {
        std::fs::read_to_string(&file).is_ok_and(|t| count_moves(&t) == n - 2 && t.contains(&both))
    });
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    assert!(written, "the session wrote the two moves taken back");
    let (code, verdict) = check(dir.path(), "game.toml");
    assert_eq!(code, 0, "{verdict}");
    let o = run(
        dir.path(),
        &["table", "--resume", "game.toml", "--director"],
        "redo\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), uninterrupted);
    // A new move forgets what was taken back, and the section goes.
    let o = run(
        dir.path(),
        &["table", "--resume", "game.toml", "--director"],
        "redo\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        first_moves(&played, n)
    );
}

/// A record that cannot go on is left as it is: illegal (exit 1, the verdict as `check`
/// gives it), of another game than the one named (exit 1), unreadable (exit 2).
#[test]
fn a_record_that_cannot_resume_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let played = case("moon", 2).played();
    // MN-2 (rule 3): move 4 puts P2's GA on d3, where move 1 put AG.
    let illegal = format!(
        "{}\n[[move]]\nplayer = \"P2\"\ntile = \"GA\"\nsquare = \"d3\"\n",
        first_moves(&played, 3)
    );
    std::fs::write(dir.path().join("bad.toml"), &illegal).unwrap();
    let o = run(dir.path(), &["table", "--resume", "bad.toml"], "AG d3\n");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(err.contains("bad.toml: illegal at move 4 of 4"), "{err}");
    assert!(err.contains("error[moon.square-occupied]"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("bad.toml")).unwrap(),
        illegal
    );

    std::fs::write(dir.path().join("moon.toml"), &played).unwrap();
    let o = run(dir.path(), &["table", "natura", "--from", "moon.toml"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("is a record of moon, not natura"),
        "{}",
        text(&o.stderr)
    );

    std::fs::write(
        dir.path().join("broken.toml"),
        "game = \"moon\"\nplayers = [",
    )
    .unwrap();
    let o = run(dir.path(), &["table", "--resume", "broken.toml"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("unreadable"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("broken.toml")).unwrap(),
        "game = \"moon\"\nplayers = ["
    );
    // Nothing was written beside them.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}

/// A line that is no move: the parser's message and its column, and the session goes on;
/// the end of input mid-game saves the record and says the game is not finished.
#[test]
fn a_bad_line_says_where_and_the_end_of_input_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        dir.path(),
        &["table", "moon", "--seed", "golden"],
        "AG d3\nGR zz\nnonsense here now\nGR d4\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains(
            "not a move (column 4): `zz` is not a square of the board (MN-1)\n  GR zz\n     ^\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("not a move (column 1): `nonsense` is not a seat"),
        "{out}"
    );
    assert!(out.contains("move 2, P2: 2 GR d4: legal."), "{out}");
    assert!(
        out.contains("record: moon-golden-1.toml"),
        "the file is named: {out}"
    );
    assert!(
        out.contains("game not finished: 2 moves recorded in moon-golden-1.toml"),
        "{out}"
    );
    let kept = std::fs::read_to_string(dir.path().join("moon-golden-1.toml")).unwrap();
    assert_eq!(count_moves(&kept), 2);
    // A second session does not write over the first's record.
    let o = run(dir.path(), &["table", "moon", "--seed", "golden"], "");
    assert!(
        text(&o.stdout).contains("record: moon-golden-2.toml"),
        "{}",
        text(&o.stdout)
    );
}

/// Hidden holdings stay hidden (Natura racks, MOON hands with 3-4 players) unless the
/// session is the director's; a seat sees its own rack only. MOON with two players keeps
/// its hands open on the table (the sheet).
#[test]
fn the_table_sees_no_hidden_holding_but_the_director_does() {
    let dir = tempfile::tempdir().unwrap();
    let start = |args: &[&str]| text(&run(dir.path(), args, "position\n").stdout);
    let natura = [
        "table",
        "natura",
        "--seed",
        "table",
        "--names",
        "Anna,Bruno",
        "--force",
        "-o",
        "n.toml",
    ];
    let table = start(&natura);
    assert!(
        table.contains("Anna 0: 7 tiles\nBruno 0: 7 tiles\n"),
        "{table}"
    );
    assert!(table.contains("bag: 106 tiles\n"), "{table}");
    let mut director: Vec<&str> = natura.to_vec();
    director.push("--director");
    let all = start(&director);
    let rack = |t: &str, who: &str| {
        t.lines()
            .find(|l| l.starts_with(&format!("{who} 0: ")))
            .map(|l| l[who.len() + 4..].to_string())
            .unwrap()
    };
    assert_eq!(rack(&all, "Anna").len(), 7, "{all}");
    assert!(all.contains("bag: 106 tiles, in draw order: "), "{all}");
    let mut seat: Vec<&str> = natura.to_vec();
    seat.extend(["--seat", "Bruno"]);
    let bruno = start(&seat);
    assert_eq!(rack(&bruno, "Bruno"), rack(&all, "Bruno"));
    assert_eq!(rack(&bruno, "Anna"), "7 tiles");
    // MN-4: with 3 players the hands are each their own; with 2 they lie open.
    let three = start(&[
        "table", "moon", "--seed", "t", "-p", "3", "--force", "-o", "m.toml",
    ]);
    assert!(three.contains("P1: 8 tiles\n"), "{three}");
    let two = start(&[
        "table", "moon", "--seed", "golden", "--force", "-o", "m.toml",
    ]);
    assert!(
        two.contains("P1: BV BG BA VG RB RV RR RA GV AV AR AG\n"),
        "{two}"
    );
}

/// `--json`: one JSON object a line, for the start, each move (legal, illegal or
/// unreadable) and command, and the end.
#[test]
fn json_is_one_object_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        dir.path(),
        &[
            "table", "moon", "--seed", "golden", "--json", "-o", "g.toml",
        ],
        "AG d3\nAG d3\nzz\nundo P1 P2\nhint\n",
    );
    assert_eq!(o.status.code(), Some(0));
    let events: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one object a line"))
        .collect();
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["start", "move", "move", "move", "undo", "hint", "end"]
    );
    assert_eq!(events[1]["verdict"], "legal");
    assert_eq!(events[1]["move"], "1 AG d3");
    assert_eq!(events[2]["verdict"], "illegal");
    // The seat to move, P2, plays AG: it is on the board already (sheet rule 3).
    assert_eq!(events[2]["code"], "moon.tile-on-board");
    assert_eq!(events[3]["verdict"], "unreadable");
    assert_eq!(events[4]["undone"]["move"], "1 AG d3");
    // MN-2: around BB on c3, P1's tiles without a blue moon or background, 8 on 4 squares.
    assert_eq!(events[5]["count"], 32);
    assert_eq!(events[6]["finished"], false);
    assert_eq!(events[6]["moves"], 0);
}

/// `--png`: the position drawn again after every move; `show` draws it on demand.
#[test]
fn the_picture_follows_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        dir.path(),
        &[
            "table", "moon", "--seed", "golden", "-o", "g.toml", "--png", "live.png",
        ],
        "AG d3\nshow board.svg\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let png = std::fs::read(dir.path().join("live.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let svg = std::fs::read_to_string(dir.path().join("board.svg")).unwrap();
    assert!(svg.contains("after move 1 of 1"), "{svg}");
    // Farfalia's picture shows every hand: the director's only.
    let o = run(
        dir.path(),
        &[
            "table", "farfalia", "-p", "4", "--seed", "t", "-o", "f.toml", "--png", "f.png",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("error[table.private-picture]"),
        "{}",
        text(&o.stderr)
    );
    assert!(!dir.path().join("f.toml").exists() && !dir.path().join("f.png").exists());
    let o = run(
        dir.path(),
        &[
            "table",
            "farfalia",
            "-p",
            "4",
            "--seed",
            "t",
            "-o",
            "f.toml",
            "--png",
            "f.png",
            "--director",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(dir.path().join("f.png").exists());
}

/// A tmux server of the test's own (its socket in a temporary folder), killed at the end.
struct Tmux {
    socket: std::path::PathBuf,
}

impl Tmux {
    fn cmd(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn screen(&self) -> String {
        text(&self.cmd(&["capture-pane", "-p", "-t", "t"]).stdout)
    }

    fn type_line(&self, line: &str) {
        self.cmd(&["send-keys", "-t", "t", "-l", line]);
        self.cmd(&["send-keys", "-t", "t", "Enter"]);
    }

    /// Wait until the screen shows `what`; the screen as it is then.
    fn shows(&self, what: &str) -> String {
        let mut screen = String::new();
        wait_for(30, || {
            screen = self.screen();
            screen.contains(what)
        });
        screen
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd(&["kill-server"]);
    }
}

/// A real terminal session: under tmux the session prompts, shows the board after each
/// move, and says every verdict on the screen.
#[test]
fn a_terminal_session_under_tmux_shows_the_position_and_the_verdicts() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("note: tmux is not installed: the terminal session is not tested");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tmux = Tmux {
        socket: dir.path().join("tmux.sock"),
    };
    let bin = env!("CARGO_BIN_EXE_tavolo");
    let command =
        format!("TAVOLO_CACHE_DIR=cache '{bin}' table moon --seed golden -o game.toml; sleep 30");
    let dir_text = dir.path().display().to_string();
    let o = tmux.cmd(&[
        "new-session",
        "-d",
        "-s",
        "t",
        "-x",
        "110",
        "-y",
        "60",
        "-c",
        &dir_text,
        &command,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let first = tmux.shows("P1 to move: a tile");
    assert!(first.contains(" 3   .  . BB  .  ."), "the board:\n{first}");
    assert!(
        first.contains("P1 to move: a tile from P1's hand"),
        "{first}"
    );
    tmux.type_line("AG d3");
    let after = tmux.shows("move 1, P1: 1 AG d3: legal.");
    assert!(
        after.contains(" 3   .  . BB AG  ."),
        "the board after move 1:\n{after}"
    );
    assert!(after.contains("P2 to move"), "{after}");
    tmux.type_line("GR d3");
    let refused = tmux.shows("refused (not recorded)");
    assert!(
        refused.contains("refused (not recorded): move 2, P2: 2 GR d3 breaks MN-2 (rule 3) [moon.square-occupied]"),
        "{refused}"
    );
    assert!(refused.contains("legal instead:"), "{refused}");
    tmux.type_line("quit");
    let end = tmux.shows("game not finished");
    assert!(
        end.contains("game not finished: 1 move recorded in game.toml"),
        "{end}"
    );
    let kept = std::fs::read_to_string(dir.path().join("game.toml")).unwrap();
    assert_eq!(count_moves(&kept), 1);
}

/// The terminal edits a line (issue 47): a mistyped move is mended with the arrow keys
/// before Enter, Up recalls the last line, Ctrl-L clears the screen instead of echoing, and
/// the history outlives the session (kept per game in the cache folder).
#[test]
fn a_terminal_session_edits_lines_and_recalls_them() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("note: tmux is not installed: line editing is not tested");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tmux = Tmux {
        socket: dir.path().join("tmux.sock"),
    };
    let bin = env!("CARGO_BIN_EXE_tavolo");
    let session = |name: &str| {
        format!("TAVOLO_CACHE_DIR=cache '{bin}' table moon --seed golden -o {name}.toml; sleep 30")
    };
    let dir_text = dir.path().display().to_string();
    let open = |command: &str| {
        let args = [
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            "110",
            "-y",
            "60",
            "-c",
            &dir_text,
            command,
        ];
        // Right after `kill-server` the old server may still hold the socket, and the new
        // session's client meets it exiting ("server exited unexpectedly"): try again.
        let mut o = tmux.cmd(&args);
        for _ in 0..20 {
            if o.status.success() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(250));
            o = tmux.cmd(&args);
        }
        assert!(o.status.success(), "{}", text(&o.stderr));
    };
    let keys = |k: &[&str]| {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(k);
        tmux.cmd(&args);
    };
    open(&session("one"));
    tmux.shows("P1 to move: a tile");
    // `AG x3`, then Left, Backspace over `x`, `d`: the line sent is `AG d3`.
    keys(&["-l", "AG x3"]);
    keys(&["Left", "BSpace"]);
    keys(&["-l", "d"]);
    keys(&["Enter"]);
    let after = tmux.shows("move 1, P1: 1 AG d3: legal.");
    assert!(
        !after.contains("[D"),
        "an arrow key was typed as text:\n{after}"
    );
    // Ctrl-L clears the screen: no `^L` echoed, the board drawn before is gone.
    keys(&["C-l"]);
    assert!(wait_for(30, || !tmux
        .screen()
        .contains("move 1, P1: 1 AG d3: legal.")));
    assert!(!tmux.screen().contains("^L"), "{}", tmux.screen());
    // Up recalls `AG d3`; as P2's move it is refused (P2 does not hold AG), which shows
    // the recalled line was the one sent.
    keys(&["Up"]);
    keys(&["Enter"]);
    let recalled = tmux.shows("refused (not recorded)");
    assert!(recalled.contains("move 2, P2: 2 AG d3"), "{recalled}");
    tmux.type_line("quit");
    tmux.shows("game not finished");
    let kept = std::fs::read_to_string(dir.path().join("cache/history/moon")).unwrap();
    assert!(
        kept.lines().any(|l| l == "AG d3"),
        "the history file:\n{kept}"
    );
    // A new session of the same game recalls the last session's lines.
    tmux.cmd(&["kill-server"]);
    open(&session("two"));
    tmux.shows("P1 to move: a tile");
    keys(&["Up"]);
    let screen = tmux.shows("> quit");
    assert!(screen.contains("> quit"), "{screen}");
    keys(&["Up"]);
    let screen = tmux.shows("> AG d3");
    assert!(screen.contains("> AG d3"), "{screen}");
}

/// One session of docs/table.md: the arguments, the lines typed, what is printed.
struct DocSession {
    line: usize,
    args: Vec<String>,
    input: String,
    expected: String,
}

/// Every ```console block of docs/table.md that runs `tavolo table ... <<'EOF'`.
fn doc_sessions(doc: &str) -> Vec<DocSession> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(cmd) = lines[i]
            .strip_prefix("$ tavolo ")
            .filter(|_| i > 0 && lines[i - 1] == "```console")
        else {
            i += 1;
            continue;
        };
        let line = i + 1;
        let cmd = cmd
            .strip_suffix(" <<'EOF'")
            .expect("a session reads a here-document");
        let args = cmd.split_whitespace().map(String::from).collect();
        let mut input = String::new();
        i += 1;
        while lines[i] != "EOF" {
            input.push_str(lines[i]);
            input.push('\n');
            i += 1;
        }
        let mut expected = String::new();
        i += 1;
        while lines[i] != "```" {
            expected.push_str(lines[i]);
            expected.push('\n');
            i += 1;
        }
        out.push(DocSession {
            line,
            args,
            input,
            expected,
        });
    }
    out
}

fn doc() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/table.md")).unwrap()
}

/// docs/table.md is a test: each session shown is run with its input and prints exactly
/// what the page shows, and every game has one.
#[test]
fn the_sessions_of_docs_table_md_are_what_tavolo_prints() {
    let doc = doc();
    let sessions = doc_sessions(&doc);
    for t in session::TABLES {
        assert!(
            sessions
                .iter()
                .any(|s| s.args.get(1).map(String::as_str) == Some(t.name())),
            "docs/table.md shows no session of {}",
            t.name()
        );
    }
    for s in &sessions {
        let dir = tempfile::tempdir().unwrap();
        let args: Vec<&str> = s.args.iter().map(String::as_str).collect();
        let o = run(dir.path(), &args, &s.input);
        assert_eq!(
            o.status.code(),
            Some(0),
            "docs/table.md:{}: {}",
            s.line,
            text(&o.stderr)
        );
        assert_eq!(
            text(&o.stdout),
            s.expected,
            "docs/table.md:{}: the session prints something else",
            s.line
        );
    }
}

/// Every short form a game reads is documented in docs/table.md (and `help` lists it).
#[test]
fn every_short_form_is_documented() {
    let doc = doc();
    for t in session::TABLES {
        for (form, _) in t.short_forms() {
            assert!(
                doc.contains(&format!("`{form}`")),
                "{}: the short form `{form}` is not in docs/table.md",
                t.name()
            );
        }
    }
}

/// `tavolo table --lexicon` (issue 26): the lists given judge the words, as in `check` and
/// `play`; NS-5: a word they lack stands unless challenged, one they hold is simply scored.
/// Seed `lex`: Anna's rack is AADHLNS, HAND is no word of either list but the one given.
#[test]
fn the_lexicon_given_judges_the_session_words_ns5() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hand.txt"), "hand\n").unwrap();
    std::fs::write(dir.path().join("casa.txt"), "casa\n").unwrap();
    let session = |list: &str| {
        let o = run(
            dir.path(),
            &[
                "table",
                "natura",
                "--seed",
                "lex",
                "--names",
                "Anna,Bruno",
                "-o",
                &format!("{list}.toml"),
                "--lexicon-only",
                "--lexicon",
                &format!("{list}.txt"),
            ],
            "H8 across HAND\n",
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    let held = session("hand");
    assert!(held.contains("Anna scores 34: HAND"), "{held}");
    assert!(!held.contains("not in the lexicon"), "{held}");
    let lacked = session("casa");
    assert!(
        lacked.contains("not in the lexicon: HAND; it stands unless challenged"),
        "{lacked}"
    );
    // The record names the list it was played with, and `check` judges it the same.
    let record = std::fs::read_to_string(dir.path().join("hand.toml")).unwrap();
    assert!(record.contains("lexicon = ["), "{record}");
    let o = tavolo()
        .args(["check", "hand.toml"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
}

/// `tavolo table --help` names the flag `tavolo event deal` really has for its records.
#[test]
fn the_help_names_event_deal_out() {
    let o = tavolo().args(["table", "--help"]).output().unwrap();
    let help = text(&o.stdout);
    assert!(help.contains("`tavolo event deal --out`"), "{help}");
    assert!(!help.contains("event deal --dir"), "{help}");
}

/// Quincunx cells are named like chess squares (docs/records.md): the text grid, as the
/// pictures do, shows row 5 at the top and row 1 at the bottom.
#[test]
fn the_quincunx_grid_text_has_row_1_at_the_bottom_as_the_picture() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        dir.path(),
        &["table", "quincunx", "--seed", "table", "-o", "q.toml"],
        "",
    );
    let out = text(&o.stdout);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.len() > 3 && l[..3].trim().parse::<u32>().is_ok())
        .collect();
    let numbers: Vec<u32> = rows
        .iter()
        .map(|l| l[..3].trim().parse().unwrap())
        .collect();
    assert_eq!(numbers, [5, 4, 3, 2, 1], "{out}");
    // The deal for this seed: AW on a5, 5SW on a1.
    assert!(rows[0].contains("AW"), "{out}");
    assert!(rows[4].contains("5SW"), "{out}");
}
