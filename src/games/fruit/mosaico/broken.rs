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
        use crate::t;
        match *self {
            RuleBroken::GameOver { won: true } => t!("mosaico-over-already-won"),
            RuleBroken::GameOver { won: false } => t!("mosaico-over-already-lost"),
            RuleBroken::NotInPlay {
                tile,
                in_play,
                from,
                number,
            } => {
                let why = match from {
                    Source::Aside => t!("mosaico-must-place", tile = in_play.to_string()),
                    Source::Draw => t!(
                        "mosaico-next-drawn",
                        tile = in_play.to_string(),
                        number = number
                    ),
                };
                t!("mosaico-not-in-play", tile = tile.to_string(), why = why)
            }
            RuleBroken::MustPlace { tile, fits_at } => t!(
                "mosaico-fits",
                tile = tile.to_string(),
                cell = fits_at.to_string()
            ),
            RuleBroken::OutsideFrame { cell } => t!("mosaico-outside", cell = cell.to_string()),
            RuleBroken::Occupied { cell, there } => t!(
                "mosaico-occupied",
                cell = cell.to_string(),
                tile = there.to_string()
            ),
            RuleBroken::NotAdjacent { cell } => {
                t!("mosaico-not-adjacent", cell = cell.to_string())
            }
            RuleBroken::NoMatch { tile, cell } => t!(
                "mosaico-no-match",
                tile = tile.to_string(),
                cell = cell.to_string()
            ),
            RuleBroken::HardTwoMatches {
                tile,
                cell,
                neighbours,
            } => t!(
                "mosaico-hard",
                tile = tile.to_string(),
                cell = cell.to_string(),
                count = neighbours
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
            SetupError::DrawTwice(t) => {
                f.write_str(&crate::t!("mosaico-draw-twice", tile = t.to_string()))
            }
            SetupError::StartOutside(c) => {
                f.write_str(&crate::t!("mosaico-start-outside", cell = c.to_string()))
            }
            SetupError::StartTwice(c) => {
                f.write_str(&crate::t!("mosaico-start-twice", cell = c.to_string()))
            }
            SetupError::StartClash { a, b } => {
                let line = if a.rank == b.rank {
                    crate::t!("mosaico-row", row = a.rank + 1)
                } else {
                    crate::t!(
                        "mosaico-column",
                        column = ((b'a' + a.file) as char).to_string()
                    )
                };
                f.write_str(&crate::t!(
                    "mosaico-start-clash",
                    a = a.to_string(),
                    b = b.to_string(),
                    line = line
                ))
            }
        }
    }
}

impl std::error::Error for SetupError {}
