//! Mosaico in records: reading the draw and the moves, replaying them with
//! [`super::mosaico`] into a verdict, dealing and random legal play. The format
//! is in docs/records.md ("Mosaico").
//!
//! - `[setup]`: `draw`, the 36 tiles in drawing order (the first six go on the
//!   start cells), and optionally `start`, six cells (default `a1 b2 c3 d4 e5 f6`,
//!   MO-1); or `[deal]` (then `[setup]` may still give `start`).
//! - Each move: `tile` + `cell` (place the tile in play), or `aside` = the tile
//!   (set it aside, MO-3).

use std::ops::RangeInclusive;

use serde_json::json;

use super::{Cell, Move, Outcome, Setup, State, Variant, SIDE};
use crate::deal::{DealRng, Provenance};
use crate::error::Error;
use crate::games::fruit::record::{deal_order, parse_tile, parse_tiles};
use crate::games::solve::{Decided, Solve};
use crate::games::Game;
use crate::record::{
    write, Deal, GameResult, Illegal, MoveOut, Record, Source, Span, Status, Verdict,
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
        Ok(describe_deal(&dealt(deal)))
    }

    fn play_random(
        &self,
        variant: &str,
        _players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
    ) -> Result<Vec<MoveOut>, Error> {
        let mut state = State::new(&dealt(deal), variant_of(variant));
        let mut played = Vec::new();
        loop {
            let moves = state.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u32) as usize];
            state
                .play(mv)
                .map_err(|e| Error::failed("mosaico.internal", format!("random player: {e}")))?;
            played.push(mv);
        }
        Ok(moves_out(&played))
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

pub fn describe_deal(setup: &Setup) -> Deal {
    let draw = names(&setup.draw);
    let start = names(&setup.start);
    let lines = vec![
        format!("start ({}): {}", start.join(" "), draw[..SIDE].join(" ")),
        format!("then drawn in order: {}", draw[SIDE..].join(" ")),
    ];
    let setup_toml = format!(
        "[setup]\n# the drawing order; the first six go on `start` (MO-1)\ndraw = {}\nstart = {}\n",
        write::string(&draw.join(" ")),
        write::string(&start.join(" "))
    );
    Deal {
        lines,
        json: json!({ "draw": draw, "start": start }),
        setup_toml,
    }
}

fn read_setup(record: &Record, src: &Source) -> Result<Setup, Error> {
    let from_deal = record.setup.deal().map(|(d, _)| dealt(d));
    let Some(node) = record.setup.written() else {
        return Ok(from_deal.expect("Record::parse requires [deal] or [setup]"));
    };
    let mut f = node.fields(src, "[setup]")?;
    let draw_node = f.opt("draw");
    let start_node = f.opt("start");
    f.finish(&["draw", "start"])?;
    let mut setup = match (draw_node, from_deal) {
        (Some(n), dealt) => {
            let tiles = parse_tiles(n, "`draw`", src)?;
            let mut seen = [false; 36];
            for (t, span) in &tiles {
                if std::mem::replace(&mut seen[t.index()], true) {
                    return Err(src.error(
                        "mosaico.bad-setup",
                        span,
                        format!("{t} is in the draw twice"),
                    ));
                }
            }
            let order: Vec<_> = tiles.iter().map(|(t, _)| *t).collect();
            let setup = Setup::from_order(&order).ok_or_else(|| {
                src.error(
                    "mosaico.bad-setup",
                    &n.span,
                    format!("the draw must hold all 36 tiles, not {}", order.len()),
                )
            })?;
            if dealt.is_some_and(|d| d.draw != setup.draw) {
                return Err(src
                    .error(
                        "record.setup-not-dealt",
                        &n.span,
                        "the draw is not the one [deal] gives for this seed and board",
                    )
                    .help(
                        "remove one of them, or write the draw that `tavolo deal mosaico` prints",
                    ));
            }
            setup
        }
        (None, Some(d)) => d,
        (None, None) => {
            return Err(src
                .error(
                    "record.missing-field",
                    &node.span,
                    "[setup] has no `draw` and the record no [deal]",
                )
                .help("give the 36 tiles in drawing order, or a [deal] seed"))
        }
    };
    if let Some(n) = start_node {
        let text = n.as_str(src, "`start`")?;
        let cells: Result<Vec<Cell>, String> = text
            .split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(str::parse)
            .collect();
        let cells = cells.map_err(|e| src.error("mosaico.bad-setup", &n.span, e))?;
        let cells: [Cell; SIDE] = cells.try_into().map_err(|c: Vec<Cell>| {
            src.error(
                "mosaico.bad-setup",
                &n.span,
                format!(
                    "`start` names {} cells; the six first tiles need six",
                    c.len()
                ),
            )
        })?;
        setup = setup
            .with_start(cells)
            .map_err(|e| src.error("mosaico.bad-setup", &n.span, e))?;
    }
    Ok(setup)
}

/// A move as written, with the spans errors point at.
struct Written {
    mv: Move,
    tile: Span,
    cell: Option<Span>,
}

fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
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

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let setup = read_setup(record, src)?;
    let moves = read_moves(record, src)?;
    let mut state = State::new(&setup, variant_of(&record.variant));
    let total = moves.len();
    for (entry, w) in record.moves.iter().zip(&moves) {
        if let Err(rb) = state.play(w.mv) {
            let on_cell = rb.code != "mosaico.not-in-play" && rb.code != "mosaico.must-place";
            let span = match (&w.cell, on_cell) {
                (Some(c), true) => c,
                _ => &w.tile,
            };
            return Ok(Verdict::illegal(
                total,
                Illegal::new(
                    src,
                    span,
                    entry,
                    &record.players,
                    rb.rule,
                    rb.code,
                    rb.message,
                ),
            ));
        }
    }
    let player = record.players[0].name.clone();
    let aside: Vec<String> = state.aside().map(|t| t.to_string()).collect();
    let (status, result) = match state.outcome() {
        Outcome::Ongoing => (Status::LegalSoFar, None),
        Outcome::Won => (
            Status::Complete,
            Some(GameResult::solitaire(
                &player,
                true,
                "all 36 tiles placed in the 6x6 figure (MO-2)".into(),
            )),
        ),
        Outcome::Lost => (
            Status::Complete,
            Some(GameResult::solitaire(
                &player,
                false,
                format!(
                    "the draw is exhausted and no set-aside tile fits anywhere: {} (MO-3)",
                    aside.join(" ")
                ),
            )),
        ),
    };
    Ok(Verdict {
        status,
        moves: total,
        illegal: None,
        to_move: (status == Status::LegalSoFar).then_some(player),
        result,
        notes: vec![format!("{} of 36 tiles placed", state.placed())],
    })
}

/// The `[[move]]` tables of a sequence of moves.
pub fn moves_out(moves: &[Move]) -> Vec<MoveOut> {
    moves
        .iter()
        .map(|mv| MoveOut {
            player: 0,
            fields: match *mv {
                Move::Place { tile, cell } => vec![
                    ("tile", write::string(&tile.to_string())),
                    ("cell", write::string(&cell.to_string())),
                ],
                Move::Aside { tile } => vec![("aside", write::string(&tile.to_string()))],
            },
        })
        .collect()
}

impl Solve for Mosaico {
    fn decide(&self, provenance: &Provenance, limits: Limits, polish: bool) -> Decided {
        let setup = dealt(provenance);
        let start = State::new(&setup, variant_of(&provenance.variant));
        let _ = polish; // Mosaico's lines are as short as they come.
        let (answer, stats) = super::solve::solve(&start, limits);
        Decided::new(
            provenance.clone(),
            answer,
            stats,
            moves_out,
            describe_deal(&setup).setup_toml,
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
