//! The card kits (issue "Print kits II"): Farfalia (FA-1) and the Decktet, their
//! counts and structure, backs that fall behind their fronts in duplex, names
//! that fit, and the CLI's duplex, option and Tabletop Simulator switches.

use crate::kit_common;

use kit_common::{load, stderr, tavolo, templates};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use tavolo::kit::duplex::{Duplex, Edge};
use tavolo::kit::layout::Side;
use tavolo::kit::{self, LayoutOptions};

fn count(kit: &kit::Kit, component: &str) -> usize {
    kit.components
        .iter()
        .find(|c| c.name == component)
        .map_or(0, |c| c.pieces.len())
}

fn pieces<'a>(kit: &'a kit::Kit, component: &str) -> &'a [kit::model::Piece] {
    &kit.components
        .iter()
        .find(|c| c.name == component)
        .unwrap()
        .pieces
}

fn s<'a>(v: &'a toml::Value, key: &str) -> &'a str {
    v[key].as_str().unwrap()
}

#[test]
fn farfalia_has_52_play_25_subject_10_jolly_5_team_cards_fa1() {
    let k = load("farfalia");
    assert_eq!(count(&k, "play"), 52);
    assert_eq!(count(&k, "subjects"), 25);
    assert_eq!(count(&k, "jolly"), 10);
    assert_eq!(count(&k, "teams"), 5);
    assert_eq!(k.piece_count(), 52 + 25 + 10 + 5);
    for c in &k.components {
        assert_eq!((c.w_mm, c.h_mm), (63.0, 88.0), "{} is poker size", c.name);
    }

    // FA-1: R/G/B/O = rosso fragole, verde foglie, blu pesci, arancione conchiglie; 1..13 each, once.
    let mut play = BTreeSet::new();
    for p in pieces(&k, "play") {
        let card = format!("{}{}", s(&p["suit"], "code"), p["n"]);
        assert!(play.insert(card.clone()), "{card} twice");
    }
    assert_eq!(play.len(), 52);
    for code in ["R", "G", "B", "O"] {
        for n in 1..=13 {
            assert!(play.contains(&format!("{code}{n}")), "{code}{n} missing");
        }
    }
    let families: BTreeMap<&str, &str> = pieces(&k, "play")
        .iter()
        .map(|p| (s(&p["suit"], "code"), s(&p["suit"], "family")))
        .collect();
    assert_eq!(
        families,
        BTreeMap::from([
            ("B", "pesci"),
            ("G", "foglie"),
            ("O", "conchiglie"),
            ("R", "fragole")
        ])
    );
    // The butterfly ranks: 8, 10 and 12, and only those.
    let ranks: Vec<i64> = k.data["butterfly_ranks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_integer().unwrap())
        .collect();
    assert_eq!(ranks, [8, 10, 12]);

    // Subjects: 5 per family (butterflies + the four suit families); jolly: 2 per family.
    for (comp, per) in [("subjects", 5), ("jolly", 2)] {
        let mut by: BTreeMap<String, usize> = BTreeMap::new();
        for p in pieces(&k, comp) {
            *by.entry(s(&p["fam"], "family").to_string()).or_default() += 1;
        }
        let want: BTreeMap<String, usize> =
            ["conchiglie", "farfalle", "foglie", "fragole", "pesci"]
                .iter()
                .map(|f| (f.to_string(), per))
                .collect();
        assert_eq!(by, want, "{comp}");
    }
    let teams: Vec<&str> = pieces(&k, "teams")
        .iter()
        .map(|p| p["team"].as_str().unwrap())
        .collect();
    assert_eq!(teams, ["blu", "blu", "verde", "verde", "marrone"]);
}

#[test]
fn farfalia_subjects_have_their_own_back() {
    let k = load("farfalia");
    let back = |c: &str| {
        k.components
            .iter()
            .find(|x| x.name == c)
            .unwrap()
            .back
            .clone()
            .unwrap()
    };
    assert_ne!(back("play"), back("subjects"));
    assert_eq!(back("play"), back("jolly"));
}

#[test]
fn decktet_has_36_cards_and_45_with_the_extended_option() {
    let k = load("decktet");
    assert_eq!(
        k.options.get("extended"),
        Some(&kit::model::OptionValue::Switch(true))
    );
    assert_eq!(k.piece_count(), 45);
    let basic = kit::model::load_with(
        &templates().join("decktet.toml"),
        &[("extended".to_string(), "false".to_string())],
    )
    .unwrap();
    assert_eq!(basic.piece_count(), 36);
    assert!(basic.components.iter().all(|c| c.name != "extended"));
}

/// The Decktet's known structure: 6 Aces and 6 Crowns of one suit each; ranks
/// 2-9 three cards of two suits, every suit once per rank; 4 Pawns and 4 Courts
/// of three suits, every suit twice among each; the Excuse has none.
#[test]
fn decktet_card_list_has_the_decks_structure() {
    let k = load("decktet");
    let suits: Vec<String> = k.data["suit_order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        suits,
        ["moons", "suns", "waves", "leaves", "wyrms", "knots"]
    );
    let all: BTreeSet<&str> = suits.iter().map(String::as_str).collect();
    let cards: Vec<(&str, &str, Vec<&str>)> = k
        .components
        .iter()
        .flat_map(|c| c.pieces.iter())
        .map(|p| {
            (
                p["rank"].as_str().unwrap(),
                p["name"].as_str().unwrap(),
                p["suits"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect(),
            )
        })
        .collect();
    let names: BTreeSet<&str> = cards.iter().map(|c| c.1).collect();
    assert_eq!(names.len(), 45, "names are unique");
    for (_, name, ss) in &cards {
        for s in ss {
            assert!(all.contains(s), "{name}: unknown suit {s}");
            assert!(k.data["suits"].get(*s).is_some(), "{s} has no art");
        }
    }
    let of = |rank: &str| -> Vec<&(&str, &str, Vec<&str>)> {
        cards.iter().filter(|c| c.0 == rank).collect()
    };
    for (rank, n, per) in [("A", 6, 1), ("Crown", 6, 1)] {
        let cs = of(rank);
        assert_eq!(cs.len(), n, "{rank}");
        let used: BTreeSet<&str> = cs.iter().flat_map(|c| c.2.iter().copied()).collect();
        assert_eq!(used, all, "{rank}s cover every suit");
        assert!(cs.iter().all(|c| c.2.len() == per));
    }
    for rank in 2..=9 {
        let r = rank.to_string();
        let cs = of(&r);
        assert_eq!(cs.len(), 3, "three cards of rank {rank}");
        assert!(cs.iter().all(|c| c.2.len() == 2 && c.2[0] != c.2[1]));
        let mut used: Vec<&str> = cs.iter().flat_map(|c| c.2.iter().copied()).collect();
        used.sort();
        let mut want: Vec<&str> = all.iter().copied().collect();
        want.sort();
        assert_eq!(used, want, "rank {rank} uses every suit once");
    }
    for rank in ["Pawn", "Court"] {
        let cs = of(rank);
        assert_eq!(cs.len(), 4, "{rank}s");
        assert!(cs.iter().all(|c| c.2.len() == 3));
        let mut times: BTreeMap<&str, usize> = BTreeMap::new();
        for c in &cs {
            for s in &c.2 {
                *times.entry(s).or_default() += 1;
            }
        }
        assert!(
            all.iter().all(|s| times.get(s) == Some(&2)),
            "{rank}s use each suit twice: {times:?}"
        );
    }
    let excuse = of("Excuse");
    assert_eq!(excuse.len(), 1);
    assert!(excuse[0].2.is_empty());
    // Each suit is on ten basic cards: its Ace, its Crown and one card of each rank 2-9.
    for s in &all {
        let n = cards
            .iter()
            .filter(|c| !matches!(c.0, "Pawn" | "Court" | "Excuse") && c.2.contains(s))
            .count();
        assert_eq!(n, 10, "{s}");
    }
    // Spot checks against the published list.
    let find = |name: &str| cards.iter().find(|c| c.1 == name).unwrap();
    assert_eq!(find("The Chance Meeting").0, "7");
    assert_eq!(find("The Chance Meeting").2, ["moons", "leaves"]);
    assert_eq!(find("The Savage").2, ["leaves", "wyrms"]);
    assert_eq!(find("The Light Keeper").2, ["suns", "waves", "knots"]);
}

/// Every back sits behind its front: same piece, mirrored across the flip edge,
/// then moved by exactly the offset.
fn check_backs(kit: &kit::Kit, duplex: Duplex) -> usize {
    let opts = LayoutOptions {
        duplex,
        ..LayoutOptions::default()
    };
    let r = kit::render(kit, &opts).unwrap();
    let mut checked = 0;
    for pair in r.sheets.windows(2) {
        let (front, back) = (&pair[0], &pair[1]);
        if !(front.side == Side::Front && back.side == Side::Back) {
            continue;
        }
        assert_eq!(front.placements.len(), back.placements.len());
        let (w, h) = (front.w_mm, front.h_mm);
        for f in &front.placements {
            let b = back
                .placements
                .iter()
                .find(|b| b.piece == f.piece && b.component == f.component)
                .expect("every front has its back on the next sheet");
            let (dx, dy) = duplex.offset_mm;
            let (ex, ey) = match duplex.edge {
                Edge::Long => (w - f.rect.x - f.rect.w, f.rect.y),
                Edge::Short => (f.rect.x, h - f.rect.y - f.rect.h),
            };
            assert!((b.rect.x - (ex + dx)).abs() < 1e-9, "{f:?} / {b:?}");
            assert!((b.rect.y - (ey + dy)).abs() < 1e-9, "{f:?} / {b:?}");
            assert_eq!((b.rect.w, b.rect.h), (f.rect.w, f.rect.h));
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_back_mirrors_its_front_on_the_long_and_short_edge() {
    for name in ["farfalia", "decktet"] {
        let k = load(name);
        for edge in [Edge::Long, Edge::Short] {
            let n = check_backs(
                &k,
                Duplex {
                    edge,
                    offset_mm: (0.0, 0.0),
                },
            );
            assert_eq!(n, k.piece_count(), "{name} {edge}: every card has a back");
        }
    }
}

#[test]
fn the_duplex_offset_moves_backs_by_exactly_that_much() {
    let k = load("farfalia");
    for edge in [Edge::Long, Edge::Short] {
        let n = check_backs(
            &k,
            Duplex {
                edge,
                offset_mm: (1.25, -0.5),
            },
        );
        assert_eq!(n, 92);
    }
    // And compared directly: the same back, with and without the offset.
    let plain = kit::render(&k, &LayoutOptions::default()).unwrap();
    let moved = kit::render(
        &k,
        &LayoutOptions {
            duplex: Duplex {
                edge: Edge::Long,
                offset_mm: (2.0, 3.0),
            },
            ..LayoutOptions::default()
        },
    )
    .unwrap();
    let (a, b) = (
        &plain.sheets[1].placements[4],
        &moved.sheets[1].placements[4],
    );
    assert_eq!(plain.sheets[1].side, Side::Back);
    assert!((b.rect.x - a.rect.x - 2.0).abs() < 1e-12);
    assert!((b.rect.y - a.rect.y - 3.0).abs() < 1e-12);
    // Fronts do not move.
    assert_eq!(plain.sheets[0].placements, moved.sheets[0].placements);
}

/// Every text of every card lies inside the card's frame, and each Decktet name
/// inside its band: names are shrunk, never overflowing or clipped.
#[test]
fn card_names_fit_their_boxes() {
    for name in ["decktet", "farfalia"] {
        let k = load(name);
        let faces = kit::template::render_faces(&k).unwrap();
        let mut texts = 0;
        for (ci, (fronts, _)) in faces.components.iter().enumerate() {
            let c = &k.components[ci];
            for &f in fronts {
                let mut boxes = Vec::new();
                collect_text(faces.faces[f].tree.root(), &mut boxes);
                for r in boxes {
                    texts += 1;
                    assert!(
                        r.left() >= 2.5
                            && r.right() <= c.w_mm as f32 - 2.5
                            && r.top() >= 2.5
                            && r.bottom() <= c.h_mm as f32 - 2.5,
                        "{name}/{}: text at {r:?} leaves the card's frame",
                        c.name
                    );
                    if name == "decktet" && r.top() > 50.0 && r.bottom() < 70.0 {
                        // The name band: x 5..58, y 57..65.
                        assert!(
                            r.left() >= 5.0
                                && r.right() <= 58.0
                                && r.top() >= 57.0
                                && r.bottom() <= 65.0,
                            "a Decktet name at {r:?} leaves its band"
                        );
                    }
                }
            }
        }
        assert!(texts > 0, "{name}: no text found");
    }
}

fn collect_text(g: &usvg::Group, out: &mut Vec<usvg::Rect>) {
    for n in g.children() {
        match n {
            usvg::Node::Group(g) => collect_text(g, out),
            usvg::Node::Text(t) => out.push(t.abs_bounding_box()),
            _ => {}
        }
    }
}

#[test]
fn kit_all_renders_the_five_kits() {
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo(&[
        "kit",
        "all",
        "--out",
        dir.path().to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let kits: BTreeMap<String, u64> = v["kits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            (
                k["kit"].as_str().unwrap().to_string(),
                k["pieces"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(kits.get("farfalia"), Some(&92));
    assert_eq!(kits.get("decktet"), Some(&45));
    // natura: the board, 120 tiles, 6 racks, the score sheet.
    assert_eq!(kits.get("natura"), Some(&128));
    assert!(kits.contains_key("fruit") && kits.contains_key("moon"));
    for k in v["kits"].as_array().unwrap() {
        assert!(
            k["bytes"].as_u64().unwrap() < 1_000_000,
            "{k}: PDF under 1 MB"
        );
    }
}

/// Run the CLI expecting exit 2 and nothing written to the output folder.
fn refused(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--out", out.to_str().unwrap()]);
    let o = tavolo(&all);
    assert_eq!(o.status.code(), Some(2), "{:?}: {}", args, stderr(&o));
    let left: Vec<_> = std::fs::read_dir(&out)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "files left behind: {left:?}");
    stderr(&o)
}

#[test]
fn an_offset_that_is_not_two_numbers_is_refused() {
    for bad in ["1", "1,2,3", "a,1", "1;2", "nan,1", "30,0"] {
        let e = refused(&["kit", "farfalia", "--duplex-offset", bad]);
        assert!(e.contains("error[kit.duplex-offset]"), "{bad}: {e}");
        assert!(e.contains(bad), "{bad}: the message quotes the input: {e}");
    }
    let e = refused(&["kit", "farfalia", "--duplex", "sideways"]);
    assert!(e.contains("error[kit.duplex-edge]"), "{e}");
}

#[test]
fn a_bad_or_unknown_option_is_refused() {
    let e = refused(&["kit", "decktet", "--option", "extended"]);
    assert!(e.contains("error[kit.option]"), "{e}");
    let e = refused(&["kit", "decktet", "--option", "jokers=true"]);
    assert!(
        e.contains("error[kit.option]") && e.contains("jokers"),
        "{e}"
    );
}

#[test]
fn a_missing_back_template_points_at_the_definition() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("art")).unwrap();
    std::fs::write(
        dir.path().join("art/front.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}"><rect width="{{ w }}" height="{{ h }}" fill="#eee"/></svg>"##,
    )
    .unwrap();
    let def = dir.path().join("deck.toml");
    std::fs::write(
        &def,
        "name = \"deck\"\n[[component]]\nname = \"cards\"\nsize_mm = [63, 88]\nfront = \"art/front.svg\"\nback = \"art/no-such-back.svg\"\nitems = [{}, {}]\n",
    )
    .unwrap();
    let e = refused(&["kit", def.to_str().unwrap()]);
    assert!(
        e.contains("error[kit.template-missing]")
            && e.contains("deck.toml:6:")
            && e.contains("no-such-back.svg"),
        "{e}"
    );
}

/// Width and height of a PNG, from its header.
fn png_size(path: &Path) -> (u32, u32) {
    let b = std::fs::read(path).unwrap();
    assert_eq!(&b[..8], b"\x89PNG\r\n\x1a\n", "{}", path.display());
    let be = |i: usize| u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    (be(16), be(20))
}

#[test]
fn tts_sheets_hold_up_to_69_cards_plus_the_hidden_slot() {
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo(&[
        "kit",
        "farfalia",
        "--tts",
        "--json",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let images = v["tts"].as_array().unwrap();
    let play = images
        .iter()
        .find(|i| i["deck"] == "play" && i["kind"] == "faces")
        .unwrap();
    assert_eq!(
        (
            play["cards"].as_u64(),
            play["cols"].as_u64(),
            play["rows"].as_u64()
        ),
        (Some(52), Some(10), Some(6))
    );
    let (w, h) = png_size(Path::new(play["path"].as_str().unwrap()));
    assert_eq!((w, h), (10 * 409, 6 * 572));
    assert!(w <= 4096 && h <= 4096);
    let back = dir.path().join("farfalia-tts-play-back.png");
    assert_eq!(png_size(&back), (409, 572));
    // Every deck has its sheet and its back.
    for deck in ["play", "subjects", "jolly", "teams"] {
        assert!(dir
            .path()
            .join(format!("farfalia-tts-{deck}.png"))
            .is_file());
        assert!(dir
            .path()
            .join(format!("farfalia-tts-{deck}-back.png"))
            .is_file());
    }
}

#[test]
fn a_deck_too_large_for_one_tts_sheet_is_split() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("art")).unwrap();
    std::fs::write(
        dir.path().join("art/front.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}"><rect width="{{ w }}" height="{{ h }}" fill="#eee"/><text x="5" y="20" font-size="10">{{ n }}</text></svg>"##,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("art/back.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}"><rect width="{{ w }}" height="{{ h }}" fill="#234"/></svg>"##,
    )
    .unwrap();
    let def = dir.path().join("big.toml");
    std::fs::write(
        &def,
        "name = \"big\"\n[[component]]\nname = \"cards\"\nsize_mm = [63, 88]\nfront = \"art/front.svg\"\nback = \"art/back.svg\"\n[[component.product]]\nfield = \"n\"\nrange = [1, 150]\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = tavolo(&[
        "kit",
        def.to_str().unwrap(),
        "--tts",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // 150 cards = 69 + 69 + 12, each sheet with its hidden slot.
    assert_eq!(png_size(&out.join("big-tts-cards-1.png")), (4090, 7 * 572));
    assert_eq!(png_size(&out.join("big-tts-cards-2.png")), (4090, 7 * 572));
    assert_eq!(
        png_size(&out.join("big-tts-cards-3.png")),
        (10 * 409, 2 * 572)
    );
    assert!(!out.join("big-tts-cards-4.png").exists());
    // What was written is said on standard error (issue 26).
    let text = String::from_utf8_lossy(&o.stderr);
    assert!(text.contains("69 cards, width 10 height 7"), "{text}");
    assert!(text.contains("12 cards, width 10 height 2"), "{text}");
}

#[test]
fn calibrate_writes_a_two_page_sheet_and_refuses_bad_offsets() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = tavolo(&[
        "kit",
        "calibrate",
        "--out",
        out,
        "--duplex",
        "short",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["duplex"], "short");
    let pdf = std::fs::read(dir.path().join("calibrate.pdf")).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 2);
    let e = refused(&["kit", "calibrate", "--duplex-offset", "1,x"]);
    assert!(e.contains("error[kit.duplex-offset]"), "{e}");
}

#[test]
fn farfalia_cards_that_share_a_back_share_sheets() {
    // play, jolly and teams all have the play deck's back: 67 cards on 8
    // sheets of 9; the subjects (own back) 25 on 3. With backs: 22 pages,
    // where one sheet per component took 24 and printed a jolly alone.
    let k = load("farfalia");
    let r = kit::render(&k, &LayoutOptions::default()).unwrap();
    assert_eq!(r.sheets.len(), 22);
    let fronts: Vec<_> = r.sheets.iter().filter(|s| s.side == Side::Front).collect();
    assert_eq!(fronts.len(), 11);
    let back_of = |s: &kit::Sheet| k.components[s.placements[0].component].back.clone();
    for s in &fronts {
        assert!(s.placements.len() > 1, "a card alone: {}", s.label);
        // A sheet holds pieces of one back only.
        assert!(s.placements.iter().all(
            |p| k.components[p.component].back == k.components[s.placements[0].component].back
        ));
    }
    // At most one part-filled sheet per back.
    let mut partial = BTreeMap::new();
    for s in &fronts {
        if s.placements.len() < 9 {
            *partial.entry(back_of(s)).or_insert(0) += 1;
        }
    }
    assert!(partial.values().all(|&n| n <= 1), "{partial:?}");
    // Jolly fill the play deck's last sheet, and its label says so.
    assert!(fronts.iter().any(|s| s.label.contains("play, jolly")));
    assert!(fronts.iter().any(|s| s.label.contains("jolly, teams")));
    // Every card still printed exactly once, each with its back behind it.
    let printed: usize = fronts.iter().map(|s| s.placements.len()).sum();
    assert_eq!(printed, 92);
    assert_eq!(
        check_backs(
            &k,
            Duplex {
                edge: Edge::Long,
                offset_mm: (0.0, 0.0)
            }
        ),
        92
    );
}

// Natura Shakerata (seed 003), ruling NS-1: the FIGS set and board.

/// The NS-1 tile counts: 1 pt O15 A14 I12 E11; 2 pt C6 R6 S6 T6; 3 pt L5 M5
/// N5 U5; 5 pt B3 D3 F3 P3 V3; 8 pt G2 H2 Z2; 10 pt Q1; 2 jolly at 0.
const NS1_TILES: &str =
    "O1x15 A1x14 I1x12 E1x11 C2x6 R2x6 S2x6 T2x6 L3x5 M3x5 N3x5 U3x5 B5x3 D5x3 F5x3 P5x3 V5x3 G8x2 H8x2 Z8x2 Q10x1 ?0x2";

#[test]
fn natura_has_the_120_figs_tiles_ns1() {
    let k = load("natura");
    let tiles = pieces(&k, "tiles");
    assert_eq!(tiles.len(), 120);
    let mut counts: BTreeMap<(String, i64), usize> = BTreeMap::new();
    for t in tiles {
        let key = (
            s(&t["tile"], "letter").to_string(),
            t["tile"]["value"].as_integer().unwrap(),
        );
        *counts.entry(key).or_default() += 1;
    }
    let want: BTreeMap<(String, i64), usize> = NS1_TILES
        .split(' ')
        .map(|w| {
            let (lv, n) = w.split_once('x').unwrap();
            let (l, v) = lv.split_at(1);
            ((l.to_string(), v.parse().unwrap()), n.parse().unwrap())
        })
        .collect();
    assert_eq!(counts, want);
    // No J K W X Y tiles: those letters exist only as a jolly (NS-2).
    assert!(!counts.keys().any(|(l, _)| "JKWXY".contains(l.as_str())));
    // Six racks, one score sheet.
    assert_eq!(count(&k, "racks"), 6);
    assert_eq!(count(&k, "score sheet"), 1);
    // All the tiles on one sheet, with one back sheet behind.
    let r = kit::render(&k, &LayoutOptions::default()).unwrap();
    let tile_sheets: Vec<_> = r
        .sheets
        .iter()
        .filter(|s| k.components[s.component].name == "tiles")
        .collect();
    assert_eq!(tile_sheets.len(), 2);
    assert_eq!(tile_sheets[0].placements.len(), 120);
    assert_eq!(tile_sheets[1].side, Side::Back);
    let backs: BTreeSet<usize> = tile_sheets[1].placements.iter().map(|p| p.face).collect();
    assert_eq!(backs.len(), 1, "every tile has the same back");
}

/// Every square of a rendered board face: (fill colour, count), from its
/// drawn squares (19.2 board units a side).
fn board_squares(g: &usvg::Group, out: &mut BTreeMap<String, usize>) {
    for n in g.children() {
        match n {
            usvg::Node::Group(g) => board_squares(g, out),
            usvg::Node::Path(p) => {
                let b = p.data().bounds();
                if (b.width() - 19.2).abs() < 0.01 && (b.height() - 19.2).abs() < 0.01 {
                    if let Some(usvg::Paint::Color(c)) = p.fill().map(|f| f.paint()) {
                        let hex = format!("#{:02x}{:02x}{:02x}", c.red, c.green, c.blue);
                        *out.entry(hex).or_default() += 1;
                    }
                }
            }
            _ => {}
        }
    }
}

#[test]
fn natura_board_has_225_squares_and_the_figs_premiums_ns1() {
    let k = load("natura");
    let p = k.data["premiums"].as_table().unwrap();
    let list = |key: &str| -> Vec<&str> {
        p[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect()
    };
    assert_eq!(list("TW").len(), 8);
    assert_eq!(list("DW").len(), 17);
    assert!(list("DW").contains(&"H8"), "the star is a double word");
    assert_eq!(p["star"].as_str(), Some("H8"));
    assert_eq!(list("TL").len(), 12);
    assert_eq!(list("DL").len(), 24);
    // No square twice; every square on the 15 x 15 board; the layout is
    // symmetric under the board's eight symmetries.
    let mut all = BTreeSet::new();
    for key in ["TW", "DW", "TL", "DL"] {
        for sq in list(key) {
            let (c, r) = sq.split_at(1);
            let (c, r) = (c.as_bytes()[0] - b'A', r.parse::<u8>().unwrap() - 1);
            assert!(c < 15 && r < 15, "{sq}");
            assert!(all.insert((c, r)), "{sq} twice");
            for (x, y) in [(14 - c, r), (c, 14 - r), (r, c)] {
                let mirror = format!("{}{}", (b'A' + x) as char, y + 1);
                assert!(
                    list(key).contains(&mirror.as_str()),
                    "{key}: {sq} but not {mirror}"
                );
            }
        }
    }
    // The printed board: 225 squares, the premiums in their colours.
    let r = kit::render(&k, &LayoutOptions::default()).unwrap();
    let board = k.components.iter().position(|c| c.name == "board").unwrap();
    let face = r.faces.components[board].0[0];
    let mut squares = BTreeMap::new();
    board_squares(r.faces.faces[face].tree.root(), &mut squares);
    assert_eq!(squares.values().sum::<usize>(), 225, "{squares:?}");
    let style = k.data["premium_style"].as_table().unwrap();
    for (key, n) in [("TW", 8), ("DW", 17), ("TL", 12), ("DL", 24)] {
        let fill = style[key]["fill"].as_str().unwrap();
        assert_eq!(squares.get(fill), Some(&n), "{key} {fill}: {squares:?}");
    }
    // Squares take the 19 mm tiles: 20 mm each.
    let c = &k.components[board];
    assert_eq!((c.w_mm, c.h_mm), (316.0, 316.0));
    let tiles = &k.components[k.components.iter().position(|c| c.name == "tiles").unwrap()];
    let square = (c.w_mm - 2.0 * 8.0) / 15.0;
    assert!(square > tiles.w_mm && square - tiles.w_mm <= 1.5);
}

#[test]
fn natura_board_is_split_2x2_around_the_star_with_an_assembly_map() {
    let k = load("natura");
    let r = kit::render(&k, &LayoutOptions::default()).unwrap();
    let board: Vec<_> = r
        .sheets
        .iter()
        .filter(|s| k.components[s.component].name == "board")
        .collect();
    assert_eq!(board.len(), 5, "the map and 4 parts");
    let map = board[0].map.as_ref().unwrap();
    let names: Vec<&str> = map.parts.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["A1", "A2", "B1", "B2"]);
    // No seam crosses the star H8 (148..168 mm both ways): they fall on
    // the grid lines beside it.
    for s in &board[1..] {
        let p = &s.placements[0];
        for seam in [p.clip.right() - p.rect.x, p.clip.bottom() - p.rect.y] {
            assert!(
                !(seam > 148.0 + 1e-9 && seam < 168.0 - 1e-9),
                "seam at {seam}"
            );
            assert!(
                seam == 316.0 || ((seam - 8.0) / 20.0).fract().abs() < 1e-9,
                "{seam}"
            );
        }
    }
    // The whole PDF reads back.
    let doc = lopdf::Document::load_mem(&r.pdf).unwrap();
    assert_eq!(doc.get_pages().len(), r.sheets.len());
}

#[test]
fn natura_board_fits_one_sheet_on_request() {
    let path = templates().join("natura.toml");
    let k = kit::model::load_with(&path, &[("board".to_string(), "fit".to_string())]).unwrap();
    let r = kit::render(&k, &LayoutOptions::default()).unwrap();
    let board: Vec<_> = r
        .sheets
        .iter()
        .filter(|s| k.components[s.component].name == "board")
        .collect();
    assert_eq!(board.len(), 1);
    assert!(board[0].map.is_none() && board[0].part.is_none());
    // And from the command line; an unknown choice is refused.
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo(&[
        "kit",
        "natura",
        "--option",
        "board=fit",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = refused(&["kit", "natura", "--option", "board=huge"]);
    assert!(
        e.contains("error[kit.option]") && e.contains("split, fit"),
        "{e}"
    );
}
