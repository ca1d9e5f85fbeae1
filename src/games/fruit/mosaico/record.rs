//! Mosaico in records: reading the draw and the moves, replaying them with
//! [`super::mosaico`] into a verdict, dealing and random legal play. The format
//! is in docs/records.md ("Mosaico").
//!
//! - `[setup]`: `draw`, the 36 tiles in drawing order (the first six go on the
//!   start cells), and optionally `start`, six cells in six rows and six columns
//!   (default `a1 b2 c3 d4 e5 f6`, MO-1, MO-5); or `[deal]` (then `[setup]` may
//!   still give `start`). Each is a string of names or an array of them; a deal
//!   writes arrays.
//! - Each move: `tile` + `cell` (place the tile in play), or `aside` = the tile
//!   (set it aside, MO-3).

use std::ops::RangeInclusive;

use serde::Serialize;

use super::{Cell, Move, Outcome, RuleBroken, Setup, State, Variant, CELLS, SIDE};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::engine::{Broken, Engine};
use crate::games::fruit::record::{deal_order, parse_tile, parse_tiles};
use crate::games::fruit::Tile;
use crate::games::referee::{Playable, Referee};
use crate::games::replay::{illegal, replay_opened};
use crate::games::session::Opened;
use crate::games::solve::{Decided, Solve};
use crate::games::Game;
use crate::record::node::Value;
use crate::record::{
    write, Deal, GameResult, MoveOut, Node, Record, Source, Span, Status, Verdict,
};
use crate::search::Limits;

/// The registry entry for Mosaico.
pub struct Mosaico;

impl Game for Mosaico {
    fn solver(&self) -> Option<&dyn Solve> {
        Some(self)
    }

    fn name(&self) -> &'static str {
        "mosaico"
    }

    fn variants(&self) -> &'static [&'static str] {
        &["standard", "hard"]
    }

    fn player_counts(&self, _variant: &str) -> RangeInclusive<usize> {
        1..=1
    }

    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error> {
        check(record, src)
    }

    fn deal(&self, _variant: &str, _players: &[String], deal: &Provenance) -> Result<Deal, Error> {
        describe_deal(&dealt(deal))
    }

    fn playable(&self) -> &dyn Playable {
        self
    }

    fn drawer(&self) -> Option<&dyn crate::show::scene::Draw> {
        Some(self)
    }
}

impl Referee for Mosaico {
    type Engine = State;

    fn start(&self, variant: &str, _players: &[String], deal: &Provenance) -> Result<State, Error> {
        State::start(&dealt(deal), &variant_of(variant))
            .map_err(|e| Error::failed("mosaico.internal", format!("internal error: {e}")))
    }

    fn move_out(&self, _seat: usize, mv: &Move) -> MoveOut {
        move_out(mv)
    }

    fn mover(&self, _seat: usize, _mv: &Move) -> usize {
        0
    }
}

pub fn variant_of(name: &str) -> Variant {
    Variant::from_name(name).unwrap_or_default()
}

/// The draw a seed deals, started on the diagonal. The same for both variants
/// (the deal is keyed with the variant `standard`).
pub fn dealt(deal: &Provenance) -> Setup {
    let key = Provenance::new("mosaico", "standard", &deal.seed, deal.board);
    Setup::from_order(&deal_order(&key)).expect("a deal is a permutation")
}

fn names<T: ToString>(items: &[T]) -> Vec<String> {
    items.iter().map(|t| t.to_string()).collect()
}

/// A deal as `tavolo deal` shows it: the drawing order (the first six go on
/// `start`, MO-1) and the start cells.
#[derive(Serialize)]
struct MosaicoDeal {
    draw: Vec<String>,
    start: Vec<String>,
}

pub fn describe_deal(setup: &Setup) -> Result<Deal, Error> {
    let deal = MosaicoDeal {
        draw: names(&setup.draw),
        start: names(&setup.start),
    };
    let lines = vec![
        format!(
            "start ({}): {}",
            deal.start.join(" "),
            deal.draw[..SIDE].join(" ")
        ),
        format!("then drawn in order: {}", deal.draw[SIDE..].join(" ")),
    ];
    Deal::from_setup(&deal, lines)
}

/// A setup as far as one source gives it: `[deal]` gives the draw; `[setup]`
/// may give the draw and the start cells (read last, see [`read_setup`]).
struct Partial {
    draw: Option<([Tile; CELLS], Option<Span>)>,
    start: Option<Node>,
}

/// The setup dealt from `[deal]` or written in `[setup]`, or both: a draw
/// written must be the dealt one; start cells written replace the diagonal.
pub(super) fn read_setup(record: &Record, src: &Source) -> Result<Setup, Error> {
    let partial = record.setup_with(
        src,
        |d| {
            Ok(Partial {
                draw: Some((dealt(d).draw, None)),
                start: None,
            })
        },
        |node| read_written(node, src),
        |dealt, written, _| {
            if let (Some((d, _)), Some((w, Some(span)))) = (&dealt.draw, &written.draw) {
                if d != w {
                    return Err(src
                        .error(
                            "record.setup-not-dealt",
                            span,
                            "the draw is not the one [deal] gives for this seed and board",
                        )
                        .help(
                            "remove one of them, or write the draw that `tavolo deal mosaico` prints",
                        ));
                }
            }
            Ok(Partial {
                draw: written.draw.or(dealt.draw),
                start: written.start,
            })
        },
    )?;
    let Some((draw, _)) = partial.draw else {
        return Err(src
            .error(
                "record.missing-field",
                record.setup_span(),
                "[setup] has no `draw` and the record no [deal]",
            )
            .help("give the 36 tiles in drawing order, or a [deal] seed"));
    };
    let setup = Setup {
        draw,
        start: Cell::diagonal(),
    };
    let Some(n) = partial.start else {
        return Ok(setup);
    };
    let cells = read_start(&n, src)?;
    setup
        .with_start(cells)
        .map_err(|e| src.error("mosaico.bad-setup", &n.span, e.to_string()))
}

/// `[setup]` as written: a draw of the 36 tiles once each, if given.
fn read_written(node: &Node, src: &Source) -> Result<Partial, Error> {
    let mut f = node.fields(src, "[setup]")?;
    let draw_node = f.opt("draw");
    let start = f.opt("start").cloned();
    f.finish(&["draw", "start"])?;
    let Some(n) = draw_node else {
        return Ok(Partial { draw: None, start });
    };
    let tiles = parse_tiles(n, "`draw`", src)?;
    let mut seen = [false; CELLS];
    for (t, span) in &tiles {
        if std::mem::replace(&mut seen[t.index()], true) {
            return Err(src.error(
                "mosaico.bad-setup",
                span,
                format!("{t} is in the draw twice"),
            ));
        }
    }
    let order: Vec<Tile> = tiles.iter().map(|(t, _)| *t).collect();
    let draw = Setup::from_order(&order).ok_or_else(|| {
        src.error(
            "mosaico.bad-setup",
            &n.span,
            format!("the draw must hold all 36 tiles, not {}", order.len()),
        )
    })?;
    Ok(Partial {
        draw: Some((draw.draw, Some(n.span.clone()))),
        start,
    })
}

/// The six start cells, as one string (`"a1 b2 c3 d4 e5 f6"`, spaces or
/// commas) or an array of cell names.
fn read_start(n: &Node, src: &Source) -> Result<[Cell; SIDE], Error> {
    let words: Vec<String> = match &n.value {
        Value::Array(_) => n
            .as_str_array(src, "`start`")?
            .into_iter()
            .map(|(s, _)| s.to_string())
            .collect(),
        _ => n
            .as_str(src, "`start`")?
            .split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect(),
    };
    let cells: Result<Vec<Cell>, String> = words.iter().map(|w| w.parse()).collect();
    let cells = cells.map_err(|e| src.error("mosaico.bad-setup", &n.span, e))?;
    cells.try_into().map_err(|c: Vec<Cell>| {
        src.error(
            "mosaico.bad-setup",
            &n.span,
            format!(
                "`start` names {} cells; the six first tiles need six",
                c.len()
            ),
        )
    })
}

/// A move as written, with the spans errors point at.
pub(super) struct Written {
    pub(super) mv: Move,
    tile: Span,
    cell: Option<Span>,
}

pub(super) fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
    record.read_moves(src, |entry, mut f| {
        let tile = f.opt("tile");
        let cell = f.opt("cell");
        let aside = f.opt("aside");
        f.finish(&["player", "tile", "cell", "aside"])?;
        let help =
            "a move is `tile` + `cell` (place it) or `aside` = the tile (set it aside, MO-3)";
        let read_tile =
            |n: &crate::record::Node, what: &str| parse_tile(n.as_str(src, what)?, &n.span, src);
        match (tile, cell, aside) {
            (Some(t), Some(c), None) => {
                let text = c.as_str(src, "`cell`")?;
                let parsed: Cell = text
                    .parse()
                    .map_err(|e: String| src.error("mosaico.unknown-cell", &c.span, e))?;
                Ok(Written {
                    mv: Move::Place {
                        tile: read_tile(t, "`tile`")?,
                        cell: parsed,
                    },
                    tile: t.span.clone(),
                    cell: Some(c.span.clone()),
                })
            }
            (None, None, Some(a)) => Ok(Written {
                mv: Move::Aside {
                    tile: read_tile(a, "`aside`")?,
                },
                tile: a.span.clone(),
                cell: None,
            }),
            (Some(_), None, None) => Err(src
                .error(
                    "record.missing-field",
                    &entry.node.span,
                    format!("move {} places a tile but gives no `cell`", entry.number),
                )
                .help(help)),
            (_, _, Some(a)) if tile.is_some() || cell.is_some() => Err(src
                .error(
                    "mosaico.two-moves",
                    &a.span,
                    format!("move {} both places and sets aside", entry.number),
                )
                .help(help)),
            _ => Err(src
                .error(
                    "record.missing-field",
                    &entry.node.span,
                    format!("move {} says no move", entry.number),
                )
                .help(help)),
        }
    })
}

/// Which span a broken rule points at: the cell for a placement refused
/// there, else the tile (the move's first field).
fn blame<'a>(rb: &RuleBroken, w: &'a Written) -> &'a Span {
    let on_cell = match rb {
        RuleBroken::GameOver { .. }
        | RuleBroken::NotInPlay { .. }
        | RuleBroken::MustPlace { .. } => false,
        RuleBroken::OutsideFrame { .. }
        | RuleBroken::Occupied { .. }
        | RuleBroken::NotAdjacent { .. }
        | RuleBroken::NoMatch { .. }
        | RuleBroken::HardTwoMatches { .. } => true,
    };
    match &w.cell {
        Some(cell) if on_cell => cell,
        _ => &w.tile,
    }
}

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let setup = read_setup(record, src)?;
    let moves = read_moves(record, src)?;
    let start = State::start(&setup, &variant_of(&record.variant))
        .map_err(|e| src.error("mosaico.bad-setup", record.setup_span(), e.to_string()))?;
    let total = moves.len();
    let player = record.players[0].name.clone();
    let names = record.player_names();
    let opened = Opened::one_each(start, moves.iter().map(|w| w.mv).collect());
    let replayed = replay_opened(&Mosaico, record, opened, total);
    let state = replayed.game();
    if let Some((n, refused, _)) = replayed.refused() {
        let (entry, w, rb) = (&record.moves[n - 1], &moves[n - 1], &refused.broken);
        let illegal = illegal(src, record, (entry, blame(rb, w)), rb, rb.describe(&names));
        // GN-1: a move after the end leaves the ended game's result.
        return Ok(Verdict {
            result: end(state, &player),
            notes: notes(state),
            ..Verdict::illegal(total, illegal)
        });
    }
    let result = end(state, &player);
    let status = if result.is_some() {
        Status::Complete
    } else {
        Status::LegalSoFar
    };
    Ok(Verdict {
        status,
        moves: total,
        illegal: None,
        to_move: (status == Status::LegalSoFar).then_some(player),
        result,
        notes: notes(state),
        details: Vec::new(),
    })
}

/// How the game ended, if it has.
fn end(state: &State, player: &str) -> Option<GameResult> {
    match state.outcome() {
        Outcome::Ongoing => None,
        Outcome::Won => Some(GameResult::solitaire(
            player,
            true,
            "all 36 tiles placed in the 6x6 figure (MO-2)".into(),
        )),
        Outcome::Lost => {
            let aside: Vec<String> = state.aside().map(|t| t.to_string()).collect();
            Some(GameResult::solitaire(
                player,
                false,
                format!(
                    "the draw is exhausted and no set-aside tile fits anywhere: {} (MO-3)",
                    aside.join(" ")
                ),
            ))
        }
    }
}

fn notes(state: &State) -> Vec<String> {
    vec![format!("{} of 36 tiles placed", state.placed())]
}

/// One `[[move]]` table.
fn move_out(mv: &Move) -> MoveOut {
    MoveOut {
        player: 0,
        fields: match *mv {
            Move::Place { tile, cell } => vec![
                ("tile", write::string(&tile.to_string())),
                ("cell", write::string(&cell.to_string())),
            ],
            Move::Aside { tile } => vec![("aside", write::string(&tile.to_string()))],
        },
    }
}

/// The `[[move]]` tables of a sequence of moves.
pub fn moves_out(moves: &[Move]) -> Vec<MoveOut> {
    moves.iter().map(move_out).collect()
}

impl Solve for Mosaico {
    /// Mosaico's lines are as short as they come: 36 placements and the set-asides.
    fn decide(&self, provenance: &Provenance, limits: Limits) -> Decided {
        let setup = dealt(provenance);
        let start = State::new(&setup, variant_of(&provenance.variant));
        let (answer, stats) = super::solve::solve(&start, limits);
        Decided::new(
            provenance.clone(),
            answer,
            stats,
            moves_out,
            // The records a solver writes carry the [deal] too, so they
            // read even without this (which cannot fail to serialise).
            describe_deal(&setup).map_or_else(|_| String::new(), |d| d.setup_toml),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden vectors (MO-1 on `tavolo-deal-v1`): these draws must never change.
    #[test]
    fn golden_draws() {
        let setup = dealt(&Provenance::new("mosaico", "standard", "golden", 1));
        assert_eq!(names(&setup.draw).join(" "), GOLDEN_1);
        assert_eq!(names(&setup.start).join(" "), "a1 b2 c3 d4 e5 f6");
        let hard = dealt(&Provenance::new("mosaico", "hard", "golden", 1));
        assert_eq!(hard, setup);
        let board2 = dealt(&Provenance::new("mosaico", "standard", "golden", 2));
        assert_eq!(names(&board2.draw).join(" "), GOLDEN_2);
    }

    const GOLDEN_1: &str = "F4 P2 B3 F2 B5 U3 F6 U1 C4 B6 C6 F3 M6 U5 U4 C1 M4 B2 M3 P6 B4 U6 P3 F1 C2 U2 C5 P4 P5 M5 P1 M1 C3 M2 F5 B1";
    const GOLDEN_2: &str = "B4 M1 B3 C1 F6 F5 F1 C6 M6 U1 M2 U2 F4 U5 C3 F3 U4 C2 P1 B6 F2 U3 P2 P3 M3 U6 P6 P4 M5 B5 B2 M4 C4 B1 P5 C5";
}
