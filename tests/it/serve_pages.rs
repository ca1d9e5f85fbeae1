//! `tavolo serve`'s pages played and looked at in headless Chromium (through chromedriver,
//! [`super::serve_browser`]), everything on 127.0.0.1 and stopped at the end:
//! - whole games of Natura Shakerata (two seat pages) and of Farfalia (four seat pages in four
//!   browsers), each move tapped where the page offers it (a tile or card in the holding, a
//!   square on the board, a direction) or typed, the records equal to `tavolo table`'s for the
//!   same moves, byte for byte, and checking clean;
//! - tap-to-move on MOON and Quincunx (a piece, then a square);
//! - every game's seat page at a phone's width (360 px) and a tablet's (1024 x 768):
//!   screenshots in target/tmp/serve-shots (out of git), and what is drawn where.
//!
//! Without chromium or chromedriver each test says so and passes (CI installs both).

use std::time::{Duration, Instant};

use serde_json::Value;

use super::serve::{check_clean, deal, get, link, notations, played, state, table_record, Server};
use super::serve_browser::{browser_present, start_driver, Browser};

/// A whole game through the pages is bounded: past this it fails rather than hang.
const GAME_LIMIT: Duration = Duration::from_secs(400);

/// The moves on a page: `data-moves` of its state element, once it has loaded.
fn moves_shown(n: usize) -> String {
    format!(
        "const s = document.querySelector('#state'); \
         return document.readyState === 'complete' && s !== null && s.dataset.moves === '{n}';"
    )
}

/// Open `page` in `b` once it shows `at` moves, and enter `mv` (the session's notation,
/// the seat first): tapped when `taps` can build it, else typed; then Play. Whether it was
/// tapped.
fn play_on_page(
    b: &Browser,
    url: &str,
    at: usize,
    mv: &str,
    taps: &dyn Fn(&Browser, &str) -> Option<String>,
) -> bool {
    b.go(url);
    b.wait_for(&moves_shown(at));
    assert!(
        b.js("return document.querySelector('#play') !== null;") == Value::Bool(true),
        "move {} ({mv}): the page of the seat to move offers the form: {}",
        at + 1,
        b.text("body")
    );
    let tapped = match taps(b, mv) {
        Some(want) => {
            let field = b.js("return document.querySelector('#move').value;");
            assert_eq!(
                field,
                Value::String(want.clone()),
                "move {}: the taps fill the field",
                at + 1
            );
            true
        }
        None => {
            // The notation's seat is left out: it is the seat to move (a short form).
            let text = mv.split_once([' ', ':']).map_or(mv, |(_, rest)| rest);
            b.type_in("#move", text);
            false
        }
    };
    b.click("#play button");
    // The page after the form: the move counted, or a refusal.
    b.wait_for(&format!(
        "const s = document.querySelector('#state'); \
         return document.readyState === 'complete' && (document.querySelector('#answer.refused, #notice') !== null \
         || (s !== null && s.dataset.moves === '{}'));",
        at + 1
    ));
    let refused = b.text("#answer.refused, #notice");
    assert!(
        refused.is_empty(),
        "move {} ({mv}) refused: {refused}",
        at + 1
    );
    tapped
}

/// Natura: `1 H4 down FARAI` tapped as the square, the direction, then each letter from
/// the rack (`.` a letter already on the board); a jolly (lower case) is typed.
fn natura_taps(b: &Browser, mv: &str) -> Option<String> {
    let w: Vec<&str> = mv.split_whitespace().collect();
    let [_, square, dir, word] = w.as_slice() else {
        return None;
    };
    if !["across", "down"].contains(dir)
        || !word.chars().all(|c| c == '.' || c.is_ascii_uppercase())
    {
        return None;
    }
    b.click(&format!("#position .square[data-square=\"{square}\"]"));
    b.click(&format!("#tap-{dir}"));
    let mut used = std::collections::HashMap::<char, usize>::new();
    for c in word.chars() {
        if c == '.' {
            b.click("#tap-board");
            continue;
        }
        let n = used.entry(c).or_default();
        let tiles = b.elements(&format!("#position .piece[data-piece=\"{c}\"]"));
        let tile = tiles
            .get(*n)
            .unwrap_or_else(|| panic!("{c} in the rack for {mv}"));
        b.click_element(tile);
        *n += 1;
    }
    Some(format!("{square} {dir} {word}"))
}

/// Farfalia: `3:B11` tapped as the card in the hand; other actions typed.
fn farfalia_taps(b: &Browser, mv: &str) -> Option<String> {
    let (_, card) = mv.split_once(':')?;
    let is_card = card.len() >= 2
        && card[..1].chars().all(|c| c.is_ascii_uppercase())
        && card[1..].chars().all(|c| c.is_ascii_digit());
    if !is_card {
        return None;
    }
    let found = b.elements(&format!("#position .piece[data-piece=\"{card}\"]"));
    let Some(tap) = found.first() else {
        panic!(
            "{mv}: no {card} to tap in:\n{}\n{}",
            b.text("#turn"),
            b.text("#position")
        );
    };
    b.click_element(tap);
    Some(card.to_string())
}

/// The page of seat `n` (1-based) from the director's page.
fn seat_pages(a: &str, director: &str, seats: usize) -> Vec<String> {
    let page = get(a, director).body;
    (1..=seats)
        .map(|n| link(&page, &format!("seat {n}, P{n}")))
        .collect()
}

/// A whole game dealt with `deal_args`, each move entered on the page of the seat to move,
/// in that seat's own browser; the record must be `tavolo table`'s. How many were tapped.
fn whole_game(
    deal_args: &[&str],
    width: u32,
    taps: &dyn Fn(&Browser, &str) -> Option<String>,
) -> (usize, usize) {
    let moves = notations(&played(deal_args));
    let table = table_record(deal_args, &moves);
    let seats: usize = deal_args[deal_args.iter().position(|a| *a == "-p").unwrap() + 1]
        .parse()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, director) = deal(
        a,
        &[
            ("game", deal_args[0]),
            ("seed", deal_args[2]),
            ("players", &seats.to_string()),
        ],
    );
    let pages = seat_pages(a, &director, seats);
    let driver = start_driver();
    // One browser a seat: four tablets round the table.
    let browsers: Vec<Browser> = (0..seats)
        .map(|_| Browser::open(&driver, width, 800))
        .collect();
    let started = Instant::now();
    let mut tapped = 0;
    for (i, mv) in moves.iter().enumerate() {
        assert!(
            started.elapsed() < GAME_LIMIT,
            "the game took too long: {i} moves in {GAME_LIMIT:?}"
        );
        let seat = state(a, &director)["seat"]
            .as_u64()
            .expect("a seat to move") as usize;
        let url = format!("http://{a}{}", pages[seat - 1]);
        if play_on_page(&browsers[seat - 1], &url, i, mv, taps) {
            tapped += 1;
        }
    }
    assert_eq!(state(a, &director)["over"], true);
    let last = &browsers[0];
    last.go(&format!("http://{a}{}", pages[0]));
    last.wait_for(&moves_shown(moves.len()));
    assert!(last.text("#over").contains("over"), "{}", last.text("body"));
    let file = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
    assert_eq!(
        file, table,
        "the record `tavolo table` writes for the same moves"
    );
    check_clean(&file);
    (tapped, moves.len())
}

/// NS-3 (play, exchange, pass) and NS-5 (challenge): a whole Natura Shakerata game on two
/// seat pages at a phone's width, words tapped tile by tile.
#[test]
fn a_whole_natura_game_tapped_and_typed_on_two_phones_writes_the_table_s_record() {
    if !browser_present() {
        return;
    }
    let (tapped, all) = whole_game(&["natura", "--seed", "web", "-p", "2"], 360, &natura_taps);
    assert!(tapped * 2 > all, "most moves tapped: {tapped} of {all}");
}

/// FA-1 (a hand is its player's): a whole four-seat Farfalia game, each seat on its own
/// browser, cards tapped in the hand.
#[test]
fn a_whole_farfalia_game_on_four_browsers_writes_the_table_s_record() {
    if !browser_present() {
        return;
    }
    let (tapped, all) = whole_game(
        &["farfalia", "--seed", "web", "-p", "4"],
        360,
        &farfalia_taps,
    );
    assert!(tapped * 2 > all, "most moves tapped: {tapped} of {all}");
}
