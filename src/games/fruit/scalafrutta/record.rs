//! Scalafrutta in records: reading the square and the moves, replaying them
//! with [`super::scalafrutta`] into a verdict, dealing, and the engine seen
//! by the generic random player. The format is in docs/records.md
//! ("Scalafrutta").
//!
//! - `[setup] square = ["M1 P2 C3", "U4 F5 B6", "M2 P3 C4"]`: the square row
//!   by row from the top; or `[deal]`: hand `k` is dealt from board `b + k - 1`.
//! - An insertion: `tile` (the drawn tile), `at` (`top1` .. `right3`), and
//!   `gift` (a player's name) when no edge tile matched (SF-1).
//! - A recombination (SF-2), one move per player, starting with the player who
//!   made the last insertion: `combinations = ["M3 M4 M5", "B3 P3 U3"]`.
//! - The first insertion of hand 2, 3, ... may carry that hand's `square`
//!   (required without `[deal]`). Hand `k` is opened by player `k` (rotating).

use std::ops::RangeInclusive;

use serde::Serialize;

use super::scoring::{best_partition, PartitionError};
use super::{canonical, hand_order, Broken, Insertion, Move, Outcome, Phase, Setup, State};
pub use super::{hand_deal, square_of};
use crate::deal::{DealRng, Provenance};
use crate::error::Error;
use crate::games::engine::{Broken as _, Engine};
use crate::games::fruit::record::{parse_tile, parse_tiles};
use crate::games::fruit::tile::Tile;
use crate::games::fruit::tileset::TileSet;
use crate::games::referee::{Playable, Referee};
use crate::games::replay::{illegal, replay_followed};
use crate::games::session::Opened;
use crate::games::Game;
use crate::record::node::Value;
use crate::record::{
    write, Deal, GameResult, MoveEntry, MoveOut, Record, Score, Source, Span, Status, Verdict,
};

/// The registry entry for Scalafrutta.
pub struct Scalafrutta;

pub const STANDARD: &str = "standard";

impl Game for Scalafrutta {
    fn scorer(&self) -> Option<&dyn crate::games::Scorer> {
        Some(self)
    }

    fn name(&self) -> &'static str {
        "scalafrutta"
    }

    fn variants(&self) -> &'static [&'static str] {
        &[STANDARD]
    }

    fn player_counts(&self, _variant: &str) -> RangeInclusive<usize> {
        2..=4
    }

    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error> {
        check(record, src)
    }

    fn deal(&self, _variant: &str, players: &[String], deal: &Provenance) -> Result<Deal, Error> {
        check_players(players.len())?;
        let square = SquareSetup::new(&hand_order(deal, 1));
        Deal::from_setup(&square, square.lines())
    }

    fn playable(&self) -> &dyn Playable {
        self
    }

    fn drawer(&self) -> Option<&dyn crate::show::scene::Draw> {
        Some(self)
    }
}

impl Referee for Scalafrutta {
    type Engine = State;

    fn start(&self, _variant: &str, players: &[String], deal: &Provenance) -> Result<State, Error> {
        check_players(players.len())?;
        let setup = Setup {
            players: players.len(),
            square: square_of(&hand_order(deal, 1)),
            deal: Some(deal.clone()),
        };
        State::start(&setup, &()).map_err(|e| Error::failed("scalafrutta.internal", e.to_string()))
    }

    /// The random player draws a tile uniformly among the face-down ones and
    /// inserts it uniformly among its legal places. At a recombination it
    /// declares its best partition, but one time in four leaves out its last
    /// combination (a legal choice that SF-5 flags); uniform choices among
    /// every packing would make games of tens of thousands of moves.
    fn choose(&self, game: &State, legal: &[Move], rng: &mut DealRng) -> Move {
        let uniform =
            |rng: &mut DealRng, from: &[&Move]| from[rng.below(from.len() as u32) as usize].clone();
        let all: Vec<&Move> = legal.iter().collect();
        let (Some(player), Phase::Recombine) = (game.to_move(), game.hand().phase()) else {
            let tiles: Vec<Tile> = legal
                .iter()
                .filter_map(|m| match m {
                    Move::Insert { tile, .. } => Some(*tile),
                    Move::Recombine { .. } => None,
                })
                .collect::<TileSet>()
                .iter()
                .collect();
            if tiles.is_empty() {
                return uniform(rng, &all);
            }
            let tile = tiles[rng.below(tiles.len() as u32) as usize];
            let of_tile: Vec<&Move> = legal
                .iter()
                .filter(|m| matches!(m, Move::Insert { tile: t, .. } if *t == tile))
                .collect();
            return uniform(rng, &of_tile);
        };
        let mut best = canonical(
            best_partition(game.hand().held(player))
                .combinations
                .iter()
                .map(|c| c.tiles()),
        );
        if !best.is_empty() && rng.below(4) == 0 {
            best.pop();
        }
        legal
            .iter()
            .find(|m| matches!(m, Move::Recombine { combinations, .. } if *combinations == best))
            .cloned()
            .unwrap_or_else(|| uniform(rng, &all))
    }

    /// Without the players' names a gift names the default `P1`, `P2`, ...
    fn move_out(&self, seat: usize, mv: &Move) -> MoveOut {
        let names: Vec<String> = (1..=4).map(|i| format!("P{i}")).collect();
        self.move_out_named(&names, seat, mv)
    }

    fn move_out_named(&self, players: &[String], _seat: usize, mv: &Move) -> MoveOut {
        let fields = match mv {
            Move::Insert {
                tile,
                at,
                gift,
                square,
                ..
            } => {
                let mut f = vec![("tile", quoted([tile])), ("at", quoted([at]))];
                if let Some(g) = gift {
                    let name = match players.get(*g) {
                        Some(name) if name.bytes().all(|b| b.is_ascii_alphanumeric()) => {
                            quoted([name])
                        }
                        Some(name) => write::string(name),
                        None => quoted([format!("P{}", g + 1)]),
                    };
                    f.push(("gift", name));
                }
                if let Some(sq) = square {
                    f.push(("square", quoted_array(sq.chunks(3))));
                }
                f
            }
            Move::Recombine { combinations, .. } => {
                vec![("combinations", combos_text(combinations))]
            }
        };
        MoveOut {
            player: mv.player(),
            fields,
        }
    }

    fn mover(&self, _seat: usize, mv: &Move) -> usize {
        mv.player()
    }
}

pub(super) fn check_players(n: usize) -> Result<(), Error> {
    if (2..=4).contains(&n) {
        Ok(())
    } else {
        Err(Error::input(
            "cli.players",
            format!("Scalafrutta is for 2 to 4 players, not {n}"),
        ))
    }
}

/// A square as three rows of tile names, from the top.
fn rows_of(square: &[Tile]) -> Vec<String> {
    square
        .chunks(3)
        .map(|r| {
            r.iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// A deal as a record's `[setup]` and the JSON of `tavolo deal` give it: the
/// square, rows from the top. The order the rest would be drawn in is shown
/// in the text only (a record names each drawn tile).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SquareSetup {
    pub square: Vec<String>,
    #[serde(skip)]
    pub draw: Vec<String>,
}

impl SquareSetup {
    /// From the deal order: the first 9 tiles are the square.
    pub fn new(order: &[Tile]) -> SquareSetup {
        SquareSetup {
            square: rows_of(&order[..9]),
            draw: order[9..].iter().map(|t| t.to_string()).collect(),
        }
    }

    fn lines(&self) -> Vec<String> {
        let mut lines = vec!["square (rows from the top):".to_string()];
        lines.extend(self.square.iter().map(|r| format!("  {r}")));
        lines.push(format!("face down, in draw order: {}", self.draw.join(" ")));
        lines
    }
}

/// A move as written, with the spans errors point at.
pub(super) enum Written {
    Insert {
        tile: Tile,
        tile_span: Span,
        at: Insertion,
        at_span: Span,
        gift: Option<(usize, Span)>,
        square: Option<([Tile; 9], Span)>,
    },
    Recombine {
        combos: Vec<(Vec<(Tile, Span)>, Span)>,
        span: Span,
    },
}

const INSERT_FIELDS: &[&str] = &["player", "tile", "at", "gift", "square"];
const RECOMBINE_FIELDS: &[&str] = &["player", "combinations"];

fn read_square(node: &crate::record::Node, src: &Source) -> Result<[Tile; 9], Error> {
    let tiles: Vec<Tile> = match &node.value {
        Value::Array(rows) => {
            let mut all = Vec::new();
            for row in rows {
                all.extend(
                    parse_tiles(row, "each row of `square`", src)?
                        .into_iter()
                        .map(|(t, _)| t),
                );
            }
            all
        }
        _ => parse_tiles(node, "`square`", src)?
            .into_iter()
            .map(|(t, _)| t)
            .collect(),
    };
    let n = tiles.len();
    let square: [Tile; 9] = tiles.try_into().map_err(|_| {
        src.error(
            "scalafrutta.bad-square",
            &node.span,
            format!("the square has 9 tiles (3 rows of 3), not {n}"),
        )
        .help(
            "write it row by row from the top: square = [\"M1 P2 C3\", \"U4 F5 B6\", \"M2 P3 C4\"]",
        )
    })?;
    let mut seen = super::TileSet::EMPTY;
    for t in square {
        if !seen.insert(t) {
            return Err(src.error(
                "scalafrutta.bad-square",
                &node.span,
                format!("{t} is twice in the square"),
            ));
        }
    }
    Ok(square)
}

pub(super) fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
    record.read_moves(src, |entry, mut f| {
            if let Some(node) = f.opt("combinations") {
                let what = "`combinations`";
                let mut combos = Vec::new();
                for c in node.as_array(src, what)? {
                    combos.push((parse_tiles(c, "each combination", src)?, c.span.clone()));
                }
                f.finish(RECOMBINE_FIELDS)?;
                return Ok(Written::Recombine {
                    combos,
                    span: node.span.clone(),
                });
            }
            if f.opt("tile").is_none() {
                return Err(src
                    .error(
                        "record.missing-field",
                        &entry.node.span,
                        format!(
                            "move {} has neither `tile` and `at` (an insertion) nor `combinations` (a recombination)",
                            entry.number
                        ),
                    )
                    .help("an insertion: tile = \"B4\", at = \"top2\"; a recombination: combinations = [\"M3 M4 M5\"]"));
            }
            let (tile, tile_span) = f.req_str("tile")?;
            let tile = parse_tile(tile, tile_span, src)?;
            let (at, at_span) = f.req_str("at")?;
            let at = at.parse::<Insertion>().map_err(|e| {
                src.error("scalafrutta.unknown-insertion", at_span, e.to_string())
            })?;
            let gift = match f.opt_str("gift")? {
                None => None,
                Some((name, span)) => {
                    let p = record
                        .players
                        .iter()
                        .position(|p| p.name == name)
                        .ok_or_else(|| {
                            src.error(
                                "record.unknown-player",
                                span,
                                format!("move {}: `{name}` is not one of the players", entry.number),
                            )
                        })?;
                    Some((p, span.clone()))
                }
            };
            let square = match f.opt("square") {
                None => None,
                Some(node) => Some((read_square(node, src)?, node.span.clone())),
            };
            f.finish(INSERT_FIELDS)?;
            Ok(Written::Insert {
                tile,
                tile_span: tile_span.clone(),
                at,
                at_span: at_span.clone(),
                gift,
                square,
            })
        })
}

/// The first hand's square: `[setup]`, or dealt; both must agree.
pub(super) fn read_setup(record: &Record, src: &Source) -> Result<[Tile; 9], Error> {
    let (square, _) = record.setup_with(
        src,
        |d| Ok((square_of(&hand_order(d, 1)), None)),
        |node| {
            let mut f = node.fields(src, "[setup]")?;
            let square_node = f.req("square")?;
            let square = read_square(square_node, src)?;
            f.finish(&["square"])?;
            Ok((square, Some(square_node.span.clone())))
        },
        |(dealt, _), (written, span), node| {
            if dealt != written {
                return Err(not_dealt(
                    src,
                    &span.unwrap_or_else(|| node.span.clone()),
                    1,
                ));
            }
            Ok((written, None))
        },
    )?;
    Ok(square)
}

fn not_dealt(src: &Source, span: &Span, hand: u32) -> Error {
    src.error(
        "record.setup-not-dealt",
        span,
        format!("this square is not the one [deal] gives for hand {hand}"),
    )
    .help("remove it (the deal gives it), or write the square that `tavolo deal` prints")
}

/// The span a broken rule points at.
fn blame<'a>(broken: &Broken, entry: &'a MoveEntry, w: &'a Written) -> Span {
    match (broken, w) {
        (
            Broken::GameOver
            | Broken::HandOver
            | Broken::OutOfTurn { .. }
            | Broken::RecombineOutOfTurn { .. },
            _,
        ) => entry.player_span.clone(),
        (
            Broken::RecombineFirst { .. } | Broken::NotInPile { .. },
            Written::Insert { tile_span, .. },
        ) => tile_span.clone(),
        (
            Broken::BadGift { .. } | Broken::GiftNotAllowed { .. },
            Written::Insert { gift, at_span, .. },
        ) => gift.as_ref().map_or(at_span.clone(), |(_, s)| s.clone()),
        (Broken::NoMatch { .. } | Broken::GiftMissing { .. }, Written::Insert { at_span, .. }) => {
            at_span.clone()
        }
        (Broken::Partition { error, .. }, Written::Recombine { combos, span }) => {
            let (index, tile) = match error {
                PartitionError::NotACombination { index, .. } => (*index, None),
                PartitionError::NotHeld { index, tile }
                | PartitionError::UsedTwice { index, tile, .. } => (*index, Some(*tile)),
            };
            let Some((tiles, combo_span)) = combos.get(index) else {
                return span.clone();
            };
            // Point at the offending tile (its last mention for a repeat).
            tile.and_then(|t| tiles.iter().rev().find(|(x, _)| *x == t))
                .map_or(combo_span.clone(), |(_, s)| s.clone())
        }
        (Broken::RecombineTooEarly { .. }, Written::Recombine { span, .. }) => span.clone(),
        _ => entry.node.span.clone(),
    }
}

/// The engine move of a written move by `player`.
pub(super) fn engine_move(player: usize, w: &Written) -> Move {
    match w {
        Written::Insert {
            tile,
            at,
            gift,
            square,
            ..
        } => Move::Insert {
            player,
            tile: *tile,
            at: *at,
            gift: gift.as_ref().map(|(p, _)| *p),
            square: square.as_ref().map(|(sq, _)| *sq),
        },
        Written::Recombine { combos, .. } => Move::Recombine {
            player,
            combinations: combos
                .iter()
                .map(|(c, _)| c.iter().map(|(t, _)| *t).collect())
                .collect(),
        },
    }
}

/// What the record must say that the engine cannot judge: a new hand's
/// square when there is no deal (or one that differs from the deal's), and
/// no square in the middle of a hand. These make the record unreadable.
pub(super) fn check_square(
    state: &State,
    entry: &MoveEntry,
    w: &Written,
    src: &Source,
) -> Result<(), Error> {
    let Written::Insert { square, .. } = w else {
        return Ok(());
    };
    if state.totals().is_over() {
        return Ok(());
    }
    if !state.between_hands() {
        if let Some((_, span)) = square {
            return Err(src.error(
                "scalafrutta.square-mid-hand",
                span,
                format!(
                    "move {}: `square` goes only on the first insertion of hand 2, 3, ...; \
                     hand 1's square is [setup]'s (or the deal's)",
                    entry.number
                ),
            ));
        }
        return Ok(());
    }
    let hand = state.hand_number() + 1;
    match (square, state.dealt_square(hand)) {
        (Some((sq, span)), Some(d)) if *sq != d => Err(not_dealt(src, span, hand)),
        (None, None) => Err(src
            .error(
                "scalafrutta.no-square",
                &entry.node.span,
                format!(
                    "move {} opens hand {hand}: give the hand's `square` (the record has no [deal])",
                    entry.number
                ),
            )
            .help("square = [\"M1 P2 C3\", \"U4 F5 B6\", \"M2 P3 C4\"], rows from the top")),
        _ => Ok(()),
    }
}

/// The notes of a move that was legal: a declaration that is not the best
/// (SF-5), and a hand that ended.
fn note_outcome(
    notes: &mut Vec<String>,
    state: &State,
    entry: &MoveEntry,
    outcome: &Outcome,
    names: &[String],
) {
    let hand_over = match outcome {
        Outcome::Inserted { hand_over, .. } => hand_over,
        Outcome::Declared { checked, hand_over } => {
            if !checked.is_best() {
                notes.push(format!(
                    "move {}: {}'s combinations score {}; the best partition of their tiles scores {} (SF-5)",
                    entry.number,
                    names[entry.player],
                    checked.partition.score(),
                    checked.best
                ));
            }
            hand_over
        }
    };
    if let Some(end) = hand_over {
        let scores: Vec<String> = names
            .iter()
            .zip(&end.scores)
            .map(|(n, s)| format!("{n} {s}"))
            .collect();
        let how = match end.scalafrutta {
            Some((p, fruit)) => format!(
                "by Scalafrutta: {} holds all six {} (SF-4)",
                names[p],
                fruit.name()
            ),
            None => "with fewer tiles going back than the players need (SF-2)".to_string(),
        };
        notes.push(format!(
            "hand {} ended {how}: {}",
            state.hand_number(),
            scores.join(", ")
        ));
    }
}

/// The game's result once someone reached 1001 (SF-6).
fn result_of(state: &State, names: &[String]) -> Option<GameResult> {
    let totals = state.totals();
    let winners = totals.winners();
    if winners.is_empty() {
        return None;
    }
    let points = totals.totals();
    let scores = names
        .iter()
        .zip(points)
        .map(|(n, &t)| Score {
            player: n.clone(),
            points: i64::from(t),
        })
        .collect();
    let winner = (winners.len() == 1).then(|| names[winners[0]].clone());
    let reason = match &winner {
        Some(w) => format!(
            "{w} has the most points with {} after {} hand{}, past 1001 (SF-6)",
            points[winners[0]],
            totals.hands(),
            if totals.hands() == 1 { "" } else { "s" }
        ),
        None => format!(
            "{} tie on {} points, past 1001 (SF-6)",
            winners
                .iter()
                .map(|&p| names[p].as_str())
                .collect::<Vec<_>>()
                .join(" and "),
            points[winners[0]]
        ),
    };
    Some(GameResult {
        losers: (0..names.len())
            .filter(|p| !winners.contains(p))
            .map(|p| names[p].clone())
            .collect(),
        winners: winners.iter().map(|&p| names[p].clone()).collect(),
        scores,
        reason,
        ..GameResult::default()
    })
}

fn totals_note(state: &State, names: &[String]) -> Option<String> {
    let totals = state.totals();
    (totals.hands() > 0).then(|| {
        let t: Vec<String> = names
            .iter()
            .zip(totals.totals())
            .map(|(n, t)| format!("{n} {t}"))
            .collect();
        format!("totals: {}", t.join(", "))
    })
}

/// A record's start and moves as its session opens them ([`crate::games::session::Table::open`]),
/// with the moves as written, for `check` to point at.
pub(super) fn opened(
    record: &Record,
    src: &Source,
) -> Result<(Opened<State>, Vec<Written>), Error> {
    let square = read_setup(record, src)?;
    let written = read_moves(record, src)?;
    let setup = Setup {
        players: record.players.len(),
        square,
        deal: record.setup.deal().map(|(d, _)| d.clone()),
    };
    let start = State::start(&setup, &())
        .map_err(|e| src.error("scalafrutta.bad-setup", record.setup_span(), e.to_string()))?;
    let moves = record
        .moves
        .iter()
        .zip(&written)
        .map(|(e, w)| engine_move(e.player, w))
        .collect();
    Ok((Opened::one_each(start, moves), written))
}

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let (opened, moves) = opened(record, src)?;
    let names = record.player_names();
    let mut notes = Vec::new();
    let total = moves.len();
    // Each move's written square is checked against the position it is tried in.
    let squares = |k: usize, state: &State, _: &Move| {
        check_square(state, &record.moves[k], &moves[k], src).map(|()| None)
    };
    let outcomes = |k: usize, _: &State, _: &Move, outcome: &Outcome, after: &State| {
        note_outcome(&mut notes, after, &record.moves[k], outcome, &names);
        Ok(())
    };
    let replayed = replay_followed(&Scalafrutta, record, opened, total, squares, outcomes)?;
    let state = replayed.game();
    if let Some((n, refused, _)) = replayed.refused() {
        let (entry, w, broken) = (&record.moves[n - 1], &moves[n - 1], &refused.broken);
        let illegal = illegal(
            src,
            record,
            (entry, &blame(broken, entry, w)),
            broken,
            broken.describe(&names),
        );
        // GN-1: after the end the ended game's result stands.
        let result = match broken {
            Broken::GameOver => result_of(state, &names).map(|mut r| {
                r.reason = format!("{}; move {} came after the end", r.reason, entry.number);
                notes.extend(totals_note(state, &names));
                r
            }),
            _ => None,
        };
        return Ok(Verdict {
            notes,
            result,
            ..Verdict::illegal(total, illegal)
        });
    }
    notes.extend(totals_note(state, &names));
    let result = result_of(state, &names);
    Ok(Verdict {
        status: if result.is_some() {
            Status::Complete
        } else {
            Status::LegalSoFar
        },
        moves: total,
        illegal: None,
        to_move: result
            .is_none()
            .then(|| state.to_move().map(|p| names[p].clone()))
            .flatten(),
        result,
        notes,
        details: Vec::new(),
    })
}

fn combos_text(combos: &[Vec<Tile>]) -> String {
    quoted_array(combos)
}

/// `write::string` of `items` joined by spaces, written straight: tile names and
/// insertion places are letters and digits, which a TOML string holds as they are
/// (a session writes every move it replays this way, most of a replay's work
/// when `write::string` went through a TOML value).
fn quoted<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let mut s = String::with_capacity(24);
    push_quoted(&mut s, items);
    s
}

fn push_quoted<T: std::fmt::Display>(s: &mut String, items: impl IntoIterator<Item = T>) {
    use std::fmt::Write;
    s.push('"');
    for (i, t) in items.into_iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{t}");
    }
    s.push('"');
}

/// `write::string_array` of groups of tiles, each group's names joined by spaces.
fn quoted_array<G: AsRef<[Tile]>>(groups: impl IntoIterator<Item = G>) -> String {
    let mut s = String::from("[");
    for (i, g) in groups.into_iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        push_quoted(&mut s, g.as_ref());
    }
    s.push(']');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fruit::record::deal_order;

    /// A move's fields written straight are what `write::string` writes: every tile,
    /// every insertion place, squares and combinations, a plain name and one that
    /// needs escaping (the record `tavolo play` writes stays the same bytes).
    #[test]
    fn move_fields_written_straight_are_toml_strings() {
        for t in Tile::all() {
            assert_eq!(quoted([t]), write::string(&t.to_string()));
        }
        for at in Insertion::all() {
            assert_eq!(quoted([at]), write::string(&at.to_string()));
        }
        let tiles: Vec<Tile> = Tile::all().collect();
        assert_eq!(
            quoted_array(tiles[..9].chunks(3)),
            write::string_array(&rows_of(&tiles[..9]))
        );
        let combos = vec![tiles[..3].to_vec(), tiles[6..10].to_vec()];
        let texts: Vec<String> = combos
            .iter()
            .map(|c| c.iter().map(Tile::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(combos_text(&combos), write::string_array(&texts));
        assert_eq!(combos_text(&[]), write::string_array::<String>(&[]));
        let names = ["Anna".to_string(), "Bea \"B\" O'Neil".to_string()];
        for (seat, name) in names.iter().enumerate() {
            let mv = Move::Insert {
                player: 1 - seat,
                tile: tiles[0],
                at: Insertion::all().next().unwrap(),
                gift: Some(seat),
                square: None,
            };
            let out = Scalafrutta.move_out_named(&names, 0, &mv);
            assert_eq!(out.fields[2], ("gift", write::string(name)));
        }
    }

    /// Golden vector: the square and draw order of `tavolo-deal-v1` for
    /// scalafrutta / standard / seed "golden" / board 1 must never change.
    #[test]
    fn golden_deal() {
        let order = deal_order(&Provenance::new("scalafrutta", STANDARD, "golden", 1));
        let text: Vec<String> = order.iter().map(|t| t.to_string()).collect();
        assert_eq!(text.join(" "), GOLDEN);
        // Hand 2 comes from board 2.
        let hand2 = deal_order(&hand_deal(
            &Provenance::new("scalafrutta", STANDARD, "golden", 1),
            2,
        ));
        assert_eq!(
            hand2,
            deal_order(&Provenance::new("scalafrutta", STANDARD, "golden", 2))
        );
        assert_ne!(hand2, order);
    }

    const GOLDEN: &str = "P6 F4 B5 B1 P3 B2 P4 F3 B6 B4 F6 U5 C3 C2 U6 C1 M6 M3 \
         M5 P2 U3 P1 M4 F5 F1 P5 C4 F2 M2 U4 C6 C5 M1 U1 U2 B3";

    #[test]
    fn golden_deal_text_and_setup() {
        let deal = Scalafrutta
            .deal(
                STANDARD,
                &["a".into(), "b".into()],
                &Provenance::new("scalafrutta", STANDARD, "golden", 1),
            )
            .unwrap();
        assert_eq!(
            deal.json,
            serde_json::json!({"square": ["P6 F4 B5", "B1 P3 B2", "P4 F3 B6"]})
        );
        assert_eq!(deal.lines[1..4], ["  P6 F4 B5", "  B1 P3 B2", "  P4 F3 B6"]);
        assert_eq!(
            deal.setup_toml,
            "[setup]\nsquare = [\"P6 F4 B5\", \"B1 P3 B2\", \"P4 F3 B6\"]\n"
        );
    }
}
