//! Domino della Frutta's positions for `tavolo show`: the tiles on the table
//! in their rows and number columns (DF-1), drawn with the fruit kit's tiles,
//! a turned tile face down (DF-5). The numbers 1-6 are written over and under
//! the columns and the rows' numbers beside them, as a record names a place
//! (`row = -1`); a row more is shown above and below the tiles, where the next
//! tile may go, its places outlined. Under the table, as a director sees the
//! game: the set-aside tiles face down, then each player's hand at half size
//! under their name (DF-3, DF-4).

use super::record::{dealt, Domino};
use super::{Move, State};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::fruit::draw::{holding_rect, lay_out, piece, tile_item, without_seat, GAP, H, W};
use crate::games::fruit::tile::Tile;
use crate::games::replay::replay;
use crate::record::{Record, Source};
use crate::show::labels::{self, Line, NAME_ROOM};
use crate::show::scene::{self, Holding, Label, Mark, MarkKind, Rect, Scene, Shown};

/// The table's width: six number columns.
const TABLE_W: f64 = 6.0 * (W + GAP) - GAP;
/// Between the table (and its numbers under it) and the first holding, and
/// between two holdings.
const BAND_GAP: f64 = 12.0;

/// Where the cell of `row` and number `n` lies, the top row being `top`.
fn cell(top: i32, row: i32, n: u8) -> Rect {
    Rect::new(
        f64::from(n - 1) * (W + GAP),
        f64::from(row - top) * (H + GAP),
        W,
        H,
    )
}

fn notation(mv: &Move) -> String {
    without_seat(&mv.to_string())
}

/// The table cell a move marks, if it lays or turns a tile.
fn marked(state: &State, mv: &Move) -> Option<(Tile, i32)> {
    match *mv {
        Move::Place { tile, row, .. }
        | Move::Draw {
            tile,
            row: Some(row),
            ..
        } => Some((tile, row)),
        Move::Turn { tile, .. } => state.row_of(tile).map(|r| (tile, r)),
        _ => None,
    }
}

/// The rows shown: those with tiles (and an illegal tile's) and one more
/// above and below, where the next tile may go; row 0 alone before the first.
fn rows_shown(state: &State, attempted: Option<i32>) -> (i32, i32) {
    let rows = state.table().keys().map(|&(r, _)| r);
    let laid = rows.fold(None, |acc: Option<(i32, i32)>, r| {
        Some(acc.map_or((r, r), |(a, b)| (a.min(r), b.max(r))))
    });
    let (top, bottom) = match laid {
        Some((a, b)) => (a - 1, b + 1),
        None => (0, 0),
    };
    match attempted {
        Some(r) => (top.min(r), bottom.max(r)),
        None => (top, bottom),
    }
}

/// The numbers over and under the columns, the rows' numbers beside them.
fn coordinates(top: i32, bottom: i32) -> Result<Vec<Label>, Error> {
    let columns: Vec<Line> = (1..=6u8)
        .map(|n| Line::new(n.to_string(), cell(top, top, n).x, W))
        .collect();
    let rows: Vec<Line> = (top..=bottom)
        .map(|r| Line::new(r.to_string(), cell(top, r, 1).y, H))
        .collect();
    let height = f64::from(bottom - top + 1) * (H + GAP) - GAP;
    labels::grid(Rect::new(0.0, 0.0, TABLE_W, height), &columns, &rows)
}

impl scene::Draw for Domino {
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
        // A move that opens the play calls `open` first, under the same number.
        let replayed = replay(&Domino, record, src, upto)?;
        let (shown, state, r) = (replayed.shown, replayed.game(), replayed.outline());
        let names = record.player_names();
        let last = r.last.map(|(n, _, mv)| (n, mv));
        let illegal = r.illegal.map(|(n, _, mv, why)| (n, mv, why));
        let attempted = illegal.as_ref().and_then(|(_, mv, _)| marked(state, mv));
        let (top, bottom) = rows_shown(state, attempted.map(|(_, r)| r));
        let mut items = Vec::new();
        for (&(row, n), laid) in state.table() {
            items.push(tile_item(
                format!("tile-{}", laid.tile),
                laid.tile,
                cell(top, row, n),
                laid.turned,
                false,
            ));
        }
        let slots = (top..=bottom)
            .flat_map(|r| (1..=6u8).map(move |n| (r, n)))
            .filter(|key| !state.table().contains_key(key))
            .map(|(r, n)| cell(top, r, n))
            .collect();
        let mut labels = coordinates(top, bottom)?;
        // Under the table: the set-aside tiles face down, then each hand, each
        // under its name (an empty one takes its name's line only).
        let table_h = f64::from(bottom - top + 1) * (H + GAP) - GAP;
        let mut y = table_h + BAND_GAP + NAME_ROOM;
        let mut holding = |id: String, name: String, tiles: Vec<Tile>| {
            let (places, bottom_y) = lay_out(&[tiles], y, TABLE_W);
            let label = labels::name(id, &name, holding_rect(&places, y));
            y = if places.is_empty() {
                y + NAME_ROOM
            } else {
                bottom_y + BAND_GAP + NAME_ROOM
            };
            label.map(|l| (places, l))
        };
        let aside: Vec<Tile> = state.set_aside().iter().collect();
        let what = match aside.len() {
            0 => "set aside: none left".to_string(),
            n => format!("set aside, face down: {n}"),
        };
        let (places, label) = holding("name-aside".into(), what, aside)?;
        labels.push(label);
        for (k, &(t, at)) in places.iter().enumerate() {
            items.push(tile_item(format!("aside-{}", k + 1), t, at, true, false));
        }
        let mut held = std::collections::BTreeMap::new();
        for (p, name) in names.iter().enumerate() {
            let hand: Vec<Tile> = state.hand(p).iter().collect();
            let count = hand.len();
            let out = if state.is_out(p) { ", out" } else { "" };
            let tiles = if count == 1 { "tile" } else { "tiles" };
            let (places, label) = holding(
                format!("name-{}", p + 1),
                format!("{name}: {count} {tiles}{out}"),
                hand,
            )?;
            labels.push(label);
            for (t, at) in places {
                let mut it = tile_item(format!("held-{t}"), t, at, false, false);
                // A hand is its player's until open play shows it (DF-4, GN-5).
                it.owner = (!state.is_open()).then_some(p);
                items.push(it);
                held.insert(t, at);
            }
        }
        let mut marks = Vec::new();
        // The last move's tile: where it was laid or turned, or in the hand
        // that drew and kept it.
        let last_at = last.as_ref().and_then(|(_, mv)| match marked(state, mv) {
            Some((t, r)) => Some(cell(top, r, t.number())),
            None => match *mv {
                Move::Draw { tile, .. } => held.get(&tile).copied(),
                _ => None,
            },
        });
        if let Some(at) = last_at {
            marks.push(Mark {
                kind: MarkKind::Last,
                at,
            });
        }
        let total = record.moves.len();
        let caption = match (&illegal, &last) {
            (Some((n, mv, why)), _) => {
                if let Some((t, r)) = attempted {
                    let at = cell(top, r, t.number());
                    if matches!(mv, Move::Place { .. } | Move::Draw { .. }) {
                        items.push(tile_item("illegal".into(), t, at, false, true));
                    }
                    marks.push(Mark {
                        kind: MarkKind::Illegal,
                        at,
                    });
                }
                Shown::Illegal(*n, &names[mv.player()], notation(mv), why)
            }
            (None, Some((n, mv))) => Shown::After(*n, &names[mv.player()], notation(mv)),
            (None, None) => Shown::Setup,
        };
        let caption = scene::caption(record.game, &record.variant, total, caption);
        let mut scene = Scene {
            targets: Vec::new(),
            kit: "fruit",
            w_mm: TABLE_W,
            // The holdings under the table and the labels round it: `fit` sizes the rest.
            h_mm: table_h,
            slots,
            items,
            marks,
            labels,
            caption,
            shown: illegal.as_ref().map_or(shown, |(n, ..)| *n),
            moves: record.moves.len(),
        };
        scene.fit();
        Ok(scene)
    }

    fn holdings(
        &self,
        _variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Vec<Holding>, Error> {
        let setup = dealt(players.len(), deal)?;
        let mut out = vec![Holding {
            label: "set aside (face down)".into(),
            seat: false,
            pieces: setup.set_aside.iter().map(piece).collect(),
        }];
        out.extend(
            players
                .iter()
                .zip(&setup.hands)
                .map(|(name, hand)| Holding {
                    label: name.clone(),
                    seat: true,
                    pieces: hand.iter().map(piece).collect(),
                }),
        );
        Ok(out)
    }
}
