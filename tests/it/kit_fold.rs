//! Fold-over backs (issue 29): `--fold` prints each front beside its back on
//! one side of the sheet, a dashed fold line between them and crop marks round
//! each pair, never along its fold; cards and tiles alike.

use tavolo::kit::{self, layout::Side, LayoutOptions};

use crate::kit_common::{load, tavolo_in};

fn fold() -> LayoutOptions {
    LayoutOptions {
        fold: true,
        ..Default::default()
    }
}

/// Fruit's tiles (56 x 28) and the Decktet's cards: every piece once, its back
/// just right of its front, upright, on a front sheet; the fold line on their
/// shared edge; no crop mark on a fold.
#[test]
fn each_back_lies_beside_its_front_with_a_fold_line_between() {
    for name in ["fruit", "decktet"] {
        let k = load(name);
        let r = kit::render(&k, &fold()).unwrap();
        let mut pieces = 0;
        for s in &r.sheets {
            assert_eq!(s.side, Side::Front, "{name}: one-sided sheets only");
            for pair in s.placements.chunks(2) {
                let [front, back] = pair else {
                    panic!("{name}: a front without its back")
                };
                let (fronts, backs) = &r.faces.components[front.component];
                assert_eq!(front.face, fronts[front.piece]);
                assert_eq!(back.face, backs.as_ref().unwrap()[front.piece]);
                assert_eq!((back.component, back.piece), (front.component, front.piece));
                assert!((back.rect.x - front.rect.right()).abs() < 1e-9, "{name}");
                assert_eq!(
                    (back.rect.y, back.rect.w, back.rect.h),
                    (front.rect.y, front.rect.w, front.rect.h)
                );
                assert_eq!((front.rotation, back.rotation), (0, 0));
                let fold_x = back.rect.x;
                assert!(
                    s.guides.iter().any(|g| (g.x1 - fold_x).abs() < 1e-9
                        && (g.x2 - fold_x).abs() < 1e-9
                        && (g.y1 - front.rect.y).abs() < 1e-9
                        && (g.y2 - front.rect.bottom()).abs() < 1e-9),
                    "{name}: no fold line at x = {fold_x}"
                );
                assert!(
                    !s.marks
                        .iter()
                        .any(|m| m.x1 == m.x2 && (m.x1 - fold_x).abs() < 1e-6),
                    "{name}: a crop mark on the fold at x = {fold_x}"
                );
                pieces += 1;
            }
            let n = s.placements.len() / 2;
            assert!(s.label.contains(&format!("· {n} piece")), "{}", s.label);
            assert!(s.label.contains("fold the back behind"), "{}", s.label);
        }
        assert_eq!(pieces, k.piece_count(), "{name}");
    }
}

/// With bleed, art runs past the outer cut lines but not across the fold.
#[test]
fn bleed_stops_at_the_fold() {
    let k = load("fruit");
    let opts = LayoutOptions {
        bleed_mm: 2.0,
        ..fold()
    };
    let r = kit::render(&k, &opts).unwrap();
    let [front, back] = &r.sheets[0].placements[..2] else {
        panic!()
    };
    assert!((front.clip.x - (front.rect.x - 2.0)).abs() < 1e-9);
    assert!((front.clip.right() - front.rect.right()).abs() < 1e-9);
    assert!((back.clip.x - back.rect.x).abs() < 1e-9);
    assert!((back.clip.right() - (back.rect.right() + 2.0)).abs() < 1e-9);
}

#[test]
fn a_board_too_large_to_fold_is_refused_from_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo_in(dir.path(), &["kit", "moon", "--fold", "--out", "out"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("error[kit.fold]: <bundled>/moon.toml:")
            && err.contains("component `board` is 205 x 205 mm"),
        "{err}"
    );
    assert!(!dir.path().join("out/moon.pdf").exists());
    let o = tavolo_in(dir.path(), &["kit", "fruit", "--fold", "--out", "out"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(dir.path().join("out/fruit.pdf").exists());
}
