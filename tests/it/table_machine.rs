//! `tavolo table --machine` (issue 43): a whole game of every game with machine seats, from
//! the terminal (standard input a pipe), checks clean and is the same record byte for byte
//! when played again; the record names the machine's seats, strengths and seed; a person
//! and the machine take turns; strengths a game does not offer are refused with the list.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use tavolo::deal::Provenance;
use tavolo::games::machine_seat::{Level, Seats};
use tavolo::games::session::{self, View};

fn run(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tavolo");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("tavolo ends")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Game, players, the machine's seats.
const GAMES: &[(&str, usize, &str)] = &[
    ("moon", 2, "1:greedy,2:strong"),
    ("moon", 3, "1:strong,2:greedy,3:random"),
    ("scalafrutta", 2, "1:greedy,2:strong"),
    ("domino", 2, "1:greedy,2:strong"),
    ("muro", 1, "1:strong"),
    ("mosaico", 1, "1:greedy"),
    ("farfalia", 2, "1:random,2:greedy"),
    ("farfalia", 4, "1:strong,2:greedy,3:greedy,4:random"),
    ("quincunx", 2, "1:greedy,2:strong"),
    ("natura", 2, "1:greedy,2:strong"),
];

#[test]
fn every_game_played_by_the_machine_at_the_terminal_checks_clean_and_plays_again_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let mut seen = Vec::new();
    for &(game, players, seats) in GAMES {
        let p = players.to_string();
        let mut records = Vec::new();
        for round in 0..2 {
            let file = format!("{game}-{players}-{round}.toml");
            let out = run(
                dir.path(),
                &[
                    "table",
                    game,
                    "--seed",
                    "m43",
                    "-p",
                    &p,
                    "-o",
                    &file,
                    "--machine",
                    seats,
                ],
                "",
            );
            let said = text(&out.stdout);
            assert!(out.status.success(), "{game}: {said}{}", text(&out.stderr));
            assert!(
                said.contains("game over"),
                "{game}: the machine played to the end:\n{said}"
            );
            let check = Command::new(env!("CARGO_BIN_EXE_tavolo"))
                .args(["check", &file])
                .current_dir(dir.path())
                .output()
                .unwrap();
            assert!(check.status.success(), "{game}: {}", text(&check.stdout));
            let record = std::fs::read_to_string(dir.path().join(&file)).unwrap();
            let written: Vec<String> = seats.split(',').map(|s| format!("\"{s}\"")).collect();
            assert!(
                record.contains(&format!("machine = [{}]", written.join(", "))),
                "{game}: the record names the machine's seats:\n{record}"
            );
            assert!(record.contains("machine-seed = \"m43\""), "{game}");
            records.push(record);
        }
        assert_eq!(records[0], records[1], "{game}: the same game again");
        seen.push(game);
    }
    for g in tavolo::games::names() {
        assert!(seen.contains(&g), "{g} is played by the machine here");
    }
}

#[test]
fn a_person_and_the_machine_take_turns_and_the_terminal_writes_the_session_s_record() {
    // The person at seat 1 plays the first legal move each turn; the machine seat 2. The
    // session itself, driven the same way, gives the moves to type and the record.
    let players = vec!["Anna".to_string(), "Bruno".to_string()];
    let deal = Provenance::new("moon", "standard", "duo", 1);
    let mut live = session::find("moon")
        .unwrap()
        .deal("standard", &players, &deal)
        .unwrap();
    live.seat_machine(Seats {
        seats: vec![(1, Level::Greedy)],
        seed: String::new(),
    })
    .unwrap();
    let mut typed = String::new();
    let mut machine_moves = 0;
    while let Some(seat) = live.to_move() {
        if seat == 1 {
            let a = live.machine_move(View::Table).expect("the machine moves");
            assert!(matches!(a, session::Answer::Legal { .. }), "{a:?}");
            machine_moves += 1;
            continue;
        }
        let mv = live.hint(View::Director).unwrap().legal[0].clone();
        typed.push_str(&mv);
        typed.push('\n');
        live.apply(&mv, View::Table);
    }
    assert!(machine_moves > 0);
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &[
            "table",
            "moon",
            "--seed",
            "duo",
            "--names",
            "Anna,Bruno",
            "-o",
            "g.toml",
            "--machine",
            "2",
        ],
        &typed,
    );
    let said = text(&out.stdout);
    assert!(out.status.success(), "{said}{}", text(&out.stderr));
    assert_eq!(
        said.matches(": legal.").count(),
        live.moves(),
        "each move, the machine's too, is answered as anyone's:\n{said}"
    );
    let record = std::fs::read_to_string(dir.path().join("g.toml")).unwrap();
    assert_eq!(record, live.record());
    assert!(record.contains("machine = [\"2:greedy\"]"), "{record}");
}

#[test]
fn a_strength_the_game_does_not_offer_is_refused_with_the_ones_it_does() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &[
            "table",
            "moon",
            "--seed",
            "x",
            "--machine",
            "2",
            "--strength",
            "clever",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("table.bad-strength") && err.contains("random, greedy, strong"),
        "{err}"
    );
    // Every game offers every strength now (issue 43): a seat not at the table is refused.
    let out = run(
        dir.path(),
        &[
            "table",
            "scalafrutta",
            "--seed",
            "x",
            "--machine",
            "3:greedy",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("table.bad-machine") && err.contains("numbered 1 to 2"),
        "{err}"
    );
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "no record is written for a refused table"
    );
}

#[test]
fn a_person_plays_the_machine_from_the_page_and_the_server_writes_the_session_s_record() {
    // The new-table form seats the machine at seat 2; the person at seat 1 posts a move
    // each turn, and the machine answers before the page comes back: the record is the one
    // a session driven the same way writes, and checks clean.
    use crate::serve::{action, deal, get, post, state, Server};
    let players = vec!["P1".to_string(), "P2".to_string()];
    let provenance = Provenance::new("moon", "standard", "page", 1);
    let mut live = session::find("moon")
        .unwrap()
        .deal("standard", &players, &provenance)
        .unwrap();
    live.seat_machine(Seats {
        seats: vec![(1, Level::Strong)],
        seed: String::new(),
    })
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let home = get(a, "/");
    assert!(
        home.body.contains("name=\"machine\"") && home.body.contains("<option value=\"strong\">"),
        "the form offers machine seats and strengths: {}",
        home.body
    );
    let (_, page) = deal(
        a,
        &[
            ("game", "moon"),
            ("seed", "page"),
            ("players", "2"),
            ("machine", "2"),
            ("strength", "strong"),
        ],
    );
    let mut posted = 0;
    while let Some(seat) = live.to_move() {
        if seat == 1 {
            let answer = live.machine_move(View::Table).expect("the machine moves");
            assert!(
                matches!(answer, session::Answer::Legal { .. }),
                "{answer:?}"
            );
            continue;
        }
        // The machine moves after the page has its answer (issue 43): waited for.
        let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while state(a, &page)["moves"] != live.moves() {
            assert!(std::time::Instant::now() < until, "the machine has moved");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let mv = live.hint(View::Director).unwrap().legal[0].clone();
        let r = post(
            a,
            &action(&page, "/move"),
            &[("move", &mv), ("at", &live.moves().to_string())],
        );
        assert_eq!(r.status, 303, "{mv}: {}", r.body);
        live.apply(&mv, View::Table);
        posted += 1;
    }
    assert!(posted > 3);
    let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while state(a, &page)["over"] != true {
        assert!(std::time::Instant::now() < until, "the game ends");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let record = get(a, &action(&page, "/record")).body;
    assert_eq!(record, live.record());
    assert!(record.contains("machine = [\"2:strong\"]"), "{record}");
    let file = dir.path().join("g.toml");
    std::fs::write(&file, &record).unwrap();
    let check = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["check"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(check.status.success(), "{}", text(&check.stdout));
}
