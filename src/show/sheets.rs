//! Deal sheets as PDF: for each board one slip per player with their hand
//! drawn with the kit's art (cut along the dashed lines); for card games,
//! curtain cards, four to a page (one per seat per board, the hand in words,
//! to keep in the board as bridge players keep theirs); then the director's
//! hand record of every board (each seat's pieces and what lies on the
//! table). Every page is one SVG drawn by the kit's PDF back end, so the same
//! boards give the same bytes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::render::{escape, KitArt};
use super::scene::{Draw, Holding};
use crate::deal::Provenance;
use crate::error::{Error, Result};
use crate::games::Game;
use crate::kit::geometry::Rect as KRect;
use crate::kit::layout::{Placement, Sheet, Side};
use crate::kit::template::{Face, KitFaces};
use crate::kit::Paper;

/// One board to print.
pub struct Board<'a> {
    /// What heads its slips, e.g. `Club night, board 3`.
    pub title: String,
    pub game: &'a dyn Game,
    pub variant: &'a str,
    pub players: &'a [String],
    pub deal: Provenance,
}

const MARGIN: f64 = 12.0;
const GAP: f64 = 2.0;
/// The smallest a piece is drawn to keep a holding on one row.
const MIN_SCALE: f64 = 0.9;
/// Height of a heading line, and of the text in it.
const LINE: f64 = 7.0;
const FONT: f64 = 3.6;
/// Pieces are drawn at most this high and this wide, in mm.
pub const PIECE_H: f64 = 16.0;
const PIECE_W: f64 = 30.0;

/// A band on a page: a heading and rows of pieces, or a heading alone.
#[derive(Debug)]
struct Band {
    heading: String,
    /// Rows of (kit, face) to draw.
    rows: Vec<Vec<(&'static str, usize)>>,
    /// Piece size on the page, per row.
    piece: (f64, f64),
    /// A dashed cut line under it (a player's slip).
    cut: bool,
}

impl Band {
    fn height(&self) -> f64 {
        LINE + self.rows.len() as f64 * (self.piece.1 + GAP) + if self.cut { 4.0 } else { 1.0 }
    }
}

/// A curtain card: one seat's holding of one board, in words.
struct Curtain {
    /// The board's title (`Club night, board 3`) and the seat's label.
    board: String,
    seat: String,
    /// Each piece's short code and full name.
    lines: Vec<(String, String)>,
}

impl Curtain {
    /// The curtain card of a seat's holding, if the game names every piece.
    fn of(drawer: &dyn Draw, board: &str, h: &Holding) -> Option<Curtain> {
        let lines = h
            .pieces
            .iter()
            .map(|p| drawer.curtain(p))
            .collect::<Option<Vec<_>>>()?;
        (h.seat && !lines.is_empty()).then(|| Curtain {
            board: board.to_string(),
            seat: h.label.clone(),
            lines,
        })
    }
}

/// Curtain cards on a page: two across, two down (an A6-ish card each).
const CURTAINS_PER_PAGE: usize = 4;

/// One page: bands placed down it, or curtain cards.
enum Page<'a> {
    Bands(Vec<(f64, &'a Band)>),
    Curtains(&'a [Curtain]),
}

/// Bands onto pages of height `ph`, from a new page.
fn paginate(group: &[Band], ph: f64) -> Vec<Vec<(f64, &Band)>> {
    let mut pages: Vec<Vec<(f64, &Band)>> = Vec::new();
    let mut y = f64::INFINITY;
    for (i, band) in group.iter().enumerate() {
        let h = band.height();
        // A heading stays on the page of what it heads.
        let with_next: f64 = group[i..]
            .iter()
            .scan(true, |more, b| {
                let take = *more;
                *more = b.rows.is_empty();
                take.then_some(b.height())
            })
            .sum();
        if y + with_next.max(h) > ph - MARGIN {
            pages.push(Vec::new());
            y = MARGIN;
        }
        if let Some(page) = pages.last_mut() {
            page.push((y, band));
        }
        y += h;
    }
    pages
}

/// The PDF of the deal sheets of `boards`.
pub fn pdf(title: &str, boards: &[Board], paper: Paper) -> Result<Vec<u8>> {
    let (pw, ph) = paper.size_mm();
    let width = pw - 2.0 * MARGIN;
    let mut arts: BTreeMap<&'static str, KitArt> = BTreeMap::new();
    let mut slips = Vec::new();
    let mut curtains = Vec::new();
    let mut record = Vec::new();
    for b in boards {
        let drawer = b.game.drawer().ok_or_else(|| {
            Error::input(
                "show.not-drawable",
                crate::t!("sheets-not-drawable", game = b.game.name()),
            )
        })?;
        let kit = drawer.kit();
        if !arts.contains_key(kit) {
            arts.insert(kit, KitArt::bundled(kit)?);
        }
        let art = &arts[kit];
        let holdings = drawer.holdings(b.variant, b.players, &b.deal)?;
        // The director's record of the board: what it is and how to deal it again.
        for heading in [
            crate::t!(
                "sheets-record-head",
                title = b.title.as_str(),
                game = b.deal.game.as_str(),
                variant = b.deal.variant.as_str(),
                algorithm = crate::deal::ALGORITHM,
                board = b.deal.board
            ),
            crate::t!("sheets-seed", seed = b.deal.seed.as_str()),
        ] {
            record.push(Band {
                heading,
                rows: Vec::new(),
                piece: (0.0, 0.0),
                cut: false,
            });
        }
        for h in &holdings {
            let band = band(art, kit, h, width, format!("{}:", h.label), false)?;
            if h.seat {
                let heading = crate::t!(
                    "sheets-slip-head",
                    title = b.title.as_str(),
                    seat = h.label.as_str(),
                    count = h.pieces.len()
                );
                slips.push(self::band(art, kit, h, width, heading, true)?);
                curtains.extend(Curtain::of(drawer, &b.title, h));
            }
            record.push(band);
        }
    }
    // Slips first, then the curtain cards, then the director's record, each
    // from a new page.
    let pages: Vec<Page> = paginate(&slips, ph)
        .into_iter()
        .map(Page::Bands)
        .chain(curtains.chunks(CURTAINS_PER_PAGE).map(Page::Curtains))
        .chain(paginate(&record, ph).into_iter().map(Page::Bands))
        .collect();
    // One face list for the PDF: every kit's faces (pieces are placed, and
    // clipped to their cut size, as the kits print them), then a face per
    // page with its headings and cut lines.
    let mut faces = Vec::new();
    let mut offset: BTreeMap<&'static str, usize> = BTreeMap::new();
    for (kit, art) in &mut arts {
        offset.insert(*kit, faces.len());
        faces.append(&mut art.faces.faces);
    }
    let mut sheets = Vec::new();
    let count = pages.len();
    let page_rect = KRect {
        x: 0.0,
        y: 0.0,
        w: pw,
        h: ph,
    };
    // Each page's own face (headings, cut lines, footer), parsed on every core: its text
    // layout is most of a page's cost, and pages do not depend on each other. The faces
    // come back in page order, so the bytes do not depend on the threads (`kit::par`).
    // The footers in the reader's language, made here (the pages are drawn on other threads).
    let footers: Vec<String> = (0..count)
        .map(|i| crate::t!("ev-pdf-page", footer = title, page = i + 1, pages = count))
        .collect();
    let page_face = |i: usize, page: &Page| -> Result<Face> {
        let footer = &footers[i];
        let svg = match page {
            Page::Bands(bands) => page_svg(bands, pw, ph, footer),
            Page::Curtains(cards) => curtain_svg(cards, pw, ph, footer),
        };
        super::render::tree(&svg).map(|tree| Face { tree: tree.into() })
    };
    let page_faces = crate::kit::par::map(&pages, page_face)
        .into_iter()
        .collect::<Result<Vec<Face>>>()?;
    for (page, face) in pages.iter().zip(page_faces) {
        let bands = match page {
            Page::Bands(bands) => &bands[..],
            Page::Curtains(_) => &[][..],
        };
        faces.push(face);
        let mut placements = vec![Placement::upright(
            faces.len() - 1,
            0,
            0,
            page_rect,
            page_rect,
        )];
        for (y, band) in bands {
            for (r, row) in band.rows.iter().enumerate() {
                for (c, (kit, face)) in row.iter().enumerate() {
                    let rect = KRect {
                        x: MARGIN + c as f64 * (band.piece.0 + GAP),
                        y: y + LINE + r as f64 * (band.piece.1 + GAP),
                        w: band.piece.0,
                        h: band.piece.1,
                    };
                    placements.push(Placement::upright(offset[kit] + face, 0, 0, rect, rect));
                }
            }
        }
        sheets.push(Sheet::plain(pw, ph, Side::Front, 0, placements));
    }
    let faces = KitFaces {
        components: Vec::new(),
        faces,
    };
    crate::kit::pdf::write(title, &faces, &sheets)
}

fn band(
    art: &KitArt,
    kit: &'static str,
    h: &Holding,
    width: f64,
    heading: String,
    cut: bool,
) -> Result<Band> {
    let mut faces = Vec::new();
    let mut size = (PIECE_W, PIECE_H);
    for p in &h.pieces {
        faces.push((kit, art.face(p.component, &p.piece, p.back)?));
        if let Some((w, hh)) = art.size(p.component) {
            let s = (PIECE_H / hh).min(PIECE_W / w);
            size = (w * s, hh * s);
        }
    }
    let n = faces.len().max(1);
    let fit = (((width + GAP) / (size.0 + GAP)).floor() as usize).max(1);
    // A holding a little too wide for one row (six 30 mm pieces on A4) is drawn a little
    // smaller in one row rather than as five and one; a longer one is split into rows of
    // even length (4 + 4, not 5 + 3).
    let one_row = (width + GAP) / n as f64 - GAP;
    let per_row = if n > fit && one_row >= size.0 * MIN_SCALE {
        size = (one_row, size.1 * one_row / size.0);
        n
    } else {
        n.div_ceil(n.div_ceil(fit))
    };
    Ok(Band {
        heading,
        rows: faces.chunks(per_row).map(<[_]>::to_vec).collect(),
        piece: size,
        cut,
    })
}

/// One page's own drawing: the bands' headings and cut lines, and a footer.
fn page_svg(bands: &[(f64, &Band)], w: f64, h: f64, footer: &str) -> String {
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">\n"
    );
    for (y, band) in bands {
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{}\" font-family=\"DejaVu Sans\" font-weight=\"bold\" \
             font-size=\"{FONT}\" fill=\"#1f1f1f\">{}</text>",
            y + LINE - 2.2,
            escape(&band.heading)
        );
        if band.cut {
            let ly = y + band.height() - 2.0;
            let _ = writeln!(
                out,
                "<path d=\"M{} {ly}H{}\" stroke=\"#777\" stroke-width=\"0.3\" \
                 stroke-dasharray=\"2 1.5\" fill=\"none\"/>",
                MARGIN / 2.0,
                w - MARGIN / 2.0
            );
        }
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-family=\"DejaVu Sans\" \
         font-size=\"3\" fill=\"#555\">{}</text>\n</svg>",
        w - MARGIN,
        h - MARGIN / 2.0,
        escape(footer)
    );
    out
}

/// A page of curtain cards: up to four, one to a quarter of the page, with
/// dashed cut lines between them. Each is headed by the board and the seat
/// and lists the pieces by short code and full name, in text (it must read
/// without the art, and in the order the holding gives).
fn curtain_svg(cards: &[Curtain], w: f64, h: f64, footer: &str) -> String {
    const PAD: f64 = 10.0;
    const CODE_W: f64 = 22.0;
    let (cw, ch) = (w / 2.0, h / 2.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">\n\
         <path d=\"M{cw} 0V{h}M0 {ch}H{w}\" stroke=\"#777\" stroke-width=\"0.3\" \
         stroke-dasharray=\"2 1.5\" fill=\"none\"/>\n"
    );
    let text = |out: &mut String, x: f64, y: f64, size: f64, bold: bool, fill: &str, s: &str| {
        let _ = writeln!(
            out,
            "<text x=\"{x:.2}\" y=\"{y:.2}\" font-family=\"DejaVu Sans\"{} \
             font-size=\"{size:.2}\" fill=\"{fill}\">{}</text>",
            if bold { " font-weight=\"bold\"" } else { "" },
            escape(s)
        );
    };
    for (i, card) in cards.iter().enumerate() {
        let x0 = (i % 2) as f64 * cw + PAD;
        let mut y = (i / 2) as f64 * ch + PAD;
        text(&mut out, x0, y + 3.0, FONT, true, "#1f1f1f", &card.board);
        text(&mut out, x0, y + 10.0, 5.0, true, "#1f1f1f", &card.seat);
        let n = card.lines.len();
        let count = crate::t!("count-cards", count = n);
        text(&mut out, x0, y + 15.5, 3.0, false, "#555", &count);
        y += 18.0;
        let _ = writeln!(
            out,
            "<path d=\"M{x0} {y}H{:.2}\" stroke=\"#1f1f1f\" stroke-width=\"0.3\" fill=\"none\"/>",
            x0 + cw - 2.0 * PAD
        );
        // As many lines as fit between the heading and the card's foot.
        let room = (i / 2) as f64 * ch + ch - PAD - y;
        let line = (room / n.max(1) as f64).min(5.5);
        let size = (line * 0.72).min(FONT);
        for (code, name) in &card.lines {
            y += line;
            text(&mut out, x0, y - 1.2, size, true, "#1f1f1f", code);
            text(&mut out, x0 + CODE_W, y - 1.2, size, false, "#1f1f1f", name);
        }
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-family=\"DejaVu Sans\" \
         font-size=\"3\" fill=\"#555\">{}</text>\n</svg>",
        w - MARGIN,
        h - MARGIN / 2.0,
        escape(footer)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::show::scene::Piece;

    fn holding(n: usize) -> Holding {
        Holding {
            label: "Anna".into(),
            seat: true,
            pieces: vec![
                Piece {
                    component: "tiles",
                    piece: Vec::new(),
                    back: false,
                };
                n
            ],
        }
    }

    /// Fruit dominoes (56 x 28 mm) are drawn 30 mm wide; A4 leaves 186 mm between margins.
    #[test]
    fn a_holding_fills_rows_evenly_and_six_pieces_stay_on_one_row() {
        let art = KitArt::bundled("fruit").unwrap();
        let width = Paper::A4.size_mm().0 - 2.0 * MARGIN;
        let rows = |n: usize| {
            let b = band(&art, "fruit", &holding(n), width, String::new(), true).unwrap();
            let lens: Vec<usize> = b.rows.iter().map(Vec::len).collect();
            // Whatever the count, the row drawn fits between the margins.
            let longest = *lens.iter().max().unwrap() as f64;
            assert!(
                longest * (b.piece.0 + GAP) - GAP <= width + 1e-9,
                "{n}: {b:?}"
            );
            (lens, b.piece.0)
        };
        assert_eq!(rows(5), (vec![5], 30.0));
        // Six: one row, a little smaller (29.3 mm), not five and one.
        let (six, w) = rows(6);
        assert_eq!(six, [6]);
        assert!((w - (188.0 / 6.0 - 2.0)).abs() < 1e-9, "{w}");
        // Eight at full size: two rows of four, not five and three.
        assert_eq!(rows(8), (vec![4, 4], 30.0));
        assert_eq!(rows(11), (vec![4, 4, 3], 30.0));
    }
}
