//! Every game's picture as a player reads it (issue 26): the grid's coordinates
//! written round it as the records write them, each centred on its column or
//! row (read back from the SVG: the labels' text and place, the pieces'
//! places); the owner's name over each holding; and a sensible aspect, not a
//! strip. MOON and Natura Shakerata print their coordinates on their boards'
//! art, so their pictures add none.

use std::path::Path;

use tavolo::show::scene::Scene;

/// The picture's margin (src/show/render.rs): the scene lies inside it.
const MARGIN: f64 = 4.0;

/// A whole random game as a record (names Anna, Bruno, ...).
fn record(game: &str, variant: Option<&str>, seed: &str, players: usize) -> String {
    let names = ["Anna", "Bruno", "Carla", "Dario", "Elena"];
    tavolo::games::setup::play_record(&tavolo::games::setup::Spec {
        game: game.into(),
        players: Some(players),
        variant: variant.map(String::from),
        seed: Some(seed.into()),
        board: 1,
        names: Some(names[..players].iter().map(|s| s.to_string()).collect()),
    })
    .unwrap()
}

fn fixture(game: &str, name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(game)
            .join(name),
    )
    .unwrap()
}

/// A record's picture after move `upto`: the scene and its SVG.
fn picture(rec: &str, upto: Option<usize>) -> (Scene, String) {
    let shown = tavolo::show::show(Path::new("r.toml"), rec.to_string(), upto).unwrap();
    (shown.scene, shown.svg)
}

/// A label read from the SVG's `<text id=...>`: its text and the centre of its
/// box, in mm of the picture (labels lie in the scene's group, inside the
/// margin; the baseline sits 0.365 of the letters' height under the centre).
pub(crate) fn svg_label(svg: &str, id: &str) -> Option<(String, f64, f64)> {
    let tag = &svg[svg.find(&format!("<text id=\"{id}\""))?..];
    let attr = |name: &str| -> f64 {
        let from = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        tag[from..from + tag[from..].find('"').unwrap()]
            .parse()
            .unwrap()
    };
    let text = &tag[tag.find('>')? + 1..tag.find("</text>")?];
    let size = attr("font-size");
    Some((
        text.to_string(),
        MARGIN + attr("x"),
        MARGIN + attr("y") - 0.365 * size,
    ))
}

/// Every label whose id starts with `prefix`, by id: (id, text).
fn svg_labels(svg: &str, prefix: &str) -> Vec<(String, String)> {
    svg.split(&format!("<text id=\"{prefix}"))
        .skip(1)
        .map(|rest| {
            let id = format!("{prefix}{}", &rest[..rest.find('"').unwrap()]);
            let (text, ..) = svg_label(svg, &id).unwrap();
            (id, text)
        })
        .collect()
}

/// Where a piece is drawn, read from the SVG: its group's translation and its
/// face's viewport size, in mm of the picture: (x, y, w, h).
fn svg_piece(svg: &str, id: &str) -> Option<(f64, f64, f64, f64)> {
    let tag = &svg[svg.find(&format!("<g id=\"{id}\" transform=\"translate("))?..];
    let open = tag.find("translate(")? + "translate(".len();
    let inside = &tag[open..open + tag[open..].find(')')?];
    let (x, y) = inside.split_once(' ')?;
    let size = &tag[tag.find("<svg width=\"")? + "<svg width=\"".len()..];
    let w = &size[..size.find('"')?];
    let h = &size[size.find("height=\"")? + "height=\"".len()..];
    let h = &h[..h.find('"')?];
    Some((
        MARGIN + x.parse::<f64>().ok()?,
        MARGIN + y.parse::<f64>().ok()?,
        w.parse().ok()?,
        h.parse().ok()?,
    ))
}

/// The centre of a piece drawn in the SVG.
fn centre(svg: &str, id: &str) -> (f64, f64) {
    let (x, y, w, h) = svg_piece(svg, id).unwrap_or_else(|| panic!("no piece `{id}`"));
    (x + w / 2.0, y + h / 2.0)
}

/// The picture's width over its height, from the SVG's size in mm.
fn aspect(svg: &str) -> f64 {
    let num = |key: &str| -> f64 {
        let from = svg.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
        svg[from..from + svg[from..].find("mm\"").unwrap()]
            .parse()
            .unwrap()
    };
    num("width") / num("height")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.01
}

/// `piece` lies in the column of the file `file` and the row of the rank
/// `rank`: the files over and under it are centred on it across, the ranks
/// left and right of it centred on it down.
fn assert_named(svg: &str, piece: &str, file: &str, rank: &str) {
    let (cx, cy) = centre(svg, piece);
    for edge in ["top", "bottom"] {
        let (text, x, y) = svg_label(svg, &format!("coord-{edge}-{file}"))
            .unwrap_or_else(|| panic!("{piece}: no {edge} file {file}"));
        assert_eq!(text, file);
        assert!(
            close(x, cx),
            "{piece}: {edge} `{file}` at x {x}, piece at {cx}"
        );
        assert!((edge == "top") == (y < cy), "{piece}: {edge} `{file}`");
    }
    for edge in ["left", "right"] {
        let (text, x, y) = svg_label(svg, &format!("coord-{edge}-{rank}"))
            .unwrap_or_else(|| panic!("{piece}: no {edge} rank {rank}"));
        assert_eq!(text, rank);
        assert!(
            close(y, cy),
            "{piece}: {edge} `{rank}` at y {y}, piece at {cy}"
        );
        assert!((edge == "left") == (x < cx), "{piece}: {edge} `{rank}`");
    }
}

/// The coordinates written on one edge, in their order along it.
fn edge_names(svg: &str, edge: &str) -> Vec<String> {
    let mut named: Vec<(f64, String)> = svg_labels(svg, &format!("coord-{edge}-"))
        .into_iter()
        .map(|(id, text)| {
            let (_, x, y) = svg_label(svg, &id).unwrap();
            (
                if edge == "top" || edge == "bottom" {
                    x
                } else {
                    y
                },
                text,
            )
        })
        .collect();
    named.sort_by(|a, b| a.0.total_cmp(&b.0));
    named.into_iter().map(|(_, t)| t).collect()
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// QX-1: Quincunx's cells are named as chess squares round the grid, `a`..`e`
/// over and under the columns, `1`..`5` beside the rows, a1 at the bottom
/// left; each card lies where its cell's names meet. QX-11: the solitaire's
/// 4x4 grid is named a..d, 1..4. Empty cells are outlined.
#[test]
fn qx1_quincunx_cells_are_named_round_the_grid() {
    let rec = record("quincunx", None, "labels-qx", 2);
    let (scene, svg) = picture(&rec, Some(7));
    let files = strings(&["a", "b", "c", "d", "e"]);
    let ranks_down = strings(&["5", "4", "3", "2", "1"]);
    assert_eq!(edge_names(&svg, "top"), files);
    assert_eq!(edge_names(&svg, "bottom"), files);
    assert_eq!(edge_names(&svg, "left"), ranks_down);
    assert_eq!(edge_names(&svg, "right"), ranks_down);
    let cards: Vec<&str> = scene
        .items
        .iter()
        .filter_map(|i| i.id.strip_prefix("card-"))
        .collect();
    assert_eq!(cards.len(), 12);
    for cell in &cards {
        assert_named(&svg, &format!("card-{cell}"), &cell[..1], &cell[1..]);
    }
    assert_eq!(scene.slots.len(), 25 - 12);

    let rec = record("quincunx", Some("solitaire"), "labels-qx-solo", 1);
    let (_, svg) = picture(&rec, Some(3));
    assert_eq!(edge_names(&svg, "bottom"), strings(&["a", "b", "c", "d"]));
    assert_eq!(edge_names(&svg, "right"), strings(&["4", "3", "2", "1"]));
    assert_named(&svg, "card-a1", "a", "1");
    assert_named(&svg, "card-d4", "d", "4");

    // start-from-zero: the first card on e5, and the cells round it named.
    let rec = record("quincunx", Some("start-from-zero"), "labels-qx-zero", 2);
    let (_, svg) = picture(&rec, Some(0));
    assert_eq!(edge_names(&svg, "top"), strings(&["d", "e", "f"]));
    assert_eq!(edge_names(&svg, "left"), strings(&["6", "5", "4"]));
    assert_named(&svg, "card-e5", "e", "5");
}

/// MO-1, MO-2: Mosaico's cells are named `a`..`f` across and `1`..`6` down, a1
/// at the top left; each tile lies where its cell's names meet, and the tiles
/// set aside are named under the frame.
#[test]
fn mo1_mosaico_cells_are_named_a1_top_left() {
    let rec = fixture("mosaico", "legal-so-far.toml");
    let (_, svg) = picture(&rec, Some(3));
    let files = strings(&["a", "b", "c", "d", "e", "f"]);
    let ranks = strings(&["1", "2", "3", "4", "5", "6"]);
    assert_eq!(edge_names(&svg, "top"), files);
    assert_eq!(edge_names(&svg, "left"), ranks);
    assert_eq!(edge_names(&svg, "right"), ranks);
    for (tile, cell) in [
        ("M1", "a1"),
        ("M2", "a2"),
        ("M3", "a3"),
        ("P1", "b2"),
        ("B1", "f6"),
    ] {
        assert_named(&svg, &format!("tile-{tile}"), &cell[..1], &cell[1..]);
    }
    // After move 1, M3 is set aside: named, under the frame's files.
    let (_, svg) = picture(&rec, Some(1));
    let (text, x, y) = svg_label(&svg, "name-aside").unwrap();
    let (mx, my, _, _) = svg_piece(&svg, "tile-M3").unwrap();
    let (_, _, files_y) = svg_label(&svg, "coord-bottom-a").unwrap();
    assert_eq!(text, "set aside");
    assert!(y < my && y > files_y && x > mx, "{x} {y}");
}

/// DF-1: Domino's columns are the numbers 1-6, written over and under them;
/// each row's number (`row` in the record: 0 the first, -1 above, 1 below) is
/// written beside it, one row more shown above and below the tiles. Each tile
/// lies in its number's column and its row.
#[test]
fn df1_domino_columns_are_numbers_and_rows_are_named_as_records_name_them() {
    let rec = record("domino", None, "labels-domino", 2);
    let doc: toml::Table = toml::from_str(&rec).unwrap();
    let moves = doc["move"].as_array().unwrap();
    let upto = moves.len().min(16);
    let laid: Vec<(String, i64)> = moves[..upto]
        .iter()
        .filter_map(|m| {
            let t = m.get("tile").or(m.get("draw"))?.as_str()?;
            Some((t.to_string(), m.get("row")?.as_integer()?))
        })
        .collect();
    assert!(laid.len() >= 3, "{laid:?}");
    let (_, svg) = picture(&rec, Some(upto));
    let numbers = strings(&["1", "2", "3", "4", "5", "6"]);
    assert_eq!(edge_names(&svg, "top"), numbers);
    assert_eq!(edge_names(&svg, "bottom"), numbers);
    let (lo, hi) = laid.iter().fold((i64::MAX, i64::MIN), |(a, b), (_, r)| {
        (a.min(*r), b.max(*r))
    });
    let rows: Vec<String> = (lo - 1..=hi + 1).map(|r| r.to_string()).collect();
    assert_eq!(edge_names(&svg, "left"), rows);
    assert_eq!(edge_names(&svg, "right"), rows);
    for (tile, row) in &laid {
        assert_named(&svg, &format!("tile-{tile}"), &tile[1..], &row.to_string());
    }
    // Before the first tile: row 0 alone.
    let (_, svg) = picture(&rec, Some(0));
    assert_eq!(edge_names(&svg, "left"), strings(&["0"]));
}

/// DF-3, DF-4: under the table, the set-aside tiles and each player's hand,
/// each under a name: whose, and how many tiles; a player out says so.
#[test]
fn df3_domino_hands_are_named_under_the_table() {
    let rec = record("domino", None, "labels-domino", 2);
    let (scene, svg) = picture(&rec, Some(0));
    let (_, _, table_bottom) = svg_label(&svg, "coord-bottom-1").unwrap();
    let (aside, _, aside_y) = svg_label(&svg, "name-aside").unwrap();
    assert_eq!(aside, "set aside, face down: 2");
    assert!(aside_y > table_bottom);
    let doc: toml::Table = toml::from_str(&rec).unwrap();
    let mut last_y = aside_y;
    for (p, name) in ["Anna", "Bruno"].iter().enumerate() {
        let (text, x, y) = svg_label(&svg, &format!("name-{}", p + 1)).unwrap();
        assert_eq!(text, format!("{name}: 17 tiles"));
        assert!(y > last_y, "{name} under the holding before");
        last_y = y;
        // The name stands over the hand's first tile, from its left edge.
        let first = doc["setup"]["hands"][name].as_array().unwrap()[0]
            .as_str()
            .unwrap();
        let (tx, ty, ..) = svg_piece(&svg, &format!("held-{first}")).unwrap();
        assert!(y < ty && ty - y < 10.0, "{name}: {y} over {ty}");
        assert!(x > tx, "{name}: the name starts at the hand's left");
    }
    let backs = scene.items.iter().filter(|i| i.id.starts_with("aside-"));
    assert!(backs.clone().count() == 2 && backs.clone().all(|i| i.back));
}

/// MU-1, MU-3: Il Muro's columns are numbered 1-6 under the ground they
/// stand on, each centred under its column; the new wall (`new`) is named over
/// its piles and the old wall over its columns.
#[test]
fn mu1_muro_columns_are_numbered_under_the_ground() {
    let rec = fixture("muro", "legal-so-far.toml");
    let doc: toml::Table = toml::from_str(&rec).unwrap();
    let columns = doc["setup"]["columns"].as_array().unwrap();
    let (_, svg) = picture(&rec, Some(0));
    assert_eq!(
        edge_names(&svg, "bottom"),
        strings(&["1", "2", "3", "4", "5", "6"])
    );
    for (c, col) in columns.iter().enumerate() {
        // The bottom tile of each column stands right over its number.
        let bottom = col.as_str().unwrap().split_whitespace().next().unwrap();
        let (x, y, w, h) = svg_piece(&svg, &format!("tile-{bottom}")).unwrap();
        let (text, lx, ly) = svg_label(&svg, &format!("coord-bottom-{}", c + 1)).unwrap();
        assert_eq!(text, (c + 1).to_string());
        assert!(close(lx, x + w / 2.0) && ly > y + h && ly < y + h + 6.0);
    }
    let (new, _, new_y) = svg_label(&svg, "name-new").unwrap();
    let (old, _, old_y) = svg_label(&svg, "name-old").unwrap();
    assert_eq!((new.as_str(), old.as_str()), ("new wall (new)", "old wall"));
    assert!(new_y < old_y);
    // Every pile is still empty: six outlined places, and none in the wall.
    let (scene, _) = picture(&rec, Some(0));
    assert_eq!(scene.slots.len(), 6);
}

/// SF-1: the twelve insertion points are named round Scalafrutta's square as
/// records name them (`top1`..`top3` over its columns, `bottom1`.. under them,
/// `left1`.. and `right1`.. beside its rows); each player's tiles lie under
/// their name and total (SF-6).
#[test]
fn sf1_scalafrutta_insertion_points_and_players_are_named() {
    let rec = fixture("scalafrutta", "legal-so-far.toml");
    let (_, svg) = picture(&rec, Some(0));
    let doc: toml::Table = toml::from_str(&rec).unwrap();
    let square: Vec<Vec<String>> = doc["setup"]["square"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_str()
                .unwrap()
                .split_whitespace()
                .map(String::from)
                .collect()
        })
        .collect();
    for side in ["top", "bottom", "left", "right"] {
        let want: Vec<String> = (1..=3).map(|k| format!("{side}{k}")).collect();
        assert_eq!(edge_names(&svg, side), want, "{side}");
    }
    for (r, row) in square.iter().enumerate() {
        for (c, tile) in row.iter().enumerate() {
            let (cx, cy) = centre(&svg, &format!("tile-{tile}"));
            let file = |side: &str| svg_label(&svg, &format!("coord-{side}-{side}{}", c + 1));
            let rank = |side: &str| svg_label(&svg, &format!("coord-{side}-{side}{}", r + 1));
            assert!(close(file("top").unwrap().1, cx) && close(file("bottom").unwrap().1, cx));
            assert!(close(rank("left").unwrap().2, cy) && close(rank("right").unwrap().2, cy));
        }
    }
    // After move 5: anna holds B1 B6, bruno P4 P6 B4, each under their name.
    let (_, svg) = picture(&rec, Some(5));
    for (p, name, first) in [(1, "anna", "B1"), (2, "bruno", "P4")] {
        let (text, x, y) = svg_label(&svg, &format!("name-{p}")).unwrap();
        assert_eq!(text, format!("{name} (0 points)"));
        let (tx, ty, ..) = svg_piece(&svg, &format!("tile-{first}")).unwrap();
        assert!(y < ty && ty - y < 10.0 && x > tx - 2.0, "{name}");
    }
    let (pile, ..) = svg_label(&svg, "name-pile").unwrap();
    assert_eq!(pile, "face down: 22");
}

/// Every game's picture has a sensible shape at the setup, early, midway and
/// at the end: never wider than three times its height nor taller than three
/// times its width. The Domino picture of issue 26 (seed 3, move 5) was a
/// 697 x 89 strip, almost eight to one.
#[test]
fn every_picture_has_a_sensible_aspect() {
    let games: [(&str, Option<&str>, usize); 10] = [
        ("moon", None, 2),
        ("scalafrutta", None, 3),
        ("domino", None, 2),
        ("domino", None, 4),
        ("muro", None, 1),
        ("mosaico", None, 1),
        ("farfalia", None, 4),
        ("quincunx", None, 2),
        ("quincunx", Some("start-from-zero"), 2),
        ("quincunx", Some("solitaire"), 1),
    ];
    for (game, variant, players) in games {
        for seed in ["3", "aspect"] {
            let rec = record(game, variant, seed, players);
            let n = toml::from_str::<toml::Table>(&rec).unwrap()["move"]
                .as_array()
                .unwrap()
                .len();
            for upto in [0, 1, 5.min(n), n / 2, n] {
                let (_, svg) = picture(&rec, Some(upto));
                let a = aspect(&svg);
                assert!(
                    (1.0 / 3.0..=3.0).contains(&a),
                    "{game} {variant:?} seed {seed} move {upto}: {a:.2}"
                );
            }
        }
    }
    // The case, as `tavolo play domino --seed 3` deals it.
    let rec = tavolo::games::setup::play_record(&tavolo::games::setup::Spec {
        game: "domino".into(),
        seed: Some("3".into()),
        board: 1,
        ..Default::default()
    })
    .unwrap();
    let (_, svg) = picture(&rec, Some(5));
    assert!(aspect(&svg) < 2.5, "{}", aspect(&svg));
}

/// The outlined empty places print too: a PDF of a picture with slots is one
/// page, the same bytes on a second run.
#[test]
fn a_picture_with_empty_places_prints_the_same_twice() {
    let rec = fixture("mosaico", "legal-so-far.toml");
    let pdf = || {
        let shown = tavolo::show::show(Path::new("r.toml"), rec.clone(), Some(2)).unwrap();
        assert!(!shown.scene.slots.is_empty());
        tavolo::show::render::pdf(&shown.scene, shown.art).unwrap()
    };
    let a = pdf();
    assert!(a.starts_with(b"%PDF"));
    assert_eq!(a, pdf());
    let doc = lopdf::Document::load_mem(&a).unwrap();
    assert_eq!(doc.get_pages().len(), 1);
}
