//! `tavolo serve` and GN-4 on the page: a seat resigns from its own page (the director for
//! any seat), after a page that asks first; a seat's key never resigns for another seat
//! (403); a table dealt strict records MOON's illegal tile, which loses at once (MN-3), and
//! its page heads with the result. Every record the page writes checks (`tavolo check`) to
//! the result the page shows. Over raw HTTP on 127.0.0.1.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use super::serve::{action, deal, get, link, post, state, Server};

/// `tavolo check --json` of the table's record: the exit code and its report.
fn check(dir: &Path, id: &str) -> (i32, Value) {
    let o = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["check", "--json"])
        .arg(dir.join(format!("{id}.toml")))
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).expect("check --json");
    (o.status.code().unwrap_or(-1), v["records"][0].clone())
}

/// The path of seat `n`'s page, from the director's.
fn seat_page(a: &str, director: &str, n: usize) -> String {
    let page = get(a, director).body;
    let players = state(a, director)["players"].clone();
    let name = players[n - 1].as_str().unwrap().to_string();
    link(&page, &format!("seat {n}, {name}"))
}

/// The page's result (`state.json`) is `check`'s: its words end with check's reason, and
/// it names check's winners.
fn same_result(page: &Value, report: &Value) {
    let said = page["result"].as_str().expect("a result once over");
    let reason = report["result"]["reason"].as_str().expect("check's reason");
    assert!(said.ends_with(reason), "page: {said}\ncheck: {reason}");
    for w in report["result"]["winners"].as_array().unwrap() {
        assert!(said.contains(w.as_str().unwrap()), "{said}");
    }
}

/// GN-4: a seat resigns from its own page in MOON, Natura Shakerata and Farfalia: the
/// first post only asks (nothing is recorded), the confirmation ends the game; the page
/// heads with the result, the record ends with the resignation, and `check` gives the
/// same result.
#[test]
fn a_seat_resigns_on_its_own_page_after_confirming_and_check_agrees() {
    for (game, players) in [("moon", "2"), ("natura", "2"), ("farfalia", "4")] {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(dir.path(), &[]);
        let a = &server.addr;
        let (id, director) = deal(
            a,
            &[("game", game), ("players", players), ("seed", "resign")],
        );
        let seat2 = seat_page(a, &director, 2);
        let page = get(a, &seat2).body;
        assert!(page.contains("id=\"resign-2\""), "{game}: {page}");
        assert!(
            !page.contains("id=\"resign-1\""),
            "{game}: only its own seat"
        );
        let name = state(a, &director)["players"][1]
            .as_str()
            .unwrap()
            .to_string();
        // Asked first: nothing recorded.
        let r = post(a, &action(&seat2, "/resign"), &[("at", "0")]);
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        assert!(
            r.body.contains(&format!("Resign for {name}?")),
            "{}",
            r.body
        );
        assert!(r.body.contains("id=\"confirm\""), "{}", r.body);
        assert_eq!(state(a, &director)["over"], false, "{game}");
        // Confirmed.
        let r = post(
            a,
            &action(&seat2, "/resign"),
            &[("at", "0"), ("confirm", "yes")],
        );
        assert_eq!(r.status, 303, "{game}: {}", r.body);
        let s = state(a, &seat2);
        assert_eq!(
            (s["over"].clone(), s["moves"].clone()),
            (true.into(), 1.into())
        );
        let page = get(a, &seat2).body;
        let over = page.split("<h2 id=\"over\">").nth(1).expect("a heading");
        assert!(over.contains("resigned"), "{game}: {over}");
        assert!(
            !page.contains("id=\"resign-"),
            "{game}: no resigning after the end"
        );
        let record = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
        assert!(
            record.ends_with(&format!("[[move]]\nplayer = \"{name}\"\nresign = true\n")),
            "{game}: {record}"
        );
        let (code, report) = check(dir.path(), &id);
        assert_eq!(code, 0, "{game}: {report}");
        assert_eq!(report["result"]["losers"], serde_json::json!([name]));
        same_result(&s, &report);
    }
}

/// A seat's key resigns only for its own seat (403), the table's page for nobody (403); the
/// director's resigns for any seat.
#[test]
fn a_seat_key_cannot_resign_for_another_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, director) = deal(
        a,
        &[
            ("game", "moon"),
            ("seed", "golden"),
            ("names", "Anna, Bruno"),
        ],
    );
    let seat1 = seat_page(a, &director, 1);
    let table = link(&get(a, &director).body, "the table");
    for (page, seat) in [(&seat1, "2"), (&table, "2"), (&table, "1")] {
        let r = post(
            a,
            &action(page, "/resign"),
            &[("at", "0"), ("seat", seat), ("confirm", "yes")],
        );
        assert_eq!(r.status, 403, "{page} for seat {seat}: {}", r.body);
    }
    assert_eq!(state(a, &director)["over"], false);
    // The director's page lists a form for each seat, and resigns for Bruno.
    let page = get(a, &director).body;
    assert!(page.contains("id=\"resign-1\"") && page.contains("id=\"resign-2\""));
    let r = post(
        a,
        &action(&director, "/resign"),
        &[("at", "0"), ("seat", "2"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let s = state(a, &director);
    assert!(
        s["result"].as_str().unwrap().starts_with("Anna wins"),
        "{s}"
    );
    let (code, report) = check(dir.path(), &id);
    assert_eq!(
        (code, &report["result"]["winner"]),
        (0, &Value::from("Anna"))
    );
}

/// MN-3 (sheet rule 7) at a table dealt strict from the operator's form (GN-4): an illegal
/// tile posted from a seat's page is recorded and loses at once; every page heads with the
/// result, which is `check`'s of the record; the record keeps the table strict, and a
/// server started again goes on with it, ended. Dealt without the box, the same tile is
/// refused (422) and the game goes on.
#[test]
fn a_strict_table_on_the_page_records_an_illegal_tile_and_it_loses_mn3() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path(), &[]);
    let a = server.addr.clone();
    let form = [
        ("game", "moon"),
        ("seed", "golden"),
        ("names", "Anna, Bruno"),
        ("strict", "1"),
    ];
    let (id, director) = deal(&a, &form);
    assert_eq!(state(&a, &director)["strict"], true);
    let seat1 = seat_page(&a, &director, 1);
    let seat2 = seat_page(&a, &director, 2);
    assert!(get(&a, &seat1).body.contains("id=\"strict\""));
    let r = post(
        &a,
        &action(&seat1, "/move"),
        &[("move", "AG d3"), ("at", "0")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // GR on the occupied d3 (MN-2): recorded, and Bruno loses (MN-3).
    let r = post(
        &a,
        &action(&seat2, "/move"),
        &[("move", "GR d3"), ("at", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let s = state(&a, &director);
    assert_eq!(
        (s["over"].clone(), s["moves"].clone()),
        (true.into(), 2.into())
    );
    let said = s["result"].as_str().unwrap().to_string();
    assert!(
        said.starts_with("Anna wins") && said.contains("MN-3"),
        "{said}"
    );
    for page in [&seat1, &seat2, &director] {
        let body = get(&a, page).body;
        assert!(
            body.contains("<h2 id=\"over\">The game is over: Anna wins"),
            "{body}"
        );
    }
    let record = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
    assert!(
        record.contains("[[move]]\nplayer = \"Bruno\"\ntile = \"GR\"\nsquare = \"d3\"\n"),
        "{record}"
    );
    assert!(record.contains("[session]\n") && record.contains("strict = true\n"));
    let (code, report) = check(dir.path(), &id);
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["illegal"]["number"], 2);
    assert_eq!(report["result"]["losers"], serde_json::json!(["Bruno"]));
    same_result(&s, &report);
    // A move after the end is refused.
    let r = post(
        &a,
        &action(&seat1, "/move"),
        &[("move", "RV d4"), ("at", "2")],
    );
    assert_eq!(r.status, 409, "{}", r.body);

    // Started again: the ended table is there, with its result.
    server.terminate();
    drop(server);
    let server = Server::start(dir.path(), &[]);
    let a = server.addr.clone();
    assert!(!server.said.contains("skipped"), "{}", server.said);
    let again = state(&a, &director);
    assert_eq!(again["result"], s["result"]);
    assert_eq!(again["strict"], true);

    // Forgiving (the box unticked): refused, and the game goes on.
    let (_, director) = deal(&a, &form[..3]);
    assert_eq!(state(&a, &director)["strict"], false);
    let seat1 = seat_page(&a, &director, 1);
    let seat2 = seat_page(&a, &director, 2);
    post(
        &a,
        &action(&seat1, "/move"),
        &[("move", "AG d3"), ("at", "0")],
    );
    let r = post(
        &a,
        &action(&seat2, "/move"),
        &[("move", "GR d3"), ("at", "1")],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(state(&a, &director)["over"], false);
}

/// `serve --strict` ticks the new-table form's box; without it the box starts empty.
#[test]
fn serve_strict_ticks_the_new_table_form_s_box() {
    for (extra, ticked) in [(&["--strict"][..], true), (&[][..], false)] {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(dir.path(), extra);
        let page = get(&server.addr, "/").body;
        let input = page
            .split("id=\"strict\"")
            .nth(1)
            .and_then(|r| r.split('>').next())
            .expect("the strict box");
        assert_eq!(input.contains("checked"), ticked, "{extra:?}: {input}");
    }
}
