//! A person against the machine in every game (issue 43): a whole game of each, the
//! machine at one seat or more, played from the terminal (the person's moves on standard
//! input) and from the page (in Chromium: the new-table form, then each move typed into the
//! page and played with its button, the machine answering on its own). Both records are the
//! one a session driven the same way writes, and check clean. The person plays the first
//! legal move the session lists; the solitaires are the machine's alone.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tavolo::deal::Provenance;
use tavolo::games::machine_seat::{Level, Seats};
use tavolo::games::session::{self, Answer, View};

use crate::cdp::Chrome;
use crate::serve::{action, get, state, Server};

/// Game, players, the machine's seats (the others are the person's).
const GAMES: &[(&str, usize, &str)] = &[
    ("moon", 2, "2:strong"),
    ("natura", 2, "2:strong"),
    ("farfalia", 4, "2:strong,3:greedy,4:random"),
    ("quincunx", 2, "2:greedy"),
    ("domino", 2, "2:strong"),
    ("scalafrutta", 3, "2:strong,3:greedy"),
    ("muro", 1, "1:strong"),
    ("mosaico", 1, "1:greedy"),
];

const SEED: &str = "every43";

/// The game a session plays with the machine at `seats`, the person typing the first legal
/// move: the person's moves, each with the number of moves before it, and the record.
fn played(game: &str, players: usize, seats: &str) -> (Vec<(usize, String)>, String) {
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    let deal = Provenance::new(game, "standard", SEED, 1);
    let mut live = session::find(game)
        .unwrap()
        .deal("standard", &names, &deal)
        .unwrap();
    let parsed = Seats::parse(seats, Level::Greedy, players).unwrap();
    live.seat_machine(Seats {
        seats: parsed.clone(),
        seed: String::new(),
    })
    .unwrap();
    let mut typed = Vec::new();
    let mut machine = 0;
    while let Some(seat) = live.to_move() {
        assert!(live.moves() < 3000, "{game}: a game ends");
        if parsed.iter().any(|(s, _)| *s == seat) {
            let a = live.machine_move(View::Table).expect("the machine moves");
            assert!(matches!(a, Answer::Legal { .. }), "{game}: {a:?}");
            machine += 1;
            continue;
        }
        let mv = live.hint(View::Director).unwrap().legal[0].clone();
        typed.push((live.moves(), mv.clone()));
        let a = live.apply(&mv, View::Table);
        assert!(matches!(a, Answer::Legal { .. }), "{game}: {mv}: {a:?}");
    }
    assert!(machine > 0, "{game}: the machine moved");
    (typed, live.record())
}

fn checks_clean(file: &Path) {
    let check = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .arg("check")
        .arg(file)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}: {}{}",
        file.display(),
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
}

#[test]
fn every_game_against_the_machine_from_the_terminal_and_from_the_page_checks_clean() {
    let dir = tempfile::tempdir().unwrap();
    let served = tempfile::tempdir().unwrap();
    let server = Server::start(served.path(), &[]);
    let a = &server.addr;
    let chrome = Chrome::launch();
    let tab = chrome.tab(1024, 768);
    let mut thought = 0;
    for &(game, players, seats) in GAMES {
        let (typed, record) = played(game, players, seats);

        // The terminal: the person's moves on standard input.
        let file = dir.path().join(format!("{game}.toml"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_tavolo"))
            .args(["table", game, "--seed", SEED, "-p", &players.to_string()])
            .arg("-o")
            .arg(&file)
            .args(["--machine", seats])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input: String = typed.iter().map(|(_, m)| format!("{m}\n")).collect();
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{game}: {said}");
        assert!(
            said.contains("(the machine, "),
            "{game}: the terminal says the machine is thinking:\n{said}"
        );
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            record,
            "{game}: the terminal's record"
        );
        checks_clean(&file);

        // The page: the new-table form, then the person's moves typed and played.
        tab.go(&format!("http://{a}/"));
        let value = |name: &str, v: &str| {
            format!(
                "document.querySelector('#new [name={name}]').value = {};",
                serde_json::to_string(v).unwrap()
            )
        };
        tab.js(&format!(
            "{}{}{}{} return true;",
            value("game", game),
            value("seed", SEED),
            value("players", &players.to_string()),
            value("machine", seats)
        ));
        tab.click("#new button");
        tab.wait_for("return !!document.getElementById('state');");
        let url = tab
            .js("return location.href;")
            .as_str()
            .unwrap()
            .to_string();
        let page = url
            .strip_prefix(&format!("http://{a}"))
            .unwrap()
            .to_string();
        for (n, mv) in &typed {
            // The machine's moves land on their own, after the page has its answer.
            let until = Instant::now() + Duration::from_secs(60);
            loop {
                let st = state(a, &page);
                if st["moves"] == *n {
                    assert_eq!(st["thinking"], false, "{game}: the person's turn");
                    break;
                }
                thought += usize::from(st["thinking"] == true);
                assert!(Instant::now() < until, "{game}: the machine moved by now");
                std::thread::sleep(Duration::from_millis(20));
            }
            tab.go(&url);
            assert!(
                tab.js("return document.getElementById('turn').dataset.machine === undefined;")
                    == true,
                "{game}: the page is the person's to play"
            );
            tab.type_in("#move", mv);
            tab.click("#play button");
            tab.wait_for(&format!(
                "const s = document.getElementById('state'); \
                 return !!s && Number(s.dataset.moves) > {n};"
            ));
        }
        let until = Instant::now() + Duration::from_secs(60);
        while state(a, &page)["over"] != true {
            assert!(Instant::now() < until, "{game}: the game ended on the page");
            std::thread::sleep(Duration::from_millis(20));
        }
        let served = get(a, &action(&page, "/record")).body;
        assert_eq!(served, record, "{game}: the page's record");
        let file = dir.path().join(format!("{game}-page.toml"));
        std::fs::write(&file, &served).unwrap();
        checks_clean(&file);
    }
    let _ = thought;
    let names: Vec<&str> = GAMES.iter().map(|g| g.0).collect();
    for g in tavolo::games::names() {
        assert!(names.contains(&g), "{g} is played against the machine here");
    }
}
