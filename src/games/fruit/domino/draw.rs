//! Domino della Frutta's positions for `tavolo show`: the tiles on the table
//! in their rows and number columns (DF-1), drawn with the fruit kit's tiles,
//! a turned tile face down (DF-5).

use super::record::{dealt, read_moves, read_setup, rules_of};
use super::{Move, State};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::engine::Engine;
use crate::games::fruit::draw::{piece, tile_item, without_seat, GAP, H, W};
use crate::games::fruit::tile::Tile;
use crate::record::{Record, Source};
use crate::show::scene::{self, Holding, Mark, MarkKind, Rect, Scene, Shown};

pub struct Draw;

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

impl scene::Draw for Draw {
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
        let shown = scene::shown(record, upto)?;
        let setup = read_setup(record, src)?;
        let moves = read_moves(record, src)?;
        let names = record.player_names();
        let mut state = State::start(&setup, &rules_of(&record.variant))
            .map_err(|e| src.error("domino.bad-setup", record.setup_span(), e.to_string()))?;
        // A move that opens the play calls `open` first, under the same number.
        let played = record
            .moves
            .iter()
            .zip(&moves)
            .take(shown)
            .flat_map(|(entry, w)| {
                let call = w.open.as_ref().map(|_| Move::Open {
                    player: entry.player,
                });
                call.into_iter()
                    .chain(w.mv)
                    .map(move |mv| (entry.number, entry.player, mv))
            });
        let r = scene::replay(&mut state, played, &names, State::play);
        let last = r.last.map(|(n, _, mv)| (n, mv));
        let illegal = r.illegal.map(|(n, _, mv, why)| (n, mv, why));
        let attempted = illegal.as_ref().and_then(|(_, mv, _)| marked(&state, mv));
        let rows = state
            .table()
            .keys()
            .map(|&(r, _)| r)
            .chain(attempted.map(|(_, r)| r));
        let (top, bottom) = rows.fold((0, 0), |(a, b), r| (a.min(r), b.max(r)));
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
        let mut marks = Vec::new();
        if let Some((t, r)) = last.as_ref().and_then(|(_, mv)| marked(&state, mv)) {
            marks.push(Mark {
                kind: MarkKind::Last,
                at: cell(top, r, t.number()),
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
        Ok(Scene {
            kit: "fruit",
            w_mm: 6.0 * W + 5.0 * GAP,
            h_mm: f64::from(bottom - top + 1) * (H + GAP) - GAP,
            items,
            marks,
            labels: Vec::new(),
            caption,
            shown: illegal.as_ref().map_or(shown, |(n, ..)| *n),
            moves: record.moves.len(),
        })
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
