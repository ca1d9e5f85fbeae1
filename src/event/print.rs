//! The event on paper: the results (standings, the boards compared, every
//! record) and the score slips to fill in at each table, as PDF on A4 or
//! Letter. Each page is one SVG in the kits' bundled fonts, drawn by the
//! kit's PDF back end (`kit::pdf`), so the same results give the same bytes.
//!
//! Text is measured with the bundled font's advance widths
//! (`kit::textfit`), so a column is as wide as its widest cell and nothing
//! overruns the page: a table too wide for it is set smaller, down to a
//! legible size, and its last column (the longest text) wraps.

use std::fmt::Write as _;

use super::boards::{self, Board, Label};
use super::measure::Counted;
use super::report;
use super::results::{result_text, Results, SectionResults};
use super::rounds::Round;
use super::{Description, Key};
use crate::error::Result;
use crate::kit::layout::{Placement, Sheet, Side};
use crate::kit::template::{Face, KitFaces};
use crate::kit::textfit::{name_metrics, sans_metrics, FontMetrics, MM_PER_PT};
use crate::kit::Paper;
use crate::show::render::escape;

const MARGIN: f64 = 15.0;
/// Room kept at the foot of every page for its footer.
const FOOT: f64 = 12.0;
/// Text sizes, in mm (the pages' unit).
const TITLE: f64 = 6.0;
const HEADING: f64 = 4.6;
const SUB: f64 = 3.8;
const BODY: f64 = 3.4;
const SMALL: f64 = 2.6;
/// The smallest a table's text is set to fit the page's width.
const MIN_BODY: f64 = 2.4;
/// Padding on each side of a cell.
const PAD: f64 = 1.4;
const INK: &str = "#1f1f1f";
const GREY: &str = "#555";
/// A record that is not its board's or is illegal is printed in this.
const BAD: &str = "#a40000";

#[derive(Clone, Copy)]
enum Font {
    /// DejaVu Sans Bold: titles and headings.
    Bold,
    /// DejaVu Sans Condensed Bold: tables and notes (long names fit).
    Condensed,
}

impl Font {
    fn metrics(self) -> Result<&'static FontMetrics> {
        match self {
            Font::Bold => sans_metrics(),
            Font::Condensed => name_metrics(),
        }
    }

    fn attrs(self) -> &'static str {
        match self {
            Font::Bold => "font-family=\"DejaVu Sans\" font-weight=\"bold\"",
            Font::Condensed => {
                "font-family=\"DejaVu Sans\" font-weight=\"bold\" font-stretch=\"condensed\""
            }
        }
    }

    /// Width of `s` set `size` mm high.
    fn width(self, s: &str, size: f64) -> Result<f64> {
        Ok(self.metrics()?.width_mm(s, size / MM_PER_PT))
    }
}

/// Pages being filled from the top down.
struct Pages {
    w: f64,
    h: f64,
    /// Each page's SVG body so far.
    pages: Vec<String>,
    /// Where the next thing goes on the last page.
    y: f64,
}

impl Pages {
    fn new(paper: Paper) -> Pages {
        let (w, h) = paper.size_mm();
        Pages {
            w,
            h,
            pages: vec![String::new()],
            y: MARGIN,
        }
    }

    fn width(&self) -> f64 {
        self.w - 2.0 * MARGIN
    }

    fn new_page(&mut self) {
        self.pages.push(String::new());
        self.y = MARGIN;
    }

    /// Start a new page unless `h` mm still fit on this one; true if it did.
    fn need(&mut self, h: f64) -> bool {
        if self.y + h > self.h - FOOT && self.y > MARGIN {
            self.new_page();
            return true;
        }
        false
    }

    /// `s` with its baseline at `y`; `end`: `x` is its right edge.
    #[allow(clippy::too_many_arguments)]
    fn text(&mut self, x: f64, y: f64, size: f64, font: Font, fill: &str, end: bool, s: &str) {
        let page = self.pages.last_mut().expect("a page");
        let _ = writeln!(
            page,
            "<text x=\"{x:.2}\" y=\"{y:.2}\" {} font-size=\"{size:.2}\" fill=\"{fill}\"{}>{}</text>",
            font.attrs(),
            if end { " text-anchor=\"end\"" } else { "" },
            escape(s)
        );
    }

    fn svg(&mut self, s: &str) {
        self.pages.last_mut().expect("a page").push_str(s);
    }

    /// A line of text across the page, then space under it.
    fn line(&mut self, s: &str, size: f64, font: Font, fill: &str) -> Result<()> {
        for part in wrap(s, font, size, self.width())? {
            self.need(size * 1.5);
            self.y += size * 1.1;
            self.text(MARGIN, self.y, size, font, fill, false, &part);
            self.y += size * 0.45;
        }
        Ok(())
    }

    fn gap(&mut self, mm: f64) {
        self.y += mm;
    }

    /// The PDF: every page with its footer, `footer - page i of n`.
    fn pdf(self, title: &str, footer: &str) -> Result<Vec<u8>> {
        let n = self.pages.len();
        let (w, h) = (self.w, self.h);
        let svgs: Vec<String> = self
            .pages
            .iter()
            .enumerate()
            .map(|(i, body)| {
                format!(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
                     viewBox=\"0 0 {w} {h}\">\n{body}<text x=\"{:.2}\" y=\"{:.2}\" \
                     text-anchor=\"end\" {} font-size=\"{SMALL}\" fill=\"{GREY}\">{}</text>\n\
                     </svg>\n",
                    w - MARGIN,
                    h - MARGIN / 2.0,
                    Font::Condensed.attrs(),
                    escape(&crate::t!(
                        "ev-pdf-page",
                        footer = footer,
                        page = i + 1,
                        pages = n
                    ))
                )
            })
            .collect();
        let faces = crate::kit::par::map(&svgs, |_, svg| {
            crate::show::render::tree(svg).map(|tree| Face { tree: tree.into() })
        })
        .into_iter()
        .collect::<Result<Vec<Face>>>()?;
        let page = crate::kit::geometry::Rect {
            x: 0.0,
            y: 0.0,
            w,
            h,
        };
        let sheets: Vec<Sheet> = (0..faces.len())
            .map(|i| {
                Sheet::plain(
                    w,
                    h,
                    Side::Front,
                    0,
                    vec![Placement::upright(i, 0, 0, page, page)],
                )
            })
            .collect();
        let faces = KitFaces {
            components: Vec::new(),
            faces,
        };
        crate::kit::pdf::write(title, &faces, &sheets)
    }
}

/// `s` broken at spaces into lines no wider than `width` (a word wider than
/// the line stands alone on its line).
fn wrap(s: &str, font: Font, size: f64, width: f64) -> Result<Vec<String>> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in s.split(' ') {
        let next = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if !cur.is_empty() && font.width(&next, size)? > width {
            lines.push(std::mem::replace(&mut cur, word.to_string()));
        } else {
            cur = next;
        }
    }
    lines.push(cur);
    Ok(lines)
}

/// A table to print: a header row and rows of cells.
struct Table {
    head: Vec<String>,
    /// Columns set flush right (numbers).
    right: Vec<bool>,
    rows: Vec<Row>,
}

struct Row {
    cells: Vec<String>,
    /// Printed in [`BAD`].
    bad: bool,
}

impl Pages {
    /// The table, its header repeated at the top of every page it runs onto.
    fn table(&mut self, t: &Table) -> Result<()> {
        let ncol = t.head.len();
        let natural = |size: f64| -> Result<Vec<f64>> {
            (0..ncol)
                .map(|c| {
                    let mut w = Font::Bold.width(&t.head[c], size)?;
                    for r in &t.rows {
                        w = w.max(Font::Condensed.width(&r.cells[c], size)?);
                    }
                    Ok(w + 2.0 * PAD)
                })
                .collect()
        };
        let room = self.width();
        let mut size = BODY;
        let mut widths = natural(size)?;
        let total: f64 = widths.iter().sum();
        if total > room {
            size = (BODY * room / total).max(MIN_BODY);
            widths = natural(size)?;
        }
        // Still too wide: the last column takes what is left and wraps.
        let before: f64 = widths[..ncol - 1].iter().sum();
        if before + widths[ncol - 1] > room {
            widths[ncol - 1] = (room - before).max(room / 4.0);
        }
        let row_h = size * 1.55;
        let x0: Vec<f64> = widths
            .iter()
            .scan(MARGIN, |x, w| {
                let at = *x;
                *x += w;
                Some(at)
            })
            .collect();
        let table_w: f64 = widths.iter().sum();
        let header = |p: &mut Pages| {
            p.y += row_h;
            for c in 0..ncol {
                let (x, end) = cell_x(x0[c], widths[c], t.right[c]);
                p.text(x, p.y - size * 0.45, size, Font::Bold, INK, end, &t.head[c]);
            }
            p.svg(&format!(
                "<path d=\"M{MARGIN} {:.2}H{:.2}\" stroke=\"{INK}\" stroke-width=\"0.35\" fill=\"none\"/>\n",
                p.y,
                MARGIN + table_w
            ));
        };
        self.need(row_h * 3.0);
        header(self);
        for (i, r) in t.rows.iter().enumerate() {
            let last = wrap(
                &r.cells[ncol - 1],
                Font::Condensed,
                size,
                widths[ncol - 1] - 2.0 * PAD,
            )?;
            let h = row_h + (last.len() - 1) as f64 * size * 1.2;
            if self.need(h) {
                header(self);
            }
            if i % 2 == 1 {
                self.svg(&format!(
                    "<rect x=\"{MARGIN}\" y=\"{:.2}\" width=\"{table_w:.2}\" height=\"{h:.2}\" fill=\"#ececec\"/>\n",
                    self.y
                ));
            }
            let fill = if r.bad { BAD } else { INK };
            let base = self.y + row_h - size * 0.45;
            for c in 0..ncol - 1 {
                let (x, end) = cell_x(x0[c], widths[c], t.right[c]);
                self.text(x, base, size, Font::Condensed, fill, end, &r.cells[c]);
            }
            for (k, part) in last.iter().enumerate() {
                let (x, end) = cell_x(x0[ncol - 1], widths[ncol - 1], t.right[ncol - 1]);
                let y = base + k as f64 * size * 1.2;
                self.text(x, y, size, Font::Condensed, fill, end, part);
            }
            self.y += h;
        }
        self.y += size;
        Ok(())
    }
}

/// Where a cell's text starts (or ends, flush right).
fn cell_x(x: f64, w: f64, right: bool) -> (f64, bool) {
    if right {
        (x + w - PAD, true)
    } else {
        (x + PAD, false)
    }
}

/// The results as PDF: for each section the standings (from the first
/// page), then the boards compared and every record with its verdict and
/// how it counts (from a new page).
pub fn results_pdf(r: &Results, paper: Paper) -> Result<Vec<u8>> {
    let mut p = Pages::new(paper);
    p.line(&r.event, TITLE, Font::Bold, INK)?;
    p.line(
        &crate::t!(
            "ev-meta-line",
            algorithm = r.algorithm,
            sha = r.description_sha256.as_str()
        ),
        SMALL,
        Font::Condensed,
        GREY,
    )?;
    p.line(
        &crate::t!("ev-public-value", value = r.public_value.as_str()),
        SMALL,
        Font::Condensed,
        GREY,
    )?;
    for (i, sec) in r.sections.iter().enumerate() {
        if i > 0 {
            p.new_page();
        }
        section_heading(&mut p, sec)?;
        standings(&mut p, sec)?;
        p.new_page();
        section_heading(&mut p, sec)?;
        boards(&mut p, sec)?;
        records(&mut p, sec)?;
    }
    p.pdf(
        &r.event,
        &crate::t!("ev-pdf-results", event = r.event.as_str()),
    )
}

fn section_heading(p: &mut Pages, sec: &SectionResults) -> Result<()> {
    p.gap(2.0);
    p.line(
        &crate::t!(
            "ev-section-title-players",
            section = sec.section,
            game = sec.game,
            variant = sec.variant.as_str(),
            players = crate::record::players_text(sec.players),
            paired = report::paired_text(sec)
        ),
        HEADING,
        Font::Bold,
        INK,
    )
}

fn standings(p: &mut Pages, sec: &SectionResults) -> Result<()> {
    p.gap(1.0);
    p.line(&crate::t!("ev-standings-title"), SUB, Font::Bold, INK)?;
    p.line(
        &crate::t!(
            "ev-ranked-by",
            criteria = report::criteria_text(&sec.tie_breaks)
        ),
        BODY,
        Font::Condensed,
        GREY,
    )?;
    let cols = report::columns(sec);
    let t = Table {
        head: cols.iter().map(|c| report::column_title(c)).collect(),
        right: cols.iter().map(|c| *c != "player").collect(),
        rows: sec
            .standings
            .iter()
            .map(|st| Row {
                cells: cols.iter().map(|c| report::cell(st, c)).collect(),
                bad: false,
            })
            .collect(),
    };
    p.table(&t)?;
    for b in &sec.byes {
        p.line(
            &crate::t!("ev-bye-note", round = b.round, player = b.player.as_str()),
            BODY,
            Font::Condensed,
            GREY,
        )?;
    }
    crosstable(p, sec)?;
    if !sec.missing.is_empty() {
        p.line(
            &crate::t!("ev-provisional-note", count = sec.missing.len()),
            BODY,
            Font::Bold,
            BAD,
        )?;
        for m in &sec.missing {
            p.line(&m.to_string(), BODY, Font::Condensed, BAD)?;
        }
    }
    Ok(())
}

/// A paired section's crosstable, as the text and HTML print it
/// ([`super::crosstable`]): a line per player, a column per round.
fn crosstable(p: &mut Pages, sec: &SectionResults) -> Result<()> {
    let cross = super::crosstable::crosstable(sec);
    if cross.is_empty() {
        return Ok(());
    }
    p.gap(1.0);
    p.line(&crate::t!("ev-cross-title"), SUB, Font::Bold, INK)?;
    p.line(&crate::t!("ev-cross-note"), BODY, Font::Condensed, GREY)?;
    let mut head: Vec<String> = vec![
        "#".into(),
        report::column_title("player"),
        report::column_title("rank"),
    ];
    head.extend((1..=sec.rounds).map(|r| crate::t!("ev-cross-round-title", round = r)));
    head.push(report::column_title("wins"));
    let mut right = vec![true, false, true];
    right.extend((1..=sec.rounds).map(|_| false));
    right.push(true);
    let t = Table {
        head,
        right,
        rows: cross
            .iter()
            .map(|row| {
                let mut cells = vec![row.line.to_string(), row.name.clone(), row.rank.clone()];
                cells.extend(row.rounds.iter().cloned());
                cells.push(row.wins.clone());
                Row {
                    // A missing game (`?`) in red, as the missing results are.
                    bad: row.rounds.iter().any(|c| c.contains('?')),
                    cells,
                }
            })
            .collect(),
    };
    p.table(&t)
}

fn boards(p: &mut Pages, sec: &SectionResults) -> Result<()> {
    for b in &sec.boards {
        p.need(30.0);
        p.gap(1.0);
        p.line(
            &crate::t!(
                "ev-pdf-board",
                board = b.board.as_str(),
                tables = b.tables.len(),
                top = b.top
            ),
            SUB,
            Font::Bold,
            INK,
        )?;
        // The seat's column only where a seat is not its player's name (a
        // name is printed once).
        let seats = b
            .tables
            .iter()
            .flat_map(|r| &r.seats)
            .any(|x| x.seat != x.player);
        let keep = |mut v: Vec<String>| {
            if !seats {
                v.remove(1);
            }
            v
        };
        let mut right = vec![true, false, false, false, true, true];
        if !seats {
            right.remove(1);
        }
        let t = Table {
            head: keep(
                ["table", "seat", "player", "result", "matchpoints", "%"]
                    .map(report::column_title)
                    .to_vec(),
            ),
            right,
            rows: b
                .tables
                .iter()
                .flat_map(|row| {
                    row.seats.iter().map(move |x| Row {
                        cells: keep(vec![
                            row.table.to_string(),
                            x.seat.clone(),
                            x.player.clone(),
                            x.result.clone(),
                            x.matchpoints.to_string(),
                            x.percent.map_or("-".into(), |v| format!("{v:.2}")),
                        ]),
                        bad: false,
                    })
                })
                .collect(),
        };
        p.table(&t)?;
    }
    Ok(())
}

fn records(p: &mut Pages, sec: &SectionResults) -> Result<()> {
    p.need(30.0);
    p.gap(1.0);
    p.line(
        &crate::t!("ev-pdf-records", count = sec.records.len()),
        SUB,
        Font::Bold,
        INK,
    )?;
    let rows = sec
        .records
        .iter()
        .map(|rec| {
            let verdict = match (rec.status, rec.verdict) {
                ("ok", Some(v)) => report::verdict_text(v),
                ("slip", _) => crate::t!("ev-verdict-score-slip"),
                (status, _) => report::status_text(status),
            };
            let verdict = match rec.slip.as_deref() {
                Some("agrees") => crate::t!("ev-verdict-slip-agrees", verdict = verdict),
                Some(_) => crate::t!("ev-verdict-slip-disagrees", verdict = verdict),
                None => verdict,
            };
            let counts = match &rec.counted {
                Counted::Yes { seats, .. } => seats
                    .iter()
                    .map(|s| format!("{} {}", s.name, result_text(s)))
                    .collect::<Vec<_>>()
                    .join(", "),
                Counted::LeftOut { .. } => crate::t!("ev-left-out"),
            };
            Row {
                cells: vec![
                    rec.board.clone(),
                    if rec.round > 0 {
                        rec.round.to_string()
                    } else {
                        "-".into()
                    },
                    rec.table.to_string(),
                    rec.players.join(" v "),
                    verdict,
                    counts,
                ],
                bad: !matches!(rec.status, "ok" | "slip")
                    || rec.verdict == Some("illegal")
                    || rec.slip.as_deref().is_some_and(|s| s != "agrees"),
            }
        })
        .collect();
    p.table(&Table {
        head: ["board", "round", "table", "players", "verdict", "counts"]
            .map(report::column_title)
            .to_vec(),
        right: vec![true, true, true, false, false, false],
        rows,
    })
}

/// One score slip to fill in at a table.
#[derive(Debug, Clone)]
pub struct SlipForm {
    /// The event's name.
    pub event: String,
    pub game: String,
    pub variant: String,
    /// The round, in a paired section.
    pub round: Option<u32>,
    pub board: String,
    pub seed: String,
    pub table: u32,
    /// By seat (the first moves first): the seat's name and who sits there
    /// (empty: to be written in).
    pub seats: Vec<(String, String)>,
    /// The game keeps a running score: a column of totals per player to
    /// write after each of their moves (what `tavolo-slip-v1` holds); else
    /// the result alone.
    pub running: bool,
}

/// Score slips: the event, round, board and table, the seed, who sits
/// where, then the running totals to write, one slip a page (or, for a game
/// that keeps no score, the result to mark, two slips a page with a cut
/// line between), and the players' signatures.
pub fn slips_pdf(title: &str, slips: &[SlipForm], paper: Paper) -> Result<Vec<u8>> {
    let mut p = Pages::new(paper);
    let half = p.h / 2.0;
    // Where the slip on the page so far ends (a half-page slip may share it).
    let mut last_half = false;
    for (i, s) in slips.iter().enumerate() {
        let bottom = if s.running {
            if i > 0 {
                p.new_page();
            }
            last_half = false;
            p.h - FOOT
        } else if last_half && p.y <= half {
            // The lower half of the page: a cut line above it.
            p.svg(&format!(
                "<path d=\"M{:.2} {half:.2}H{:.2}\" stroke=\"#777\" stroke-width=\"0.3\" \
                 stroke-dasharray=\"2 1.5\" fill=\"none\"/>\n",
                MARGIN / 2.0,
                p.w - MARGIN / 2.0
            ));
            p.y = half + MARGIN / 2.0;
            last_half = false;
            p.h - FOOT
        } else {
            if i > 0 {
                p.new_page();
            }
            last_half = true;
            half - MARGIN / 2.0
        };
        slip(&mut p, s, bottom)?;
    }
    p.pdf(title, &crate::t!("ev-slips-footer", event = title))
}

/// One slip, from the current place down to `bottom`.
fn slip(p: &mut Pages, s: &SlipForm, bottom: f64) -> Result<()> {
    p.line(
        &crate::t!("ev-slip-title", event = s.event.as_str()),
        HEADING,
        Font::Bold,
        INK,
    )?;
    let at = match s.round {
        Some(r) => crate::t!(
            "ev-slip-at-round",
            round = r,
            board = s.board.as_str(),
            table = s.table
        ),
        None => crate::t!("ev-slip-at", board = s.board.as_str(), table = s.table),
    };
    p.line(&at, TITLE, Font::Bold, INK)?;
    p.line(
        &crate::t!(
            "ev-slip-seed",
            game = s.game.as_str(),
            variant = s.variant.as_str(),
            seed = s.seed.as_str()
        ),
        SMALL,
        Font::Condensed,
        GREY,
    )?;
    p.gap(2.0);
    p.table(&Table {
        head: vec![
            report::column_title("seat"),
            report::column_title("player"),
            String::new(),
        ],
        right: vec![false, false, false],
        rows: s
            .seats
            .iter()
            .enumerate()
            .map(|(i, (seat, who))| Row {
                cells: vec![
                    seat.clone(),
                    if who.is_empty() {
                        "_".repeat(24)
                    } else {
                        who.clone()
                    },
                    // A paired round's first seat moves first (`event pair`).
                    if i == 0 && s.round.is_some() {
                        crate::t!("ev-slip-moves-first")
                    } else {
                        String::new()
                    },
                ],
                bad: false,
            })
            .collect(),
    })?;
    let names: Vec<String> = s
        .seats
        .iter()
        .map(|(seat, who)| if who.is_empty() { seat } else { who }.clone())
        .collect();
    if s.running {
        p.line(&crate::t!("ev-slip-running"), BODY, Font::Condensed, GREY)?;
        grid(p, &names, bottom - 20.0)?;
    } else if names.len() == 1 {
        p.line(&crate::t!("ev-slip-circle"), BODY, Font::Condensed, GREY)?;
        p.gap(3.0);
        p.line(
            &crate::t!("ev-slip-solitaire", name = names[0].as_str()),
            SUB,
            Font::Condensed,
            INK,
        )?;
    } else {
        p.line(&crate::t!("ev-slip-circle"), BODY, Font::Condensed, GREY)?;
        for n in &names {
            p.gap(3.0);
            p.line(
                &crate::t!("ev-slip-outcome", name = n.as_str()),
                SUB,
                Font::Condensed,
                INK,
            )?;
        }
    }
    // The signatures at the foot of the slip.
    let each = p.width() / names.len().max(1) as f64;
    let y = (p.y + 10.0).max(bottom - 6.0);
    for (i, n) in names.iter().enumerate() {
        let x = MARGIN + i as f64 * each;
        p.svg(&format!(
            "<path d=\"M{x:.2} {y:.2}H{:.2}\" stroke=\"{INK}\" stroke-width=\"0.3\" fill=\"none\"/>\n",
            x + each - 6.0
        ));
        p.text(
            x,
            y + 3.5,
            SMALL,
            Font::Condensed,
            GREY,
            false,
            &crate::t!("ev-slip-signed", name = n.as_str()),
        );
    }
    p.y = y + 4.0;
    Ok(())
}

/// A grid of boxes, a column per player and a row per move, in as many
/// blocks side by side as the page's width holds, down to `bottom`.
fn grid(p: &mut Pages, names: &[String], bottom: f64) -> Result<()> {
    const NUM: f64 = 9.0;
    const ROW: f64 = 6.0;
    let col = names
        .iter()
        .map(|n| Font::Bold.width(n, BODY))
        .collect::<Result<Vec<f64>>>()?
        .into_iter()
        .fold(22.0, f64::max)
        + 2.0 * PAD;
    let block = NUM + col * names.len() as f64;
    let blocks = (((p.width() + 4.0) / (block + 4.0)).floor() as usize).max(1);
    let top = p.y + 1.0;
    let rows = (((bottom - 6.0 - top - ROW) / ROW).floor() as usize).max(1);
    for b in 0..blocks {
        let x0 = MARGIN + b as f64 * (block + 4.0);
        let mut out = String::new();
        let head_y = top + ROW - 1.6;
        for (j, n) in names.iter().enumerate() {
            let x = x0 + NUM + j as f64 * col;
            let _ = writeln!(
                out,
                "<text x=\"{:.2}\" y=\"{head_y:.2}\" {} font-size=\"{BODY}\" fill=\"{INK}\" text-anchor=\"middle\">{}</text>",
                x + col / 2.0,
                Font::Bold.attrs(),
                escape(n)
            );
        }
        for r in 0..rows {
            let y = top + ROW * (r + 1) as f64;
            let _ = writeln!(
                out,
                "<text x=\"{:.2}\" y=\"{:.2}\" {} font-size=\"{SMALL}\" fill=\"{GREY}\" text-anchor=\"end\">{}</text>",
                x0 + NUM - 1.5,
                y + ROW - 1.8,
                Font::Condensed.attrs(),
                b * rows + r + 1
            );
            let _ = writeln!(
                out,
                "<rect x=\"{:.2}\" y=\"{y:.2}\" width=\"{:.2}\" height=\"{ROW}\" fill=\"none\" stroke=\"#777\" stroke-width=\"0.25\"/>",
                x0 + NUM,
                col * names.len() as f64
            );
        }
        for j in 1..names.len() {
            let x = x0 + NUM + j as f64 * col;
            let _ = writeln!(
                out,
                "<path d=\"M{x:.2} {:.2}V{:.2}\" stroke=\"#777\" stroke-width=\"0.25\" fill=\"none\"/>",
                top + ROW,
                top + ROW * (rows + 1) as f64
            );
        }
        p.svg(&out);
    }
    p.y = top + ROW * (rows + 1) as f64 + 2.0;
    p.line(
        &crate::t!("ev-slip-rows", rows = blocks * rows),
        SMALL,
        Font::Condensed,
        GREY,
    )
}

/// The slips of a paired round: a slip per board of the round and table,
/// the round's players in their seats (the first named moves first).
pub fn round_forms(
    d: &Description,
    key: &Key,
    public: &str,
    round: &Round,
) -> Result<Vec<SlipForm>> {
    let all = boards::all(d, key, public);
    let mut out = Vec::new();
    for label in &round.boards {
        let Some(b) = all.iter().find(|b| b.label.to_string() == *label) else {
            continue;
        };
        let running = keeps_score(d, b)?;
        for t in &round.tables {
            let seats = if t.seats.is_empty() {
                [&t.first, &t.second]
                    .iter()
                    .enumerate()
                    .map(|(i, who)| (crate::t!("ev-seat-n", n = i + 1), (*who).clone()))
                    .collect()
            } else {
                // A movement's table: each player under their seat's name.
                b.section
                    .names
                    .iter()
                    .cloned()
                    .zip(t.seats.iter().cloned())
                    .collect()
            };
            out.push(form(d, b, Some(round.round), t.table, seats, running));
        }
    }
    Ok(out)
}

/// The slips of `boards` as dealt: a slip per board and table, each seat
/// under its name in the section; in a paired section the players are
/// written in at the table (the round's pairing prints them: `event pair`).
pub fn dealt_forms(d: &Description, boards: &[Board]) -> Result<Vec<SlipForm>> {
    let mut out = Vec::new();
    for b in boards {
        let running = keeps_score(d, b)?;
        let s = b.section;
        let round = ((s.pairing.is_some() || s.movement.is_some())
            && matches!(b.label, Label::Main(_)))
        .then(|| super::results::round_of(d, b));
        for t in 1..=s.tables {
            let seats = if s.movement.is_some() {
                // A movement's table: each player under their seat's name; a
                // table that sits out the board's round plays it not, and gets no slip.
                let Some(players) = super::rounds::dealt_seats(d, b, t) else {
                    continue;
                };
                s.names.iter().cloned().zip(players).collect()
            } else {
                s.names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| {
                        let who = if s.pairing.is_some() {
                            String::new()
                        } else {
                            n.clone()
                        };
                        (crate::t!("ev-seat-n", n = i + 1), who)
                    })
                    .collect()
            };
            out.push(form(d, b, round, t, seats, running));
        }
    }
    Ok(out)
}

fn form(
    d: &Description,
    b: &Board,
    round: Option<u32>,
    table: u32,
    seats: Vec<(String, String)>,
    running: bool,
) -> SlipForm {
    SlipForm {
        event: d.event.clone(),
        game: b.section.game.name().to_string(),
        variant: b.section.variant.clone(),
        round,
        board: b.label.to_string(),
        seed: b.seed.clone(),
        table,
        seats,
        running,
    }
}

/// Whether the board's game keeps a running score: its session, opened on
/// the board with no move yet, reports scores.
pub(crate) fn keeps_score(d: &Description, b: &Board) -> Result<bool> {
    use crate::record::{Record, Source};
    let text = b.skeleton(d, 1, &b.section.names)?;
    let src = Source::new(std::path::Path::new("<board>"), &text);
    let record = Record::parse(&src, &crate::games::Registry)?;
    Ok(match crate::games::session::find(record.game) {
        Some(t) => t.open(&record, &src)?.0.scores().is_some(),
        None => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_at_spaces_within_the_width() {
        let s = "Anna won 120 (+20), Bruno lost 100 (-20), Carla lost 90 (-30), Dario lost 80";
        let lines = wrap(s, Font::Condensed, BODY, 60.0).unwrap();
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(lines.join(" "), s);
        for l in &lines {
            assert!(Font::Condensed.width(l, BODY).unwrap() <= 60.0, "{l}");
        }
    }
}
