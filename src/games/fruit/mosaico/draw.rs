//! Mosaico's positions for `tavolo show`: the 6x6 frame `a1`..`f6` with the
//! tiles placed so far (`a1` top left, MO-1, MO-2), its files and ranks named
//! round it and its empty cells outlined, and under it the tiles set aside,
//! the first set aside first (MO-3).

use super::record::{dealt, Mosaico};
use super::{Cell, Move, SIDE};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::fruit::draw::{ghost, piece, tile_id, tile_item, GAP, H, W};
use crate::games::replay::replay;
use crate::record::{Record, Source};
use crate::show::labels::{self, Line};
use crate::show::scene::{self, Holding, Mark, MarkKind, Rect, Scene, Shown};

/// Set-aside tiles per row under the frame, and the gap above them (room for
/// the frame's files and the set-aside tiles' name).
const ASIDE_ROW: usize = SIDE;
const ASIDE_GAP: f64 = 18.0;

/// A cell of the frame (or the one just past its right or bottom edge).
fn cell_rect(cell: Cell) -> Rect {
    Rect::new(
        f64::from(cell.file) * (W + GAP),
        f64::from(cell.rank) * (H + GAP),
        W,
        H,
    )
}

/// Whether the picture can show `cell`: the frame and one cell past it
/// (where an `outside-frame` placement is drawn).
fn drawable(cell: Cell) -> bool {
    usize::from(cell.file) <= SIDE && usize::from(cell.rank) <= SIDE
}

/// The `k`-th place of the set-aside row under a frame `top` mm high.
fn aside_rect(top: f64, k: usize) -> Rect {
    Rect::new(
        (k % ASIDE_ROW) as f64 * (W + GAP),
        top + ASIDE_GAP + (k / ASIDE_ROW) as f64 * (H + GAP),
        W,
        H,
    )
}

impl scene::Draw for Mosaico {
    fn kit(&self) -> &'static str {
        "fruit"
    }

    fn scene(
        &self,
        record: &Record,
        src: &Source,
        upto: Option<usize>,
        _data: &toml::Table,
    ) -> Result<Scene, Error> {
        let replayed = replay(&Mosaico, record, src, upto)?;
        let (shown, state, r) = (replayed.shown, replayed.game(), replayed.outline());
        let names = record.player_names();

        // The frame, one column or row wider when an illegal tile lies past it.
        let past = match r.illegal {
            Some((_, _, Move::Place { cell, .. }, _)) if drawable(cell) => Some(cell),
            _ => None,
        };
        let files = past.map_or(SIDE, |c| SIDE.max(usize::from(c.file) + 1));
        let ranks = past.map_or(SIDE, |c| SIDE.max(usize::from(c.rank) + 1));
        let frame_h = ranks as f64 * (H + GAP) - GAP;

        let mut items = Vec::new();
        for i in 0..SIDE * SIDE {
            let cell = Cell::from_index(i);
            if let Some(t) = state.at(cell) {
                items.push(tile_item(tile_id(t), t, cell_rect(cell), false, false));
            }
        }
        let aside: Vec<_> = state.aside().collect();
        for (k, &t) in aside.iter().enumerate() {
            items.push(tile_item(
                tile_id(t),
                t,
                aside_rect(frame_h, k),
                false,
                false,
            ));
        }
        let mut marks = Vec::new();
        let last_at = r.last.as_ref().and_then(|(_, _, mv)| match *mv {
            Move::Place { cell, .. } => Some(cell_rect(cell)),
            Move::Aside { tile } => aside
                .iter()
                .position(|&t| t == tile)
                .map(|k| aside_rect(frame_h, k)),
        });
        if let Some(at) = last_at {
            marks.push(Mark {
                kind: MarkKind::Last,
                at,
            });
        }
        // An illegal move's tile, faded, where it was put: its cell, or the
        // next place among the set-aside tiles.
        let mut aside_places = aside.len();
        let shown_as = match &r.illegal {
            Some((n, seat, mv, why)) => {
                let at = match *mv {
                    Move::Place { cell, .. } => drawable(cell).then(|| cell_rect(cell)),
                    Move::Aside { .. } => {
                        aside_places += 1;
                        Some(aside_rect(frame_h, aside.len()))
                    }
                };
                if let Some(at) = at {
                    items.push(ghost(mv.tile(), at));
                    marks.push(Mark {
                        kind: MarkKind::Illegal,
                        at,
                    });
                }
                Shown::Illegal(*n, &names[*seat], mv.to_string(), why)
            }
            None => match &r.last {
                Some((n, seat, mv)) => Shown::After(*n, &names[*seat], mv.to_string()),
                None => Shown::Setup,
            },
        };
        let h_mm = if aside_places == 0 {
            frame_h
        } else {
            let last = aside_rect(frame_h, aside_places - 1);
            last.y + last.h
        };
        let total = record.moves.len();
        let w_mm = files as f64 * (W + GAP) - GAP;
        // Files a.. over and under, ranks 1.. beside (a1 top left), as the
        // record names the cells, for every column and row drawn.
        let line = |k: usize, size: f64| Line::new("", k as f64 * (size + GAP), size);
        let file_lines: Vec<Line> = (0..files)
            .map(|f| Line {
                name: ((b'a' + f as u8) as char).to_string(),
                ..line(f, W)
            })
            .collect();
        let rank_lines: Vec<Line> = (0..ranks)
            .map(|r| Line {
                name: (r + 1).to_string(),
                ..line(r, H)
            })
            .collect();
        let mut labels =
            labels::grid(Rect::new(0.0, 0.0, w_mm, frame_h), &file_lines, &rank_lines)?;
        if aside_places > 0 {
            labels.push(labels::name(
                "name-aside",
                "set aside",
                aside_rect(frame_h, 0),
            )?);
        }
        let slots = (0..SIDE * SIDE)
            .map(Cell::from_index)
            .filter(|&c| state.at(c).is_none())
            .map(cell_rect)
            .collect();
        let mut scene = Scene {
            targets: Vec::new(),
            kit: "fruit",
            w_mm,
            h_mm,
            slots,
            items,
            marks,
            labels,
            caption: scene::caption(record.game, &record.variant, total, shown_as),
            shown: r.illegal.as_ref().map_or(shown, |(n, ..)| *n),
            moves: total,
        };
        scene.fit();
        Ok(scene)
    }

    /// The director's: the six start tiles (face up on their cells, MO-1)
    /// and the rest of the draw, face down in order. The player gets no
    /// slip: the order of the draw is hidden from them (MO-3).
    fn holdings(
        &self,
        _variant: &str,
        _players: &[String],
        deal: &Provenance,
    ) -> Result<Vec<Holding>, Error> {
        let setup = dealt(deal);
        let cells: Vec<String> = setup.start.iter().map(Cell::to_string).collect();
        Ok(vec![
            Holding {
                label: format!("start, face up on {}", cells.join(" ")),
                seat: false,
                pieces: setup.draw[..SIDE].iter().map(|&t| piece(t)).collect(),
            },
            Holding {
                label: "the draw, face down, the first drawn first".into(),
                seat: false,
                pieces: setup.draw[SIDE..].iter().map(|&t| piece(t)).collect(),
            },
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fruit::tile::Tile;
    use crate::show::scene::Draw as _;

    fn scene(text: &str) -> Scene {
        let src = Source::new(std::path::Path::new("t.toml"), text.to_string());
        let record = Record::parse(&src, &crate::games::Registry).unwrap();
        Mosaico
            .scene(&record, &src, None, &toml::Table::new())
            .unwrap()
    }

    /// MO-1: the first six tiles of the draw lie on the diagonal, each on its
    /// cell of the frame; MO-2: an illegal placement past the frame (`g2`)
    /// is drawn there, faded, and the picture grows a column for it.
    #[test]
    fn mo1_start_on_the_diagonal_and_mo2_a_tile_past_the_frame_is_shown_there() {
        let draw: Vec<String> = Tile::all().map(|t| t.to_string()).collect();
        let text = format!(
            "game = \"mosaico\"\nvariant = \"standard\"\nplayers = [\"Sara\"]\n\n\
             [setup]\ndraw = \"{}\"\n\n[[move]]\nplayer = \"Sara\"\ntile = \"P1\"\ncell = \"g2\"\n",
            draw.join(" ")
        );
        let s = scene(&text);
        // The scene is fitted round the coordinates: a1 lies right of the ranks
        // and under the files, and every cell keeps its place from a1.
        let a1 = s.items.iter().find(|i| i.id == "tile-M1").unwrap().at;
        assert!(a1.x > 0.0 && a1.y > 0.0);
        let on = |c: Cell| {
            let r = cell_rect(c);
            Rect::new(r.x + a1.x, r.y + a1.y, r.w, r.h)
        };
        for (k, t) in draw[..6].iter().enumerate() {
            let item = s
                .items
                .iter()
                .find(|i| i.id == format!("tile-{t}"))
                .unwrap();
            assert_eq!(item.at, on(Cell::new(k as u8, k as u8)), "{t}");
        }
        let g = s.items.iter().find(|i| i.id == "illegal").unwrap();
        assert!(g.ghost);
        assert_eq!(g.at, on(Cell::new(6, 1)));
        // Seven columns drawn, g named over the seventh.
        let frame_w = 7.0 * (W + GAP) - GAP;
        assert!(s.w_mm > frame_w && s.w_mm < frame_w + 2.0 * a1.x + 1e-9);
        let g_label = s.labels.iter().find(|l| l.id == "coord-top-g").unwrap();
        assert!((g_label.at.centre().0 - g.at.centre().0).abs() < 1e-9);
        assert!(s.caption.contains("mosaico.outside-frame"), "{}", s.caption);
    }
}
