//! `tavolo show` and deal sheets for the card games (issue 12): Quincunx's
//! grid and Farfalia's table drawn at a chosen move and at an illegal one
//! (which piece lies where, read from the scene and the SVG), their deal
//! holdings against the deal itself, and the curtain cards of the deal
//! sheets (pages, text, byte-identical reruns, `qpdf --check`).

use std::path::Path;
use std::process::{Command, Output};

use tavolo::deal::Provenance;
use tavolo::show::scene::{Holding, Item, MarkKind, Rect, Scene};

fn tavolo(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run tavolo")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

const NAMES: [&str; 5] = ["Anna", "Bruno", "Carla", "Dario", "Elena"];

/// A whole game played by tavolo's random player, as a record.
fn record(game: &str, variant: Option<&str>, seed: &str, players: usize) -> String {
    tavolo::games::setup::play_record(&tavolo::games::setup::Spec {
        game: game.into(),
        players: Some(players),
        variant: variant.map(String::from),
        seed: Some(seed.into()),
        board: 1,
        names: Some(NAMES[..players].iter().map(|s| s.to_string()).collect()),
    })
    .unwrap()
}

fn doc(rec: &str) -> toml::Table {
    toml::from_str(rec).unwrap()
}

fn moves(rec: &str) -> Vec<toml::Table> {
    doc(rec)["move"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_table().unwrap().clone())
        .collect()
}

fn strings(v: &toml::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The record with one key of its move `index` (0-based) set to `value`.
fn edit_move(rec: &str, index: usize, key: &str, value: &str) -> String {
    let mut parts: Vec<String> = rec.split("[[move]]").map(String::from).collect();
    let part = &mut parts[index + 1];
    let line = part
        .lines()
        .find(|l| l.starts_with(&format!("{key} = ")))
        .unwrap()
        .to_string();
    *part = part.replacen(&line, &format!("{key} = \"{value}\""), 1);
    let out = parts.join("[[move]]");
    assert_ne!(out, rec);
    out
}

fn scene(rec: &str, upto: Option<usize>) -> Scene {
    tavolo::show::show(Path::new("r.toml"), rec.to_string(), upto)
        .unwrap()
        .scene
}

fn item<'a>(s: &'a Scene, id: &str) -> &'a Item {
    s.items
        .iter()
        .find(|i| i.id == id)
        .unwrap_or_else(|| panic!("no {id} in {:?}", ids(s)))
}

fn ids(s: &Scene) -> Vec<&str> {
    s.items.iter().map(|i| i.id.as_str()).collect()
}

fn field<'a>(i: &'a Item, key: &str) -> &'a str {
    i.piece
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("{} has no {key}: {:?}", i.id, i.piece))
}

fn at(r: Rect, x: f64, y: f64) -> bool {
    (r.x - x).abs() < 0.01 && (r.y - y).abs() < 0.01
}

fn marks(s: &Scene, kind: MarkKind) -> Vec<Rect> {
    s.marks
        .iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.at)
        .collect()
}

/// A rectangle moved by `(dx, dy)`.
fn moved(r: Rect, (dx, dy): (f64, f64)) -> Rect {
    Rect::new(r.x - dx, r.y - dy, r.w, r.h)
}

/// The grid drawn: what its cards and empty cells cover (the coordinates
/// round it lie outside).
fn grid_box(s: &Scene) -> Rect {
    s.items
        .iter()
        .map(|i| i.at)
        .chain(s.slots.iter().copied())
        .reduce(|a, b| a.union(&b))
        .unwrap()
}

/// The scene with every place taken from the grid's top-left corner, as the
/// tests below measure them.
fn from_grid(mut s: Scene) -> Scene {
    let g = grid_box(&s);
    let o = (g.x, g.y);
    for i in &mut s.items {
        i.at = moved(i.at, o);
    }
    for m in &mut s.marks {
        m.at = moved(m.at, o);
    }
    s.w_mm = g.w;
    s.h_mm = g.h;
    s
}

// ---------------------------------------------------------------------------
// Quincunx: cards of 63 x 88 mm, 3 mm apart; a1 at the bottom left.

const QX: f64 = 66.0;
const QY: f64 = 91.0;

fn col_row(cell: &str) -> (f64, f64) {
    let b = cell.as_bytes();
    (
        f64::from(b[0] - b'a'),
        cell[1..].parse::<f64>().unwrap() - 1.0,
    )
}

/// Where a cell lies on the 5x5 grid (top row 5).
fn qx_cell(cell: &str) -> (f64, f64) {
    let (c, r) = col_row(cell);
    (c * QX, (4.0 - r) * QY)
}

/// The card drawn on `cell` is `code`: the kit's component and the card's name.
fn assert_card(s: &Scene, cell: &str, code: &str, (x, y): (f64, f64)) {
    let i = item(s, &format!("card-{cell}"));
    let card = tavolo::decktet::Card::parse(code).unwrap();
    let component = if card.index() < 36 {
        "basic"
    } else {
        "extended"
    };
    assert_eq!(
        (i.component, field(i, "name")),
        (component, card.name()),
        "{cell}"
    );
    assert!(
        at(i.at, x, y) && i.at.w == 63.0 && i.at.h == 88.0,
        "{cell}: {:?}",
        i.at
    );
    assert!(!i.ghost && !i.back);
}

/// The face-up cards of round `r` of a record's setup: (cell, code).
fn qx_grid(rec: &str, r: usize) -> Vec<(String, String)> {
    let d = doc(rec);
    let round = &d["setup"]["round"].as_array().unwrap()[r];
    round["grid"]
        .as_table()
        .unwrap()
        .iter()
        .map(|(c, v)| (c.clone(), v.as_str().unwrap().to_string()))
        .collect()
}

/// QX-1: the 5x5 grid with the face-up cards and each placement on its cell;
/// the last placement framed; the move that fills the grid shows the full
/// grid, and the next the second round's.
#[test]
fn quincunx_lays_each_card_on_its_cell_and_marks_the_last_qx1() {
    let rec = record("quincunx", None, "show-qx", 2);
    let ms = moves(&rec);
    assert_eq!(ms.len(), 40, "two rounds of 20 placements");
    let s = from_grid(scene(&rec, Some(7)));
    assert_eq!((s.w_mm, s.h_mm), (5.0 * QX - 3.0, 5.0 * QY - 3.0));
    assert!(s.caption.contains("after move 7 of 40"), "{}", s.caption);
    let mut laid = qx_grid(&rec, 0);
    assert_eq!(laid.len(), 5, "corners and centre with 2 players (QX-1)");
    for m in &ms[..7] {
        laid.push((
            m["cell"].as_str().unwrap().into(),
            m["card"].as_str().unwrap().into(),
        ));
    }
    for (cell, code) in &laid {
        assert_card(&s, cell, code, qx_cell(cell));
    }
    assert_eq!(s.items.len(), 12, "{:?}", ids(&s));
    let last = ms[6]["cell"].as_str().unwrap();
    let (x, y) = qx_cell(last);
    let lasts = marks(&s, MarkKind::Last);
    assert!(lasts.len() == 1 && at(lasts[0], x, y), "{lasts:?}");
    assert!(marks(&s, MarkKind::Illegal).is_empty());

    // Move 20 fills the grid: all 25 cards, that move framed.
    let s = from_grid(scene(&rec, Some(20)));
    assert_eq!(s.items.len(), 25);
    let (x, y) = qx_cell(ms[19]["cell"].as_str().unwrap());
    assert!(at(marks(&s, MarkKind::Last)[0], x, y));
    assert!(s.caption.contains("round 1"), "{}", s.caption);
    // Move 21 is the second round's first: its grid and that card.
    let s = from_grid(scene(&rec, Some(21)));
    assert_eq!(s.items.len(), 6, "{:?}", ids(&s));
    for (cell, code) in qx_grid(&rec, 1) {
        assert_card(&s, &cell, &code, qx_cell(&cell));
    }
    let cell = ms[20]["cell"].as_str().unwrap();
    assert_card(&s, cell, ms[20]["card"].as_str().unwrap(), qx_cell(cell));
    assert!(s.caption.contains("round 2"), "{}", s.caption);

    // The SVG names the same groups, placed the same (4 mm margin, and the
    // grid's coordinates left of and over it).
    let g = grid_box(&scene(&rec, Some(7)));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("q.toml"), &rec).unwrap();
    let o = tavolo(
        dir.path(),
        &["show", "q.toml", "--move", "7", "--svg", "-o", "q.svg"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let svg = std::fs::read_to_string(dir.path().join("q.svg")).unwrap();
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default()).unwrap();
    let mm = 25.4 / 96.0;
    for (cell, _) in &laid {
        let t = tree
            .node_by_id(&format!("card-{cell}"))
            .unwrap()
            .abs_transform();
        let (x, y) = qx_cell(cell);
        assert!(((t.tx * mm) as f64 - (x + g.x + 4.0)).abs() < 0.3, "{cell}");
        assert!(((t.ty * mm) as f64 - (y + g.y + 4.0)).abs() < 0.3, "{cell}");
    }
    assert!(tree.node_by_id("mark-last").is_some());
}

/// A card laid on a taken cell is drawn faded on it and crossed out; the
/// grid is the one it was played on.
#[test]
fn quincunx_illegal_placement_is_ghosted_where_it_was_laid() {
    let rec = record("quincunx", None, "show-qx-illegal", 2);
    let ms = moves(&rec);
    let taken = ms[0]["cell"].as_str().unwrap();
    let bad = edit_move(&rec, 3, "cell", taken);
    let s = from_grid(scene(&bad, None));
    assert_eq!(s.shown, 4);
    assert!(s.caption.contains("quincunx.occupied"), "{}", s.caption);
    let (x, y) = qx_cell(taken);
    let ghost = item(&s, "illegal");
    let card = tavolo::decktet::Card::parse(ms[3]["card"].as_str().unwrap()).unwrap();
    assert_eq!(field(ghost, "name"), card.name());
    assert!(ghost.ghost && at(ghost.at, x, y));
    assert!(at(marks(&s, MarkKind::Illegal)[0], x, y));
    // Under it, the card move 1 laid; the last legal move (3) framed.
    assert_card(&s, taken, ms[0]["card"].as_str().unwrap(), (x, y));
    let (lx, ly) = qx_cell(ms[2]["cell"].as_str().unwrap());
    assert!(at(marks(&s, MarkKind::Last)[0], lx, ly));
    assert_eq!(s.items.len(), 5 + 3 + 1, "{:?}", ids(&s));
}

/// QX-1 start-from-zero: the 9x9 frame cropped to the cards laid and a cell
/// more each way where the figure may still grow (5 a side at most); QX-11:
/// the solitaire's 4x4 grid, a1 at the bottom left.
#[test]
fn quincunx_start_from_zero_is_cropped_and_the_solitaire_is_4x4_qx1_qx11() {
    let rec = record("quincunx", Some("start-from-zero"), "show-qx-zero", 2);
    // The first card alone, on e5, in the middle of d4..f6.
    let s = from_grid(scene(&rec, Some(0)));
    assert_eq!((s.w_mm, s.h_mm), (3.0 * QX - 3.0, 3.0 * QY - 3.0));
    assert_eq!(ids(&s), ["card-e5"]);
    assert!(at(item(&s, "card-e5").at, QX, QY));
    assert_eq!(s.slots.len(), 8);
    let ms = moves(&rec);
    let mut cells = vec!["e5".to_string()];
    cells.extend(
        ms[..4]
            .iter()
            .map(|m| m["cell"].as_str().unwrap().to_string()),
    );
    let cr: Vec<(f64, f64)> = cells.iter().map(|c| col_row(c)).collect();
    let span = |f: fn(&(f64, f64)) -> f64| {
        let (a, b) = cr
            .iter()
            .map(f)
            .fold((9.0f64, 0.0f64), |(a, b), v| (a.min(v), b.max(v)));
        if b - a + 1.0 < 5.0 {
            ((a - 1.0).max(0.0), (b + 1.0).min(8.0))
        } else {
            (a, b)
        }
    };
    let (c0, c1) = span(|p| p.0);
    let (r0, r1) = span(|p| p.1);
    let s = from_grid(scene(&rec, Some(4)));
    assert_eq!(
        (s.w_mm, s.h_mm),
        ((c1 - c0 + 1.0) * QX - 3.0, (r1 - r0 + 1.0) * QY - 3.0)
    );
    for (cell, (c, r)) in cells.iter().zip(&cr) {
        let i = item(&s, &format!("card-{cell}"));
        assert!(at(i.at, (c - c0) * QX, (r1 - r) * QY), "{cell}: {:?}", i.at);
    }

    let rec = record("quincunx", Some("solitaire"), "show-qx-solo", 1);
    let s = from_grid(scene(&rec, Some(0)));
    assert_eq!((s.w_mm, s.h_mm), (4.0 * QX - 3.0, 4.0 * QY - 3.0));
    for (cell, code) in qx_grid(&rec, 0) {
        let (c, r) = col_row(&cell);
        assert_card(&s, &cell, &code, (c * QX, (3.0 - r) * QY));
    }
    assert!(s.caption.contains("the setup"), "{}", s.caption);
}

fn drawer(game: &str) -> &'static dyn tavolo::show::scene::Draw {
    tavolo::games::require(game).unwrap().drawer().unwrap()
}

/// A holding's pieces as short codes (the curtain cards' words).
fn codes(game: &str, h: &Holding) -> Vec<String> {
    h.pieces
        .iter()
        .map(|p| drawer(game).curtain(p).unwrap().0)
        .collect()
}

/// The holdings are the deal: per round the face-up cards, each seat's hand
/// in the order dealt, and the pile top first.
#[test]
fn quincunx_holdings_are_the_deal() {
    let names: Vec<String> = NAMES[..3].iter().map(|s| s.to_string()).collect();
    let rec = record("quincunx", None, "holdings-qx", 3);
    let d = doc(&rec);
    let p = Provenance::new("quincunx", "standard", "holdings-qx", 1);
    let hs = drawer("quincunx").holdings("standard", &names, &p).unwrap();
    let rounds = d["setup"]["round"].as_array().unwrap();
    assert_eq!(rounds.len(), 3, "one round per player (QX-1)");
    assert_eq!(hs.len(), 3 * (1 + 3 + 1));
    for (r, round) in rounds.iter().enumerate() {
        let h = &hs[r * 5..r * 5 + 5];
        let mut grid = codes("quincunx", &h[0]);
        let mut want: Vec<String> = round["grid"]
            .as_table()
            .unwrap()
            .values()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        grid.sort();
        want.sort();
        assert_eq!((grid, h[0].seat), (want, false));
        for (i, name) in names.iter().enumerate() {
            assert!(h[1 + i].seat && h[1 + i].label == format!("{name}, round {}", r + 1));
            assert_eq!(codes("quincunx", &h[1 + i]), strings(&round["hands"][name]));
            assert_eq!(h[1 + i].pieces.len(), 7, "7 cards each with 3 (QX-1)");
        }
        assert!(!h[4].seat);
        assert_eq!(codes("quincunx", &h[4]), strings(&round["pile"]));
    }
}

// ---------------------------------------------------------------------------
// Farfalia: 63 x 88 mm cards; the proposal on top, then a row per place.

const STEP: f64 = 17.0;
/// The columns for hands of up to 13 cards and a jolly (src/games/farfalia/draw.rs).
const HAND_X: f64 = 77.0;
const TRICK_X: f64 = HAND_X + 13.0 * STEP + 63.0 + 14.0;
const COLLECTED_X: f64 = TRICK_X + 63.0 + 14.0;

/// The top of a place's row: under the proposal's row (88 mm and 8 mm) and
/// each row under its name (8 mm), 4 mm apart.
fn row(place: usize) -> f64 {
    104.0 + 100.0 * place as f64
}

/// The scene with every place taken from the proposal's top-left corner (its
/// name over it is the scene's top).
fn from_proposal(mut s: Scene) -> Scene {
    let o = item(&s, "subject-1").at;
    let o = (o.x, o.y);
    for i in &mut s.items {
        i.at = moved(i.at, o);
    }
    for m in &mut s.marks {
        m.at = moved(m.at, o);
    }
    for l in &mut s.labels {
        l.at = moved(l.at, o);
    }
    s
}

/// The name over place `p`'s row: its text, set just above the row from its left.
fn row_name(s: &Scene, p: usize) -> String {
    let l = s
        .labels
        .iter()
        .find(|l| l.id == format!("name-{}", p + 1))
        .unwrap_or_else(|| panic!("no name over row {p}"));
    assert!(
        l.at.x == 0.0 && l.at.y + l.at.h < row(p) && l.at.y > row(p) - 8.0,
        "{l:?}"
    );
    l.text.clone()
}

/// A card's place in the canonical order (suits R G B O, ranks 1-13).
fn canonical(code: &str) -> usize {
    "RGBO".find(&code[..1]).unwrap() * 13 + code[1..].parse::<usize>().unwrap()
}

fn assert_play_card(s: &Scene, code: &str, x: f64, y: f64) {
    let i = item(s, &format!("card-{code}"));
    assert_eq!(i.component, "play");
    assert_eq!(
        (field(i, "suit.code"), field(i, "n")),
        (&code[..1], &code[1..])
    );
    assert!(at(i.at, x, y), "{code}: {:?}, want {x} {y}", i.at);
}

/// FA-2, FA-3: four players, deal 1 dealt by Anna (places are seats). At a
/// card played mid-trick: each hand fanned in suit order, the trick's cards
/// in their players' rows, the collections, the proposal, the team cards.
#[test]
fn farfalia_draws_hands_trick_and_collections_in_each_places_row_fa2_fa3() {
    let rec = record("farfalia", Some("four"), "show-ff", 4);
    let d = doc(&rec);
    let deal = &d["setup"]["deal"].as_array().unwrap()[0];
    assert_eq!(deal["dealer"].as_str(), Some("Anna"));
    let ms = moves(&rec);
    let seat = |m: &toml::Table| {
        NAMES
            .iter()
            .position(|n| Some(*n) == m["player"].as_str())
            .unwrap()
    };
    // The first card move from move 25 on that leaves a trick unfinished.
    let (mut played, mut n) = (0, None);
    for (i, m) in ms.iter().enumerate() {
        if m.contains_key("card") {
            played += 1;
            if i >= 24 && played % 4 != 0 {
                n = Some(i + 1);
                break;
            }
        }
    }
    let n = n.unwrap();
    let s = from_proposal(scene(&rec, Some(n)));
    assert!(
        s.caption.contains(&format!("after move {n} of")),
        "{}",
        s.caption
    );
    let rows: Vec<String> = (0..4).map(|p| row_name(&s, p)).collect();
    assert_eq!(rows, ["Anna (dealer)", "Bruno", "Carla", "Dario"]);
    let mut hands: Vec<Vec<String>> = NAMES[..4]
        .iter()
        .map(|name| strings(&deal["hands"][name]))
        .collect();
    let mut trick: Vec<(usize, String)> = Vec::new();
    let mut collected: Vec<Vec<String>> = vec![Vec::new(); 4];
    for m in &ms[..n] {
        let p = seat(m);
        if let Some(c) = m.get("card").and_then(|c| c.as_str()) {
            if trick.len() == 4 {
                trick.clear();
            }
            hands[p].retain(|x| x != c);
            trick.push((p, c.to_string()));
        } else if let Some(c) = m.get("take").and_then(|c| c.as_str()) {
            if c != "none" {
                collected[p].push(c.to_string());
            }
        }
    }
    assert!(!trick.is_empty() && trick.len() < 4);
    for (p, hand) in hands.iter_mut().enumerate() {
        hand.sort_by_key(|c| canonical(c));
        for (i, c) in hand.iter().enumerate() {
            assert_play_card(&s, c, HAND_X + i as f64 * STEP, row(p));
        }
        collected[p].sort_by_key(|c| canonical(c));
        for (i, c) in collected[p].iter().enumerate() {
            assert_play_card(&s, c, COLLECTED_X + i as f64 * STEP, row(p));
        }
        let team = item(&s, &format!("team-{}", p + 1));
        assert_eq!(
            field(team, "team"),
            ["blu", "verde"][p % 2],
            "partners sit opposite (FA-5)"
        );
    }
    for (p, c) in &trick {
        assert_play_card(&s, c, TRICK_X, row(*p));
    }
    let families = ["farfalle", "fragole", "foglie", "pesci", "conchiglie"];
    for (i, f) in strings(&deal["proposal"]).iter().enumerate() {
        let subject = item(&s, &format!("subject-{}", i + 1));
        let want = families["FRGBO".find(f.as_str()).unwrap()];
        assert_eq!(
            (subject.component, field(subject, "fam.family")),
            ("subjects", want)
        );
    }
    let cards = s.items.iter().filter(|i| i.component == "play").count();
    let in_hands: usize = hands.iter().map(Vec::len).sum();
    let kept: usize = collected.iter().map(Vec::len).sum();
    assert_eq!(
        cards,
        in_hands + kept + trick.len(),
        "nothing else is drawn"
    );
    let (p, _) = trick.last().unwrap();
    assert!(at(marks(&s, MarkKind::Last)[0], TRICK_X, row(*p)));
    assert!(marks(&s, MarkKind::Illegal).is_empty());
}

/// A card the player does not hold: faded in their row's trick place and
/// crossed out; the table is the one it was played on.
#[test]
fn farfalia_illegal_card_is_ghosted_in_the_players_trick_place() {
    let rec = record("farfalia", Some("four"), "show-ff-illegal", 4);
    let d = doc(&rec);
    let deal = &d["setup"]["deal"].as_array().unwrap()[0];
    let ms = moves(&rec);
    // Bruno, on the dealer's left, leads (FA-2); move 2 is Carla's first
    // card: make it one of Dario's.
    assert_eq!(ms[0]["player"].as_str(), Some("Bruno"));
    assert_eq!(ms[1]["player"].as_str(), Some("Carla"));
    assert!(ms[1].contains_key("card"));
    let foreign = strings(&deal["hands"]["Dario"])[0].clone();
    let bad = edit_move(&rec, 1, "card", &foreign);
    let s = from_proposal(scene(&bad, None));
    assert_eq!(s.shown, 2);
    assert!(s.caption.contains("farfalia.not-held"), "{}", s.caption);
    let ghost = item(&s, "illegal");
    assert!(ghost.ghost && at(ghost.at, TRICK_X, row(2)));
    assert_eq!(field(ghost, "suit.code"), &foreign[..1]);
    assert_eq!(field(ghost, "n"), &foreign[1..]);
    assert!(at(marks(&s, MarkKind::Illegal)[0], TRICK_X, row(2)));
    // Dario still holds it; Bruno's lead is on the table and framed.
    assert_eq!(item(&s, &format!("card-{foreign}")).at.y, row(3));
    let lead = ms[0]["card"].as_str().unwrap();
    assert_play_card(&s, lead, TRICK_X, row(1));
    assert!(at(marks(&s, MarkKind::Last)[0], TRICK_X, row(1)));
}

/// FA-8: a dummy's six covered cards are drawn small and faded after its
/// seven face-up ones.
#[test]
fn farfalia_dummy_shows_its_covered_cards_faded_fa8() {
    let rec = record("farfalia", Some("three"), "show-ff-dummy", 3);
    let d = doc(&rec);
    let deal = &d["setup"]["deal"].as_array().unwrap()[0];
    let dealer = deal["dealer"].as_str().unwrap();
    let layout = &deal["dummies"][dealer];
    let s = from_proposal(scene(&rec, Some(0)));
    let dummy = format!("{dealer}'s dummy");
    assert!((0..4).any(|p| row_name(&s, p) == dummy), "{:?}", s.labels);
    let mut down = strings(&layout["down"]);
    down.sort_by_key(|c| canonical(c));
    let faded: Vec<&Item> = s.items.iter().filter(|i| i.ghost).collect();
    assert_eq!(faded.len(), 6);
    for (i, c) in faded.iter().zip(&down) {
        assert_eq!(i.id, format!("card-{c}"));
        assert!(i.at.w < 40.0 && i.at.h < 50.0, "small: {:?}", i.at);
    }
    let mut up = strings(&layout["up"]);
    up.push(layout["beside"].as_str().unwrap().to_string());
    for c in &up {
        let i = item(&s, &format!("card-{c}"));
        assert!(!i.ghost && i.at.w == 63.0);
    }
}

/// Per deal of the match: the proposal, each player's hand (13 with four
/// players), as `tavolo deal` deals them.
#[test]
fn farfalia_holdings_are_the_deal() {
    let names: Vec<String> = NAMES[..4].iter().map(|s| s.to_string()).collect();
    let rec = record("farfalia", Some("four"), "holdings-ff", 4);
    let d = doc(&rec);
    let p = Provenance::new("farfalia", "four", "holdings-ff", 1);
    let hs = drawer("farfalia").holdings("four", &names, &p).unwrap();
    let deals = d["setup"]["deal"].as_array().unwrap();
    assert_eq!(deals.len(), 4);
    assert_eq!(hs.len(), 4 * 5);
    let families = ["farfalle", "fragole", "foglie", "pesci", "conchiglie"];
    for (k, deal) in deals.iter().enumerate() {
        let h = &hs[k * 5..k * 5 + 5];
        assert!(!h[0].seat);
        let proposal: Vec<String> = h[0]
            .pieces
            .iter()
            .map(|p| {
                let f = &p.piece[0].1;
                "FRGBO"[families.iter().position(|x| x == f).unwrap()..][..1].to_string()
            })
            .collect();
        assert_eq!(proposal, strings(&deal["proposal"]));
        for (i, name) in names.iter().enumerate() {
            assert!(h[1 + i].seat && h[1 + i].label.starts_with(name.as_str()));
            assert!(h[1 + i].label.ends_with(&format!("deal {}", k + 1)));
            assert_eq!(codes("farfalia", &h[1 + i]), strings(&deal["hands"][name]));
        }
    }
    // A Burnin' jolly goes with its player's hand.
    let names3: Vec<String> = NAMES[..3].iter().map(|s| s.to_string()).collect();
    let p = Provenance::new("farfalia", "three-burnin", "holdings-ff", 1);
    let hs = drawer("farfalia")
        .holdings("three-burnin", &names3, &p)
        .unwrap();
    let seats: Vec<&Holding> = hs.iter().filter(|h| h.seat).collect();
    assert!(seats
        .iter()
        .all(|h| h.pieces.len() == 14 && h.pieces.last().unwrap().component == "jolly"));
    let dummies = hs.iter().filter(|h| h.label.contains("dummy")).count();
    assert_eq!(dummies, 2 * 6, "a dummy's two rows in each of the 6 deals");
}

// ---------------------------------------------------------------------------
// Curtain cards.

/// A page's text, as the PDF's text operations give it (lopdf puts a space
/// between glyphs and three for a space).
fn page_text(doc: &lopdf::Document, page: u32) -> Vec<String> {
    doc.extract_text(&[page])
        .unwrap()
        .lines()
        .map(|l| {
            l.replace("   ", "\u{0}")
                .replace(' ', "")
                .replace('\u{0}', " ")
        })
        .filter(|l| !l.is_empty())
        .collect()
}

/// The seat holdings of the boards the event dealt, from their skeleton records.
fn seat_holdings(dir: &Path, boards: usize) -> Vec<(String, Holding)> {
    let mut out = Vec::new();
    for b in 1..=boards {
        let rec = doc(&std::fs::read_to_string(
            dir.join(format!("boards/board-{b:02}-table-1.toml")),
        )
        .unwrap());
        let game = rec["game"].as_str().unwrap();
        let variant = rec["variant"].as_str().unwrap();
        let names = strings(&rec["players"]);
        let deal = &rec["deal"];
        let p = Provenance::new(
            game,
            variant,
            deal["seed"].as_str().unwrap(),
            deal["board"].as_integer().unwrap() as u32,
        );
        for h in drawer(game).holdings(variant, &names, &p).unwrap() {
            if h.seat {
                out.push((format!("Golden, board {b}"), h));
            }
        }
    }
    out
}

/// The deal sheets of a Quincunx and a Farfalia board: after the slips, a
/// curtain card per seat holding, four to a page, each listing that seat's
/// cards by code and name in the holding's order; the same bytes on rerun;
/// a PDF qpdf accepts.
#[test]
fn deal_sheets_carry_curtain_cards_for_card_games() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("event.key"),
        "# test key\n000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("event.toml"),
        "format = \"tavolo-event-v1\"\nevent = \"Golden\"\n\
         public-value-name = \"three numbers\"\n\
         key-sha256 = \"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd\"\n\n\
         [[section]]\ngame = \"quincunx\"\nplayers = 3\nboards = 1\n\n\
         [[section]]\ngame = \"farfalia\"\nvariant = \"four\"\nplayers = 4\nboards = 1\n",
    )
    .unwrap();
    let sheets = |name: &str, out: Option<&str>| {
        let mut args = vec![
            "event",
            "deal",
            "event.toml",
            "--key",
            "event.key",
            "--public",
            "1 2 3",
            "--sheets",
            name,
        ];
        if let Some(o) = out {
            args.extend(["--out", o]);
        }
        let o = tavolo(dir.path(), &args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        std::fs::read(dir.path().join(name)).unwrap()
    };
    let a = sheets("a.pdf", Some("boards"));
    assert_eq!(a, sheets("b.pdf", None), "the same bytes on rerun");
    let seats = seat_holdings(dir.path(), 2);
    // 3 rounds x 3 players, then 4 deals x 4 players.
    assert_eq!(seats.len(), 9 + 16);
    let doc = lopdf::Document::load_mem(&a).unwrap();
    let pages = doc.get_pages().len() as u32;
    let texts: Vec<Vec<String>> = (1..=pages).map(|p| page_text(&doc, p)).collect();
    // Slip pages head each slip `... - seat (n pieces)`; the record begins
    // with the deal's algorithm; the curtain pages lie between.
    let first = texts
        .iter()
        .position(|t| !t.iter().any(|l| l.ends_with("pieces)")))
        .unwrap();
    assert!(first > 0, "slips first");
    let curtain_pages = seats.len().div_ceil(4);
    for t in &texts[first..first + curtain_pages] {
        assert!(!t.iter().any(|l| l.contains("tavolo-deal-v1")), "{t:?}");
    }
    assert!(texts[first + curtain_pages][0].contains("tavolo-deal-v1"));
    // Each card: the board, the seat, the count, then code and name a line each.
    let lines: Vec<&String> = texts[first..first + curtain_pages]
        .iter()
        .flatten()
        .filter(|l| !l.contains("- page"))
        .collect();
    let mut at = 0;
    for (board, h) in &seats {
        assert_eq!(lines[at], board);
        assert_eq!(lines[at + 1], &h.label);
        assert_eq!(lines[at + 2], &format!("{} cards", h.pieces.len()));
        at += 3;
        let game = if h.label.contains("round") {
            "quincunx"
        } else {
            "farfalia"
        };
        for p in &h.pieces {
            let (code, name) = drawer(game).curtain(p).unwrap();
            assert_eq!((lines[at], lines[at + 1]), (&code, &name), "{}", h.label);
            at += 2;
        }
    }
    assert_eq!(at, lines.len());
    assert!(lines.iter().any(|l| l.ends_with("butterfly")));
    if let Ok(o) = Command::new("qpdf")
        .arg("--check")
        .arg(dir.path().join("a.pdf"))
        .output()
    {
        assert!(o.status.success(), "{}", text(&o));
    }
}

/// Issue 26: the deal sheets' slips draw each Farfalia card `PIECE_H` mm
/// tall, and its number must still read at arm's length there (at least
/// 4 mm). The play card's central number is `centre_numeral_size` (its font
/// size, in the card's mm); DejaVu Sans Bold's digits stand 0.729 em tall.
#[test]
fn farfalia_card_numbers_read_at_least_4_mm_on_the_slips() {
    let kit: toml::Value = toml::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/farfalia.toml"),
        )
        .unwrap(),
    )
    .unwrap();
    let size = kit["data"]["centre_numeral_size"].as_float().or_else(|| {
        kit["data"]["centre_numeral_size"]
            .as_integer()
            .map(|i| i as f64)
    });
    let size = size.expect("the play cards name their central number's size");
    let card_h = kit["component"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"].as_str() == Some("play"))
        .and_then(|p| p["size_mm"][1].as_integer())
        .unwrap() as f64;
    let on_slip = size * 0.729 * tavolo::show::sheets::PIECE_H / card_h;
    assert!(
        on_slip >= 4.0,
        "the number is {on_slip:.1} mm tall on a slip"
    );
    // And the template draws it: the central number uses that size.
    let art = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/art/farfalia-play.svg"),
    )
    .unwrap();
    assert!(art.contains("data.centre_numeral_size"), "{art}");
}
