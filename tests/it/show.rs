//! `tavolo show` (issue 12): a Moon and a Domino position drawn at a chosen
//! move, checked for what is drawn where (the SVG's groups, parsed back with
//! usvg, and the PNG's pixels), the last move marked and an illegal move
//! highlighted.

use std::path::Path;
use std::process::{Command, Output};

use resvg::tiny_skia::Pixmap;

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

fn record(game: &str, seed: &str, players: usize) -> String {
    tavolo::games::setup::play_record(&tavolo::games::setup::Spec {
        game: game.into(),
        players: Some(players),
        variant: None,
        seed: Some(seed.into()),
        board: 1,
        names: Some(vec!["Anna".into(), "Bruno".into()]),
    })
    .unwrap()
}

/// The moves of a record as TOML tables.
fn moves(text: &str) -> Vec<toml::Table> {
    let doc: toml::Table = toml::from_str(text).unwrap();
    doc["move"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_table().unwrap().clone())
        .collect()
}

/// Millimetres per usvg unit: documents are sized in mm, usvg works in px.
const MM: f32 = 25.4 / 96.0;
/// The picture's margin (src/show/render.rs).
const MARGIN: f32 = 4.0;

/// Where the piece `id` is placed, in mm (its group's translation), and the
/// size of what it draws (its face, bleed included), if the picture has it.
fn bbox(tree: &usvg::Tree, id: &str) -> Option<(f32, f32, f32, f32)> {
    let node = tree.node_by_id(id)?;
    let t = node.abs_transform();
    let b = node.abs_bounding_box();
    Some((t.tx * MM, t.ty * MM, b.width() * MM, b.height() * MM))
}

/// The bounding box in mm of what the group `id` draws (for the marks).
fn drawn(tree: &usvg::Tree, id: &str) -> Option<(f32, f32, f32, f32)> {
    let b = tree.node_by_id(id)?.abs_bounding_box();
    Some((b.x() * MM, b.y() * MM, b.width() * MM, b.height() * MM))
}

/// A face's drawn size is its cut size plus up to 5 mm of bleed each side.
fn about(drawn: f32, cut: f32) -> bool {
    drawn >= cut - 0.5 && drawn <= cut + 10.5
}

/// The top-left corner in mm of a Moon square in the picture (37 mm squares,
/// 10 mm border, a1 at the bottom left).
fn moon_square(sq: &str) -> (f32, f32) {
    let b = sq.as_bytes();
    let col = f32::from(b[0] - b'a');
    let row = f32::from(b[1] - b'1');
    (
        MARGIN + 10.0 + col * 37.0,
        MARGIN + 10.0 + (4.0 - row) * 37.0,
    )
}

fn show(dir: &Path, rec: &str, args: &[&str]) -> Output {
    std::fs::write(dir.join("r.toml"), rec).unwrap();
    let mut all = vec!["show", "r.toml", "--force"];
    all.extend_from_slice(args);
    tavolo(dir, &all)
}

fn svg_tree(dir: &Path, name: &str) -> usvg::Tree {
    let svg = std::fs::read_to_string(dir.join(name)).unwrap();
    usvg::Tree::from_str(&svg, &usvg::Options::default()).unwrap()
}

/// The colour of the PNG at a point given in mm (100 dpi).
fn pixel(png: &Pixmap, x_mm: f32, y_mm: f32) -> [u8; 3] {
    let px = |mm: f32| (mm * 100.0 / 25.4).round() as u32;
    let c = png.pixel(px(x_mm), px(y_mm)).unwrap().demultiply();
    [c.red(), c.green(), c.blue()]
}

fn near(a: [u8; 3], hex: &str) -> bool {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    let b = [(v >> 16) as u8, (v >> 8) as u8, v as u8];
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 12)
}

/// The kit's background colour of a Moon tile (templates/moon.toml).
fn moon_colour(letter: char) -> &'static str {
    match letter {
        'B' => "#16307e",
        'V' => "#a86fdc",
        'R' => "#d62b2b",
        'G' => "#ffe14d",
        _ => "#ffa826",
    }
}

#[test]
fn moon_at_a_move_draws_each_tile_on_its_square_and_marks_the_last() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record("moon", "show-moon", 2);
    let ms = moves(&rec);
    assert!(ms.len() > 8);
    let o = show(dir.path(), &rec, &["--move", "6", "--svg", "-o", "p.svg"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("after move 6 of"), "{}", text(&o));
    let tree = svg_tree(dir.path(), "p.svg");
    // The board fills 205 mm from the margin.
    let (x, y, w, _) = bbox(&tree, "board").unwrap();
    assert!((x - MARGIN).abs() < 0.5 && (y - MARGIN).abs() < 0.5 && about(w, 205.0));
    // The centre and the first six moves' tiles, each on its square.
    let centre: toml::Table = toml::from_str(&rec).unwrap();
    let mut placed = vec![(
        "c3".to_string(),
        centre["setup"]["centre"].as_str().unwrap().to_string(),
    )];
    for m in &ms[..6] {
        placed.push((
            m["square"].as_str().unwrap().into(),
            m["tile"].as_str().unwrap().into(),
        ));
    }
    for (sq, _) in &placed {
        let (x, y, w, h) = bbox(&tree, &format!("tile-{sq}")).unwrap_or_else(|| panic!("{sq}"));
        let (sx, sy) = moon_square(sq);
        assert!(
            (x - (sx + 1.0)).abs() < 0.5 && (y - (sy + 1.0)).abs() < 0.5,
            "{sq}"
        );
        assert!(about(w, 35.0) && about(h, 35.0), "{sq}: {w} x {h}");
    }
    // Move 7's square is still empty.
    let next = ms[6]["square"].as_str().unwrap();
    assert!(tree.node_by_id(&format!("tile-{next}")).is_none());
    // The last move (6) is marked, on its square.
    let (mx, my, ..) = drawn(&tree, "mark-last").unwrap();
    let (sx, sy) = moon_square(ms[5]["square"].as_str().unwrap());
    assert!((mx - sx).abs() < 1.0 && (my - sy).abs() < 1.0);
    assert!(tree.node_by_id("mark-illegal").is_none());

    // The PNG shows each tile's background colour at its square's corner.
    let o = show(dir.path(), &rec, &["--move", "6", "--png", "-o", "p.png"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let png = Pixmap::load_png(dir.path().join("p.png")).unwrap();
    for (sq, tile) in &placed {
        let (sx, sy) = moon_square(sq);
        let bg = tile.chars().nth(1).unwrap();
        let got = pixel(&png, sx + 33.0, sy + 33.0);
        assert!(near(got, moon_colour(bg)), "{sq} {tile}: {got:?}");
    }
    // An empty square shows the board's square colour, not a tile's.
    let (sx, sy) = moon_square(next);
    assert!(near(pixel(&png, sx + 20.0, sy + 33.0), "#f5f7fb"));
}

#[test]
fn moon_illegal_move_is_highlighted_where_it_was_laid() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record("moon", "show-moon-illegal", 2);
    // Move 4 laid on the centre, which is taken: moon.square-occupied.
    let ms = moves(&rec);
    let fourth = format!(
        "tile = \"{}\"\nsquare = \"{}\"",
        ms[3]["tile"].as_str().unwrap(),
        ms[3]["square"].as_str().unwrap()
    );
    let bad = rec.replacen(
        &fourth,
        &fourth.replace(ms[3]["square"].as_str().unwrap(), "c3"),
        1,
    );
    assert_ne!(bad, rec);
    let o = show(dir.path(), &bad, &["--svg", "-o", "i.svg", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["move"], 4);
    assert!(
        v["caption"]
            .as_str()
            .unwrap()
            .contains("moon.square-occupied"),
        "{v}"
    );
    let tree = svg_tree(dir.path(), "i.svg");
    let (sx, sy) = moon_square("c3");
    let (x, y, ..) = drawn(&tree, "mark-illegal").unwrap();
    assert!((x - sx).abs() < 1.5 && (y - sy).abs() < 1.5, "{x} {y}");
    assert!(tree.node_by_id("illegal").is_some());
    // The last legal move (3) is marked too; move 4's tile is not on the board.
    let (mx, my, ..) = drawn(&tree, "mark-last").unwrap();
    let (lx, ly) = moon_square(ms[2]["square"].as_str().unwrap());
    assert!((mx - lx).abs() < 1.0 && (my - ly).abs() < 1.0);
    // In the PNG the illegal square's frame is red.
    let o = show(dir.path(), &bad, &["--png", "-o", "i.png"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let png = Pixmap::load_png(dir.path().join("i.png")).unwrap();
    assert!(near(pixel(&png, sx + 1.5, sy + 18.5), "#d50000"));
}

#[test]
fn domino_at_a_move_lays_tiles_in_rows_and_number_columns() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record("domino", "show-domino", 2);
    let ms = moves(&rec);
    // The tiles laid by the first moves that lay one, with their rows.
    let laid: Vec<(String, i64)> = ms[..8]
        .iter()
        .filter_map(|m| {
            let t = m.get("tile").or(m.get("draw"))?.as_str()?.to_string();
            Some((t, m.get("row")?.as_integer()?))
        })
        .collect();
    assert!(laid.len() >= 2, "{laid:?}");
    let o = show(dir.path(), &rec, &["--move", "8", "--svg", "-o", "d.svg"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let tree = svg_tree(dir.path(), "d.svg");
    let svg = std::fs::read_to_string(dir.path().join("d.svg")).unwrap();
    // The table's top-left corner, read from its coordinates: column 1 named
    // over it, and the top row shown (one over the tiles) beside it.
    let top = laid.iter().map(|(_, r)| *r).min().unwrap() - 1;
    let (_, one_x, _) = crate::show_labels::svg_label(&svg, "coord-top-1").unwrap();
    let (_, _, top_y) = crate::show_labels::svg_label(&svg, &format!("coord-left-{top}")).unwrap();
    let (x0, y0) = (one_x as f32 - 28.0, top_y as f32 - 14.0);
    assert!(
        x0 > MARGIN && y0 > MARGIN,
        "the coordinates lie outside the table"
    );
    for (t, row) in &laid {
        let n: f32 = t[1..].parse().unwrap();
        let (x, y, w, h) = bbox(&tree, &format!("tile-{t}")).unwrap_or_else(|| panic!("{t}"));
        // Column n (56 mm tiles, 2 mm apart), row from the top row (28 mm + 2).
        assert!((x - (x0 + (n - 1.0) * 58.0)).abs() < 0.5, "{t}: x {x}");
        assert!(
            (y - (y0 + (row - top) as f32 * 30.0)).abs() < 0.5,
            "{t}: y {y}"
        );
        assert!(about(w, 56.0) && about(h, 28.0), "{t}: {w} x {h}");
    }
    assert!(tree.node_by_id("mark-last").is_some() || ms[7].get("row").is_none());
    // The setup alone: an empty table (the first tile is still in a hand).
    let o = show(dir.path(), &rec, &["--move", "0", "--svg", "-o", "d0.svg"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let tree = svg_tree(dir.path(), "d0.svg");
    assert!(tree.node_by_id(&format!("tile-{}", laid[0].0)).is_none());
    assert!(tree.node_by_id(&format!("held-{}", laid[0].0)).is_some());
}

#[test]
fn pdf_is_one_page_and_the_same_bytes_on_rerun() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record("moon", "show-pdf", 2);
    let o = show(dir.path(), &rec, &["--move", "3", "--pdf", "-o", "a.pdf"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = show(dir.path(), &rec, &["--move", "3", "--pdf", "-o", "b.pdf"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let a = std::fs::read(dir.path().join("a.pdf")).unwrap();
    assert!(a.starts_with(b"%PDF"));
    assert_eq!(a, std::fs::read(dir.path().join("b.pdf")).unwrap());
    let doc = lopdf::Document::load_mem(&a).unwrap();
    assert_eq!(doc.get_pages().len(), 1);
    // The page is the picture: the 205 mm board, 4 mm margins, a 9 mm caption.
    let (_, page) = doc.get_pages().into_iter().next().unwrap();
    let mb: Vec<f32> = doc
        .get_dictionary(page)
        .unwrap()
        .get(b"MediaBox")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_float().unwrap())
        .collect();
    let pt = |mm: f32| mm * 72.0 / 25.4;
    assert!(
        (mb[2] - pt(213.0)).abs() < 1.0 && (mb[3] - pt(222.0)).abs() < 1.0,
        "{mb:?}"
    );
    if let Ok(o) = Command::new("qpdf")
        .arg("--check")
        .arg(dir.path().join("a.pdf"))
        .output()
    {
        assert!(o.status.success(), "{}", text(&o));
    }
}

#[test]
fn bad_requests_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record("moon", "show-bad", 2);
    let o = show(dir.path(), &rec, &["--move", "999", "--svg", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["error"]["code"], "show.no-such-move");
    // Every game draws now (Quincunx and Farfalia last): `show.not-drawable`
    // has no game left to refuse, and nothing to test through the CLI.
    for g in tavolo::games::GAMES {
        assert!(g.drawer().is_some(), "{} has no drawer", g.name());
    }
    // No format: clap's usage error.
    let o = show(dir.path(), &rec, &[]);
    assert_eq!(o.status.code(), Some(2));
}

/// The CLI never matches on game names: drawing is a capability of the game.
#[test]
fn the_cli_names_no_game() {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    for e in std::fs::read_dir(cli).unwrap() {
        let p = e.unwrap().path();
        let t = std::fs::read_to_string(&p).unwrap();
        assert!(!t.contains("game == \""), "{}", p.display());
    }
}

/// A solitaire's deal is hidden from its player: Moon's solitaire draw, like Il Muro's wall
/// and Mosaico's draw, goes in the director's record, never on a slip.
#[test]
fn moon_solitaire_deal_sheets_have_no_slip() {
    let game = tavolo::games::find("moon").unwrap();
    let players = ["Anna".to_string()];
    let deal = tavolo::deal::Provenance::new("moon", "solitaire", "slip", 1);
    let holdings = game
        .drawer()
        .unwrap()
        .holdings("solitaire", &players, &deal)
        .unwrap();
    assert!(holdings.iter().all(|h| !h.seat), "{holdings:?}");
    // Every tile but the centre is in the draw, face down in order: 24 of them.
    assert_eq!(holdings.iter().map(|h| h.pieces.len()).sum::<usize>(), 25);
}

/// A verdict longer than the picture is wide goes on to a second caption line
/// (the page grows 5 mm) instead of running off the page: in the PNG no ink
/// lies in the right margin beside the caption, and the two lines together
/// are the whole verdict.
#[test]
fn a_long_caption_wraps_inside_the_picture() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = format!(
        "{}/tests/fixtures/moon/illegal-after-the-end-2p.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let rec = std::fs::read_to_string(fixture).unwrap();
    let o = show(dir.path(), &rec, &["--svg", "-o", "w.svg"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let svg = std::fs::read_to_string(dir.path().join("w.svg")).unwrap();
    // The 205 mm board, 4 mm margins, a caption of two lines: 9 + 5 mm.
    assert!(
        svg.contains("width=\"213mm\" height=\"227mm\""),
        "{svg:.300}"
    );
    let lines: Vec<&str> = svg
        .split("<tspan ")
        .skip(1)
        .map(|t| {
            t.split_once('>')
                .unwrap()
                .1
                .split_once("</tspan>")
                .unwrap()
                .0
        })
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(
        lines.join(" "),
        "moon (standard), move 19 of 19: Anna BB on a3 is illegal: the game is already \
         over (Bruno won) (moon.game-over)"
    );
    let o = show(dir.path(), &rec, &["--png", "-o", "w.png"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let png = Pixmap::load_png(dir.path().join("w.png")).unwrap();
    let mut ink = 0;
    let mut right_margin_ink = 0;
    for tenth in 0..140 {
        let y = 213.0 + tenth as f32 / 10.0;
        for x in 0..213 {
            let dark = pixel(&png, x as f32, y).iter().all(|&c| c < 128);
            ink += dark as u32;
            right_margin_ink += (dark && x as f32 > 209.5) as u32;
        }
    }
    assert!(ink > 200, "the caption is drawn ({ink} dark samples)");
    assert_eq!(right_margin_ink, 0, "caption ink in the right margin");
}
