//! Natura Shakerata drawn (issue 12): `tavolo show` puts each tile on its square of the
//! natura kit's board, marks the last play's new tiles and an illegal play's squares, and
//! the deal sheets give each seat the rack `tavolo deal` prints.

use std::path::Path;
use std::process::{Command, Output};

use tavolo::deal::Provenance;
use tavolo::kit::layout::Paper;
use tavolo::show::sheets::{self, Board};

fn tavolo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("run tavolo")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

/// Millimetres per usvg unit, and the picture's margin (src/show/render.rs).
const MM: f32 = 25.4 / 96.0;
const MARGIN: f32 = 4.0;

/// The top-left corner in mm of a square's tile (`H8`): an 8 mm border, 20 mm squares,
/// 19 mm tiles in their middle.
fn tile_at(sq: &str) -> (f32, f32) {
    let col = f32::from(sq.as_bytes()[0] - b'A');
    let row: f32 = sq[1..].parse::<f32>().unwrap() - 1.0;
    (
        MARGIN + 8.0 + col * 20.0 + 0.5,
        MARGIN + 8.0 + row * 20.0 + 0.5,
    )
}

/// The SVG of a fixture at a move, parsed back.
fn picture(dir: &Path, fixture: &str, upto: Option<&str>) -> (usvg::Tree, String) {
    let out = dir.join("n.svg");
    let fixture = format!("tests/fixtures/natura/{fixture}");
    let mut args = vec!["show", &fixture, "--svg", "--force", "-o"];
    let o = out.to_str().unwrap();
    args.push(o);
    if let Some(m) = upto {
        args.extend(["--move", m]);
    }
    let run = tavolo(&args);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run));
    let svg = std::fs::read_to_string(&out).unwrap();
    (
        usvg::Tree::from_str(&svg, &usvg::Options::default()).unwrap(),
        svg,
    )
}

fn placed(tree: &usvg::Tree, id: &str) -> Option<(f32, f32)> {
    let t = tree.node_by_id(id)?.abs_transform();
    Some((t.tx * MM, t.ty * MM))
}

fn close(a: (f32, f32), b: (f32, f32)) -> bool {
    (a.0 - b.0).abs() < 0.3 && (a.1 - b.1).abs() < 0.3
}

/// The marks of a kind, by the square they frame.
fn marked(svg: &str, kind: &str) -> Vec<String> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).unwrap();
    let mut out = Vec::new();
    // Every mark group shares its id; walk the groups in order.
    fn walk(g: &usvg::Group, kind: &str, out: &mut Vec<(f32, f32)>) {
        for n in g.children() {
            if let usvg::Node::Group(c) = n {
                if c.id() == kind {
                    let b = c.abs_bounding_box();
                    out.push((b.x() * MM, b.y() * MM));
                } else {
                    walk(c, kind, out);
                }
            }
        }
    }
    let mut at = Vec::new();
    walk(tree.root(), kind, &mut at);
    for (x, y) in at {
        let col = ((x - MARGIN - 8.0) / 20.0).floor() as u8;
        let row = ((y - MARGIN - 8.0) / 20.0).floor() as u32 + 1;
        out.push(format!("{}{row}", (b'A' + col) as char));
    }
    out.sort();
    out
}

/// `illegal-gap.toml`: CASA at H8 across, M.RE at I7 down, then CA.A at A1 down over an
/// empty A3 (NS-3). Each tile on its square, the last play's new tiles framed.
#[test]
fn tiles_lie_on_their_squares_and_the_last_play_is_framed() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, svg) = picture(dir.path(), "illegal-gap.toml", Some("2"));
    for sq in ["H8", "I8", "J8", "K8", "I7", "I9", "I10"] {
        let at = placed(&tree, &format!("tile-{sq}")).unwrap_or_else(|| panic!("{sq}"));
        assert!(close(at, tile_at(sq)), "{sq}: {at:?}");
    }
    assert!(tree.node_by_id("tile-A1").is_none());
    // Move 2 placed M, R and E, not the A it played through.
    assert_eq!(marked(&svg, "mark-last"), ["I10", "I7", "I9"]);
    assert!(
        svg.contains("after move 2 of 3: bruno I7 down M.RE"),
        "{svg}"
    );
    // After move 1 only CASA.
    let (tree, svg) = picture(dir.path(), "illegal-gap.toml", Some("1"));
    assert!(tree.node_by_id("tile-I7").is_none());
    assert_eq!(marked(&svg, "mark-last"), ["H8", "I8", "J8", "K8"]);
}

#[test]
fn an_illegal_play_is_ghosted_and_its_squares_marked() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, svg) = picture(dir.path(), "illegal-gap.toml", None);
    // C, A and A ghosted where they would go; A3, the empty square written `.`, has none.
    for sq in ["A1", "A2", "A4"] {
        let at = placed(&tree, &format!("illegal-{sq}")).unwrap_or_else(|| panic!("{sq}"));
        assert!(close(at, tile_at(sq)), "{sq}: {at:?}");
        assert!(tree.node_by_id(&format!("tile-{sq}")).is_none());
    }
    assert!(tree.node_by_id("illegal-A3").is_none());
    assert_eq!(marked(&svg, "mark-illegal"), ["A1", "A2", "A3", "A4"]);
    assert!(svg.contains("natura.through-empty"), "{svg}");
    // The position is the one the illegal play was tried on: move 2's tiles stand.
    assert!(tree.node_by_id("tile-I10").is_some());
}

/// The slips of a natura deal give each seat the seven tiles `tavolo deal` prints for it,
/// in that order; the sheets render the same bytes twice and pass `qpdf --check`.
#[test]
fn deal_sheets_give_each_seat_its_dealt_rack() {
    let game = tavolo::games::find("natura").unwrap();
    let players = ["Anna".to_string(), "Bruno".to_string(), "Carla".to_string()];
    let deal = Provenance::new("natura", "standard", "sheet-test", 4);
    let holdings = game
        .drawer()
        .unwrap()
        .holdings("standard", &players, &deal)
        .unwrap();
    let o = tavolo(&[
        "deal",
        "natura",
        "-p",
        "3",
        "--seed",
        "sheet-test",
        "--board",
        "4",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let dealt = String::from_utf8(o.stdout).unwrap();
    assert_eq!(holdings.len(), 3);
    for (seat, h) in holdings.iter().enumerate() {
        assert!(h.seat);
        let letters: String = h
            .pieces
            .iter()
            .map(|p| {
                assert_eq!((p.component, p.piece[0].0), ("tiles", "tile.letter"));
                p.piece[0].1.clone()
            })
            .collect();
        assert_eq!(letters.chars().count(), 7);
        let line = format!("P{}: {letters}", seat + 1);
        assert!(dealt.contains(&line), "{line} not in\n{dealt}");
    }
    let boards: Vec<Board> = (1..=3)
        .map(|b| Board {
            title: format!("Club night, board {b}"),
            game,
            variant: "standard",
            players: &players,
            deal: Provenance::new("natura", "standard", "sheet-test", b),
        })
        .collect();
    let a = sheets::pdf("Club night", &boards, Paper::A4).unwrap();
    assert_eq!(a, sheets::pdf("Club night", &boards, Paper::A4).unwrap());
    let doc = lopdf::Document::load_mem(&a).unwrap();
    assert!(!doc.get_pages().is_empty());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.pdf");
    std::fs::write(&path, &a).unwrap();
    if let Ok(o) = Command::new("qpdf").arg("--check").arg(&path).output() {
        assert!(o.status.success(), "{}", text(&o));
    }
}

/// A duplicate record (`tavolo duplicate deal`, docs/duplicate.md's words) is drawn as
/// `check` replays it: the tops placed round by round, the last round's new tiles framed;
/// a round whose top is written wrong is named in the caption.
#[test]
fn a_duplicate_game_is_drawn_round_by_round() {
    let dir = tempfile::tempdir().unwrap();
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/duplicate.md"))
            .unwrap();
    let words = doc
        .split("```text duplicate-words\n")
        .nth(1)
        .and_then(|t| t.split("```").next())
        .unwrap();
    let w = dir.path().join("words.txt");
    let g = dir.path().join("game.toml");
    std::fs::write(&w, words).unwrap();
    let o = tavolo(&[
        "duplicate",
        "deal",
        "--seed",
        "demo",
        "--words",
        w.to_str().unwrap(),
        "--out",
        g.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let at = |m: &str| {
        let out = dir.path().join(format!("m{m}.svg"));
        let o = tavolo(&[
            "show",
            g.to_str().unwrap(),
            "--move",
            m,
            "--svg",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        std::fs::read_to_string(out).unwrap()
    };
    // The deal sheet's one slip is round 1's rack, as the record writes it.
    let rec = std::fs::read_to_string(&g).unwrap();
    let rack = rec
        .split("rack = \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let slip = tavolo::games::find("natura")
        .unwrap()
        .drawer()
        .unwrap()
        .holdings(
            "duplicate",
            &["top".to_string()],
            &Provenance::new("natura", "duplicate", "demo", 1),
        )
        .unwrap();
    assert_eq!(slip.len(), 1);
    let letters: String = slip[0]
        .pieces
        .iter()
        .map(|p| p.piece[0].1.clone())
        .collect();
    assert_eq!(letters, rack);
    let tiles = |svg: &str| svg.matches("id=\"tile-").count();
    let (one, two) = (at("1"), at("2"));
    // Round 1 places every letter of its word; round 2 adds the tiles it frames.
    assert_eq!(tiles(&one), marked(&one, "mark-last").len());
    assert!(tiles(&one) >= 2);
    assert_eq!(tiles(&two), tiles(&one) + marked(&two, "mark-last").len());
    assert!(two.contains("after move 2 of"), "{two}");
    // A round-2 top written at another square: the caption says it is not the top.
    let rec = std::fs::read_to_string(&g).unwrap();
    let second_at = rec.match_indices("\nat = \"").nth(1).unwrap().0;
    let mut bad = rec.clone();
    bad.replace_range(second_at..second_at + 9, "\nat = \"A1");
    std::fs::write(&g, bad).unwrap();
    let out = dir.path().join("bad.svg");
    let o = tavolo(&[
        "show",
        g.to_str().unwrap(),
        "--svg",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let svg = std::fs::read_to_string(out).unwrap();
    assert!(svg.contains("move 2 of"), "{svg}");
    assert!(svg.contains("is illegal"), "{svg}");
    assert_eq!(tiles(&svg), tiles(&one));
}

/// `first-move-star.toml`: CASa across from G8, the last `a` a jolly (NS-2). The jolly's
/// tile is the kit's blank face; the letter it stands for is written over it, centred on
/// J8, and no other tile gets a letter written over it.
#[test]
fn a_jolly_shows_the_letter_it_stands_for() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, svg) = picture(dir.path(), "first-move-star.toml", Some("1"));
    assert!(close(placed(&tree, "tile-J8").unwrap(), tile_at("J8")));
    assert_eq!(svg.matches("id=\"letter-").count(), 1, "{svg}");
    let label = svg
        .split("<text id=\"letter-J8\" ")
        .nth(1)
        .expect("a letter over J8");
    let attr = |name: &str| -> f32 {
        let v = label.split(&format!("{name}=\"")).nth(1).unwrap();
        v[..v.find('"').unwrap()].parse().unwrap()
    };
    // Scene mm (the scene group is inside the margin): J8's square is 8 + 9 x 20 mm
    // across and 8 + 7 x 20 down, its centre 10 mm further; the baseline sits below
    // the centre by half a capital's height.
    assert!((attr("x") - 198.0).abs() < 0.01, "{label}");
    assert!(attr("y") > 158.0 && attr("y") < 163.0, "{label}");
    assert!(label.contains("text-anchor=\"middle\""), "{label}");
    assert_eq!(
        label.split_once('>').unwrap().1.split_once('<').unwrap().0,
        "A"
    );
}
