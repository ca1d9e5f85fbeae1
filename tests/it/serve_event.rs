//! `tavolo serve --event DIR` over raw HTTP on 127.0.0.1 (issue 41): a MOON Swiss of twelve
//! over three rounds played through the seats' pages, the director pairing rounds 2 and 3 on
//! their page, a paper result entered, the server SIGKILLed mid-round 2 and started again
//! into the same round; the standings page, its JSON and `tavolo event results` on the
//! folder agree byte for byte (text, JSON, CSV), and every record checks clean. A second
//! server on the event is refused. Bounded: a fixed number of games and moves, every request
//! with a 30 s timeout, every server killed when dropped.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::serve::{check_clean, get, notations, played, post, post_bare, token_of, Reply};

fn tavolo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
}

pub const TWELVE: &str = r#"format = "tavolo-event-v1"
event = "MOON Swiss of twelve"
public-value-name = "three numbers drawn at the start"

[[section]]
game = "moon"
players = 2
boards = 3
tables = 6
entrants = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo", "Lia", "Marco", "Nora", "Oscar"]
pairing = "swiss"
rounds = 3
unfinished = "loss-to-move"
tie-breaks = ["wins", "buchholz", "sonneborn-berger", "cumulative"]
"#;

pub const PUBLIC: &str = "2 7 18";

/// An event's server (`serve --event ev`, run in `cwd`), killed when dropped.
pub struct EventServer {
    child: Child,
    pub addr: String,
    /// The director's page's path, with its key.
    pub director: String,
    pub said: String,
}

impl EventServer {
    pub fn start(cwd: &Path) -> EventServer {
        EventServer::start_with(cwd, &[])
    }

    /// Started with `extra` arguments (`--lan --bind 127.0.0.1`).
    pub fn start_with(cwd: &Path, extra: &[&str]) -> EventServer {
        let mut child = tavolo()
            .args(["serve", "--port", "0", "--event", "ev", "--public", PUBLIC])
            .args(extra)
            .current_dir(cwd)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tavolo serve starts");
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut said = String::new();
        for _ in 0..40 {
            let mut line = String::new();
            if out.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            said.push_str(&line);
            if line.starts_with("stop with") {
                break;
            }
        }
        let url = |mark: &str| {
            said.lines()
                .find(|l| l.starts_with(mark))
                .and_then(|l| l.split("http://").nth(1))
                .map(str::to_string)
                .unwrap_or_else(|| panic!("no `{mark}` line: {said}"))
        };
        let first = url("listening on");
        let addr = first.split('/').next().unwrap().to_string();
        let d = url("the director's page");
        let director = format!("/{}", d.split_once('/').unwrap().1);
        EventServer {
            child,
            addr,
            director,
            said,
        }
    }

    /// SIGKILL: no chance to finish anything.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EventServer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// An event made with `event new` from `description` in a fresh folder (`ev`).
pub fn event(description: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("draft.toml"), description).unwrap();
    let o = tavolo()
        .args(["event", "new", "--from", "draft.toml", "--dir", "ev"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    dir
}

/// One table of the round as the director's page lists it.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: String,
    pub state: String,
    /// Each seat's page path (with its key), in seat order.
    pub seats: Vec<String>,
    pub names: Vec<String>,
}

/// The round's tables on the director's page.
pub fn rows(page: &str) -> Vec<Row> {
    page.split("<tr id=\"")
        .skip(1)
        .map(|r| {
            let id = r.split('"').next().unwrap().to_string();
            let state = r
                .split("data-state=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .to_string();
            let mut seats = Vec::new();
            let mut names = Vec::new();
            for a in r.split("<a href=\"").skip(1) {
                let href = a.split('"').next().unwrap();
                if href.contains("/seat/") {
                    seats.push(href.replace("&amp;", "&"));
                    names.push(
                        a.split('>')
                            .nth(1)
                            .unwrap()
                            .split('<')
                            .next()
                            .unwrap()
                            .into(),
                    );
                }
            }
            Row {
                id,
                state,
                seats,
                names,
            }
        })
        .collect()
}

fn seed_of(record: &str) -> String {
    record
        .lines()
        .find_map(|l| l.strip_prefix("seed = \""))
        .map(|s| s.trim_end_matches('"').to_string())
        .expect("a seed")
}

fn board_of(record: &str) -> String {
    record
        .lines()
        .find_map(|l| l.strip_prefix("board = \""))
        .map(|s| s.trim_end_matches('"').to_string())
        .expect("a board")
}

/// A random legal MOON game of the table's board for its players: its moves.
pub fn game_for(cwd: &Path, row: &Row) -> Vec<String> {
    let record = std::fs::read_to_string(cwd.join(format!("ev/played/{}.toml", row.id))).unwrap();
    let names = row.names.join(",");
    notations(&played(&[
        "moon",
        "--seed",
        &seed_of(&record),
        "--board",
        &board_of(&record),
        "--names",
        &names,
    ]))
}

/// Play `moves[from..to]` at a table, each from the page of the seat to move.
pub fn play(addr: &str, row: &Row, moves: &[String], from: usize, to: usize) {
    let tokens: Vec<String> = row
        .seats
        .iter()
        .map(|s| token_of(&get(addr, s).body).expect("a seat page's token"))
        .collect();
    for (n, m) in moves.iter().enumerate().take(to).skip(from) {
        let state = get(addr, &action(&row.seats[0], "/state.json"));
        let v: serde_json::Value = serde_json::from_str(&state.body).unwrap();
        assert_eq!(v["moves"], n, "{}: {}", row.id, state.body);
        let seat = v["seat"].as_u64().expect("a seat to move") as usize - 1;
        let r = post_bare(
            addr,
            &action(&row.seats[seat], "/move"),
            &[("move", m), ("at", &n.to_string()), ("form", &tokens[seat])],
        );
        assert_eq!(r.status, 303, "{} move {}: {m}: {}", row.id, n + 1, r.body);
    }
}

pub fn action(page: &str, what: &str) -> String {
    let (path, q) = page.split_once('?').unwrap();
    format!("{path}{what}?{q}")
}

pub fn director_post(s: &EventServer, what: &str, form: &[(&str, &str)]) -> Reply {
    post(&s.addr, &action(&s.director, what), form)
}

/// What `tavolo event results` prints over the folder, in `format`.
pub fn cli_results(cwd: &Path, format: &str) -> String {
    let o = tavolo()
        .args([
            "event",
            "results",
            "ev/event.toml",
            "--key",
            "ev/event.key",
            "--public",
            PUBLIC,
            "ev/played",
            "--format",
            format,
        ])
        .current_dir(cwd)
        .output()
        .unwrap();
    assert!(
        o.status.code().is_some_and(|c| c <= 1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// The server's three outputs equal `event results`'s, byte for byte.
pub fn agrees_with_the_cli(addr: &str, cwd: &Path) {
    for (url, format) in [
        ("/event/standings.json", "json"),
        ("/event/results.txt", "text"),
        ("/event/results.csv", "csv"),
    ] {
        let r = get(addr, url);
        assert_eq!(r.status, 200, "{url}");
        assert_eq!(
            r.body,
            cli_results(cwd, format),
            "{url} against --format {format}"
        );
    }
}

pub fn records(cwd: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(cwd.join("ev/played"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

#[test]
fn a_moon_swiss_of_twelve_runs_through_the_server_with_a_kill_and_a_paper_result() {
    let dir = event(TWELVE);
    let cwd = dir.path();
    let mut s = EventServer::start(cwd);
    assert!(s.said.contains("round 1 of 3"), "{}", s.said);

    // Round 1: six tables, named as the pairing seats them; nobody has moved.
    let page = get(&s.addr, &s.director);
    assert_eq!(page.status, 200);
    let round = rows(&page.body);
    assert_eq!(round.len(), 6, "{}", page.body);
    assert_eq!(round[0].names, ["Anna", "Bruno"]);
    assert_eq!(round[5].names, ["Nora", "Oscar"]);
    assert!(round.iter().all(|r| r.state == "not-started"));
    // A seat's key opens its own page, not its opponent's.
    let other = round[0].seats[1].replace("/seat/2", "/seat/1");
    assert_eq!(get(&s.addr, &other).status, 403);
    // The director's page needs its key; the standings page none.
    assert_eq!(get(&s.addr, "/event/director?k=0").status, 403);
    assert_eq!(get(&s.addr, "/event/standings").status, 200);
    // A casual table is refused by an event's server.
    let r = post(&s.addr, "/new", &[("game", "moon")]);
    assert_eq!(r.status, 409, "{}", r.body);

    // Pairing before the round is over is refused.
    let r = director_post(&s, "/pair", &[("section", "1")]);
    assert_eq!(r.status, 422);
    assert!(r.body.contains("not complete"), "{}", r.body);

    for row in &round {
        let moves = game_for(cwd, row);
        play(&s.addr, row, &moves, 0, moves.len());
    }
    let page = get(&s.addr, &s.director).body;
    assert!(rows(&page).iter().all(|r| r.state == "finished"), "{page}");
    agrees_with_the_cli(&s.addr, cwd);

    // Round 2, paired on the director's page as `event pair` pairs it.
    let expected = {
        let o = tavolo()
            .args([
                "event",
                "pair",
                "ev/event.toml",
                "--key",
                "ev/event.key",
                "--public",
                PUBLIC,
                "--round",
                "2",
                "ev/played",
            ])
            .current_dir(cwd)
            .output()
            .unwrap();
        assert!(o.status.success());
        String::from_utf8(o.stdout).unwrap()
    };
    let r = director_post(&s, "/pair", &[("section", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = get(&s.addr, &s.director).body;
    let round = rows(&page);
    assert_eq!(round.len(), 6);
    // A round no game of which has begun is not complete (issue 41): its six tables are
    // missing, the standings provisional, round 3 not paired.
    assert!(!page.contains("No result is missing"), "{page}");
    assert!(page.contains("Missing results (6)"), "{page}");
    let json: serde_json::Value =
        serde_json::from_str(&get(&s.addr, "/event/standings.json").body).unwrap();
    assert_eq!(json["sections"][0]["provisional"], true);
    assert_eq!(json["sections"][0]["missing"].as_array().unwrap().len(), 6);
    agrees_with_the_cli(&s.addr, cwd);
    let r = director_post(&s, "/pair", &[("section", "1")]);
    assert_eq!(r.status, 422, "{}", r.body);
    for row in &round {
        let line = format!("{} v {}", row.names[0], row.names[1]);
        assert!(expected.contains(&line), "{line} not in\n{expected}");
        assert!(row.id.starts_with("board-02-"), "{}", row.id);
    }
    // Tables 1-3 finish; table 4 is mid-game when the server is killed.
    let games: Vec<Vec<String>> = round.iter().map(|r| game_for(cwd, r)).collect();
    for i in 0..3 {
        play(&s.addr, &round[i], &games[i], 0, games[i].len());
    }
    let half = games[3].len() / 2;
    play(&s.addr, &round[3], &games[3], 0, half);
    s.kill();
    let before: Vec<(PathBuf, String)> = records(cwd)
        .into_iter()
        .map(|p| (p.clone(), std::fs::read_to_string(&p).unwrap()))
        .collect();

    // Started again: the same round, table 4 at the same move, the same seat links.
    let s = EventServer::start(cwd);
    assert!(s.said.contains("round 2 of 3"), "{}", s.said);
    let again = rows(&get(&s.addr, &s.director).body);
    assert_eq!(
        again.iter().map(|r| &r.seats).collect::<Vec<_>>(),
        round.iter().map(|r| &r.seats).collect::<Vec<_>>()
    );
    assert_eq!(again[3].state, "playing");
    for (p, text) in &before {
        assert_eq!(
            &std::fs::read_to_string(p).unwrap(),
            text,
            "{}",
            p.display()
        );
    }
    // Two servers on one event: the second is refused.
    let o = tavolo()
        .args(["serve", "--port", "0", "--event", "ev", "--public", PUBLIC])
        .current_dir(cwd)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("serve.folder-in-use"));

    // Mid-round the standings are provisional, naming the tables not begun.
    let wall = get(&s.addr, "/event/standings").body;
    let mark = wall
        .split("id=\"provisional-1\">")
        .nth(1)
        .unwrap_or_else(|| panic!("no provisional mark: {wall}"));
    let mark = mark.split('<').next().unwrap();
    assert!(mark.contains("table 5, table 6"), "{mark}");
    agrees_with_the_cli(&s.addr, cwd);

    play(&s.addr, &round[3], &games[3], half, games[3].len());
    play(&s.addr, &round[4], &games[4], 0, games[4].len());
    // Table 6 played on paper: the director types its moves in.
    let paper = games[5].join("\n");
    let r = director_post(&s, "/paper", &[("table", &round[5].id), ("moves", &paper)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = get(&s.addr, &s.director).body;
    let now = rows(&page);
    assert_eq!(now[5].state, "paper", "{page}");
    assert!(now[..5].iter().all(|r| r.state == "finished"), "{page}");
    agrees_with_the_cli(&s.addr, cwd);

    // Round 3.
    let r = director_post(&s, "/pair", &[("section", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let round = rows(&get(&s.addr, &s.director).body);
    assert!(round.iter().all(|r| r.id.starts_with("board-03-")));
    for row in &round[..5] {
        let moves = game_for(cwd, row);
        play(&s.addr, row, &moves, 0, moves.len());
    }
    // Mid-game the standings say which table is missing... then it finishes.
    let moves = game_for(cwd, &round[5]);
    play(&s.addr, &round[5], &moves, 0, moves.len());
    let page = get(&s.addr, &s.director).body;
    assert!(
        !page.contains("id=\"pair\""),
        "no round after the last: {page}"
    );

    // At the end: the standings page, the JSON and `event results` agree.
    agrees_with_the_cli(&s.addr, cwd);
    let json: serde_json::Value =
        serde_json::from_str(&get(&s.addr, "/event/standings.json").body).unwrap();
    let standings = json["sections"][0]["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 12);
    let games: u64 = standings
        .iter()
        .map(|x| x["played"].as_u64().unwrap())
        .sum();
    assert_eq!(games, 36, "twelve players, three games each");
    let wall = get(&s.addr, "/event/standings").body;
    // The names in rank order, the page with no key and no form.
    let mut at = 0;
    for st in standings {
        let name = st["name"].as_str().unwrap();
        let cell = format!("<td class=\"player\">{name}</td>");
        let found = wall[at..]
            .find(&cell)
            .unwrap_or_else(|| panic!("{name} after {at}"));
        at += found;
    }
    assert!(!wall.contains("k="), "no key on the standings page");
    assert!(!wall.contains("<form"), "no control on the standings page");
    assert!(
        !wall.contains("provisional\" id"),
        "no result is missing: {wall}"
    );
    // Every record the server wrote checks clean.
    let all = records(cwd);
    assert_eq!(all.len(), 18, "{all:?}");
    for p in all {
        check_clean(&std::fs::read_to_string(&p).unwrap());
    }
}

/// GN-4: an event's table is strict. An illegal MOON placement (a tile on a taken square) is
/// recorded and loses at once for its author (MN-3), the table is finished, and a server
/// started again finds it so; `event results` counts it as the rules decide.
#[test]
fn an_event_table_is_strict_and_its_illegal_move_survives_a_restart() {
    let dir = event(TWELVE);
    let cwd = dir.path();
    let mut s = EventServer::start(cwd);
    let round = rows(&get(&s.addr, &s.director).body);
    // The seats' sheet: a QR code a seat, with its name, table and link.
    let sheet = get(&s.addr, &action(&s.director, "/seats")).body;
    let cards: Vec<&str> = sheet.split("<div class=\"seat\"").skip(1).collect();
    assert_eq!(cards.len(), 12, "{sheet}");
    for (row, pair) in round.iter().zip(cards.chunks(2)) {
        for ((link, name), card) in row.seats.iter().zip(&row.names).zip(pair) {
            let url = format!("http://{}{link}", s.addr);
            assert!(card.contains(&format!("data-url=\"{url}\"")), "{card}");
            assert!(
                card.contains(&format!("<div class=\"name\">{name}</div>")),
                "{card}"
            );
            assert!(card.contains("<svg"), "{card}");
        }
    }
    assert_eq!(get(&s.addr, "/event/director/seats?k=0").status, 403);
    let row = &round[0];
    let moves = game_for(cwd, row);
    play(&s.addr, row, &moves, 0, 1);
    // Bruno's tile on Anna's square.
    let (head, _) = moves[1].rsplit_once(' ').unwrap();
    let square = moves[0].split_whitespace().last().unwrap();
    let illegal = format!("{head} {square}");
    let token = token_of(&get(&s.addr, &row.seats[1]).body).unwrap();
    let r = post_bare(
        &s.addr,
        &action(&row.seats[1], "/move"),
        &[("move", &illegal), ("at", "1"), ("form", &token)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let record = std::fs::read_to_string(cwd.join(format!("ev/played/{}.toml", row.id))).unwrap();
    assert_eq!(record.matches("\n[[move]]").count(), 2, "{record}");
    let state = rows(&get(&s.addr, &s.director).body)[0].state.clone();
    assert_eq!(state, "finished");
    s.kill();
    let s = EventServer::start(cwd);
    let page = get(&s.addr, &s.director).body;
    assert_eq!(rows(&page)[0].state, "finished", "{page}");
    assert!(page.contains("Anna"), "{page}");
    let text = cli_results(cwd, "text");
    assert!(text.contains("as the rules decide"), "{text}");
    assert_eq!(get(&s.addr, "/event/results.txt").body, text);
    // Re-opened by the director: the illegal move taken back, the table plays on.
    let r = post(
        &s.addr,
        &action(&s.director, "/reopen"),
        &[("table", &row.id)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(rows(&get(&s.addr, &s.director).body)[0].state, "playing");
    let record = std::fs::read_to_string(cwd.join(format!("ev/played/{}.toml", row.id))).unwrap();
    assert_eq!(record.matches("\n[[move]]").count(), 1, "{record}");
    play(&s.addr, row, &moves, 1, moves.len());
    assert_eq!(rows(&get(&s.addr, &s.director).body)[0].state, "finished");
    agrees_with_the_cli(&s.addr, cwd);
    drop(s);
    // Another public value deals other boards: the server refuses the folder.
    let o = tavolo()
        .args([
            "serve", "--port", "0", "--event", "ev", "--public", "2 7 19",
        ])
        .current_dir(cwd)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("serve.event-records"));
}

/// The moves of a random legal game of `game` on the table's board for its players.
pub fn game_of(cwd: &Path, row: &Row, game: &str, extra: &[&str]) -> Vec<String> {
    let record = std::fs::read_to_string(cwd.join(format!("ev/played/{}.toml", row.id))).unwrap();
    let names = row.names.join(",");
    let mut args = vec![
        game,
        "--seed",
        &seed_of(&record),
        "--board",
        &board_of(&record),
        "--names",
        &names,
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    args.extend(extra.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    notations(&played(&args))
}

pub const NATURA: &str = r#"format = "tavolo-event-v1"
event = "Natura round robin"
public-value-name = "the first word of the day's paper"

[[section]]
game = "natura"
players = 2
boards = 2
tables = 2
entrants = ["Anna", "Bruno", "Carla", "Dario"]
pairing = "round-robin"
rounds = 2
tie-breaks = ["wins", "spread", "sonneborn-berger", "head-to-head"]
"#;

/// A Natura Shakerata round robin of four over two rounds through the server: round 1 on the
/// seats' pages but for one table entered from its paper score slip (running totals, as
/// `event score` takes them), round 2 paired on the director's page as `event pair` pairs
/// it; the server's outputs equal `event results` byte for byte.
#[test]
fn a_natura_round_robin_of_four_runs_through_the_server_with_a_paper_slip() {
    let dir = event(NATURA);
    let cwd = dir.path();
    let s = EventServer::start(cwd);
    let round = rows(&get(&s.addr, &s.director).body);
    assert_eq!(round.len(), 2);
    let moves = game_of(cwd, &round[0], "natura", &[]);
    play(&s.addr, &round[0], &moves, 0, moves.len());
    // Table 2 on paper: the running totals of its game's score slip.
    let board =
        std::fs::read_to_string(cwd.join(format!("ev/played/{}.toml", round[1].id))).unwrap();
    let record = cwd.join("paper-game.toml");
    let names = round[1].names.join(",");
    std::fs::write(
        &record,
        played(&[
            "natura",
            "--seed",
            &seed_of(&board),
            "--board",
            "1",
            "--names",
            &names,
        ]),
    )
    .unwrap();
    let slip = tavolo()
        .args(["event", "slip"])
        .arg(&record)
        .output()
        .unwrap();
    let slip = String::from_utf8(slip.stdout).unwrap();
    let totals: Vec<String> = round[1]
        .names
        .iter()
        .map(|n| {
            let line = slip
                .lines()
                .find(|l| l.starts_with(&format!("{n} = [")))
                .unwrap_or_else(|| panic!("{n} in {slip}"));
            line.split('[')
                .nth(1)
                .unwrap()
                .trim_end_matches(']')
                .replace(' ', "")
        })
        .collect();
    let r = director_post(
        &s,
        "/paper",
        &[
            ("table", &round[1].id),
            ("total-1", &totals[0]),
            ("total-2", &totals[1]),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(cwd
        .join(format!("ev/played/{}-paper.toml", round[1].id))
        .is_file());
    let now = rows(&get(&s.addr, &s.director).body);
    assert_eq!(now[1].state, "paper");
    agrees_with_the_cli(&s.addr, cwd);
    // A seat link of a table on paper no longer plays.
    assert_eq!(get(&s.addr, &round[1].seats[0]).status, 404);
    // Re-opened: the slip withdrawn, the table's own record back; then on paper again.
    let r = director_post(&s, "/reopen", &[("table", &round[1].id)]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(!cwd
        .join(format!("ev/played/{}-paper.toml", round[1].id))
        .exists());
    assert_eq!(
        rows(&get(&s.addr, &s.director).body)[1].state,
        "not-started"
    );
    assert_eq!(get(&s.addr, &round[1].seats[0]).status, 200);
    let paper = [
        ("table", round[1].id.as_str()),
        ("total-1", totals[0].as_str()),
        ("total-2", totals[1].as_str()),
    ];
    assert_eq!(director_post(&s, "/paper", &paper).status, 303);
    assert_eq!(rows(&get(&s.addr, &s.director).body)[1].state, "paper");

    let r = director_post(&s, "/pair", &[("section", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let round = rows(&get(&s.addr, &s.director).body);
    // The round robin's round 2 (Berger): Dario v Carla, Anna v Bruno.
    assert_eq!(round[0].names, ["Dario", "Carla"]);
    assert_eq!(round[1].names, ["Anna", "Bruno"]);
    for row in &round {
        let moves = game_of(cwd, row, "natura", &[]);
        play(&s.addr, row, &moves, 0, moves.len());
    }
    agrees_with_the_cli(&s.addr, cwd);
    let json: serde_json::Value =
        serde_json::from_str(&get(&s.addr, "/event/standings.json").body).unwrap();
    let played: u64 = json["sections"][0]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["played"].as_u64().unwrap())
        .sum();
    assert_eq!(played, 8, "four players, two games each");
}

pub const FARFALIA: &str = r#"format = "tavolo-event-v1"
event = "Farfalia pairs"
public-value-name = "the captains' words"

[[section]]
game = "farfalia"
players = 4
names = ["N", "E", "S", "W"]
boards = 1
tables = 2
unfinished = "as-played"
illegal = "loss-to-offender"
tie-breaks = ["percent", "points"]
partnerships = [["N", "S"], ["E", "W"]]
"#;

/// A Farfalia duplicate (one board at two tables, the tables keeping their players) through
/// the server, every seat on its own page: the board compared at both tables, the server's
/// outputs equal `event results` byte for byte.
#[test]
fn a_farfalia_duplicate_runs_through_the_server() {
    let dir = event(FARFALIA);
    let cwd = dir.path();
    let s = EventServer::start(cwd);
    let page = get(&s.addr, &s.director).body;
    let round = rows(&page);
    assert_eq!(round.len(), 2, "{page}");
    assert!(!page.contains("id=\"pair\""), "a duplicate is not paired");
    for row in &round {
        assert_eq!(row.names, ["N", "E", "S", "W"]);
        let moves = game_of(cwd, row, "farfalia", &["-p", "4"]);
        play(&s.addr, row, &moves, 0, moves.len());
    }
    assert!(rows(&get(&s.addr, &s.director).body)
        .iter()
        .all(|r| r.state == "finished"));
    agrees_with_the_cli(&s.addr, cwd);
    let text = get(&s.addr, "/event/results.txt").body;
    assert!(text.contains("board 1, compared at 2 tables"), "{text}");
    for p in records(cwd) {
        check_clean(&std::fs::read_to_string(&p).unwrap());
    }
}

/// Four pairs of a Farfalia duplicate with a Mitchell movement (two tables, two rounds).
pub const MITCHELL: &str = r#"format = "tavolo-event-v1"
event = "Farfalia Mitchell"
public-value-name = "the captains' words"

[[section]]
game = "farfalia"
players = 4
names = ["N", "E", "S", "W"]
boards = 2
tables = 2
unfinished = "as-played"
illegal = "loss-to-offender"
tie-breaks = ["percent", "points"]
partnerships = [["N", "S"], ["E", "W"]]
movement = "mitchell"
pairs = [["Anna", "Bruno"], ["Carla", "Dario"], ["Elena", "Fabio"], ["Gina", "Ivo"]]
"#;

/// `event pair --round N --json` over the records folder (round 1: from no record): each
/// table's players by seat.
pub fn cli_seats(cwd: &Path, round: u32) -> Vec<Vec<String>> {
    let r = round.to_string();
    let folder: &[&str] = if round > 1 { &["ev/played"] } else { &[] };
    let o = tavolo()
        .args([
            "event",
            "pair",
            "ev/event.toml",
            "--key",
            "ev/event.key",
            "--public",
            PUBLIC,
            "--round",
            &r,
            "--json",
        ])
        .args(folder)
        .current_dir(cwd)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| match t["seats"].as_array() {
            Some(seats) => seats
                .iter()
                .map(|x| x.as_str().unwrap().to_string())
                .collect(),
            None => [&t["first"], &t["second"]]
                .iter()
                .map(|x| x.as_str().unwrap().to_string())
                .collect(),
        })
        .collect()
}

/// A Farfalia duplicate with a Mitchell movement through the server: each table's four
/// players sit where the movement seats them (N-S stationary, E-W moving up a table), as
/// `event pair` seats them; round 2 paired on the director's page moves the E-W pairs; the
/// server's outputs equal `event results` byte for byte and every record checks clean.
#[test]
fn a_farfalia_mitchell_seats_its_pairs_as_the_movement_does() {
    let dir = event(MITCHELL);
    let cwd = dir.path();
    let s = EventServer::start(cwd);
    assert!(s.said.contains("round 1 of 2"), "{}", s.said);
    let round = rows(&get(&s.addr, &s.director).body);
    // Before the server wrote a record of round 2: `event pair` seats round 1 so.
    let due = {
        let first = cli_seats(cwd, 1);
        assert_eq!(first.len(), 2);
        first
    };
    assert_eq!(round.len(), 2);
    for (row, seats) in round.iter().zip(&due) {
        assert_eq!(&row.names, seats, "{}", row.id);
        assert!(row.id.starts_with("board-01-"), "{}", row.id);
    }
    // N-S of table 1 is pair 1 (Anna N, Bruno S); its E-W pair is another pair.
    assert_eq!(round[0].names[0], "Anna");
    assert_eq!(round[0].names[2], "Bruno");
    for row in &round {
        let moves = game_of(cwd, row, "farfalia", &["-p", "4"]);
        play(&s.addr, row, &moves, 0, moves.len());
    }
    agrees_with_the_cli(&s.addr, cwd);
    let second = cli_seats(cwd, 2);
    let r = director_post(&s, "/pair", &[("section", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let round2 = rows(&get(&s.addr, &s.director).body);
    assert_eq!(round2.len(), 2);
    for (row, seats) in round2.iter().zip(&second) {
        assert_eq!(&row.names, seats, "{}", row.id);
        assert!(row.id.starts_with("board-02-"), "{}", row.id);
    }
    // The N-S pairs stay; the E-W pairs moved.
    for (a, b) in round.iter().zip(&round2) {
        assert_eq!((&a.names[0], &a.names[2]), (&b.names[0], &b.names[2]));
        assert_ne!(a.names[1], b.names[1]);
    }
    for row in &round2 {
        let moves = game_of(cwd, row, "farfalia", &["-p", "4"]);
        play(&s.addr, row, &moves, 0, moves.len());
    }
    agrees_with_the_cli(&s.addr, cwd);
    let json: serde_json::Value =
        serde_json::from_str(&get(&s.addr, "/event/standings.json").body).unwrap();
    assert_eq!(json["sections"][0]["provisional"], false, "{json}");
    for p in records(cwd) {
        check_clean(&std::fs::read_to_string(&p).unwrap());
    }
}

/// `--lan`: the seats' sheet carries the address a phone opens, the one the operator's QR
/// code carries (here the address bound: tests stay on 127.0.0.1), whatever name the sheet
/// was asked by; each QR code is of the link printed under it, and the link opens its seat.
#[test]
fn on_the_lan_the_seats_sheet_carries_the_address_a_phone_opens() {
    let dir = event(TWELVE);
    let cwd = dir.path();
    let s = EventServer::start_with(cwd, &["--lan", "--bind", "127.0.0.1"]);
    let scan = s
        .said
        .lines()
        .find_map(|l| l.strip_prefix("scan to open http://"))
        .unwrap_or_else(|| panic!("the operator's QR code: {}", s.said));
    let open = scan.split('/').next().unwrap().to_string();
    let round = rows(&get(&s.addr, &s.director).body);
    // Asked by another name of this machine (on the local network any address names it).
    let port = s.addr.rsplit_once(':').unwrap().1;
    let path = action(&s.director, "/seats");
    let sheet = super::serve::raw(
        &s.addr,
        format!("GET {path} HTTP/1.1\r\nHost: 10.9.8.7:{port}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    );
    assert_eq!(sheet.status, 200, "{}", sheet.body);
    let cards: Vec<&str> = sheet.body.split("<div class=\"seat\"").skip(1).collect();
    assert_eq!(cards.len(), 12);
    for (row, pair) in round.iter().zip(cards.chunks(2)) {
        for (link, card) in row.seats.iter().zip(pair) {
            let url = format!("http://{open}{link}");
            assert!(card.contains(&format!("data-url=\"{url}\"")), "{card}");
            assert!(!card.contains("10.9.8.7"), "{card}");
            let code = qrcode::QrCode::new(url.as_bytes())
                .unwrap()
                .render::<qrcode::render::svg::Color>()
                .min_dimensions(180, 180)
                .quiet_zone(true)
                .build();
            let svg = &code[code.find("<svg").unwrap()..];
            assert!(card.contains(svg), "the code is the link's: {card}");
            assert_eq!(get(&s.addr, link).status, 200, "{link}");
        }
    }
}

/// What a reader sees of a page: the text between its tags, not its style or script, and
/// no address (a link printed for a phone is data).
fn seen_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push(' ');
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open..open + close];
        rest = &rest[open + close + 1..];
        for skip in ["style", "script"] {
            if tag.starts_with(&format!("<{skip}")) {
                rest = &rest[rest.find(&format!("</{skip}>")).unwrap_or(rest.len())..];
            }
        }
    }
    out.push_str(rest);
    out.split_whitespace()
        .filter(|w| !w.starts_with("http://"))
        .collect::<Vec<_>>()
        .join(" ")
        .replace("&amp;", "&")
        .replace("&#39;", "'")
}

/// The director's page, the seats' sheet and the standings wall in the pseudo-locale
/// (issue 42): every word the director and the players read comes from the catalogue;
/// in Italian, the director pairs the next round with "Abbina il turno 2".
#[test]
fn the_event_s_pages_take_their_words_from_the_catalogue() {
    let dir = event(TWELVE);
    let s = EventServer::start(dir.path());
    let mut data = tavolo::lang::data_words();
    data.extend([
        "MOON", "Swiss", "twelve", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo", "Lia",
        "Marco", "Nora", "Oscar",
    ]);
    let mut found = Vec::new();
    for page in [
        format!("{}&lang=pseudo", s.director),
        format!("{}&lang=pseudo", action(&s.director, "/seats")),
        "/event/standings?lang=pseudo".to_string(),
    ] {
        let r = get(&s.addr, &page);
        assert_eq!(r.status, 200, "{page}: {}", r.body);
        assert!(r.body.contains('⟦'), "{page}: {}", r.body);
        let words = tavolo::lang::unmarked_words(&seen_text(&r.body), &data);
        if !words.is_empty() {
            found.push(format!("{page}: {words:#?}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    let director = get(&s.addr, &format!("{}&lang=it", s.director)).body;
    assert!(director.contains("Abbina il turno 2"), "{director}");
    assert!(director.contains("non iniziata"), "{director}");
    let wall = get(&s.addr, "/event/standings?lang=it").body;
    assert!(wall.contains("<th>Giocatore</th>"), "{wall}");
    // The wall's results are the event's, in the server's language, whoever asked first:
    // `results.txt` is what `event results` prints (English here).
    let txt = get(&s.addr, "/event/results.txt?lang=it").body;
    assert!(txt.contains("standings ("), "{txt}");
}
