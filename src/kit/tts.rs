//! Tabletop Simulator sheets: how a deck is cut into "Custom Deck" images.
//!
//! TTS reads a deck as one image holding a grid of at most 10 columns x 7 rows of
//! equal cards, read left to right, top to bottom. The last slot of the grid
//! (bottom right) is the "hidden card": the face other players see for cards in a
//! hand. So a sheet holds at most 69 cards; a larger deck is split over several
//! sheets (several Custom Decks in TTS). We put the deck's back in the hidden slot.
//!
//! Size: TTS accepts images up to 10 000 px a side, but many graphics cards cap
//! textures at 4096 (or 8192) px, and TTS scales bigger images down. We keep every
//! sheet within 4096 x 4096 px: a poker card (63 x 88 mm) becomes 409 x 572 px
//! (6.5 px/mm, about 165 dpi), sharp on screen and a 1-3 MB PNG.

use std::path::{Path, PathBuf};

use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};

use crate::error::{Error, Result};
use crate::kit::model::Kit;
use crate::kit::template::KitFaces;

pub const MAX_COLS: u32 = 10;
pub const MAX_ROWS: u32 = 7;
/// Cards a sheet holds: every slot but the hidden-card slot.
pub const MAX_CARDS_PER_SHEET: usize = (MAX_COLS * MAX_ROWS) as usize - 1;
/// Largest sheet side we produce, in px (see the module note).
pub const MAX_SHEET_PX: u32 = 4096;
/// Resolution of a board's image (a piece too large for one printed sheet),
/// in px per mm: 8 px/mm is about 200 dpi, so a 316 mm board is 2528 px
/// a side, sharp when zoomed in on a table, and never over `MAX_SHEET_PX`.
pub const BOARD_PX_PER_MM: f64 = 8.0;

/// The size in px of a board's image: `BOARD_PX_PER_MM`, scaled down if
/// needed so that the longer side stays within `MAX_SHEET_PX`.
pub fn board_px(w_mm: f64, h_mm: f64) -> (u32, u32) {
    let max = f64::from(MAX_SHEET_PX);
    let k = BOARD_PX_PER_MM.min(max / w_mm.max(h_mm));
    (
        ((w_mm * k).round() as u32).max(1),
        ((h_mm * k).round() as u32).max(1),
    )
}

/// One TTS sheet of a deck: which cards it holds and its grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetPlan {
    /// Index of the first card of the deck on this sheet.
    pub first: usize,
    /// How many cards of the deck this sheet holds (≤ 69).
    pub count: usize,
    /// Grid size to enter in TTS as "Width" and "Height" (2..=10, 2..=7).
    pub cols: u32,
    pub rows: u32,
    /// One card's size in px.
    pub card_w_px: u32,
    pub card_h_px: u32,
}

impl SheetPlan {
    pub fn width_px(&self) -> u32 {
        self.cols * self.card_w_px
    }

    pub fn height_px(&self) -> u32 {
        self.rows * self.card_h_px
    }

    /// The hidden-card slot: always the grid's last (TTS's rule).
    pub fn hidden_slot(&self) -> u32 {
        self.cols * self.rows - 1
    }

    /// Top-left corner, in px, of grid slot `slot` (row-major).
    pub fn slot_origin(&self, slot: u32) -> (u32, u32) {
        (
            (slot % self.cols) * self.card_w_px,
            (slot / self.cols) * self.card_h_px,
        )
    }
}

/// Card size in px for a card of `w_mm` x `h_mm`, the same on every sheet, so
/// that a full 10 x 7 sheet stays within `MAX_SHEET_PX` a side.
pub fn card_px(w_mm: f64, h_mm: f64) -> Result<(u32, u32)> {
    if !(w_mm > 0.0 && h_mm > 0.0 && w_mm.is_finite() && h_mm.is_finite()) {
        return Err(Error::input(
            "kit.tts-size",
            format!("a card of {w_mm} x {h_mm} mm cannot be exported to Tabletop Simulator"),
        ));
    }
    let max = f64::from(MAX_SHEET_PX);
    let px_per_mm = (max / (f64::from(MAX_COLS) * w_mm)).min(max / (f64::from(MAX_ROWS) * h_mm));
    let w = (w_mm * px_per_mm).floor() as u32;
    let h = (h_mm * px_per_mm).floor() as u32;
    if w < 16 || h < 16 {
        return Err(Error::input(
            "kit.tts-size",
            format!(
                "a card of {w_mm} x {h_mm} mm would be only {w} x {h} px on a Tabletop Simulator sheet"
            ),
        ));
    }
    Ok((w, h))
}

/// Cut a deck of `n` cards of `w_mm` x `h_mm` into TTS sheets: as few as
/// possible, each at most 10 x 7 with its hidden slot, each grid as small as its
/// cards allow (TTS wants at least 2 x 2).
pub fn plan(n: usize, w_mm: f64, h_mm: f64) -> Result<Vec<SheetPlan>> {
    let (card_w_px, card_h_px) = card_px(w_mm, h_mm)?;
    let mut sheets = Vec::new();
    let mut first = 0;
    while first < n {
        let count = (n - first).min(MAX_CARDS_PER_SHEET);
        let slots = count as u32 + 1; // + hidden slot
        let cols = slots.clamp(2, MAX_COLS);
        let rows = slots.div_ceil(cols).max(2);
        sheets.push(SheetPlan {
            first,
            count,
            cols,
            rows,
            card_w_px,
            card_h_px,
        });
        first += count;
    }
    Ok(sheets)
}

/// One image written for Tabletop Simulator.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TtsImage {
    pub path: PathBuf,
    /// The component (deck) it belongs to.
    pub deck: String,
    /// `faces` (a sheet of fronts), `back` (one back for the whole deck),
    /// `backs` (a sheet of backs, one per card: TTS's "unique backs") or
    /// `board` (one board, too large for a printed sheet, as one image).
    pub kind: &'static str,
    /// Cards on the sheet (0 for a single back), and the grid to enter in TTS.
    pub cards: usize,
    pub cols: u32,
    pub rows: u32,
    pub width_px: u32,
    pub height_px: u32,
}

/// Draw one face at `w` x `h` px into `target` at (`x`, `y`). The face is drawn
/// on its own card-sized image first: resvg gives every nested SVG image a
/// scratch canvas as large as the target, which on a whole sheet costs
/// hundreds of ms per card.
fn draw(
    faces: &KitFaces,
    face: usize,
    target: &mut Pixmap,
    (x, y): (u32, u32),
    (w, h): (u32, u32),
) -> Result<()> {
    let tree = &faces.faces[face].tree;
    let size = tree.size();
    let mut card = pixmap(w, h)?;
    let ts = Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    resvg::render(tree, ts, &mut card.as_mut());
    target.draw_pixmap(
        x as i32,
        y as i32,
        card.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
    Ok(())
}

fn pixmap(w: u32, h: u32) -> Result<Pixmap> {
    let mut p = Pixmap::new(w, h)
        .ok_or_else(|| Error::failed("kit.tts", format!("cannot allocate a {w} x {h} px image")))?;
    p.fill(Color::WHITE);
    Ok(p)
}

fn encode(p: &Pixmap) -> Result<Vec<u8>> {
    p.encode_png()
        .map_err(|e| Error::failed("kit.tts", format!("cannot encode a TTS sheet: {e}")))
}

/// Render every component of `kit` as TTS deck images into `out_dir`:
/// `<kit>-tts-<deck>[-<n>].png` (fronts, the hidden-card slot holding the back),
/// and `<kit>-tts-<deck>-back.png` (or `-backs-<n>.png` when backs differ).
/// The component names as parts of file names: cleaned as a table id is (ASCII letters,
/// digits, `-` and `_`; any other character `_`; at most 64), so a name such as
/// `../../x` names no other folder; a name that cleans to one taken before gets `-2`...
pub fn file_stems<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut taken = std::collections::HashSet::new();
    let mut out = Vec::new();
    for name in names {
        let mut stem: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .take(64)
            .collect();
        if stem.is_empty() {
            stem.push('_');
        }
        let mut unique = stem.clone();
        let mut n = 1;
        while !taken.insert(unique.clone()) {
            n += 1;
            unique = format!("{stem}-{n}");
        }
        out.push(unique);
    }
    out
}

pub fn write(kit: &Kit, faces: &KitFaces, out_dir: &Path) -> Result<Vec<TtsImage>> {
    let mut files: Vec<(TtsImage, Vec<u8>)> = Vec::new();
    let stems = file_stems(kit.components.iter().map(|c| c.name.as_str()));
    for (ci, comp) in kit.components.iter().enumerate() {
        let stem = &stems[ci];
        let (fronts, backs) = &faces.components[ci];
        if !crate::kit::layout::fits_sheet(comp, crate::kit::Paper::A4) {
            // A board: not a deck of cards, but one image per board, each a
            // TTS "Custom Board" at a resolution worth looking at.
            let (w, h) = board_px(comp.w_mm, comp.h_mm);
            for (k, &face) in fronts.iter().enumerate() {
                let suffix = if fronts.len() > 1 {
                    format!("-{}", crate::kit::numbered(k + 1, fronts.len()))
                } else {
                    String::new()
                };
                let mut img = pixmap(w, h)?;
                draw(faces, face, &mut img, (0, 0), (w, h))?;
                files.push((
                    TtsImage {
                        path: out_dir.join(format!("{}-tts-{}{suffix}.png", kit.file_stem(), stem)),
                        deck: comp.name.clone(),
                        kind: "board",
                        cards: 0,
                        cols: 1,
                        rows: 1,
                        width_px: w,
                        height_px: h,
                    },
                    encode(&img)?,
                ));
            }
            continue;
        }
        let plans = plan(fronts.len(), comp.w_mm, comp.h_mm)?;
        let single_back = backs
            .as_ref()
            .filter(|b| b.windows(2).all(|w| w[0] == w[1]))
            .and_then(|b| b.first().copied());
        let several = plans.len() > 1;
        for (si, sp) in plans.iter().enumerate() {
            let suffix = if several {
                format!("-{}", crate::kit::numbered(si + 1, plans.len()))
            } else {
                String::new()
            };
            let (cw, ch) = (sp.card_w_px, sp.card_h_px);
            let mut sheet = pixmap(sp.width_px(), sp.height_px())?;
            for k in 0..sp.count {
                let (x, y) = sp.slot_origin(k as u32);
                draw(faces, fronts[sp.first + k], &mut sheet, (x, y), (cw, ch))?;
            }
            // The hidden-card slot: what other players see of a card in a hand.
            if let Some(b) = backs.as_ref().and_then(|b| b.get(sp.first)) {
                let (x, y) = sp.slot_origin(sp.hidden_slot());
                draw(faces, *b, &mut sheet, (x, y), (cw, ch))?;
            }
            let image = |kind, path: PathBuf, cards| TtsImage {
                path,
                deck: comp.name.clone(),
                kind,
                cards,
                cols: sp.cols,
                rows: sp.rows,
                width_px: sp.width_px(),
                height_px: sp.height_px(),
            };
            files.push((
                image(
                    "faces",
                    out_dir.join(format!("{}-tts-{}{suffix}.png", kit.file_stem(), stem)),
                    sp.count,
                ),
                encode(&sheet)?,
            ));
            if let (Some(backs), None) = (backs, single_back) {
                let mut sheet = pixmap(sp.width_px(), sp.height_px())?;
                for k in 0..sp.count {
                    let (x, y) = sp.slot_origin(k as u32);
                    draw(faces, backs[sp.first + k], &mut sheet, (x, y), (cw, ch))?;
                }
                files.push((
                    image(
                        "backs",
                        out_dir.join(format!(
                            "{}-tts-{}-backs{suffix}.png",
                            kit.file_stem(),
                            stem
                        )),
                        sp.count,
                    ),
                    encode(&sheet)?,
                ));
            }
        }
        if let (Some(b), Some(sp)) = (single_back, plans.first()) {
            let mut img = pixmap(sp.card_w_px, sp.card_h_px)?;
            draw(faces, b, &mut img, (0, 0), (sp.card_w_px, sp.card_h_px))?;
            files.push((
                TtsImage {
                    path: out_dir.join(format!("{}-tts-{}-back.png", kit.file_stem(), stem)),
                    deck: comp.name.clone(),
                    kind: "back",
                    cards: 0,
                    cols: 1,
                    rows: 1,
                    width_px: sp.card_w_px,
                    height_px: sp.card_h_px,
                },
                encode(&img)?,
            ));
        }
    }
    // Everything is drawn before anything is written: a failure leaves no sheet behind.
    std::fs::create_dir_all(out_dir).map_err(|e| Error::io("kit.output", out_dir, &e))?;
    let mut out = Vec::with_capacity(files.len());
    for (image, bytes) in files {
        crate::kit::write_atomic(&image.path, &bytes)?;
        out.push(image);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poker_cards_fit_a_4096_sheet_at_the_same_aspect() {
        let (w, h) = card_px(63.0, 88.0).unwrap();
        assert_eq!((w, h), (409, 572));
        assert!(10 * w <= MAX_SHEET_PX && 7 * h <= MAX_SHEET_PX);
        let aspect = f64::from(h) / f64::from(w);
        assert!((aspect - 88.0 / 63.0).abs() < 0.01, "{aspect}");
    }

    #[test]
    fn a_52_card_deck_is_one_sheet_with_room_for_the_hidden_card() {
        let p = plan(52, 63.0, 88.0).unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!((p[0].cols, p[0].rows, p[0].count), (10, 6, 52));
        assert!(p[0].hidden_slot() as usize >= p[0].count);
        assert_eq!(p[0].hidden_slot(), 59);
        assert_eq!(p[0].slot_origin(59), (9 * 409, 5 * 572));
    }

    #[test]
    fn sixty_nine_cards_fill_a_10x7_sheet_exactly() {
        let p = plan(69, 63.0, 88.0).unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!((p[0].cols, p[0].rows), (10, 7));
        assert_eq!(p[0].hidden_slot(), 69);
    }

    #[test]
    fn a_deck_too_large_for_one_sheet_is_split() {
        let p = plan(70, 63.0, 88.0).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].first, p[0].count), (0, 69));
        assert_eq!((p[1].first, p[1].count), (69, 1));
        assert_eq!((p[1].cols, p[1].rows), (2, 2));
        let p = plan(200, 63.0, 88.0).unwrap();
        assert_eq!(p.iter().map(|s| s.count).sum::<usize>(), 200);
        assert!(p.iter().all(|s| s.count <= MAX_CARDS_PER_SHEET
            && s.cols <= MAX_COLS
            && s.rows <= MAX_ROWS
            && s.width_px() <= MAX_SHEET_PX
            && s.height_px() <= MAX_SHEET_PX));
    }

    #[test]
    fn small_decks_get_the_minimum_2x2_grid() {
        let p = plan(1, 63.0, 88.0).unwrap();
        assert_eq!((p[0].cols, p[0].rows), (2, 2));
        let p = plan(5, 63.0, 88.0).unwrap();
        assert_eq!((p[0].cols, p[0].rows), (6, 2));
        assert!(plan(0, 63.0, 88.0).unwrap().is_empty());
    }

    #[test]
    fn boards_are_8_px_per_mm_within_4096() {
        assert_eq!(board_px(205.0, 205.0), (1640, 1640));
        assert_eq!(board_px(316.0, 316.0), (2528, 2528));
        let (w, h) = board_px(1000.0, 500.0);
        assert_eq!((w, h), (4096, 2048));
    }

    #[test]
    fn impossible_card_sizes_are_input_errors() {
        for (w, h) in [
            (0.0, 88.0),
            (63.0, f64::NAN),
            (-1.0, 5.0),
            (f64::INFINITY, 5.0),
        ] {
            let e = plan(3, w, h).unwrap_err();
            assert_eq!(e.code, "kit.tts-size");
            assert_eq!(e.exit_code(), 2);
        }
    }
}
