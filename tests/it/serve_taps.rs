//! Issue 47's "Done when" by taps only, in headless Chromium at a phone's 360 x 800 (one
//! browser driven through the DevTools protocol, [`super::cdp`], a browser context a player):
//! - a whole Natura Shakerata game on two seat pages, every move tapped: the square on the
//!   picture (a tap brings that part of the board closer, a second picks the square), the
//!   direction, the rack's tiles, the jolly's letter from its row of letters; Exchange then
//!   the tiles; Pass; Challenge. It holds a jolly, an exchange and a challenge (NS-3, NS-5);
//! - a whole Farfalia game in which seat 1 plays by taps on its page (its cards in the hand),
//!   the others' moves posted as typed;
//! - the rack and the hand end above the fixed bar of actions when the page is scrolled to its
//!   end.
//!
//! The records equal those `tavolo table` writes for the same moves typed, byte for byte, and
//! check clean. Without chromium the tests say so and pass.

use std::collections::HashMap;

use serde_json::Value;

use super::cdp::{Chrome, Tab};
use super::serve::{
    action, check_clean, deal, get, link, notations, played, post, state, table_record, Server,
};
use super::serve_browser::browser_present;

const PHONE: (u32, u32) = (360, 800);

/// The moves on a page: `data-moves` of its state element, once it has loaded.
fn moves_shown(n: usize) -> String {
    format!(
        "const s = document.querySelector('#state'); \
         return document.readyState === 'complete' && s !== null && s.dataset.moves === '{n}';"
    )
}

/// Tap the `n`-th element `css` matches (0-based): marked, then tapped where it is drawn.
fn tap_nth(tab: &Tab, css: &str, n: usize) {
    let q = serde_json::to_string(css).unwrap();
    let found = tab.js(&format!(
        "document.querySelectorAll('[data-tap-now]').forEach(x => x.removeAttribute('data-tap-now')); \
         const e = document.querySelectorAll({q})[{n}]; if (!e) return false; \
         e.setAttribute('data-tap-now', '1'); return true;"
    ));
    assert_eq!(found, Value::Bool(true), "no {css} number {}", n + 1);
    tab.click("[data-tap-now]");
}

fn field(tab: &Tab) -> String {
    tab.js("return document.querySelector('#move').value;")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Natura's square on the picture: where the board is too fine for a finger, a first tap
/// brings its part closer (issue 47); then the square, at least 44 x 44 px, is tapped.
fn tap_square(tab: &Tab, square: &str) {
    let css = format!("#picture .target[data-square=\"{square}\"]");
    let far = tab.js("const s = document.querySelector('#picture svg'); return s !== null && s.getAttribute('class') === 'far';");
    if far == Value::Bool(true) {
        // The square is under the tap, but the whole board takes it.
        tab.click(&css);
        tab.wait_for(
            "return document.querySelector('#picture svg').getAttribute('class') === 'near';",
        );
    }
    let r = tab.rect(&css);
    assert!(
        r[2] >= 44.0 && r[3] >= 44.0,
        "{square} brought closer is {r:?}"
    );
    tab.click(&css);
}

/// Every Natura move by taps: `1 H8 across CASA` (a lower-case letter the jolly),
/// `1 exchange AE?`, `1 pass`, `2 challenge`. The field must read the move as typed.
fn natura_by_taps(tab: &Tab, mv: &str) {
    let w: Vec<&str> = mv.split_whitespace().collect();
    match &w[1..] {
        ["pass"] => return tab.click("#pass button"),
        ["challenge"] => return tab.click("#challenge button"),
        ["exchange", tiles] => {
            tab.click("#tap-exchange");
            let mut used = HashMap::<char, usize>::new();
            for c in tiles.chars() {
                let n = used.entry(c).or_default();
                tap_nth(
                    tab,
                    &format!("#tapbar .hand .piece[data-piece=\"{c}\"]"),
                    *n,
                );
                *n += 1;
            }
            assert_eq!(field(tab), format!("exchange {tiles}"), "{mv}");
        }
        [square, dir, word] => {
            tap_square(tab, square);
            tab.click(&format!("#tap-{dir}"));
            let mut used = HashMap::<char, usize>::new();
            for c in word.chars() {
                if c == '.' {
                    tab.click("#tap-board");
                    continue;
                }
                let tile = if c.is_lowercase() { '?' } else { c };
                let n = used.entry(tile).or_default();
                tap_nth(
                    tab,
                    &format!("#tapbar .hand .piece[data-piece=\"{tile}\"]"),
                    *n,
                );
                *n += 1;
                if c.is_lowercase() {
                    // The jolly asks its letter: a row of the set's letters.
                    let up = c.to_ascii_uppercase();
                    tab.click(&format!("#jolly-letters button[data-letter=\"{up}\"]"));
                }
            }
            assert_eq!(field(tab), format!("{square} {dir} {word}"), "{mv}");
        }
        _ => panic!("a Natura move the test cannot tap: {mv}"),
    }
    tab.click("#play button");
}

/// After a move: the page shows `at` moves, or says why not.
fn played_on_page(tab: &Tab, at: usize, mv: &str) {
    tab.wait_for(&format!(
        "const s = document.querySelector('#state'); \
         return document.readyState === 'complete' && (document.querySelector('#answer.refused, #notice') !== null \
         || (s !== null && s.dataset.moves === '{at}'));"
    ));
    let refused = tab.text("#answer.refused, #notice");
    assert!(refused.is_empty(), "move {at} ({mv}) refused: {refused}");
}

/// The seat pages, from the director's.
fn seat_pages(a: &str, director: &str, seats: usize) -> Vec<String> {
    let page = get(a, director).body;
    (1..=seats)
        .map(|n| link(&page, &format!("seat {n}, P{n}")))
        .collect()
}

/// The rack (or hand) ends above the fixed bar of actions at the page's end (issue 47: the
/// page's bottom padded by the bar's height).
fn hand_clear_of_the_bar(tab: &Tab, what: &str) {
    if tab.js("return document.querySelector('#tapbar .hand') !== null && document.querySelector('#actions') !== null;")
        != Value::Bool(true)
    {
        return;
    }
    tab.js("window.scrollTo(0, document.documentElement.scrollHeight); return null;");
    let hand = tab.rect("#tapbar .hand");
    let bar = tab.rect("#actions");
    let high = tab.js("return window.innerHeight;").as_f64().unwrap();
    assert!(
        bar[1] + bar[3] <= high + 0.5,
        "{what}: the bar {bar:?} at the screen's bottom ({high})"
    );
    assert!(
        hand[1] + hand[3] <= bar[1],
        "{what}: the hand {hand:?} ends above the bar {bar:?}"
    );
    // The page's last line too: the page ends as far below it as the bar is high.
    let end = tab.rect("#reload");
    assert!(
        end[1] + end[3] <= bar[1],
        "{what}: the page's last line {end:?} ends above the bar {bar:?}"
    );
}

/// The game's moves for `args`, with `extra` put in before the move of index `at` each.
fn with_extras(args: &[&str], extra: &[(usize, &str)]) -> Vec<String> {
    let mut moves = notations(&played(args));
    for &(at, m) in extra.iter().rev() {
        moves.insert(at, m.to_string());
    }
    moves
}

/// NS-3 (play, exchange, pass), NS-2 (a jolly stands for a letter) and NS-5 (a challenge of
/// a valid word: the move stands): a whole Natura Shakerata game on two phones by taps only.
#[test]
fn a_whole_natura_game_by_taps_only_writes_the_typed_record() {
    if !browser_present() {
        return;
    }
    let args = ["natura", "--seed", NATURA_SEED, "-p", "2"];
    let moves = with_extras(&args, NATURA_EXTRAS);
    assert!(
        moves
            .iter()
            .any(|m| m.split_whitespace().nth(1) == Some("exchange")),
        "an exchange: {moves:?}"
    );
    assert!(
        moves.iter().any(|m| m.ends_with(" challenge")),
        "a challenge"
    );
    assert!(
        moves.iter().any(|m| m
            .split_whitespace()
            .nth(3)
            .is_some_and(|w| w.chars().any(char::is_lowercase))),
        "a jolly played: {moves:?}"
    );
    let typed = table_record(&args, &moves);
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, director) = deal(
        a,
        &[("game", "natura"), ("seed", NATURA_SEED), ("players", "2")],
    );
    let pages = seat_pages(a, &director, 2);
    let chrome = Chrome::launch();
    let tabs: Vec<Tab> = (0..2).map(|_| chrome.tab(PHONE.0, PHONE.1)).collect();
    for (i, mv) in moves.iter().enumerate() {
        let seat = state(a, &director)["seat"]
            .as_u64()
            .expect("a seat to move") as usize;
        let tab = &tabs[seat - 1];
        tab.go(&format!("http://{a}{}", pages[seat - 1]));
        tab.wait_for(&moves_shown(i));
        if i == 3 {
            hand_clear_of_the_bar(tab, "natura");
        }
        natura_by_taps(tab, mv);
        played_on_page(tab, i + 1, mv);
    }
    assert_eq!(state(a, &director)["over"], true);
    let file = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
    assert_eq!(
        file, typed,
        "the record `tavolo table` writes for the same moves typed"
    );
    check_clean(&file);
}

/// The seed and the moves put into its game: see [`a_whole_natura_game_by_taps_only_writes_the_typed_record`].
const NATURA_SEED: &str = "web";
/// P2 challenges P1's first word, which stands (NS-5): the turn stays P2's.
const NATURA_EXTRAS: &[(usize, &str)] = &[(1, "2 challenge")];

/// FA-1 (a hand is its player's): a whole Farfalia game of four in which seat 1 plays every
/// move by taps on its page (the card in the hand, then Play), the others' moves posted as
/// typed; the trick just completed stays on the table's and the seats' pages until the next
/// card (issue 47).
#[test]
fn a_farfalia_seat_plays_by_taps_and_the_record_is_the_typed_one() {
    if !browser_present() {
        return;
    }
    let args = ["farfalia", "--seed", "web", "-p", "4"];
    let moves = notations(&played(&args));
    let typed = table_record(&args, &moves);
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, director) = deal(
        a,
        &[("game", "farfalia"), ("seed", "web"), ("players", "4")],
    );
    let page = get(a, &director).body;
    let table = link(&page, "the table");
    let pages = seat_pages(a, &director, 4);
    let chrome = Chrome::launch();
    let tab = chrome.tab(PHONE.0, PHONE.1);
    let (mut tapped, mut tricks_seen) = (0, 0);
    for (i, mv) in moves.iter().enumerate() {
        let seat = state(a, &director)["seat"]
            .as_u64()
            .expect("a seat to move") as usize;
        let card = mv.split_once(':').map(|(_, c)| c.trim()).filter(|c| {
            c.len() >= 2
                && c[..1].chars().all(|x| "RGBO".contains(x))
                && c[1..].chars().all(|x| x.is_ascii_digit())
        });
        if seat != 1 || card.is_none() {
            let r = post(
                a,
                &action(&director, "/move"),
                &[("move", mv), ("at", &i.to_string())],
            );
            assert_eq!(r.status, 303, "move {}: {mv}: {}", i + 1, r.body);
            continue;
        }
        let card = card.unwrap();
        tab.go(&format!("http://{a}{}", pages[0]));
        tab.wait_for(&moves_shown(i));
        if i > 8 && tricks_seen == 0 {
            hand_clear_of_the_bar(&tab, "farfalia");
        }
        // Before a trick's first card, the last one shown (issue 47).
        if tab.js("return document.querySelector('#trick.done') !== null;") == Value::Bool(true) {
            tricks_seen += 1;
            assert_eq!(
                tab.js("return document.querySelectorAll('#trick .card').length;"),
                4,
                "{}",
                tab.text("#trick")
            );
        }
        let found = tab.js(&format!(
            "return document.querySelector('#tapbar .piece[data-piece=\"{card}\"]') !== null;"
        ));
        assert_eq!(
            found,
            Value::Bool(true),
            "{mv}: no {card} to tap: {}",
            tab.text("#position")
        );
        tab.click(&format!("#tapbar .piece[data-piece=\"{card}\"]"));
        assert_eq!(field(&tab), card, "{mv}");
        tab.click("#play button");
        played_on_page(&tab, i + 1, mv);
        tapped += 1;
        // The table's page shows the trick as it stands, or the last one until the next card.
        if tapped == 4 {
            tab.go(&format!("http://{a}{table}"));
            tab.wait_for(&moves_shown(i + 1));
            assert!(
                !tab.text("#trick").is_empty(),
                "the table's page shows the trick: {}",
                tab.text("#position")
            );
        }
    }
    assert!(tapped > 10, "seat 1 tapped {tapped} moves");
    assert!(
        tricks_seen > 0,
        "a completed trick was in view before the next card"
    );
    assert_eq!(state(a, &director)["over"], true);
    let file = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
    assert_eq!(
        file, typed,
        "the record `tavolo table` writes for the same moves typed"
    );
    check_clean(&file);
}

/// GN-5 and SF-2 (a player's won tiles are kept out of the others' sight): Scalafrutta's
/// picture is on every page now (issue 47, its twelve places tapped there), and a tile one
/// player took is drawn face up on that player's picture and the director's only.
#[test]
fn scalafrutta_s_picture_shows_a_won_tile_to_its_owner_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let args = ["scalafrutta", "--seed", "web", "-p", "2"];
    let moves = notations(&played(&args));
    let (_, director) = deal(
        a,
        &[("game", "scalafrutta"), ("seed", "web"), ("players", "2")],
    );
    let page = get(a, &director).body;
    let table = link(&page, "the table");
    let seats = seat_pages(a, &director, 2);
    for (i, m) in moves[..3].iter().enumerate() {
        let r = post(
            a,
            &action(&director, "/move"),
            &[("move", m), ("at", &i.to_string())],
        );
        assert_eq!(r.status, 303, "{m}: {}", r.body);
    }
    // Each player's won tiles, as the director's position lists them.
    let position = state(a, &director)["position"]
        .as_str()
        .unwrap()
        .to_string();
    let won = |p: usize| -> Vec<String> {
        let line = position
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("P{p} (")))
            .unwrap_or_else(|| panic!("P{p}'s line in {position}"));
        line.rsplit(':')
            .next()
            .unwrap()
            .split_whitespace()
            .filter(|t| t.len() == 2)
            .map(String::from)
            .collect()
    };
    let picture = |page: &str| get(a, &action(page, "/picture.svg"));
    let all = won(1).into_iter().chain(won(2)).collect::<Vec<_>>();
    assert!(!all.is_empty(), "a tile won in three moves: {position}");
    for p in [1, 2] {
        let mine = picture(&seats[p - 1]);
        assert_eq!(mine.status, 200, "P{p}'s picture");
        for t in won(p) {
            assert!(
                mine.body.contains(&format!("id=\"tile-{t}\"")),
                "P{p} sees {t}"
            );
        }
        for t in won(3 - p) {
            assert!(
                !mine.body.contains(&format!("id=\"tile-{t}\"")),
                "P{p}'s picture shows P{}'s {t}",
                3 - p
            );
        }
    }
    let shared = picture(&table);
    assert_eq!(shared.status, 200);
    let full = picture(&director).body;
    for t in &all {
        assert!(
            !shared.body.contains(&format!("id=\"tile-{t}\"")),
            "the table sees {t}"
        );
        assert!(
            full.contains(&format!("id=\"tile-{t}\"")),
            "the director sees {t}"
        );
    }
}
