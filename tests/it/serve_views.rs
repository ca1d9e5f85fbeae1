//! `tavolo serve` and issue 37 (GN-5), the page's side: a seat acts only for itself, the
//! table's page plays only what is open or what the director gave it, a move is taken back
//! by the director or by two seats agreeing, and the record and the picture a page may
//! download obey its view. Over raw HTTP on 127.0.0.1.

use std::collections::BTreeSet;

use tavolo::games::session::{self, View};
use tavolo::record::{Record, Source};

use super::serve::{action, deal, get, link, post, state, Server};

/// A legal move for the seat to move, from the table's record as it stands.
fn legal_move(dir: &std::path::Path, id: &str) -> String {
    let text = std::fs::read_to_string(dir.join(format!("{id}.toml"))).unwrap();
    let src = Source::new("t.toml", text);
    let rec = Record::parse(&src, &tavolo::games::Registry).unwrap();
    let (live, _) = session::find(rec.game).unwrap().open(&rec, &src).unwrap();
    live.hint(View::Director).unwrap().legal[0].clone()
}

fn seat_page(a: &str, director: &str, n: usize) -> String {
    let page = get(a, director).body;
    let players = state(a, director)["players"].clone();
    let name = players[n - 1].as_str().unwrap().to_string();
    link(&page, &format!("seat {n}, {name}"))
}

/// Farfalia hides every hand: the table's page may not play for the seat to move (403)
/// until the director says that seat is played on it; a seat's key never plays for another
/// seat (403); nothing refused is recorded.
#[test]
fn the_table_page_and_a_seat_play_only_what_is_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, director) = deal(a, &[("game", "farfalia"), ("players", "4"), ("seed", "v1")]);
    let page = get(a, &director).body;
    let table = link(&page, "the table");
    let to_move = state(a, &director)["seat"].as_u64().unwrap() as usize;
    let mv = legal_move(dir.path(), &id);
    let r = post(a, &action(&table, "/move"), &[("move", &mv), ("at", "0")]);
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(
        !r.body.contains(&mv),
        "the refusal names no card: {}",
        r.body
    );
    // Another seat's key: 403, whoever's card it is.
    let other = to_move % 4 + 1;
    let r = post(
        a,
        &action(&seat_page(a, &director, other), "/move"),
        &[("move", &mv), ("at", "0")],
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(state(a, &director)["moves"], 0);
    // The director says the seat to move is played on the table's page.
    let r = post(
        a,
        &action(&director, "/seats"),
        &[("seat", &to_move.to_string())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = post(a, &action(&table, "/move"), &[("move", &mv), ("at", "0")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(state(a, &director)["moves"], 1);
    // Kept across a restart (the file beside the record).
    drop(server);
    let server = Server::start(dir.path(), &[]);
    let page = get(&server.addr, &table).body;
    assert!(
        !page.contains("id=\"play\""),
        "the next seat is not played on the table's page"
    );
}

/// MOON with two players hides nothing: the table's page plays and takes back. On seats'
/// pages a move is taken back only when the other seat agrees: seat 1 asks, its move stays
/// until seat 2 agrees on its own page; a refusal ends the request.
#[test]
fn an_undo_needs_the_director_or_the_other_seat_s_agreement() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (_, director) = deal(a, &[("game", "moon"), ("seed", "golden")]);
    let seat1 = seat_page(a, &director, 1);
    let seat2 = seat_page(a, &director, 2);
    let r = post(
        a,
        &action(&seat1, "/move"),
        &[("move", "AG d3"), ("at", "0")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // Seat 1 asks: nothing is taken back yet.
    assert_eq!(
        post(a, &action(&seat1, "/undo"), &[("at", "1")]).status,
        303
    );
    assert_eq!(state(a, &director)["moves"], 1);
    assert!(get(a, &seat1)
        .body
        .contains("You asked to take back move 1"));
    assert_eq!(
        post(a, &action(&seat1, "/undo"), &[("at", "1")]).status,
        409
    );
    // Seat 2 refuses: the request is gone, the move stays.
    assert!(get(a, &seat2).body.contains("asks to take back move 1"));
    let r = post(a, &action(&seat2, "/undo"), &[("at", "1"), ("refuse", "1")]);
    assert_eq!(r.status, 303);
    assert!(!get(a, &seat2).body.contains("asks to take back"));
    assert_eq!(state(a, &director)["moves"], 1);
    // Asked again, and agreed: taken back.
    assert_eq!(
        post(a, &action(&seat1, "/undo"), &[("at", "1")]).status,
        303
    );
    assert_eq!(
        post(a, &action(&seat2, "/undo"), &[("at", "1")]).status,
        303
    );
    assert_eq!(state(a, &director)["moves"], 0);
    // The director takes back at once.
    assert_eq!(
        post(
            a,
            &action(&seat1, "/move"),
            &[("move", "AG d3"), ("at", "0")]
        )
        .status,
        303
    );
    assert_eq!(
        post(a, &action(&director, "/undo"), &[("at", "1")]).status,
        303
    );
    assert_eq!(state(a, &director)["moves"], 0);
}

/// In Farfalia the table's page may not take back a seat's move (403), nor may a third
/// seat agree to another's request about a move neither of them made.
#[test]
fn the_table_page_takes_no_hidden_seat_s_move_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, director) = deal(a, &[("game", "farfalia"), ("players", "4"), ("seed", "v2")]);
    let table = link(&get(a, &director).body, "the table");
    let mover = state(a, &director)["seat"].as_u64().unwrap() as usize;
    let mv = legal_move(dir.path(), &id);
    let r = post(
        a,
        &action(&seat_page(a, &director, mover), "/move"),
        &[("move", &mv), ("at", "0")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        post(a, &action(&table, "/undo"), &[("at", "1")]).status,
        403
    );
    let (second, third) = (mover % 4 + 1, (mover + 1) % 4 + 1);
    assert_eq!(
        post(
            a,
            &action(&seat_page(a, &director, second), "/undo"),
            &[("at", "1")]
        )
        .status,
        303
    );
    assert_eq!(
        post(
            a,
            &action(&seat_page(a, &director, third), "/undo"),
            &[("at", "1")]
        )
        .status,
        403
    );
    assert_eq!(state(a, &director)["moves"], 1);
    assert_eq!(
        post(
            a,
            &action(&seat_page(a, &director, mover), "/undo"),
            &[("at", "1")]
        )
        .status,
        303
    );
    assert_eq!(state(a, &director)["moves"], 0);
}

/// What a page may download: Mosaico's record (its seed gives the draw order) is the
/// director's only; Domino's picture on the table's and a seat's page draws no hand's tile
/// by its id, where the director's names them.
#[test]
fn the_record_and_the_picture_obey_the_view() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (_, director) = deal(a, &[("game", "mosaico"), ("seed", "v3")]);
    let seat1 = seat_page(a, &director, 1);
    assert_eq!(get(a, &action(&seat1, "/record")).status, 403);
    assert_eq!(get(a, &action(&director, "/record")).status, 200);
    let (_, director) = deal(a, &[("game", "domino"), ("players", "2"), ("seed", "v4")]);
    let table = link(&get(a, &director).body, "the table");
    let held = |page: &str| -> BTreeSet<String> {
        let svg = get(a, &action(page, "/picture.svg"));
        assert_eq!(svg.status, 200, "{page}");
        svg.body
            .split("id=\"held-")
            .skip(1)
            .map(|r| r.split('"').next().unwrap().to_string())
            .collect()
    };
    let all = held(&director);
    assert!(!all.is_empty(), "the director's names every tile held");
    assert!(held(&table).is_empty(), "the table's names none");
    assert!(
        !get(a, &table).body.contains("held-"),
        "nor does its page's source"
    );
    // Each seat's picture names its own tiles only: the two hands, apart.
    let one = held(&seat_page(a, &director, 1));
    let two = held(&seat_page(a, &director, 2));
    assert!(!one.is_empty() && one.is_disjoint(&two), "{one:?} {two:?}");
    assert_eq!(one.union(&two).cloned().collect::<BTreeSet<_>>(), all);
}

/// Issue 37, for every game that hides something: the seat to move plays from its own
/// page; the table's page may not take that move back (403); another seat asks on its page
/// and nothing is taken back until the mover agrees on theirs (with four or three players,
/// a third seat may not agree: 403). The record is then the deal's again.
#[test]
fn in_every_hidden_game_an_undo_needs_the_mover_s_agreement() {
    for (game, players) in [
        ("natura", "2"),
        ("quincunx", "2"),
        ("domino", "3"),
        ("moon", "3"),
        ("farfalia", "4"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(dir.path(), &[]);
        let a = &server.addr;
        let (id, director) = deal(
            a,
            &[("game", game), ("players", players), ("seed", "agree")],
        );
        let n: usize = players.parse().unwrap();
        let table = link(&get(a, &director).body, "the table");
        let start = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
        let mover = state(a, &director)["seat"].as_u64().unwrap() as usize;
        let mv = legal_move(dir.path(), &id);
        let r = post(
            a,
            &action(&seat_page(a, &director, mover), "/move"),
            &[("move", &mv), ("at", "0")],
        );
        assert_eq!(r.status, 303, "{game}: {}", r.body);
        let r = post(a, &action(&table, "/undo"), &[("at", "1")]);
        assert_eq!(r.status, 403, "{game}: the table's page");
        let other = mover % n + 1;
        let asked = post(
            a,
            &action(&seat_page(a, &director, other), "/undo"),
            &[("at", "1")],
        );
        assert_eq!(asked.status, 303, "{game}: {}", asked.body);
        assert_eq!(
            state(a, &director)["moves"],
            1,
            "{game}: asked, not taken back"
        );
        if n > 2 {
            let third = other % n + 1;
            let r = post(
                a,
                &action(&seat_page(a, &director, third), "/undo"),
                &[("at", "1")],
            );
            assert_eq!(r.status, 403, "{game}: a third seat");
            assert_eq!(state(a, &director)["moves"], 1, "{game}");
        }
        let mover_page = seat_page(a, &director, mover);
        assert!(
            get(a, &mover_page)
                .body
                .contains("asks to take back move 1"),
            "{game}"
        );
        let r = post(a, &action(&mover_page, "/undo"), &[("at", "1")]);
        assert_eq!(r.status, 303, "{game}: {}", r.body);
        assert_eq!(state(a, &director)["moves"], 0, "{game}");
        let now = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
        // Less the moves taken back, which `redo` plays again.
        let cut = now
            .find("\n# Moves taken back")
            .or_else(|| now.find("\n[session]"));
        let redo = cut.map_or(now.as_str(), |i| &now[..i]);
        assert_eq!(
            redo.trim_end(),
            start.trim_end(),
            "{game}: the deal's record again"
        );
    }
}
