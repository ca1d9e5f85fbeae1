//! `tavolo show` and deal sheets for Il Muro, Mosaico and Scalafrutta (issue
//! 12): each picture drawn from a fixture at a chosen move and checked for
//! which tile lies where (the SVG's groups, parsed back with usvg, and the
//! PNG's pixels), the last move framed, an illegal move's tile drawn faded
//! where it was put and crossed out; the deal sheets' holdings against
//! `tavolo deal`; and `tavolo event deal --sheets` for the three games.
//!
//! Geometry (src/games/fruit/*/draw.rs): tiles 56 x 28 mm, 2 mm apart; the
//! picture has a 4 mm margin.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use resvg::tiny_skia::Pixmap;
use tavolo::deal::Provenance;
use tavolo::show::scene::Holding;

const MARGIN: f32 = 4.0;
const W: f32 = 56.0;
const H: f32 = 28.0;
/// Millimetres per usvg unit: documents are sized in mm, usvg works in px.
const MM: f32 = 25.4 / 96.0;

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

fn fixture(game: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(game)
        .join(name)
}

/// Draw a fixture (at `--move N` when given) as SVG and parse it back, with
/// the JSON `tavolo show` printed.
fn picture(
    dir: &Path,
    game: &str,
    name: &str,
    at: Option<&str>,
) -> (usvg::Tree, serde_json::Value) {
    let rec = fixture(game, name);
    let mut args = vec!["show", rec.to_str().unwrap(), "--svg", "-o", "p.svg"];
    args.extend(["--force", "--json"]);
    if let Some(n) = at {
        args.extend(["--move", n]);
    }
    let o = tavolo(dir, &args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let svg = std::fs::read_to_string(dir.join("p.svg")).unwrap();
    (
        usvg::Tree::from_str(&svg, &usvg::Options::default()).unwrap(),
        v,
    )
}

fn png(dir: &Path, game: &str, name: &str, at: &str) -> Pixmap {
    let rec = fixture(game, name);
    let o = tavolo(
        dir,
        &[
            "show",
            rec.to_str().unwrap(),
            "--move",
            at,
            "--png",
            "-o",
            "p.png",
            "--force",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    Pixmap::load_png(dir.join("p.png")).unwrap()
}

/// Where the piece `id` is placed, in mm (its group's translation), and the
/// size of what it draws (its face with up to 5 mm of bleed each side).
fn placed(tree: &usvg::Tree, id: &str) -> (f32, f32, f32, f32) {
    let node = tree
        .node_by_id(id)
        .unwrap_or_else(|| panic!("no `{id}` in the picture"));
    let t = node.abs_transform();
    let b = node.abs_bounding_box();
    (t.tx * MM, t.ty * MM, b.width() * MM, b.height() * MM)
}

/// The top-left corner in mm of what the group `id` draws (for the marks).
fn drawn(tree: &usvg::Tree, id: &str) -> (f32, f32) {
    let b = tree
        .node_by_id(id)
        .unwrap_or_else(|| panic!("no `{id}` in the picture"))
        .abs_bounding_box();
    (b.x() * MM, b.y() * MM)
}

/// `id` is placed at (x, y) mm of the picture, its size about `w` x `h`.
fn assert_at(tree: &usvg::Tree, id: &str, x: f32, y: f32, w: f32, h: f32) {
    let (px, py, pw, ph) = placed(tree, id);
    assert!(
        (px - x).abs() < 0.5 && (py - y).abs() < 0.5,
        "{id} at ({px}, {py}), not ({x}, {y})"
    );
    assert!(
        pw >= w - 0.5 && pw <= w + 10.5 && ph >= h - 0.5 && ph <= h + 10.5,
        "{id}: {pw} x {ph}"
    );
}

/// A mark drawn framing the place at (x, y): its line lies just inside.
fn assert_mark(tree: &usvg::Tree, id: &str, x: f32, y: f32) {
    let (mx, my) = drawn(tree, id);
    assert!(
        (mx - x).abs() < 1.6 && (my - y).abs() < 1.6,
        "{id} at ({mx}, {my}), not near ({x}, {y})"
    );
}

/// The colour of the PNG at a point given in mm (100 dpi).
fn pixel(png: &Pixmap, x_mm: f32, y_mm: f32) -> [u8; 3] {
    let px = |mm: f32| (mm * 100.0 / 25.4).round() as u32;
    let c = png.pixel(px(x_mm), px(y_mm)).unwrap().demultiply();
    [c.red(), c.green(), c.blue()]
}

/// A label of the picture `p.svg`: its text, the centre of its box across
/// and the top of its box (5 mm high), in mm of the picture.
fn label(dir: &Path, id: &str) -> (String, f32, f32) {
    let svg = std::fs::read_to_string(dir.join("p.svg")).unwrap();
    let (text, x, y) = crate::show_labels::svg_label(&svg, id)
        .unwrap_or_else(|| panic!("no label `{id}` in the picture"));
    (text, x as f32, y as f32 - 2.5)
}

fn near(a: [u8; 3], hex: &str) -> bool {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    let b = [(v >> 16) as u8, (v >> 8) as u8, v as u8];
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 12)
}

// ---- Il Muro: columns 62 mm apart (56 + 6); the new wall's row at y 6,
// ---- the old wall standing on the ground 12 mm under it; a face-down
// ---- tile shows 9 mm under the tile above, a face-up one stands 30 mm up.
// ---- The columns' numbers stand 1.5 mm under the ground.

fn muro_x(column: usize) -> f32 {
    MARGIN + column as f32 * 62.0
}

/// The ground the columns stand on, read from the columns' numbers under it;
/// each number is centred under its column.
fn muro_ground(dir: &Path) -> f32 {
    let mut ground = None;
    for c in 0..6 {
        let (text, cx, top) = label(dir, &format!("coord-bottom-{}", c + 1));
        assert_eq!(text, (c + 1).to_string());
        assert!((cx - (muro_x(c) + W / 2.0)).abs() < 0.01, "column {c}");
        ground.get_or_insert(top - 1.5);
    }
    ground.unwrap()
}

/// MU-1..MU-3, after move 4 of legal-so-far (`C1 6>new`, `turn 6`,
/// `P1 6>new`, `B3 1>2`): C1 and P1 start their new-wall piles (cocomeri
/// third, pere second), B3 stands on F4 in column 2, column 1's new top P4
/// is face down, and move 4 is framed on B3.
#[test]
fn muro_draws_the_new_wall_over_the_columns_of_the_old_wall() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, v) = picture(dir.path(), "muro", "legal-so-far.toml", Some("4"));
    assert_eq!(v["move"], 4, "{v}");
    assert!(v["caption"].as_str().unwrap().contains("B3 1>2"), "{v}");
    // Column 2 is the highest (five backs, F4, B3: 5 x 9 + 30 + 28 = 103
    // mm), so the ground is 6 + 28 + 12 + 103 = 149 mm under the new wall's
    // stacks' place.
    let ground = muro_ground(dir.path());
    let top = ground - 149.0;
    assert_at(&tree, "tile-C1", muro_x(2), top + 6.0, W, H);
    assert_at(&tree, "tile-P1", muro_x(1), top + 6.0, W, H);
    // The new wall is named over its stacks, the old wall over its columns.
    let (text, _, y) = label(dir.path(), "name-new");
    assert!(text.starts_with("new wall") && y < top, "{text} {y}");
    let (text, _, y) = label(dir.path(), "name-old");
    assert!(
        text == "old wall" && y > top + 6.0 + H && y < top + 46.0,
        "{text} {y}"
    );
    let f4_y = ground - H - 45.0;
    assert_at(&tree, "tile-F4", muro_x(1), f4_y, W, H);
    assert_at(&tree, "tile-B3", muro_x(1), f4_y - 30.0, W, H);
    // U5 tops column 3 at F4's height: both lie on five face-down tiles.
    assert_at(&tree, "tile-U5", muro_x(2), f4_y, W, H);
    // Column 1 lost B3: four backs under P4, face down on top.
    let p4_y = ground - H - 36.0;
    assert_at(&tree, "tile-P4", muro_x(0), p4_y, W, H);
    assert_mark(&tree, "mark-last", muro_x(1), f4_y - 30.0);
    assert!(tree.node_by_id("mark-illegal").is_none());
    assert!(tree.node_by_id("illegal").is_none());
    // In the PNG P4 shows the kit's back, F4 its fruit's colour strip.
    let png = png(dir.path(), "muro", "legal-so-far.toml", "4");
    assert!(near(pixel(&png, muro_x(0) + 5.0, p4_y + 20.0), "#27324a"));
    assert!(near(pixel(&png, muro_x(1) + 5.0, f4_y + 20.0), "#d6336c"));
    // The setup: the new wall is empty and every column's top is face up.
    let (tree, _) = picture(dir.path(), "muro", "legal-so-far.toml", Some("0"));
    assert!(tree.node_by_id("tile-C1").is_some());
    assert!(tree.node_by_id("mark-last").is_none());
    let (_, c1_y, ..) = placed(&tree, "tile-C1");
    assert!(c1_y > MARGIN + 40.0, "C1 is still on column 6: {c1_y}");
}

/// MU-2 (the sheet's own example): U5 may not go onto U6. The move's tile
/// is drawn faded a tile above U6 on column 4, crossed out.
#[test]
fn muro_illegal_move_shows_the_tile_over_the_column_it_was_put_on() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, v) = picture(dir.path(), "muro", "illegal-same-fruit.toml", None);
    assert_eq!(v["move"], 1);
    assert!(
        v["caption"].as_str().unwrap().contains("muro.same-fruit"),
        "{v}"
    );
    // Every column: five backs and a face-up top (73 mm); column 4 has the
    // ghost 30 mm higher.
    let u6_y = muro_ground(dir.path()) - H - 45.0;
    assert_at(&tree, "tile-U6", muro_x(3), u6_y, W, H);
    assert_at(&tree, "tile-U5", muro_x(2), u6_y, W, H);
    assert_at(&tree, "illegal", muro_x(3), u6_y - 30.0, W, H);
    assert_mark(&tree, "mark-illegal", muro_x(3), u6_y - 30.0);
    assert!(tree.node_by_id("mark-last").is_none());
}

// ---- Mosaico: cell (file, rank) at 58 mm x 30 mm steps, a1 top left, the
// ---- files named over the columns, the ranks beside the rows; the
// ---- set-aside tiles 18 mm under the frame.

/// The top-left corner of a1, read from the coordinates: `a` centred over
/// the first column, `1` beside the first row.
fn mosaico_origin(dir: &Path) -> (f32, f32) {
    let (a, x, _) = label(dir, "coord-top-a");
    let (one, _, top) = label(dir, "coord-left-1");
    assert_eq!((a.as_str(), one.as_str()), ("a", "1"));
    // A label's box is 5 mm high, centred on its row.
    (x - W / 2.0, top + 2.5 - H / 2.0)
}

fn mosaico_cell((x0, y0): (f32, f32), cell: &str) -> (f32, f32) {
    let b = cell.as_bytes();
    (
        x0 + f32::from(b[0] - b'a') * 58.0,
        y0 + f32::from(b[1] - b'1') * 30.0,
    )
}

/// MO-1..MO-3 on legal-so-far: the six 1s on the diagonal; after move 1 M3
/// is set aside under the frame (and framed as the last move); after move
/// 3 it is on a3 under M2 on a2, and nothing is set aside.
#[test]
fn mosaico_draws_the_frame_and_the_set_aside_tiles_under_it() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, _) = picture(dir.path(), "mosaico", "legal-so-far.toml", Some("1"));
    let o = mosaico_origin(dir.path());
    assert!(o.0 > MARGIN && o.1 > MARGIN, "{o:?}");
    for (t, c) in [
        ("M1", "a1"),
        ("P1", "b2"),
        ("C1", "c3"),
        ("U1", "d4"),
        ("F1", "e5"),
        ("B1", "f6"),
    ] {
        let (x, y) = mosaico_cell(o, c);
        assert_at(&tree, &format!("tile-{t}"), x, y, W, H);
    }
    // The frame is 6 x 30 - 2 = 178 mm high; the set-aside tiles are named.
    let aside_y = o.1 + 178.0 + 18.0;
    assert_at(&tree, "tile-M3", o.0, aside_y, W, H);
    assert_mark(&tree, "mark-last", o.0, aside_y);
    let (text, _, y) = label(dir.path(), "name-aside");
    assert!(
        text == "set aside" && y < aside_y && y > o.1 + 178.0,
        "{text} {y}"
    );

    let (tree, v) = picture(dir.path(), "mosaico", "legal-so-far.toml", Some("3"));
    assert!(v["caption"].as_str().unwrap().contains("M3 a3"), "{v}");
    let o = mosaico_origin(dir.path());
    let (x, y) = mosaico_cell(o, "a2");
    assert_at(&tree, "tile-M2", x, y, W, H);
    let (x, y) = mosaico_cell(o, "a3");
    assert_at(&tree, "tile-M3", x, y, W, H);
    assert_mark(&tree, "mark-last", x, y);
    // Move 4's P2 is not drawn yet.
    assert!(tree.node_by_id("tile-P2").is_none());

    // The PNG: M2's strip is the mele red; b1, still empty, is the pale grey
    // of an empty cell.
    let png = png(dir.path(), "mosaico", "legal-so-far.toml", "3");
    let (x, y) = mosaico_cell(o, "a2");
    assert!(near(pixel(&png, x + 5.0, y + 20.0), "#b5121b"));
    let (x, y) = mosaico_cell(o, "b1");
    assert!(near(pixel(&png, x + 28.0, y + 14.0), "#f6f7f8"));
}

/// MO-2: M2 put on a7, a row past the frame, is drawn there faded and
/// crossed out; the picture grows a row for it, so M3 (set aside) lies
/// under the grown frame.
#[test]
fn mosaico_illegal_placement_past_the_frame_is_drawn_where_it_was_put() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, v) = picture(dir.path(), "mosaico", "illegal-outside-frame.toml", None);
    assert_eq!(v["move"], 2);
    assert!(
        v["caption"]
            .as_str()
            .unwrap()
            .contains("mosaico.outside-frame"),
        "{v}"
    );
    let o = mosaico_origin(dir.path());
    let (x, y) = mosaico_cell(o, "a7");
    assert_at(&tree, "illegal", x, y, W, H);
    assert_mark(&tree, "mark-illegal", x, y);
    // The grown row is named 7 as the record names it.
    let (seven, _, top) = label(dir.path(), "coord-left-7");
    assert!(seven == "7" && (top + 2.5 - (y + H / 2.0)).abs() < 0.01);
    assert_at(&tree, "tile-M3", o.0, o.1 + 208.0 + 18.0, W, H);
    assert!(tree.node_by_id("tile-M2").is_none());
    // The last legal move (1, M3 set aside) is framed too.
    assert_mark(&tree, "mark-last", o.0, o.1 + 208.0 + 18.0);
}

// ---- Scalafrutta: a 5 x 5 grid of 58 x 30 mm places, the square in its
// ---- middle 3 x 3, its insertion points named round it; players' tiles at
// ---- half size (28 x 14 mm, 29.5 mm apart) from 16 mm under the grid (148
// ---- mm high: 8 mm, then 8 mm for the player's name), seat by seat.

/// The top-left corner of the 5 x 5 grid, read from the insertion points'
/// names: `top1` centred over the square's first column, `left1` beside its
/// first row.
fn sf_origin(dir: &Path) -> (f32, f32) {
    let (top1, x, _) = label(dir, "coord-top-top1");
    let (left1, _, top) = label(dir, "coord-left-left1");
    assert_eq!((top1.as_str(), left1.as_str()), ("top1", "left1"));
    (x - W / 2.0 - 58.0, top + 2.5 - H / 2.0 - 30.0)
}

fn sf_slot((x0, y0): (f32, f32), row: usize, col: usize) -> (f32, f32) {
    (x0 + col as f32 * 58.0, y0 + row as f32 * 30.0)
}

/// SF-1 on legal-so-far. After move 2 (`B4 top3`, `F6 left1`) row 1 is
/// F6 P6 F4, B5 and B2 went down column 3; B6 fell out to anna, B4 to
/// bruno; 25 tiles are face down. After move 5 U1 matched nothing: P4 fell
/// out of column 1 and is bruno's, a gift, with P6 and B4.
#[test]
fn scalafrutta_draws_the_square_the_pile_and_each_players_tiles() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, v) = picture(dir.path(), "scalafrutta", "legal-so-far.toml", Some("2"));
    assert!(
        v["caption"].as_str().unwrap().contains("bruno F6 left1"),
        "{v}"
    );
    let o = sf_origin(dir.path());
    for (t, r, c) in [
        ("F6", 1, 1),
        ("P6", 1, 2),
        ("F4", 1, 3),
        ("B1", 2, 1),
        ("P3", 2, 2),
        ("B5", 2, 3),
        ("P4", 3, 1),
        ("F3", 3, 2),
        ("B2", 3, 3),
    ] {
        let (x, y) = sf_slot(o, r, c);
        assert_at(&tree, &format!("tile-{t}"), x, y, W, H);
    }
    let (x, y) = sf_slot(o, 1, 1);
    assert_mark(&tree, "mark-last", x, y);
    let anna = o.1 + 148.0 + 16.0;
    let bruno = anna + 14.0 + 16.0;
    assert_at(&tree, "tile-B6", o.0, anna, 28.0, 14.0);
    assert_at(&tree, "tile-B4", o.0, bruno, 28.0, 14.0);
    // Each player's tiles under their name and total.
    for (id, want, y) in [("name-1", "anna", anna), ("name-2", "bruno", bruno)] {
        let (text, _, top) = label(dir.path(), id);
        assert_eq!(text, format!("{want} (0 points)"));
        assert!(top < y - 1.5 && top > y - 16.0, "{id}: {top} over {y}");
    }
    assert!(tree.node_by_id("pile-25").is_some());
    assert!(tree.node_by_id("pile-26").is_none());

    let (tree, _) = picture(dir.path(), "scalafrutta", "legal-so-far.toml", Some("5"));
    let (x, y) = sf_slot(o, 1, 1);
    assert_at(&tree, "tile-U1", x, y, W, H);
    // Anna: B1 and B6; bruno: P4, P6, B4 (fruit order, FR-1).
    assert_at(&tree, "tile-B1", o.0, anna, 28.0, 14.0);
    assert_at(&tree, "tile-B6", o.0 + 29.5, anna, 28.0, 14.0);
    for (k, t) in ["P4", "P6", "B4"].iter().enumerate() {
        assert_at(
            &tree,
            &format!("tile-{t}"),
            o.0 + k as f32 * 29.5,
            bruno,
            28.0,
            14.0,
        );
    }
    assert!(tree.node_by_id("pile-22").is_some() && tree.node_by_id("pile-23").is_none());
}

/// SF-2: after the first recombination each player's combinations are
/// drawn as they declared them, one after another, 6 mm apart; bruno's
/// declaration (the last move) frames his tiles.
#[test]
fn scalafrutta_combinations_are_drawn_as_declared() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, v) = picture(dir.path(), "scalafrutta", "first-recombination.toml", None);
    assert!(
        v["caption"]
            .as_str()
            .unwrap()
            .contains("bruno combinations M2 M3 M4 / P5 U5 B5"),
        "{v}"
    );
    let o = sf_origin(dir.path());
    let bruno = o.1 + 148.0 + 16.0 + 14.0 + 16.0;
    let mut x = o.0;
    for combo in [["M2", "M3", "M4"], ["P5", "U5", "B5"]] {
        for t in combo {
            assert_at(&tree, &format!("tile-{t}"), x, bruno, 28.0, 14.0);
            x += 29.5;
        }
        x += 6.0 - 1.5;
    }
    assert_mark(&tree, "mark-last", o.0 - 1.5, bruno - 1.5);
}

/// SF-1: U5 pushed in at top1 does not match F6: it is drawn faded above
/// column 1, where it was pushed from, and crossed out; the square is as
/// move 2 left it. A declaration that is not a player's (SF-2) crosses out
/// that player's tiles and draws no tile.
#[test]
fn scalafrutta_illegal_moves_are_shown_where_they_were_made() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, v) = picture(dir.path(), "scalafrutta", "illegal-no-match.toml", None);
    assert_eq!(v["move"], 3);
    assert!(
        v["caption"]
            .as_str()
            .unwrap()
            .contains("scalafrutta.no-match"),
        "{v}"
    );
    let o = sf_origin(dir.path());
    let (x, y) = sf_slot(o, 0, 1);
    assert_at(&tree, "illegal", x, y, W, H);
    assert_mark(&tree, "mark-illegal", x, y);
    let (x, y) = sf_slot(o, 1, 1);
    assert_at(&tree, "tile-F6", x, y, W, H);

    let (tree, v) = picture(
        dir.path(),
        "scalafrutta",
        "illegal-tile-not-held.toml",
        None,
    );
    assert!(
        v["caption"]
            .as_str()
            .unwrap()
            .contains("scalafrutta.tile-not-held"),
        "{v}"
    );
    assert!(tree.node_by_id("illegal").is_none());
    let o = sf_origin(dir.path());
    assert_mark(&tree, "mark-illegal", o.0 - 0.5, o.1 + 148.0 + 16.0 - 0.5);
}

// ---- Deal sheets.

fn name(p: &tavolo::show::scene::Piece) -> String {
    let field = |k: &str| {
        p.piece
            .iter()
            .find(|(f, _)| *f == k)
            .map(|(_, v)| v.clone())
            .unwrap()
    };
    assert_eq!((p.component, p.back), ("tiles", false));
    format!("{}{}", field("fruit.letter"), field("number"))
}

fn holdings(game: &str, players: usize, seed: &str) -> Vec<Holding> {
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    tavolo::games::require(game)
        .unwrap()
        .drawer()
        .unwrap()
        .holdings(
            "standard",
            &names,
            &Provenance::new(game, "standard", seed, 1),
        )
        .unwrap()
}

fn names_of(h: &Holding) -> Vec<String> {
    h.pieces.iter().map(name).collect()
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// What `tavolo deal` deals, as JSON, and its text.
fn dealt(game: &str, players: &str) -> (serde_json::Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let args = ["deal", game, "--seed", "sheets-1", "-p", players];
    let o = tavolo(dir.path(), &[&args[..], &["--json"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let t = tavolo(dir.path(), &args);
    (json["deal"].clone(), text(&t))
}

/// Each game's deal sheet holds the deal's 36 tiles once, where `tavolo
/// deal` puts them. The solitaires' tiles go to the director's record only
/// (their face-down tiles are hidden from the player), and a Scalafrutta
/// player starts with nothing (SF-1: every tile is on the table).
#[test]
fn deal_sheet_holdings_are_the_deal() {
    // Il Muro (MU-1): six layers from the top, columns 1-6 in each.
    let (deal, _) = dealt("muro", "1");
    let h = holdings("muro", 1, "sheets-1");
    assert_eq!(h.len(), 6);
    for (k, layer) in h.iter().enumerate() {
        assert!(!layer.seat, "{}", layer.label);
        let want: Vec<String> = (0..6)
            .map(|c| words(deal["columns"][c].as_str().unwrap())[5 - k].clone())
            .collect();
        assert_eq!(names_of(layer), want, "{}", layer.label);
    }
    assert!(h[0].label.contains("face up") && h[1].label.contains("face down"));

    // Mosaico (MO-1): the start's six, then the 30 in drawing order.
    let (deal, _) = dealt("mosaico", "1");
    let draw: Vec<String> = deal["draw"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let h = holdings("mosaico", 1, "sheets-1");
    assert_eq!(h.len(), 2);
    assert!(h.iter().all(|x| !x.seat));
    assert_eq!(names_of(&h[0]), draw[..6]);
    assert!(h[0].label.contains("a1 b2 c3 d4 e5 f6"), "{}", h[0].label);
    assert_eq!(names_of(&h[1]), draw[6..]);

    // Scalafrutta (SF-1): the square row by row, then the pile.
    for players in [2, 4] {
        let (deal, lines) = dealt("scalafrutta", &players.to_string());
        let h = holdings("scalafrutta", players, "sheets-1");
        assert_eq!(h.len(), 4);
        assert!(h.iter().all(|x| !x.seat));
        for r in 0..3 {
            assert_eq!(names_of(&h[r]), words(deal["square"][r].as_str().unwrap()));
        }
        let pile = lines
            .lines()
            .find_map(|l| l.strip_prefix("face down, in draw order: "))
            .expect("the pile's order");
        assert_eq!(names_of(&h[3]), words(pile));
    }
    // Every tile once, for every game.
    for (game, p) in [("muro", 1), ("mosaico", 1), ("scalafrutta", 3)] {
        let mut all: Vec<String> = holdings(game, p, "x").iter().flat_map(names_of).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 36, "{game}");
    }
    // Scalafrutta is for 2-4 players: a sheet for 5 is refused.
    let five: Vec<String> = (1..=5).map(|i| format!("P{i}")).collect();
    assert!(tavolo::games::require("scalafrutta")
        .unwrap()
        .drawer()
        .unwrap()
        .holdings(
            "standard",
            &five,
            &Provenance::new("scalafrutta", "standard", "x", 1)
        )
        .is_err());
}

/// `tavolo event deal --sheets` prints the three games' boards: the same
/// bytes on rerun, and a PDF that qpdf finds sound.
#[test]
fn event_deal_sheets_render_for_the_fruit_games() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = tavolo(
        d,
        &[
            "event",
            "new",
            "--dir",
            "club",
            "--name",
            "Frutta",
            "--game",
            "muro",
            "--players",
            "1",
            "--boards",
            "2",
            "--public-value-name",
            "x",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // (`deal` checks the key against the description's own hash of it, so
    // sections can be added to the description for the test.)
    let desc = d.join("club/event.toml");
    let mut t = std::fs::read_to_string(&desc).unwrap();
    t.push_str(
        "\n[[section]]\ngame = \"mosaico\"\nplayers = 1\nboards = 1\n\n\
         [[section]]\ngame = \"scalafrutta\"\nplayers = 3\nboards = 1\n",
    );
    std::fs::write(&desc, t).unwrap();
    let sheets = |pdf: &str, out: &str| {
        let o = tavolo(
            d,
            &[
                "event",
                "deal",
                "club/event.toml",
                "--key",
                "club/event.key",
                "--public",
                "5 6 7",
                "--out",
                out,
                "--sheets",
                pdf,
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        for b in ["board 1: muro", "board 3: mosaico", "board 4: scalafrutta"] {
            assert!(text(&o).contains(b), "{}", text(&o));
        }
        std::fs::read(d.join(pdf)).unwrap()
    };
    let a = sheets("a.pdf", "boards-a");
    assert_eq!(a, sheets("b.pdf", "boards-b"));
    let doc = lopdf::Document::load_mem(&a).unwrap();
    // The director's record only (no slips): 2 walls, a draw, a square and
    // its pile, on a few A4 pages.
    let pages = doc.get_pages().len();
    assert!((2..=6).contains(&pages), "{pages}");
    let o = Command::new("qpdf")
        .arg("--check")
        .arg(d.join("a.pdf"))
        .output()
        .expect("qpdf is installed");
    assert!(o.status.success(), "{}", text(&o));
}
