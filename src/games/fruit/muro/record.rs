//! Il Muro in records: reading the wall and the moves, replaying them with
//! [`super::muro`] into a verdict, dealing (MU-1) and random legal play. The
//! format is in docs/records.md ("Il Muro").
//!
//! - `[setup]`: `columns`, six strings (columns 1-6), each its six tiles from the
//!   bottom to the top; or `[deal]`.
//! - Each move: `move = "turn 3"`, `"B4 3>5"`, `"B1 3>new"`, `"B3 new>5"` or
//!   `"stop"`.

use std::ops::RangeInclusive;

use serde::Serialize;

use super::{Broken, End, Move, Setup, State, Variant, COLUMNS, HEIGHT};
use crate::deal::{DealRng, Provenance};
use crate::error::Error;
use crate::games::engine::Broken as _;
use crate::games::fruit::record::{deal_order, parse_tiles};
use crate::games::fruit::tile::Tile;
use crate::games::referee::{Playable, Referee};
use crate::games::replay::{illegal, replay_opened};
use crate::games::session::Opened;
use crate::games::solve::{Decided, Solve};
use crate::games::Game;
use crate::record::{
    write, Deal, GameResult, MoveOut, Node, Record, Source, Span, Status, Verdict,
};
use crate::search::{Answer, Limits};

/// The registry entry for Il Muro.
pub struct Muro;

impl Game for Muro {
    fn solver(&self) -> Option<&dyn Solve> {
        Some(self)
    }

    fn name(&self) -> &'static str {
        "muro"
    }

    fn variants(&self) -> &'static [&'static str] {
        &["standard", "six-down"]
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

impl Referee for Muro {
    type Engine = State;

    fn start(&self, variant: &str, _players: &[String], deal: &Provenance) -> Result<State, Error> {
        Ok(State::new(&dealt(deal), variant_of(variant)))
    }

    fn move_out(&self, _seat: usize, mv: &Move) -> MoveOut {
        MoveOut {
            player: 0,
            fields: vec![("move", write::string(&mv.to_string()))],
        }
    }

    fn mover(&self, _seat: usize, _mv: &Move) -> usize {
        0
    }

    /// `stop` is legal at every turn; picked like any other move it ended nearly every
    /// random game within 50 moves. The random player stops once in [`STOP_ODDS`] turns
    /// instead, and never while it could turn a tile up (a player looks before giving up);
    /// otherwise it plays uniformly among the wall's moves. So a random game runs a few
    /// hundred moves, or until it is stuck or won, and it ends: there are 30 tiles to turn,
    /// each turn is picked sooner or later, and after the last one every turn may stop.
    /// The draws come from the play stream, so the same seed plays the same game.
    fn choose(&self, _game: &State, legal: &[Move], rng: &mut DealRng) -> Move {
        let others: Vec<Move> = legal.iter().copied().filter(|&m| m != Move::Stop).collect();
        let can_turn = others.iter().any(|m| matches!(m, Move::Turn(_)));
        if others.is_empty() || (!can_turn && rng.below(STOP_ODDS) == 0) {
            return Move::Stop;
        }
        others[rng.below(others.len() as u32) as usize]
    }
}

/// The random player stops once in this many turns (see [`Referee::choose`] for Il Muro).
pub const STOP_ODDS: u32 = 200;

pub fn variant_of(name: &str) -> Variant {
    Variant::from_name(name).unwrap_or_default()
}

/// The wall a seed deals. The same for both variants (the deal is keyed with the
/// variant `standard`), so one wall can be tried under either rule.
pub fn dealt(deal: &Provenance) -> Setup {
    let key = Provenance::new("muro", "standard", &deal.seed, deal.board);
    Setup::from_order(&deal_order(&key)).expect("a deal is a permutation")
}

/// The wall as a record's `[setup]` and the JSON of `tavolo deal` give it:
/// six columns (1-6), each its six tiles from the bottom to the top (face up).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WallSetup {
    pub columns: Vec<String>,
}

impl WallSetup {
    pub fn new(setup: &Setup) -> WallSetup {
        let columns = setup
            .columns
            .iter()
            .map(|col| {
                col.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        WallSetup { columns }
    }

    /// The text lines: the wall layer by layer, the face-up top layer first.
    fn lines(&self) -> Vec<String> {
        let mut lines = vec!["the wall, top layer (face up) first; columns 1-6:".to_string()];
        let cells: Vec<Vec<&str>> = self
            .columns
            .iter()
            .map(|c| c.split(' ').collect())
            .collect();
        for h in (0..HEIGHT).rev() {
            let row: Vec<&str> = cells.iter().map(|c| c[h]).collect();
            let face = if h == HEIGHT - 1 {
                "face up"
            } else {
                "face down"
            };
            lines.push(format!("  layer {}: {}  ({face})", h + 1, row.join(" ")));
        }
        lines
    }
}

pub fn describe_deal(setup: &Setup) -> Result<Deal, Error> {
    let wall = WallSetup::new(setup);
    Deal::from_setup(&wall, wall.lines())
}

/// The wall written in `[setup]`, with the span of its `columns`.
fn read_written(node: &Node, src: &Source) -> Result<(Setup, Option<Span>), Error> {
    let mut f = node.fields(src, "[setup]")?;
    let columns_node = f.req("columns")?;
    f.finish(&["columns"])?;
    let columns = columns_node.as_array(src, "`columns`")?;
    if columns.len() != COLUMNS {
        return Err(src
            .error(
                "muro.bad-setup",
                &columns_node.span,
                format!("the wall has 6 columns, not {} (MU-1)", columns.len()),
            )
            .help("write six strings, each a column's six tiles from the bottom up"));
    }
    let mut order = vec![None; 36];
    let mut seen: Vec<Option<Span>> = vec![None; 36];
    for (c, col) in columns.iter().enumerate() {
        let tiles = parse_tiles(col, &format!("column {}", c + 1), src)?;
        if tiles.len() != HEIGHT {
            return Err(src.error(
                "muro.bad-setup",
                &col.span,
                format!(
                    "column {} has {} tiles; each column has 6, bottom to top (MU-1)",
                    c + 1,
                    tiles.len()
                ),
            ));
        }
        for (h, (tile, span)) in tiles.into_iter().enumerate() {
            if seen[tile.index()].is_some() {
                return Err(src.error(
                    "muro.bad-setup",
                    &span,
                    format!("{tile} is in the wall twice"),
                ));
            }
            seen[tile.index()] = Some(span);
            order[h * COLUMNS + c] = Some(tile);
        }
    }
    let order: Vec<Tile> = order.into_iter().flatten().collect();
    let setup = Setup::from_order(&order).ok_or_else(|| {
        src.error(
            "muro.bad-setup",
            &columns_node.span,
            "the wall must hold each of the 36 tiles once",
        )
    })?;
    Ok((setup, Some(columns_node.span.clone())))
}

/// The wall: dealt, written, or both (then they must agree).
pub(super) fn read_setup(record: &Record, src: &Source) -> Result<Setup, Error> {
    let (setup, _) = record.setup_with(
        src,
        |d| Ok((dealt(d), None)),
        |node| read_written(node, src),
        |(dealt, _), (written, span), node| {
            if dealt != written {
                let span = span.unwrap_or_else(|| node.span.clone());
                return Err(src.setup_not_dealt(&span, "muro"));
            }
            Ok((written, None))
        },
    )?;
    Ok(setup)
}

/// A move as written, and where its parts are in the file.
pub(super) struct Written {
    pub(super) mv: Move,
    /// The whole string, its first word (tile or `turn`) and the destination.
    whole: Span,
    first: Span,
    target: Span,
}

pub(super) fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
    record.read_moves(src, |entry, mut f| {
        let node = f.req("move")?;
        f.finish(&["player", "move"])?;
        let text = node.as_str(src, &format!("move {}'s `move`", entry.number))?;
        // Inside a plain string each character sits at a known offset.
        let raw = src.text.get(node.span.clone()).unwrap_or("");
        let plain = raw.len() == text.len() + 2;
        let at = |offset: usize, len: usize| -> Span {
            if plain {
                let start = node.span.start + 1 + offset.min(text.len());
                start..start + len
            } else {
                node.span.clone()
            }
        };
        let mv: Move = text.parse().map_err(|e: super::MoveSyntax| {
            src.error(
                "muro.bad-move",
                &at(e.offset, 1),
                format!("move {}: {}", entry.number, e.message),
            )
        })?;
        let first_at = text.len() - text.trim_start().len();
        let first_len = text[first_at..]
            .find(char::is_whitespace)
            .unwrap_or(text.len() - first_at);
        let target = match (mv, text.rfind('>')) {
            (Move::Shift { .. }, Some(gt)) => at(gt + 1, text.trim_end().len() - gt - 1),
            _ => {
                let last = text.trim_end();
                let start = last.rfind(char::is_whitespace).map_or(0, |i| i + 1);
                at(start, last.len() - start)
            }
        };
        Ok(Written {
            mv,
            whole: node.span.clone(),
            first: at(first_at, first_len),
            target,
        })
    })
}

/// The span a broken rule points at: the tile for a tile that cannot be
/// taken, the destination (or the turned column) for a place that refuses it,
/// the whole move otherwise.
fn blame<'a>(broken: &Broken, w: &'a Written) -> &'a Span {
    match broken {
        Broken::NotOnTop { .. } | Broken::FaceDown { .. } => &w.first,
        Broken::WrongNumber { .. }
        | Broken::SameFruit { .. }
        | Broken::NewWallOrder { .. }
        | Broken::SamePlace { .. }
        | Broken::TurnEmpty(_)
        | Broken::TurnFaceUp { .. } => &w.target,
        Broken::NoColumn(_) | Broken::GameOver(_) => &w.whole,
    }
}

/// The result of an ended game (MU-4).
fn result_of(end: End, player: &str) -> GameResult {
    match end {
        End::Won => GameResult::solitaire(
            player,
            true,
            "six complete new-wall piles: the wall is solved (MU-4)".into(),
        ),
        End::Stuck => GameResult::solitaire(
            player,
            false,
            "no legal move is left and the new wall is not complete (MU-2, MU-4)".into(),
        ),
        End::Stopped => GameResult::solitaire(
            player,
            false,
            format!("{player} stopped with the new wall not complete (MU-4)"),
        ),
    }
}

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let setup = read_setup(record, src)?;
    let moves = read_moves(record, src)?;
    let start = State::new(&setup, variant_of(&record.variant));
    let total = moves.len();
    let player = record.players[0].name.clone();
    let names = record.player_names();
    let note = |state: &State| {
        let home: u8 = state.piles().iter().map(|p| p.len()).sum();
        vec![format!("{home} of 36 tiles on the new wall")]
    };
    let opened = Opened::one_each(start, moves.iter().map(|w| w.mv).collect());
    let replayed = replay_opened(&Muro, record, opened, total);
    let state = replayed.game();
    if let Some((n, refused, _)) = replayed.refused() {
        let (entry, w, broken) = (&record.moves[n - 1], &moves[n - 1], &refused.broken);
        // GN-1: a move after the end leaves the ended game's result.
        let result = match *broken {
            Broken::GameOver(end) => {
                let mut r = result_of(end, &player);
                r.reason = format!("{}; move {} came after the end", r.reason, entry.number);
                Some(r)
            }
            _ => None,
        };
        let illegal = illegal(
            src,
            record,
            (entry, blame(broken, w)),
            broken,
            broken.describe(&names),
        );
        return Ok(Verdict {
            notes: if result.is_some() {
                note(state)
            } else {
                Vec::new()
            },
            result,
            ..Verdict::illegal(total, illegal)
        });
    }
    let end = state.end();
    Ok(Verdict {
        status: if end.is_some() {
            Status::Complete
        } else {
            Status::LegalSoFar
        },
        moves: total,
        illegal: None,
        to_move: end.is_none().then_some(player.clone()),
        result: end.map(|e| result_of(e, &player)),
        notes: note(state),
        details: Vec::new(),
    })
}

/// The `[[move]]` tables of a sequence of moves.
pub fn moves_out(moves: &[Move]) -> Vec<MoveOut> {
    moves
        .iter()
        .map(|mv| MoveOut {
            player: 0,
            fields: vec![("move", write::string(&mv.to_string()))],
        })
        .collect()
}

impl Solve for Muro {
    /// The search's winning line, always shortened (its detours cut): one deal, one
    /// answer, whether it is asked alone, in a survey or to be written out.
    fn decide(&self, provenance: &Provenance, limits: Limits) -> Decided {
        let setup = dealt(provenance);
        let start = State::new(&setup, variant_of(&provenance.variant));
        let (answer, stats) = super::solve::solve(&start, limits);
        let answer = match answer {
            Answer::Solved(moves) => Answer::Solved(super::solve::shorten(&start, &moves, 2)),
            other => other,
        };
        Decided::new(
            provenance.clone(),
            answer,
            stats,
            moves_out,
            describe_deal(&setup).map_or_else(|_| String::new(), |d| d.setup_toml),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden vectors (MU-1 on `tavolo-deal-v1`): these walls must never change.
    #[test]
    fn golden_walls() {
        let setup = dealt(&Provenance::new("muro", "standard", "golden", 1));
        assert_eq!(WallSetup::new(&setup).columns, GOLDEN_1);
        // The variant does not change the wall.
        let six = dealt(&Provenance::new("muro", "six-down", "golden", 1));
        assert_eq!(six, setup);
        let board2 = dealt(&Provenance::new("muro", "standard", "golden", 2));
        assert_eq!(WallSetup::new(&board2).columns, GOLDEN_2);
    }

    const GOLDEN_1: [&str; 6] = [
        "B5 F1 F2 P2 U3 M6",
        "F4 P3 F6 P4 B4 B3",
        "U5 C6 B2 M1 P1 C4",
        "U1 P5 F3 C1 U6 U4",
        "M3 C2 F5 M5 B1 C3",
        "M2 P6 B6 M4 U2 C5",
    ];
    const GOLDEN_2: [&str; 6] = [
        "B4 B5 C3 F6 P2 M4",
        "C2 B2 B3 U5 C5 P5",
        "M1 U2 M3 U4 F1 F4",
        "F5 B1 P3 U3 P6 C6",
        "P1 F2 F3 U1 U6 C1",
        "M6 M5 M2 C4 B6 P4",
    ];
}
