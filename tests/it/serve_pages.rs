//! `tavolo serve`'s pages played and looked at in headless Chromium (through chromedriver,
//! [`super::serve_browser`]), everything on 127.0.0.1 and stopped at the end:
//! - whole games of MOON (two seat pages) and of Farfalia (four seat pages in four browsers),
//!   each move tapped where the page offers it (a tile or card in the holding, a square on the
//!   picture) or typed, the records equal to `tavolo table`'s for the same moves, byte for
//!   byte, and checking clean (Natura's whole game by taps: [`super::serve_taps`]);
//! - tap-to-move on MOON and Quincunx (a piece, then a square);
//! - every game's seat page at a phone's width (360 px) and a tablet's (1024 x 768):
//!   screenshots in target/tmp/serve-shots (out of git), and what is drawn where.
//!
//! Without chromium or chromedriver each test says so and passes (CI installs both).

use std::time::{Duration, Instant};

use serde_json::Value;

use super::serve::{
    action, check_clean, deal, get, link, notations, played, post, state, table_record, Server,
};
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

/// Farfalia: `3:B11` tapped as the card in the hand; other actions typed.
fn farfalia_taps(b: &Browser, mv: &str) -> Option<String> {
    let (_, card) = mv.split_once(':')?;
    let is_card = card.len() >= 2
        && card[..1].chars().all(|c| c.is_ascii_uppercase())
        && card[1..].chars().all(|c| c.is_ascii_digit());
    if !is_card {
        return None;
    }
    let found = b.elements(&format!("#tapbar .piece[data-piece=\"{card}\"]"));
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

/// MOON: `1 RV c4` tapped as the tile in the hand, then the square on the picture.
fn moon_taps(b: &Browser, mv: &str) -> Option<String> {
    let w: Vec<&str> = mv.split_whitespace().collect();
    let [_, tile, square] = w.as_slice() else {
        return None;
    };
    b.click(&format!("#tapbar .piece[data-piece=\"{tile}\"]"));
    b.click(&format!("#picture .target[data-square=\"{square}\"]"));
    Some(format!("{tile} {square}"))
}

/// MN-3 (a tile next to a tile): a whole MOON game on two phones by taps only, a tile in
/// the hand and a square of the picture each; the record is `tavolo table`'s (issue 47).
#[test]
fn a_whole_moon_game_by_taps_on_the_picture_writes_the_table_s_record() {
    if !browser_present() {
        return;
    }
    let (tapped, all) = whole_game(&["moon", "--seed", "web", "-p", "2"], 360, &moon_taps);
    assert_eq!(tapped, all, "every move tapped");
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

/// MN-3 and QX (a card on a cell): a piece tapped in the holding, then a square of the
/// board, fill the field as a short form; the move played so is drawn where it went.
/// Without JavaScript the page is the same text, no buttons in it.
#[test]
fn a_piece_then_a_square_tapped_fill_the_move_field() {
    if !browser_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (_, moon) = deal(a, &[("game", "moon"), ("seed", "golden")]);
    // The page as served: the position is text, readable without a script.
    let served = get(a, &moon).body;
    assert!(served.contains("<pre id=\"position\">"), "{served}");
    assert!(served.contains(" 3   .  . "), "the grid as text");
    assert!(
        !served.contains("class=\"tap"),
        "buttons come from the script only"
    );
    let driver = start_driver();
    let b = Browser::open(&driver, 360, 800);
    b.go(&format!("http://{a}{moon}"));
    b.wait_for(&moves_shown(0));
    // The position reads the same with its buttons in it.
    assert_eq!(
        b.text("#position"),
        state(a, &moon)["position"].as_str().unwrap()
    );
    // MOON's squares are tapped on the picture (issue 47), its tiles in the hand.
    b.click("#tapbar .piece[data-piece=\"AG\"]");
    assert_eq!(b.js("return document.querySelector('#move').value;"), "AG");
    b.click("#picture #sq-d3");
    assert_eq!(
        b.js("return document.querySelector('#move').value;"),
        "AG d3"
    );
    // A second tile tapped takes the first one's place.
    let other = b.js(
        "return [...document.querySelectorAll('#tapbar .piece')].map(e => e.dataset.piece).find(p => p !== 'AG');",
    );
    let other = other.as_str().expect("P1 holds more than AG").to_string();
    b.click(&format!("#tapbar .piece[data-piece=\"{other}\"]"));
    assert_eq!(
        b.js("return document.querySelector('#move').value;"),
        Value::String(format!("{other} d3"))
    );
    assert_eq!(
        b.js("return [...document.querySelectorAll('#picture .picked, #tapbar .picked')].map(e => e.dataset.square || e.dataset.piece).join(' ');"),
        Value::String(format!("d3 {other}")),
        "the square and the tile picked are marked"
    );
    b.click("#tap-clear");
    assert_eq!(b.js("return document.querySelector('#move').value;"), "");
    // The hand again as buttons a finger can hit, under the position.
    b.click("#tapbar .piece[data-piece=\"AG\"]");
    assert_eq!(b.js("return document.querySelector('#move').value;"), "AG");
    b.click("#sq-d3");
    b.click("#play button");
    b.wait_for(&moves_shown(1));
    assert!(b.text("#last").contains("AG d3"), "{}", b.text("body"));
    assert_eq!(
        b.js("return document.querySelector('#tile-d3') !== null;"),
        true
    );
    // Quincunx: a card, then a cell.
    let moves = notations(&played(&["quincunx", "--seed", "web", "-p", "2"]));
    let (_, qx) = deal(
        a,
        &[("game", "quincunx"), ("seed", "web"), ("players", "2")],
    );
    let first: Vec<&str> = moves[0].split_whitespace().collect();
    let (card, cell) = (first[1], first[2]);
    b.go(&format!("http://{a}{qx}"));
    b.wait_for(&moves_shown(0));
    // Its cells are tapped on the picture (issue 47), its cards in the hand.
    b.click(&format!("#picture .target[data-square=\"{cell}\"]"));
    b.click(&format!("#tapbar .piece[data-piece=\"{card}\"]"));
    assert_eq!(
        b.js("return document.querySelector('#move').value;"),
        Value::String(format!("{card} {cell}")),
        "the piece first, whichever was tapped first"
    );
    b.click("#play button");
    b.wait_for(&moves_shown(1));
    assert!(
        b.text("#last").contains(&format!("{card} {cell}")),
        "{}",
        b.text("#last")
    );
}

/// The line of `position` that holds `player`'s holding (it starts with the name).
fn holding_line<'p>(position: &'p str, player: &str) -> Option<&'p str> {
    position.lines().find(|l| {
        let t = l.trim_start();
        t.strip_prefix(player)
            .is_some_and(|rest| rest.starts_with([' ', ':', '\'']))
    })
}

/// What a page shows, read from its DOM: at `width`, nothing wider than the screen; the
/// turn and the last move said; the picture (where this page may have it) within the width
/// with the last move's mark on it, and beside the text on a tablet; the scores as the
/// session keeps them; the seat's own holding shown and tappable within the width, and no
/// other seat's hidden holding.
fn look_at(
    b: &Browser,
    a: &str,
    game: &str,
    seat_page: &str,
    seat: usize,
    pages: &Pages,
    width: u32,
) {
    let url = format!("http://{a}{seat_page}");
    b.go(&url);
    let s = state(a, seat_page);
    let at = s["moves"].as_u64().unwrap() as usize;
    b.wait_for(&moves_shown(at));
    let shown = b.js("return window.innerWidth;").as_f64().unwrap();
    assert_eq!(shown, f64::from(width), "{game}");
    let page_width = b
        .js("return document.documentElement.scrollWidth;")
        .as_f64()
        .unwrap();
    assert!(
        page_width <= shown,
        "{game} at {width}: the page is {page_width} px wide"
    );
    let font = b.js("return parseFloat(getComputedStyle(document.body).fontSize);");
    assert!(font.as_f64().unwrap() >= 18.0, "{game}: {font}");
    let player = format!("P{seat}");
    assert!(
        b.text("#turn").contains(&format!("{player} to move")),
        "{game}: {}",
        b.text("#turn")
    );
    let last = s["last"]["move"].as_str().expect("a last move");
    assert!(
        b.text("#last").contains(last),
        "{game}: {}",
        b.text("#last")
    );
    // The picture, where this page has one.
    let has_picture = b.js("return document.querySelector('#picture > svg') !== null;") == true;
    let director = state(a, &pages.director);
    let table = state(a, &pages.table);
    let hides = director["position"] != table["position"];
    if has_picture {
        let p = b.rect("#picture > svg");
        assert!(
            p[0] >= 0.0 && p[2] <= shown + 0.5,
            "{game} at {width}: picture {p:?}"
        );
        assert!(
            p[2] - p[0] > 0.4 * shown.min(1000.0),
            "{game}: a picture to see: {p:?}"
        );
        let m = b.rect("#mark-last");
        let c = ((m[0] + m[2]) / 2.0, (m[1] + m[3]) / 2.0);
        assert!(
            c.0 > p[0] && c.0 < p[2] && c.1 > p[1] && c.1 < p[3],
            "{game}: the last move's mark {m:?} on the picture {p:?}"
        );
        if width >= 1000 && b.js("return document.querySelector('#actions') !== null;") == true {
            let side = b.rect("#actions");
            assert!(
                p[2] <= side[0] + 0.5,
                "{game}: the picture {p:?} beside the actions {side:?}"
            );
        }
    } else {
        assert!(
            hides,
            "{game}: a game hiding nothing has its picture on every page"
        );
        assert!(b.text("#no-picture").contains("director"), "{game}");
    }
    // The scores as the session keeps them.
    if let Some(scores) = s["scores"].as_array() {
        let cells =
            b.js("return [...document.querySelectorAll('#scores td.n')].map(e => e.textContent);");
        let want: Vec<Value> = scores
            .iter()
            .map(|v| Value::String(v.to_string()))
            .collect();
        assert_eq!(cells, Value::Array(want), "{game}: the scores");
    }
    // The seat's holding: its own, and no other's that the table's page hides.
    let mine_text = b.text("#position");
    assert_eq!(
        mine_text,
        s["position"].as_str().unwrap(),
        "{game}: the text as served"
    );
    let dpos = director["position"].as_str().unwrap();
    if let Some(own) = holding_line(dpos, &player) {
        assert!(
            mine_text.contains(own),
            "{game}: the seat's own holding {own:?} in:\n{mine_text}"
        );
    }
    let tpos = table["position"].as_str().unwrap();
    for other in (1..=pages.seats).filter(|&n| n != seat) {
        if let Some(line) = holding_line(dpos, &format!("P{other}")) {
            if !tpos.contains(line) {
                assert!(
                    !mine_text.contains(line),
                    "{game}: P{other}'s hidden holding on P{seat}'s page"
                );
            }
        }
    }
    let pieces = b.js(
        "return [...document.querySelectorAll('#position .piece')].map(e => { \
           const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.right, r.top]; });",
    );
    let pieces = pieces.as_array().unwrap();
    if ["moon", "quincunx", "natura", "farfalia"].contains(&game) {
        assert!(!pieces.is_empty(), "{game}: the seat's pieces are tappable");
    }
    for p in pieces {
        let (l, r) = (p[1].as_f64().unwrap(), p[2].as_f64().unwrap());
        assert!(
            l >= 0.0 && r <= shown,
            "{game} at {width}: a piece off the screen: {p}"
        );
    }
    // The same pieces as buttons a finger can hit, within the width.
    let buttons = b.js(
        "return [...document.querySelectorAll('#tapbar .piece')].map(e => { \
           const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.right, r.bottom - r.top]; });",
    );
    let buttons = buttons.as_array().unwrap();
    if game == "scalafrutta" {
        // The tiles that may have been drawn (SF-1), not the seat's own won tiles.
        assert!(!buttons.is_empty(), "{game}: the tiles to draw as buttons");
    } else {
        assert_eq!(buttons.len(), pieces.len(), "{game}: a button a piece");
    }
    for p in buttons {
        let (l, r, h) = (
            p[1].as_f64().unwrap(),
            p[2].as_f64().unwrap(),
            p[3].as_f64().unwrap(),
        );
        assert!(
            l >= 0.0 && r <= shown && h >= 36.0,
            "{game} at {width}: a piece's button {p}"
        );
    }
    // The picture's places to tap (issue 47): every square, cell or slot a move goes to.
    if has_picture && ["moon", "quincunx", "natura", "scalafrutta"].contains(&game) {
        let n = b.js("return document.querySelectorAll('#picture .target[data-square]').length;");
        let want = match game {
            "moon" => 25,
            "natura" => 225,
            "scalafrutta" => 12,
            _ => 1,
        };
        assert!(
            n.as_u64().unwrap() >= want,
            "{game}: {n} places to tap on the picture"
        );
    }
    // Every place to tap at least 44 x 44 CSS px (issue 47): the picture's places, the
    // hand's tiles, the buttons of the bars; what is hidden or not tappable now aside.
    let small = "return [...document.querySelectorAll('#picture .target, #tapbar button, #actions button')] \
           .filter(e => e.getClientRects().length > 0 && getComputedStyle(e).pointerEvents !== 'none') \
           .map(e => { const r = e.getBoundingClientRect(); return [e.id || e.dataset.piece || e.textContent, r.width, r.height]; }) \
           .filter(t => t[1] < 44 || t[2] < 44);";
    if width < 800 {
        assert_eq!(
            b.js(small),
            Value::Array(vec![]),
            "{game} at {width}: targets under 44 px"
        );
        // A picture too fine for a finger on a phone (Natura's board, Scalafrutta's flat
        // slots): a tap brings a part closer, then its places are big enough; `whole` goes
        // back.
        let zoomed = b.js("return document.querySelector('#sq-zoom') !== null;") == true;
        if ["natura", "scalafrutta"].contains(&game) {
            assert!(zoomed, "{game} at {width}: a picture to bring closer");
        }
        if zoomed {
            b.js(
                "const r = document.querySelector('#picture .target[data-square]').getBoundingClientRect(); \
                 document.querySelector('#sq-zoom').dispatchEvent(new MouseEvent('click', \
                   {bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2})); return null;",
            );
            assert_eq!(
                b.js("return document.querySelector('#picture svg').getAttribute('class');"),
                "near"
            );
            assert_eq!(
                b.js(small),
                Value::Array(vec![]),
                "{game} at {width}, brought closer: targets under 44 px"
            );
            b.screenshot(&format!("serve-{game}-{width}-closer.png"));
            b.click("#tap-whole");
            assert_eq!(
                b.js("return document.querySelector('#picture svg').getAttribute('class');"),
                "far"
            );
        }
    }
    // The bar of actions: on a phone, in the viewport without scrolling (issue 47).
    if width < 800 && b.js("return document.querySelector('#actions') !== null;") == true {
        b.js("window.scrollTo(0, 0); return null;");
        let bar = b.rect("#actions");
        let high = b.js("return window.innerHeight;").as_f64().unwrap();
        assert!(
            bar[1] >= 0.0 && bar[3] <= high + 0.5,
            "{game} at {width}: the bar of actions {bar:?} in the viewport of {high} px"
        );
    }
    b.screenshot(&format!("serve-{game}-{width}.png"));
    b.js("document.querySelector('#position').scrollIntoView(); return null;");
    b.screenshot(&format!("serve-{game}-{width}-position.png"));
}

/// A table's pages: the director's, the table's, each seat's.
struct Pages {
    director: String,
    table: String,
    seats: usize,
    seat: Vec<String>,
}

/// Every game's page for the seat to move, after a few moves, at a phone's width (360 px)
/// and a tablet's (1024 x 768): looked at through the DOM ([`look_at`]) and screenshot into
/// target/tmp/serve-shots.
#[test]
fn every_game_s_seat_page_fits_a_phone_and_a_tablet() {
    if !browser_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let games = [
        ("moon", 2, 3),
        ("quincunx", 2, 3),
        ("natura", 2, 3),
        ("farfalia", 4, 5),
        ("scalafrutta", 2, 3),
        ("domino", 2, 3),
        ("muro", 1, 3),
        ("mosaico", 1, 3),
    ];
    let driver = start_driver();
    let phone = Browser::open(&driver, 360, 800);
    let tablet = Browser::open(&driver, 1024, 768);
    for (game, seats, k) in games {
        let n = seats.to_string();
        let moves = notations(&played(&[game, "--seed", "web", "-p", &n]));
        let (_, director) = deal(a, &[("game", game), ("seed", "web"), ("players", &n)]);
        let page = get(a, &director).body;
        let pages = Pages {
            table: link(&page, "the table"),
            seat: (1..=seats)
                .map(|s| link(&page, &format!("seat {s}, P{s}")))
                .collect(),
            director,
            seats,
        };
        for (i, m) in moves[..k].iter().enumerate() {
            let r = post(
                a,
                &action(&pages.director, "/move"),
                &[("move", m), ("at", &i.to_string())],
            );
            assert_eq!(r.status, 303, "{game} move {}: {m}: {}", i + 1, r.body);
        }
        let seat = state(a, &pages.director)["seat"].as_u64().unwrap() as usize;
        look_at(&phone, a, game, &pages.seat[seat - 1], seat, &pages, 360);
        look_at(&tablet, a, game, &pages.seat[seat - 1], seat, &pages, 1024);
    }
}
