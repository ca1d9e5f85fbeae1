//! Printer profiles (issue 29): `tavolo kit calibrate --save NAME` keeps what
//! was measured in the user's config folder ($XDG_CONFIG_HOME honoured; here a
//! temporary one), and `--printer NAME` applies it to every kit: backs moved
//! by its offset, pieces scaled to undo its error, every sheet naming it.

use std::path::Path;
use std::process::{Command, Output};

use tavolo::kit::{self, LayoutOptions};

use crate::kit_common::load;

fn tavolo(cfg: &Path, dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", cfg)
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

#[test]
fn a_saved_profile_moves_every_back_and_names_itself_on_every_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, d) = (dir.path().join("cfg"), dir.path());
    let o = tavolo(
        &cfg,
        d,
        &[
            "kit",
            "calibrate",
            "--save",
            "office",
            "--duplex-offset",
            "1.5,-0.5",
            "--scale",
            "99.5,100",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let file = cfg.join("tavolo/printers/office.toml");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("duplex_offset_mm = [1.5, -0.5]"), "{saved}");
    assert!(saved.contains("scale_pct = [99.5, 100.0]"), "{saved}");

    // Applied from the CLI: written, and the PDF differs from the plain one.
    let o = tavolo(
        &cfg,
        d,
        &[
            "kit",
            "fruit",
            "--printer",
            "office",
            "--out",
            "p",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let plain = tavolo(&cfg, d, &["kit", "fruit", "--out", "q"]);
    assert_eq!(plain.status.code(), Some(0));
    assert_ne!(
        std::fs::read(d.join("p/fruit.pdf")).unwrap(),
        std::fs::read(d.join("q/fruit.pdf")).unwrap()
    );

    // What it does, through the library with the profile's numbers.
    let profile: kit::printer::Profile = toml::from_str(&saved).unwrap();
    let k = load("fruit");
    let plain = kit::render(&k, &LayoutOptions::default()).unwrap();
    let opts = LayoutOptions {
        duplex: kit::duplex::Duplex {
            edge: profile.duplex.parse().unwrap(),
            offset_mm: (profile.duplex_offset_mm[0], profile.duplex_offset_mm[1]),
        },
        printer: Some("office"),
        ..Default::default()
    };
    let moved = kit::render(&k, &opts).unwrap();
    let mut backs = 0;
    for (a, b) in plain.sheets.iter().zip(&moved.sheets) {
        assert!(b.label.ends_with(" · printer office"), "{}", b.label);
        if a.side == kit::layout::Side::Back {
            for (p, q) in a.placements.iter().zip(&b.placements) {
                assert!((q.rect.x - p.rect.x - 1.5).abs() < 1e-9);
                assert!((q.rect.y - p.rect.y + 0.5).abs() < 1e-9);
                backs += 1;
            }
        }
    }
    assert_eq!(backs, k.piece_count());

    // The scale: a piece drawn 100 / 99.5 as wide, as tall as it was.
    let scaled = kit::render(
        &k,
        &LayoutOptions {
            scale: (100.0 / 99.5, 1.0),
            ..Default::default()
        },
    )
    .unwrap();
    let (p, q) = (
        &plain.sheets[0].placements[0],
        &scaled.sheets[0].placements[0],
    );
    assert!((q.rect.w - p.rect.w * 100.0 / 99.5).abs() < 1e-9);
    assert!((q.rect.h - p.rect.h).abs() < 1e-9);
}

#[test]
fn absurd_or_missing_profiles_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, d) = (dir.path().join("cfg"), dir.path());
    let printers = cfg.join("tavolo/printers");
    std::fs::create_dir_all(&printers).unwrap();
    std::fs::write(
        printers.join("wild.toml"),
        "paper = \"a4\"\nduplex = \"long\"\nduplex_offset_mm = [35, 0]\n",
    )
    .unwrap();
    let o = tavolo(
        &cfg,
        d,
        &["kit", "fruit", "--printer", "wild", "--out", "o"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("wild.toml: duplex_offset_mm x = 35 mm is beyond 20 mm"),
        "{}",
        text(&o)
    );
    assert!(!d.join("o/fruit.pdf").exists());

    let o = tavolo(
        &cfg,
        d,
        &["kit", "fruit", "--printer", "nope", "--out", "o"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("no printer profile `nope`"),
        "{}",
        text(&o)
    );

    let o = tavolo(
        &cfg,
        d,
        &["kit", "calibrate", "--save", "shrunk", "--scale", "80,100"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("scale_pct across = 80%"), "{}", text(&o));
    assert!(!printers.join("shrunk.toml").exists());

    let o = tavolo(
        &cfg,
        d,
        &[
            "kit",
            "calibrate",
            "--save",
            "../up",
            "--duplex-offset",
            "1,1",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}
