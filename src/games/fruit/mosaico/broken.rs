//! What can be wrong in Mosaico: a move that breaks a rule ([`RuleBroken`],
//! MO-2..MO-4, GN-1) and a setup no game can start from ([`SetupError`],
//! MO-5).

use std::fmt;

use super::{Cell, Source};
use crate::games::engine::Broken;
use crate::games::fruit::Tile;

/// The rule a move breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleBroken {
    /// GN-1: the game is over, `won` or lost.
    GameOver { won: bool },
    /// MO-3: the tile is not the one in play (`number` is the next draw's
    /// position, for a tile from the draw).
    NotInPlay {
        tile: Tile,
        in_play: Tile,
        from: Source,
        number: usize,
    },
    /// MO-3: the tile fits (at `fits_at`, say), so it may not be set aside.
    MustPlace { tile: Tile, fits_at: Cell },
    /// MO-2: a row or column of 7.
    OutsideFrame { cell: Cell },
    /// MO-2: the cell holds a tile.
    Occupied { cell: Cell, there: Tile },
    /// MO-2: no tile next to the cell.
    NotAdjacent { cell: Cell },
    /// MO-2: no neighbour matches (FR-2).
    NoMatch { tile: Tile, cell: Cell },
    /// MO-4: `hard`, 3 or 4 neighbours and fewer than 2 matches.
    HardTwoMatches {
        tile: Tile,
        cell: Cell,
        neighbours: u8,
    },
}

impl Broken for RuleBroken {
    fn code(&self) -> &'static str {
        match self {
            RuleBroken::GameOver { .. } => "mosaico.game-over",
            RuleBroken::NotInPlay { .. } => "mosaico.not-in-play",
            RuleBroken::MustPlace { .. } => "mosaico.must-place",
            RuleBroken::OutsideFrame { .. } => "mosaico.outside-frame",
            RuleBroken::Occupied { .. } => "mosaico.occupied",
            RuleBroken::NotAdjacent { .. } => "mosaico.not-adjacent",
            RuleBroken::NoMatch { .. } => "mosaico.no-match",
            RuleBroken::HardTwoMatches { .. } => "mosaico.hard-two-matches",
        }
    }

    fn rule(&self) -> &'static str {
        match self {
            RuleBroken::GameOver { .. } => "GN-1 (the game is over, MO-3)",
            RuleBroken::NotInPlay { .. } | RuleBroken::MustPlace { .. } => "MO-3",
            RuleBroken::OutsideFrame { .. }
            | RuleBroken::Occupied { .. }
            | RuleBroken::NotAdjacent { .. }
            | RuleBroken::NoMatch { .. } => "MO-2",
            RuleBroken::HardTwoMatches { .. } => "MO-4",
        }
    }

    /// A solitaire names no one: `names` is not needed.
    fn describe(&self, _names: &[String]) -> String {
        match *self {
            RuleBroken::GameOver { won: true } => {
                "the game is over: all 36 tiles are placed".to_string()
            }
            RuleBroken::GameOver { won: false } => {
                "the game is over: the draw is exhausted and no set-aside tile fits".to_string()
            }
            RuleBroken::NotInPlay {
                tile,
                in_play,
                from,
                number,
            } => {
                let why = match from {
                    Source::Aside => format!(
                        "{in_play} must be placed now: it was set aside and fits, and set-aside \
                         tiles go back as soon as possible, last set aside first"
                    ),
                    Source::Draw => format!(
                        "the tile now in play is {in_play}, the next one drawn (tile {number} of the draw)"
                    ),
                };
                format!("{tile} is not the tile in play: {why}")
            }
            RuleBroken::MustPlace { tile, fits_at } => format!(
                "{tile} fits (e.g. at {fits_at}): a tile is set aside only when it fits nowhere"
            ),
            RuleBroken::OutsideFrame { cell } => {
                format!("{cell} is outside the 6x6 frame a1-f6: no row or column may hold 7 tiles")
            }
            RuleBroken::Occupied { cell, there } => format!("{cell} already holds {there}"),
            RuleBroken::NotAdjacent { cell } => {
                format!("{cell} touches no tile: a tile goes next to a tile it matches")
            }
            RuleBroken::NoMatch { tile, cell } => format!(
                "{tile} matches none of its neighbours at {cell} \
                 (same number, or same fruit and one apart, FR-2)"
            ),
            RuleBroken::HardTwoMatches {
                tile,
                cell,
                neighbours,
            } => format!(
                "{tile} at {cell} has {neighbours} neighbours but matches only one: \
                 in the hard variant it must match at least 2"
            ),
        }
    }
}

/// Why a setup cannot start a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupError {
    /// The draw holds a tile twice (so it lacks another).
    DrawTwice(Tile),
    StartOutside(Cell),
    StartTwice(Cell),
    /// MO-5: two start cells share a row or a column.
    StartClash {
        a: Cell,
        b: Cell,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupError::DrawTwice(t) => write!(f, "{t} is in the draw twice"),
            SetupError::StartOutside(c) => {
                write!(f, "start cell {c} is outside the 6x6 frame (MO-2)")
            }
            SetupError::StartTwice(c) => write!(f, "start cell {c} is given twice"),
            SetupError::StartClash { a, b } => {
                let line = if a.rank == b.rank {
                    format!("row {}", a.rank + 1)
                } else {
                    format!("column {}", (b'a' + a.file) as char)
                };
                write!(
                    f,
                    "start cells {a} and {b} are both in {line}: the six start tiles must \
                     take six different rows and six different columns of the frame (MO-5)"
                )
            }
        }
    }
}

impl std::error::Error for SetupError {}
