//! Issue 41's "Done when", in headless Chromium: whole events through `tavolo serve --event`,
//! every seat in a browser session of its own (a browser context each, one Chromium, driven
//! through the DevTools protocol: [`super::cdp`]), its moves typed into its seat page's move
//! field and played with the page's button; the moves come from the game's own move generator
//! (`tavolo play`, at random). The director's page (a tablet, 1024x768) pairs the rounds with
//! its button and takes a paper result typed into its form; the standings page is on a
//! 1920x1080 screen. At the end the standings page, its JSON and `tavolo event results` on
//! the folder agree (the JSON, text and CSV byte for byte, the page's table cell for cell with
//! the text's), and every record checks clean.
//!
//! - a MOON Swiss of twelve over three rounds (six tables), the server SIGKILLed mid-round 2
//!   and started again;
//! - a Natura Shakerata round robin of four over two rounds;
//! - a Farfalia duplicate of four pairs with a Mitchell movement (both rounds).
//!
//! What is drawn where is read through the DOM (names, ranks, the provisional mark, the
//! missing tables, the type's size); screenshots go to target/tmp/serve-shots. Every wait is
//! bounded (cdp: 30 s a command, 20 s a condition). Without chromium the tests say so and pass.

use std::collections::BTreeMap;
use std::path::Path;

use super::cdp::{Chrome, Tab};
use super::serve::{check_clean, get, state};
use super::serve_browser::browser_present;
use super::serve_event::{
    agrees_with_the_cli, cli_results, cli_seats, event, game_of, records, rows, EventServer, Row,
    MITCHELL, NATURA, TWELVE,
};

/// A phone's viewport for a player's seat page; a tablet's for the director; a screen's for
/// the wall.
const PHONE: (u32, u32) = (412, 915);
const TABLET: (u32, u32) = (1024, 768);
const WALL: (u32, u32) = (1920, 1080);

/// Each player's browser (by name), in a context of its own.
fn players<'a>(chrome: &'a Chrome, names: &[&str]) -> BTreeMap<String, Tab<'a>> {
    names
        .iter()
        .map(|n| (n.to_string(), chrome.tab(PHONE.0, PHONE.1)))
        .collect()
}

/// Play `moves[from..to]` at a table, each typed into the page of the player to move, in
/// that player's own browser, and played with the page's button.
fn play_in(
    base: &str,
    addr: &str,
    tabs: &BTreeMap<String, Tab>,
    row: &Row,
    moves: &[String],
    from: usize,
    to: usize,
) {
    for (n, m) in moves.iter().enumerate().take(to).skip(from) {
        let st = state(addr, &row.seats[0]);
        assert_eq!(st["moves"], n, "{}", row.id);
        let seat = st["seat"].as_u64().expect("a seat to move") as usize - 1;
        let tab = &tabs[&row.names[seat]];
        tab.go(&format!("{base}{}", row.seats[seat]));
        tab.type_in("#move", m);
        tab.click("#play button");
        tab.wait_for(&format!(
            "const s = document.getElementById('state'); return !!s && s.dataset.moves === '{}';",
            n + 1
        ));
    }
}

/// The moves of a random legal game at the table, of its board, for its players.
fn moves_of(cwd: &Path, row: &Row, game: &str) -> Vec<String> {
    match game {
        "farfalia" => game_of(cwd, row, game, &["-p", "4"]),
        _ => game_of(cwd, row, game, &[]),
    }
}

/// The director pairs the next round with the page's button; the new round's first table
/// appears.
fn pair_by_button(director: &Tab, base: &str, s: &EventServer, next: &str) {
    director.go(&format!("{base}{}", s.director));
    director.click("#pair button");
    director.wait_for(&format!(
        "return !!document.getElementById('{next}') && !document.getElementById('problem');"
    ));
}

/// The standings page's table, row by row: its cells' words (as the text's columns split
/// them: a pair's name `Anna & Bruno` is three).
fn wall_rows(wall: &Tab, section: usize) -> Vec<Vec<String>> {
    let v = wall.js(&format!(
        "return Array.from(document.querySelectorAll('#standings-{section} tr')).slice(1)\
         .map(tr => Array.from(tr.cells).map(td => td.textContent));"
    ));
    let cells: Vec<Vec<String>> = serde_json::from_value(v).unwrap();
    cells
        .iter()
        .map(|r| r.join(" ").split_whitespace().map(String::from).collect())
        .collect()
}

/// The standings of `event results` as text (section `section`): each line's cells.
fn text_rows(text: &str, section: usize) -> Vec<Vec<String>> {
    let mut lines = text.lines();
    let mut seen = 0;
    for l in lines.by_ref() {
        if l.starts_with("standings (") {
            seen += 1;
            if seen == section {
                break;
            }
        }
    }
    lines
        .skip(1) // the heading
        .take_while(|l| l.starts_with("  ") && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(String::from).collect())
        .take_while(|c: &Vec<String>| c.first().is_some_and(|x| x.starts_with(char::is_numeric)))
        .collect()
}

/// The standings page on the wall says what `event results` says: every row's cells, in
/// rank order top to bottom, the provisional mark there exactly when results are missing,
/// naming each missing table; and the server's JSON, text and CSV are `event results`'s.
fn wall_agrees(wall: &Tab, base: &str, addr: &str, cwd: &Path) {
    agrees_with_the_cli(addr, cwd);
    wall.go(&format!("{base}/event/standings"));
    let text = cli_results(cwd, "text");
    let want = text_rows(&text, 1);
    assert!(!want.is_empty(), "{text}");
    assert_eq!(wall_rows(wall, 1), want, "the wall against\n{text}");
    let tops = wall.js(
        "return Array.from(document.querySelectorAll('#standings-1 td.player'))\
         .map(td => td.getBoundingClientRect().top);",
    );
    let tops: Vec<f64> = serde_json::from_value(tops).unwrap();
    assert!(tops.windows(2).all(|w| w[0] < w[1]), "rank order: {tops:?}");
    let json: serde_json::Value =
        serde_json::from_str(&get(addr, "/event/standings.json").body).unwrap();
    let missing = json["sections"][0]["missing"].as_array().unwrap();
    let mark = wall.text("#provisional-1");
    if missing.is_empty() {
        assert!(text.contains("standings (by"), "{text}");
        assert_eq!(
            wall.js("return document.querySelector('.provisional') === null;"),
            serde_json::json!(true)
        );
    } else {
        for m in missing {
            assert!(
                mark.contains(&format!("table {}", m["table"])),
                "{mark} lacks {m}"
            );
        }
    }
}

/// Every record the server wrote checks clean.
fn all_clean(cwd: &Path, count: usize) {
    let all = records(cwd);
    assert_eq!(all.len(), count, "{all:?}");
    for p in all {
        check_clean(&std::fs::read_to_string(&p).unwrap());
    }
}

#[test]
fn a_moon_swiss_of_twelve_in_chromium_with_a_kill_and_a_paper_result() {
    if !browser_present() {
        return;
    }
    let dir = event(TWELVE);
    let cwd = dir.path();
    let mut s = EventServer::start(cwd);
    let mut base = format!("http://{}", s.addr);
    let chrome = Chrome::launch();
    let director = chrome.tab(TABLET.0, TABLET.1);
    let wall = chrome.tab(WALL.0, WALL.1);
    let names = [
        "Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo", "Lia", "Marco", "Nora",
        "Oscar",
    ];
    let tabs = players(&chrome, &names);

    // Round 1 handed out, nothing played: every table is missing, pairing is refused.
    director.go(&format!("{base}{}", s.director));
    assert_eq!(
        director.js(
            "return document.querySelectorAll('#round tr[data-state=\"not-started\"]').length;"
        ),
        serde_json::json!(6)
    );
    assert_eq!(
        director.js("return document.querySelectorAll('#missing li').length;"),
        serde_json::json!(6)
    );
    director.click("#pair button");
    director.wait_for("return !!document.getElementById('problem');");
    assert!(director.text("#problem").contains("not complete"));

    let round1 = rows(&get(&s.addr, &s.director).body);
    assert_eq!(round1.len(), 6);
    for row in &round1 {
        let moves = moves_of(cwd, row, "moon");
        play_in(&base, &s.addr, &tabs, row, &moves, 0, moves.len());
    }
    director.go(&format!("{base}{}", s.director));
    assert_eq!(
        director
            .js("return document.querySelectorAll('#round tr[data-state=\"finished\"]').length;"),
        serde_json::json!(6)
    );
    assert_eq!(director.text("#missing"), "No result is missing.");
    wall_agrees(&wall, &base, &s.addr, cwd);

    // Round 2, paired with the director's button as `event pair` pairs it.
    let expected = cli_seats(cwd, 2);
    pair_by_button(&director, &base, &s, "board-02-table-1");
    let round2 = rows(&get(&s.addr, &s.director).body);
    assert_eq!(
        round2.iter().map(|r| r.names.clone()).collect::<Vec<_>>(),
        expected
    );
    // Not begun, round 2 is missing at all six tables and cannot be paired.
    assert_eq!(
        director.js("return document.querySelectorAll('#missing li').length;"),
        serde_json::json!(6)
    );
    let games: Vec<Vec<String>> = round2.iter().map(|r| moves_of(cwd, r, "moon")).collect();
    for i in 0..3 {
        play_in(
            &base,
            &s.addr,
            &tabs,
            &round2[i],
            &games[i],
            0,
            games[i].len(),
        );
    }
    let half = games[3].len() / 2;
    play_in(&base, &s.addr, &tabs, &round2[3], &games[3], 0, half);
    // Table 6 played on paper: the director types its moves into the page's form.
    director.go(&format!("{base}{}", s.director));
    let six = &round2[5].id;
    director.click(&format!("#{six} details summary"));
    director.type_in(
        &format!("#{six} textarea[name=moves]"),
        &games[5].join("\n"),
    );
    director.click(&format!("#{six} form.paper button"));
    director.wait_for(&format!(
        "const r = document.getElementById('{six}'); return !!r && r.dataset.state === 'paper';"
    ));

    // The tablet mid-round: what is drawn where. Table 4's game in play counts as the
    // description's `unfinished` says; table 5, not begun, is missing.
    director.screenshot("club-director-1024x768.png");
    director_drawn(&director, &round2, &["round 2, table 5"]);
    wall_agrees(&wall, &base, &s.addr, cwd);
    wall.screenshot("club-standings-1920x1080-provisional.png");
    wall_drawn(&wall, true);

    // SIGKILL mid-round 2, then the same round again, table 4 at the same move.
    s.kill();
    s = EventServer::start(cwd);
    base = format!("http://{}", s.addr);
    assert!(s.said.contains("round 2 of 3"), "{}", s.said);
    let again = rows(&get(&s.addr, &s.director).body);
    assert_eq!(
        again.iter().map(|r| &r.seats).collect::<Vec<_>>(),
        round2.iter().map(|r| &r.seats).collect::<Vec<_>>()
    );
    assert_eq!(state(&s.addr, &round2[3].seats[0])["moves"], half);
    play_in(
        &base,
        &s.addr,
        &tabs,
        &round2[3],
        &games[3],
        half,
        games[3].len(),
    );
    play_in(
        &base,
        &s.addr,
        &tabs,
        &round2[4],
        &games[4],
        0,
        games[4].len(),
    );
    director.go(&format!("{base}{}", s.director));
    assert_eq!(
        director.js(&format!(
            "return document.getElementById('{six}').dataset.state;"
        )),
        serde_json::json!("paper")
    );
    wall_agrees(&wall, &base, &s.addr, cwd);

    // Round 3.
    let expected = cli_seats(cwd, 3);
    pair_by_button(&director, &base, &s, "board-03-table-1");
    let round3 = rows(&get(&s.addr, &s.director).body);
    assert_eq!(
        round3.iter().map(|r| r.names.clone()).collect::<Vec<_>>(),
        expected
    );
    for row in &round3 {
        let moves = moves_of(cwd, row, "moon");
        play_in(&base, &s.addr, &tabs, row, &moves, 0, moves.len());
    }
    director.go(&format!("{base}{}", s.director));
    assert_eq!(
        director.js("return document.getElementById('pair');"),
        serde_json::Value::Null,
        "no round after the last"
    );
    wall_agrees(&wall, &base, &s.addr, cwd);
    wall_drawn(&wall, false);
    wall.screenshot("club-standings-1920x1080.png");
    let json: serde_json::Value =
        serde_json::from_str(&get(&s.addr, "/event/standings.json").body).unwrap();
    let played: u64 = json["sections"][0]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["played"].as_u64().unwrap())
        .sum();
    assert_eq!(played, 36, "twelve players, three games each");
    all_clean(cwd, 18);
}

/// The director's tablet: the round's tables top to bottom, each with its players' names;
/// the table within the tablet's width; the missing results listed (each `missing` table
/// named, a table not begun said so) in type no smaller than the page's, and the pair button,
/// both above the round's table on the first screen; the round's table no higher than the
/// screen.
fn director_drawn(director: &Tab, round: &[Row], missing: &[&str]) {
    let mut top = f64::MIN;
    for row in round {
        let r = director.rect(&format!("#{}", row.id));
        assert!(r[1] > top, "{} below the table before", row.id);
        top = r[1];
        assert_eq!(
            director.text(&format!("#{} td:nth-child(3)", row.id)),
            row.names.join(" v ")
        );
        assert!(r[0] >= 0.0 && r[0] + r[2] <= TABLET.0 as f64 + 0.5, "{r:?}");
    }
    let list = director.text("#missing");
    for m in missing {
        assert!(list.contains(m), "{m} not in {list}");
    }
    let body = director.px("body", "font-size");
    assert!(director.px("#missing li", "font-size") >= body);
    assert!(director.px("#round td", "font-size") >= 16.0);
    // What the director acts on is on the first screen, above the round's tables: the
    // missing results (a table not begun said so) and the next round's button.
    director.js("window.scrollTo(0, 0); return true;");
    let pair = director.rect("#pair button");
    let listed = director.rect("#missing");
    let first = director.rect("#round");
    assert!(pair[2] > 0.0 && pair[0] + pair[2] <= TABLET.0 as f64);
    assert!(pair[1] + pair[3] <= TABLET.1 as f64, "{pair:?}");
    assert!(listed[1] + listed[3] <= first[1] && pair[1] + pair[3] <= first[1]);
    assert!(list.contains("(not started)"), "{list}");
    // Each table's actions on its line: the six tables within two screens.
    let last = director.rect(&format!("#{}", round[round.len() - 1].id));
    assert!(
        last[1] + last[3] - first[1] <= TABLET.1 as f64,
        "the round's table is {} high",
        last[1] + last[3] - first[1]
    );
}

/// The wall: large type (a name at least 30 px high), the twelve within the screen's height,
/// the provisional mark (when `provisional`) drawn at the top in large type, in the screen.
fn wall_drawn(wall: &Tab, provisional: bool) {
    assert!(wall.px("#standings-1 td.player", "font-size") >= 30.0);
    let cells = wall.js(
        "return Array.from(document.querySelectorAll('#standings-1 td.player'))\
         .map(td => td.getBoundingClientRect().bottom);",
    );
    let bottoms: Vec<f64> = serde_json::from_value(cells).unwrap();
    assert_eq!(bottoms.len(), 12);
    assert!(
        bottoms.iter().all(|&b| b <= WALL.1 as f64),
        "the last line ends at {bottoms:?}"
    );
    let wide = wall.rect("#standings-1");
    assert!(wide[0] >= 0.0 && wide[0] + wide[2] <= WALL.0 as f64 + 0.5);
    if provisional {
        let mark = wall.rect("#provisional-1");
        let table = wall.rect("#standings-1");
        assert!(
            mark[1] >= 0.0 && mark[1] + mark[3] <= table[1],
            "{mark:?} above {table:?}"
        );
        assert!(wall.px("#provisional-1", "font-size") >= 30.0);
    }
    assert_eq!(
        wall.js("return document.querySelectorAll('a[href*=\"k=\"], form, input, button').length;"),
        serde_json::json!(0),
        "no key, no control on the wall"
    );
}

#[test]
fn a_natura_round_robin_of_four_in_chromium() {
    if !browser_present() {
        return;
    }
    let dir = event(NATURA);
    let cwd = dir.path();
    let s = EventServer::start(cwd);
    let base = format!("http://{}", s.addr);
    let chrome = Chrome::launch();
    let director = chrome.tab(TABLET.0, TABLET.1);
    let wall = chrome.tab(WALL.0, WALL.1);
    let tabs = players(&chrome, &["Anna", "Bruno", "Carla", "Dario"]);
    let round1 = rows(&get(&s.addr, &s.director).body);
    assert_eq!(round1.len(), 2);
    for row in &round1 {
        let moves = moves_of(cwd, row, "natura");
        play_in(&base, &s.addr, &tabs, row, &moves, 0, moves.len());
    }
    wall_agrees(&wall, &base, &s.addr, cwd);
    let expected = cli_seats(cwd, 2);
    pair_by_button(&director, &base, &s, &round_id(&round1[0], 2));
    let round2 = rows(&get(&s.addr, &s.director).body);
    assert_eq!(
        round2.iter().map(|r| r.names.clone()).collect::<Vec<_>>(),
        expected
    );
    for row in &round2 {
        let moves = moves_of(cwd, row, "natura");
        play_in(&base, &s.addr, &tabs, row, &moves, 0, moves.len());
    }
    wall_agrees(&wall, &base, &s.addr, cwd);
    all_clean(cwd, 4);
}

/// The id of a table of round `r` (its board `r`: one board a round).
fn round_id(row: &Row, r: u32) -> String {
    let (_, table) = row.id.split_once("-table-").unwrap();
    format!("board-{r:02}-table-{table}")
}

#[test]
fn a_farfalia_mitchell_in_chromium() {
    if !browser_present() {
        return;
    }
    let dir = event(MITCHELL);
    let cwd = dir.path();
    let s = EventServer::start(cwd);
    let base = format!("http://{}", s.addr);
    let chrome = Chrome::launch();
    let director = chrome.tab(TABLET.0, TABLET.1);
    let wall = chrome.tab(WALL.0, WALL.1);
    let due = cli_seats(cwd, 1);
    let round1 = rows(&get(&s.addr, &s.director).body);
    assert_eq!(
        round1.iter().map(|r| r.names.clone()).collect::<Vec<_>>(),
        due
    );
    let names: Vec<String> = due.iter().flatten().cloned().collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    assert_eq!(names.len(), 8);
    let tabs = players(&chrome, &names);
    for row in &round1 {
        let moves = moves_of(cwd, row, "farfalia");
        play_in(&base, &s.addr, &tabs, row, &moves, 0, moves.len());
    }
    wall_agrees(&wall, &base, &s.addr, cwd);
    let expected = cli_seats(cwd, 2);
    pair_by_button(&director, &base, &s, "board-02-table-1");
    let round2 = rows(&get(&s.addr, &s.director).body);
    assert_eq!(
        round2.iter().map(|r| r.names.clone()).collect::<Vec<_>>(),
        expected
    );
    for row in &round2 {
        let moves = moves_of(cwd, row, "farfalia");
        play_in(&base, &s.addr, &tabs, row, &moves, 0, moves.len());
    }
    wall_agrees(&wall, &base, &s.addr, cwd);
    let text = cli_results(cwd, "text");
    assert!(text.contains("compared at 2 tables"), "{text}");
    all_clean(cwd, 4);
}
