//! Domino della Frutta (seed 000; RULINGS DF-1..DF-7): the rules engine,
//! pure logic.
//!
//! ## Coordinates
//! All tiles of one number share one column (DF-1), so a tile's column *is*
//! its number: column `n` holds the `n`s. Runs then read 1..6 left to right;
//! a table laid the other way (DF-1's direction -1) is its mirror image, and
//! every rule (runs, equal numbers, the 2x2 block, touching a turned tile) is
//! the same in the mirror, so the referee never needs the direction. A
//! placement therefore names only the tile and its **row**: the first tile
//! laid is in row 0, rows below it are 1, 2, ... and rows above -1, -2, ...
//!
//! ## Turns
//! On their turn a player (not out) does one of:
//! - [`Move::Place`] a tile from their hand (DF-2);
//! - [`Move::Turn`] over a tile on the table, once per game (DF-5); in open
//!   play only when they could have placed a tile (DF-4);
//! - [`Move::Draw`] a set-aside tile when none of theirs can be placed, and
//!   place it at once if it can be placed, else keep it (DF-4);
//! - [`Move::Out`]: none of theirs can be placed and the set-aside pile is
//!   empty, so they leave the game (DF-4).
//!
//! Before that, from the second round on, they may call open play
//! ("tessere scoperte", [`Move::Open`]): a move of its own that does not end
//! their turn; it changes legality only for the special move (DF-4).
//!
//! ## Rules
//! By default every tile a placement touches must match it (DF-2); with
//! [`Rules::loose_contact`] (DF-7) one matching touched tile is enough.

pub mod draw;
pub mod record;
pub mod seen;
pub mod session;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use super::notation::seat_and_move;
pub use super::notation::ParseMoveError;

use super::tile::Tile;
use super::tileset::TileSet;
use crate::games::engine::{self, Engine};

/// The options that change the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rules {
    /// DF-7: a placement must match at least one touched tile, not all.
    pub loose_contact: bool,
}

/// A move by `player` (0-based seat), who must be the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Place {
        player: usize,
        tile: Tile,
        row: i32,
    },
    Turn {
        player: usize,
        tile: Tile,
    },
    /// Draw `tile` from the set-aside pile; `row` when it is placed at once.
    Draw {
        player: usize,
        tile: Tile,
        row: Option<i32>,
    },
    Out {
        player: usize,
    },
    /// Call open play (DF-4); the same player then makes their move.
    Open {
        player: usize,
    },
}

impl Move {
    /// Who makes the move.
    pub fn player(&self) -> usize {
        match *self {
            Move::Place { player, .. }
            | Move::Turn { player, .. }
            | Move::Draw { player, .. }
            | Move::Out { player }
            | Move::Open { player } => player,
        }
    }
}

/// The notation: the seat (1-based), then the record's fields in words:
/// `1: tile M3 row 0`, `2: turn M3`, `1: draw F4`, `1: draw M2 row -1`,
/// `2: out`, `1: open`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.player() + 1)?;
        match self {
            Move::Place { tile, row, .. } => write!(f, "tile {tile} row {row}"),
            Move::Turn { tile, .. } => write!(f, "turn {tile}"),
            Move::Draw {
                tile,
                row: Some(row),
                ..
            } => write!(f, "draw {tile} row {row}"),
            Move::Draw {
                tile, row: None, ..
            } => write!(f, "draw {tile}"),
            Move::Out { .. } => write!(f, "out"),
            Move::Open { .. } => write!(f, "open"),
        }
    }
}

/// Examples of the notation, for the error a move that does not parse gets.
const MOVE_EXAMPLES: &str =
    "`1: tile M3 row 0`, `2: turn M3`, `1: draw F4`, `1: draw M2 row -1`, `2: out`, `1: open`";

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError::new(s, MOVE_EXAMPLES);
        let (player, rest) = seat_and_move(s, MOVE_EXAMPLES)?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let tile = |w: &str| w.parse::<Tile>().map_err(|_| err());
        let row = |w: &str| w.parse::<i32>().map_err(|_| err());
        match words.as_slice() {
            ["tile", t, "row", r] => Ok(Move::Place {
                player,
                tile: tile(t)?,
                row: row(r)?,
            }),
            ["turn", t] => Ok(Move::Turn {
                player,
                tile: tile(t)?,
            }),
            ["draw", t] => Ok(Move::Draw {
                player,
                tile: tile(t)?,
                row: None,
            }),
            ["draw", t, "row", r] => Ok(Move::Draw {
                player,
                tile: tile(t)?,
                row: Some(row(r)?),
            }),
            ["out"] => Ok(Move::Out { player }),
            ["open"] => Ok(Move::Open { player }),
            _ => Err(err()),
        }
    }
}

/// A side of a cell, as seen from the tile being placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
    Above,
    Below,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
            Side::Above => "above",
            Side::Below => "below",
        })
    }
}

/// Why a tile cannot go in a row (DF-1, DF-2, DF-5, DF-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misplaced {
    /// The first tile laid defines row 0.
    FirstRow,
    /// The cell (this row, the tile's number's column) is taken.
    Occupied { there: Tile },
    /// The tile would touch a turned-over tile.
    TouchesTurned { neighbour: Tile, side: Side },
    /// A left-right neighbour of another fruit (DF-2: every touched tile).
    NotInScala { neighbour: Tile, side: Side },
    /// Touched tiles only left-right, none of its fruit (DF-7, loose-contact).
    NoMatch { neighbour: Tile, side: Side },
    /// The tile would touch nothing.
    NotTouching,
    /// The tile would complete a 2x2 block.
    Square,
}

/// Where a tile a player does not hold is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whereabouts {
    OnTable(i32),
    SetAside,
    HeldBy(usize),
    Nowhere,
}

/// A rule broken by a move. Players are seats; [`engine::Broken::describe`]
/// names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Broken {
    /// GN-1: a move after the end; the ended game's result stands.
    GameOver,
    /// Not this player's turn (`out`: the player has left the game, DF-4).
    OutOfTurn {
        player: usize,
        expected: usize,
        out: bool,
    },
    /// DF-4: open play is called once.
    AlreadyOpen,
    /// DF-4: open play only from the second round on.
    OpenTooEarly,
    /// DF-2: the player does not hold the tile.
    NotInHand {
        player: usize,
        tile: Tile,
        at: Whereabouts,
    },
    /// The tile cannot go in that row.
    Placement {
        tile: Tile,
        row: i32,
        why: Misplaced,
    },
    /// DF-5: the special move is once per player.
    SpecialUsed { player: usize },
    /// DF-5: only a tile on the table can be turned over.
    NotOnTable { tile: Tile },
    /// DF-5: the tile is turned over already.
    AlreadyTurned { tile: Tile },
    /// DF-4: in open play the special move needs a placeable tile.
    SpecialNeedsPlaceable,
    /// DF-4: a player who can place may not draw.
    DrawWhilePlaceable { player: usize },
    /// DF-4: the drawn tile must be in the set-aside pile.
    NotSetAside { tile: Tile },
    /// DF-4: a drawn tile that can be placed must be.
    DrawnPlaceable { tile: Tile, row: i32 },
    /// DF-4: a player who can place is not out.
    OutWhilePlaceable { player: usize },
    /// DF-4: a blocked player draws while tiles are set aside.
    OutWhilePile { left: usize },
}

impl engine::Broken for Broken {
    fn code(&self) -> &'static str {
        match self {
            Broken::GameOver => "domino.game-over",
            Broken::OutOfTurn { .. } => "domino.out-of-turn",
            Broken::AlreadyOpen => "domino.already-open",
            Broken::OpenTooEarly => "domino.open-too-early",
            Broken::NotInHand { .. } => "domino.not-in-hand",
            Broken::Placement { why, .. } => match why {
                Misplaced::FirstRow => "domino.first-row",
                Misplaced::Occupied { .. } => "domino.occupied",
                Misplaced::TouchesTurned { .. } => "domino.touches-turned",
                Misplaced::NotInScala { .. } => "domino.not-in-scala",
                Misplaced::NoMatch { .. } => "domino.no-match",
                Misplaced::NotTouching => "domino.not-touching",
                Misplaced::Square => "domino.square",
            },
            Broken::SpecialUsed { .. } => "domino.special-used",
            Broken::NotOnTable { .. } => "domino.not-on-table",
            Broken::AlreadyTurned { .. } => "domino.already-turned",
            Broken::SpecialNeedsPlaceable => "domino.special-needs-placeable",
            Broken::DrawWhilePlaceable { .. } => "domino.draw-while-placeable",
            Broken::NotSetAside { .. } => "domino.not-set-aside",
            Broken::DrawnPlaceable { .. } => "domino.drawn-placeable",
            Broken::OutWhilePlaceable { .. } => "domino.out-while-placeable",
            Broken::OutWhilePile { .. } => "domino.out-while-pile",
        }
    }

    fn rule(&self) -> &'static str {
        match self {
            Broken::GameOver => "GN-1 (the game is over, DF-6)",
            Broken::OutOfTurn { .. } => "sheet: a turno",
            Broken::NotInHand { .. } => "DF-2",
            Broken::Placement { why, .. } => match why {
                Misplaced::FirstRow | Misplaced::Occupied { .. } | Misplaced::NotInScala { .. } => {
                    "DF-1"
                }
                Misplaced::TouchesTurned { .. } => "DF-5",
                Misplaced::NoMatch { .. } => "DF-7 (loose-contact)",
                Misplaced::NotTouching | Misplaced::Square => "DF-2",
            },
            Broken::SpecialUsed { .. }
            | Broken::NotOnTable { .. }
            | Broken::AlreadyTurned { .. } => "DF-5",
            Broken::AlreadyOpen
            | Broken::OpenTooEarly
            | Broken::SpecialNeedsPlaceable
            | Broken::DrawWhilePlaceable { .. }
            | Broken::NotSetAside { .. }
            | Broken::DrawnPlaceable { .. }
            | Broken::OutWhilePlaceable { .. }
            | Broken::OutWhilePile { .. } => "DF-4",
        }
    }

    fn describe(&self, names: &[String]) -> String {
        let name = |p: usize| {
            names
                .get(p)
                .cloned()
                .unwrap_or_else(|| crate::t!("player-n", n = p + 1))
        };
        match *self {
            Broken::GameOver => crate::t!("domino-game-over"),
            Broken::OutOfTurn {
                player,
                expected,
                out,
            } => {
                let why = if out {
                    format!("{} ", crate::t!("domino-player-out", player = name(player)))
                } else {
                    String::new()
                };
                crate::t!("domino-out-of-turn", why = why, expected = name(expected))
            }
            Broken::AlreadyOpen => crate::t!("domino-already-open"),
            Broken::OpenTooEarly => {
                crate::t!("domino-open-too-early")
            }
            Broken::NotInHand { player, tile, at } => {
                let where_ = match at {
                    Whereabouts::OnTable(row) => crate::t!("domino-on-table", row = row),
                    Whereabouts::SetAside => crate::t!("domino-in-aside"),
                    Whereabouts::HeldBy(q) => crate::t!("domino-held-by", player = name(q)),
                    Whereabouts::Nowhere => crate::t!("domino-nobody"),
                };
                crate::t!("domino-not-in-hand", player = name(player), tile = tile.to_string(), where = where_)
            }
            Broken::Placement { tile, row, why } => match why {
                Misplaced::FirstRow => {
                    crate::t!("domino-first-row", tile = tile.to_string(), row = row)
                }
                Misplaced::Occupied { there } => crate::t!(
                    "domino-occupied",
                    row = row,
                    there = there.to_string(),
                    number = tile.number().to_string()
                ),
                Misplaced::TouchesTurned { neighbour, side } => crate::t!(
                    "domino-touches-turned",
                    tile = tile.to_string(),
                    row = row,
                    neighbour = neighbour.to_string(),
                    side = crate::t!("domino-side", side = side.to_string())
                ),
                Misplaced::NotInScala { neighbour, side } => crate::t!(
                    "domino-not-in-scala",
                    tile = tile.to_string(),
                    row = row,
                    neighbour = neighbour.to_string(),
                    side = crate::t!("domino-side", side = side.to_string())
                ),
                Misplaced::NoMatch { neighbour, side } => crate::t!(
                    "domino-no-match",
                    tile = tile.to_string(),
                    row = row,
                    neighbour = neighbour.to_string(),
                    side = crate::t!("domino-side", side = side.to_string())
                ),
                Misplaced::NotTouching => crate::t!(
                    "domino-not-touching",
                    tile = tile.to_string(),
                    row = row,
                    number = tile.number().to_string()
                ),
                Misplaced::Square => {
                    crate::t!("domino-square", tile = tile.to_string(), row = row)
                }
            },
            Broken::SpecialUsed { player } => {
                crate::t!("domino-special-used", player = name(player))
            }
            Broken::NotOnTable { tile } => {
                crate::t!("domino-not-on-table", tile = tile.to_string())
            }
            Broken::AlreadyTurned { tile } => {
                crate::t!("domino-already-turned", tile = tile.to_string())
            }
            Broken::SpecialNeedsPlaceable => {
                crate::t!("domino-special-needs-placeable")
            }
            Broken::DrawWhilePlaceable { player } => {
                crate::t!("domino-draw-while-placeable", player = name(player))
            }
            Broken::NotSetAside { tile } => {
                crate::t!("domino-not-set-aside", tile = tile.to_string())
            }
            Broken::DrawnPlaceable { tile, row } => {
                crate::t!("domino-drawn-placeable", tile = tile.to_string(), row = row)
            }
            Broken::OutWhilePlaceable { player } => {
                crate::t!("domino-out-while-placeable", player = name(player))
            }
            Broken::OutWhilePile { left } => {
                crate::t!("domino-out-while-pile", left = left)
            }
        }
    }
}

/// Why hands and a set-aside pile cannot start a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupError {
    Players(usize),
    /// `tile` is dealt twice, the second time to `player`.
    Twice {
        tile: Tile,
        player: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => {
                write!(f, "Domino della Frutta is for 2-4 players, not {n}")
            }
            SetupError::Twice { tile, player } => {
                write!(f, "{tile} is dealt twice (again to player {})", player + 1)
            }
        }
    }
}

/// The hands (in seat order) and the set-aside pile (DF-3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub hands: Vec<TileSet>,
    pub set_aside: TileSet,
}

impl Setup {
    /// The deal of DF-3 from a shuffled order of the 36 tiles: the first
    /// `players` tiles are set aside, then each player in turn takes the next
    /// (36 - players) / players; any remainder is set aside too.
    pub fn deal(players: usize, order: &[Tile]) -> Result<Setup, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::Players(players));
        }
        let each = (order.len() - players.min(order.len())) / players;
        let mut set_aside: TileSet = order.iter().take(players).copied().collect();
        let hands: Vec<TileSet> = (0..players)
            .map(|p| {
                order[players + p * each..players + (p + 1) * each]
                    .iter()
                    .copied()
                    .collect()
            })
            .collect();
        set_aside = set_aside.union(order[players + players * each..].iter().copied().collect());
        Ok(Setup { hands, set_aside })
    }
}

/// What a legal move led to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on with this player to move.
    Next(usize),
    /// The game is over (see [`State::end`]).
    Over,
}

/// A tile on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Laid {
    pub tile: Tile,
    /// Turned over by a special move (DF-5).
    pub turned: bool,
}

/// How the game ended (DF-6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct End {
    /// The winners (several on a tie of fewest tiles).
    pub winners: Vec<usize>,
    /// True when a player laid all their tiles.
    pub domino: bool,
    /// Tiles left in each player's hand.
    pub left: Vec<usize>,
}

/// A game of Domino della Frutta.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    rules: Rules,
    hands: Vec<TileSet>,
    set_aside: TileSet,
    /// (row, column = number) -> tile.
    table: BTreeMap<(i32, u8), Laid>,
    /// Each tile's row once laid.
    rows: [Option<i32>; 36],
    turn: usize,
    turns_taken: u32,
    special_used: Vec<bool>,
    out: Vec<bool>,
    /// Out because they resigned (GN-4): never among the winners.
    resigned: Vec<bool>,
    open: bool,
    end: Option<End>,
}

impl State {
    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn players(&self) -> usize {
        self.hands.len()
    }

    pub fn hand(&self, player: usize) -> TileSet {
        self.hands[player]
    }

    pub fn set_aside(&self) -> TileSet {
        self.set_aside
    }

    pub fn turn(&self) -> usize {
        self.turn
    }

    pub fn is_open(&self) -> bool {
        self.open
    }

    pub fn is_out(&self, player: usize) -> bool {
        self.out[player]
    }

    pub fn special_used(&self, player: usize) -> bool {
        self.special_used[player]
    }

    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// The tiles on the table: (row, column = number) -> tile.
    pub fn table(&self) -> &BTreeMap<(i32, u8), Laid> {
        &self.table
    }

    /// The row of `tile` if it is on the table.
    pub fn row_of(&self, tile: Tile) -> Option<i32> {
        self.rows[tile.index()]
    }

    fn at(&self, row: i32, col: i32) -> Option<Laid> {
        if !(1..=6).contains(&col) {
            return None;
        }
        self.table.get(&(row, col as u8)).copied()
    }

    /// Why `tile` cannot go in `row`, or `None` when it can (DF-1, DF-2, DF-7).
    pub fn placement_error(&self, tile: Tile, row: i32) -> Option<Misplaced> {
        if self.table.is_empty() {
            return (row != 0).then_some(Misplaced::FirstRow);
        }
        let col = tile.number() as i32;
        if let Some(there) = self.at(row, col) {
            return Some(Misplaced::Occupied { there: there.tile });
        }
        let neighbours = [
            (row, col - 1, Side::Left),
            (row, col + 1, Side::Right),
            (row - 1, col, Side::Above),
            (row + 1, col, Side::Below),
        ];
        let mut touches = false;
        let mut matched = false;
        let mut mismatch = None;
        for (r, c, side) in neighbours {
            let Some(n) = self.at(r, c) else { continue };
            touches = true;
            if n.turned {
                return Some(Misplaced::TouchesTurned {
                    neighbour: n.tile,
                    side,
                });
            }
            // Up-down neighbours share the column, hence the number; left-right
            // neighbours are one number apart, so they must share the fruit.
            if r == row && n.tile.fruit() != tile.fruit() {
                if !self.rules.loose_contact {
                    return Some(Misplaced::NotInScala {
                        neighbour: n.tile,
                        side,
                    });
                }
                mismatch.get_or_insert((n.tile, side));
            } else {
                matched = true;
            }
        }
        if !touches {
            return Some(Misplaced::NotTouching);
        }
        if let (false, Some((neighbour, side))) = (matched, mismatch) {
            return Some(Misplaced::NoMatch { neighbour, side });
        }
        for dr in [-1, 0] {
            for dc in [-1, 0] {
                let cells =
                    [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(a, b)| (row + dr + a, col + dc + b));
                let full = cells
                    .iter()
                    .all(|&(r, c)| (r, c) == (row, col) || self.at(r, c).is_some());
                if full {
                    return Some(Misplaced::Square);
                }
            }
        }
        None
    }

    /// The rows where `tile` can be placed now, in order.
    pub fn placements(&self, tile: Tile) -> Vec<i32> {
        if self.table.is_empty() {
            return vec![0];
        }
        let col = tile.number();
        let mut rows: Vec<i32> = self
            .table
            .keys()
            .filter(|&&(_, c)| c.abs_diff(col) <= 1)
            .flat_map(|&(r, c)| {
                if c == col {
                    vec![r - 1, r + 1]
                } else {
                    vec![r]
                }
            })
            .collect();
        rows.sort_unstable();
        rows.dedup();
        rows.retain(|&r| self.placement_error(tile, r).is_none());
        rows
    }

    /// Whether `player` can place any tile of their hand.
    pub fn can_place(&self, player: usize) -> bool {
        self.hands[player]
            .iter()
            .any(|t| !self.placements(t).is_empty())
    }

    fn open_error(&self) -> Option<Broken> {
        if self.open {
            Some(Broken::AlreadyOpen)
        } else if (self.turns_taken as usize) < self.players() {
            Some(Broken::OpenTooEarly)
        } else {
            None
        }
    }

    fn lay(&mut self, tile: Tile, row: i32) {
        self.table.insert(
            (row, tile.number()),
            Laid {
                tile,
                turned: false,
            },
        );
        self.rows[tile.index()] = Some(row);
    }

    fn misplaced(&self, tile: Tile, row: i32) -> Result<(), Broken> {
        match self.placement_error(tile, row) {
            Some(why) => Err(Broken::Placement { tile, row, why }),
            None => Ok(()),
        }
    }

    fn not_in_hand(&self, player: usize, tile: Tile) -> Broken {
        let at = if let Some(row) = self.rows[tile.index()] {
            Whereabouts::OnTable(row)
        } else if self.set_aside.contains(tile) {
            Whereabouts::SetAside
        } else {
            match (0..self.players()).find(|&q| self.hands[q].contains(tile)) {
                Some(q) => Whereabouts::HeldBy(q),
                None => Whereabouts::Nowhere,
            }
        };
        Broken::NotInHand { player, tile, at }
    }

    /// The rows worth trying for a placement: every row next to the table.
    fn nearby_rows(&self) -> std::ops::RangeInclusive<i32> {
        let rows = self.table.keys().map(|&(r, _)| r);
        let lo = rows.clone().min().unwrap_or(0);
        let hi = rows.max().unwrap_or(0);
        lo - 1..=hi + 1
    }

    /// GN-4: `player` resigns and is out, as if they could not place (DF-4); play goes on
    /// without them, and at the end they are ranked after the others. `false`, and nothing
    /// changes, once the game is over or for a player already out.
    pub fn resign(&mut self, player: usize) -> bool {
        if self.end.is_some() || player >= self.players() || self.out[player] {
            return false;
        }
        self.out[player] = true;
        self.resigned[player] = true;
        if self.turn == player {
            self.advance();
        }
        true
    }

    /// After a move: the end (DF-6), else the next player still in.
    fn advance(&mut self) {
        let n = self.players();
        let left: Vec<usize> = self.hands.iter().map(|h| h.len()).collect();
        if let Some(p) = (0..n).find(|&p| self.hands[p].is_empty()) {
            self.end = Some(End {
                winners: vec![p],
                domino: true,
                left,
            });
            return;
        }
        if self.out.iter().all(|&o| o) {
            // GN-4: a player who resigned is ranked after the others.
            let ranked = |p: &usize| !self.resigned[*p];
            let fewest = (0..n).filter(ranked).map(|p| left[p]).min().unwrap_or(0);
            self.end = Some(End {
                winners: (0..n)
                    .filter(ranked)
                    .filter(|&p| left[p] == fewest)
                    .collect(),
                domino: false,
                left,
            });
            return;
        }
        let mut next = (self.turn + 1) % n;
        while self.out[next] {
            next = (next + 1) % n;
        }
        self.turn = next;
    }
}

impl Engine for State {
    type Setup = Setup;
    type Rules = Rules;
    type Move = Move;
    type Outcome = Outcome;
    type Broken = Broken;
    type SetupError = SetupError;

    /// A game for 2-4 players with these hands and set-aside pile (DF-3);
    /// seat 0 starts. Every tile must appear at most once.
    fn start(setup: &Setup, rules: &Rules) -> Result<State, SetupError> {
        let players = setup.hands.len();
        if !(2..=4).contains(&players) {
            return Err(SetupError::Players(players));
        }
        let mut seen = setup.set_aside;
        for (p, h) in setup.hands.iter().enumerate() {
            if let Some(tile) = h.iter().find(|&t| seen.contains(t)) {
                return Err(SetupError::Twice { tile, player: p });
            }
            seen = seen.union(*h);
        }
        Ok(State {
            rules: *rules,
            hands: setup.hands.clone(),
            set_aside: setup.set_aside,
            table: BTreeMap::new(),
            rows: [None; 36],
            turn: 0,
            turns_taken: 0,
            special_used: vec![false; players],
            out: vec![false; players],
            resigned: vec![false; players],
            open: false,
            end: None,
        })
    }

    fn to_move(&self) -> Option<usize> {
        self.end.is_none().then_some(self.turn)
    }

    /// Open play when it may be called, then the placements, the special
    /// moves, and when blocked the draws (each set-aside tile, placed at each
    /// row it fits or kept when it fits nowhere) or going out.
    fn legal_moves(&self) -> Vec<Move> {
        if self.end.is_some() {
            return vec![];
        }
        let player = self.turn;
        let mut moves = Vec::new();
        if self.open_error().is_none() {
            moves.push(Move::Open { player });
        }
        let places: Vec<Move> = self.hands[player]
            .iter()
            .flat_map(|tile| {
                self.placements(tile)
                    .into_iter()
                    .map(move |row| Move::Place { player, tile, row })
            })
            .collect();
        let can_place = !places.is_empty();
        moves.extend(places);
        if !self.special_used[player] && (!self.open || can_place) {
            moves.extend(
                self.table
                    .values()
                    .filter(|l| !l.turned)
                    .map(|l| Move::Turn {
                        player,
                        tile: l.tile,
                    }),
            );
        }
        if !can_place {
            if self.set_aside.is_empty() {
                moves.push(Move::Out { player });
            } else {
                for tile in self.set_aside.iter() {
                    let rows = self.placements(tile);
                    if rows.is_empty() {
                        moves.push(Move::Draw {
                            player,
                            tile,
                            row: None,
                        });
                    }
                    moves.extend(rows.into_iter().map(|row| Move::Draw {
                        player,
                        tile,
                        row: Some(row),
                    }));
                }
            }
        }
        moves
    }

    /// For the player to move: every kind of move with every tile in their
    /// hand or on the table or set aside, at every row next to the table.
    fn candidate_moves(&self) -> Vec<Move> {
        let player = self.turn;
        let mut moves = vec![Move::Open { player }, Move::Out { player }];
        let rows = self.nearby_rows();
        let on_table: TileSet = self.table.values().map(|l| l.tile).collect();
        for tile in Tile::all() {
            let held = self.hands[player].contains(tile);
            let aside = self.set_aside.contains(tile);
            if held || on_table.contains(tile) {
                moves.push(Move::Turn { player, tile });
            }
            if held || aside {
                for row in rows.clone() {
                    moves.push(Move::Place { player, tile, row });
                    moves.push(Move::Draw {
                        player,
                        tile,
                        row: Some(row),
                    });
                }
                moves.push(Move::Draw {
                    player,
                    tile,
                    row: None,
                });
            }
        }
        moves
    }

    /// Plays one move; on an error nothing changes.
    fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        if self.end.is_some() {
            return Err(Broken::GameOver);
        }
        let p = self.turn;
        if mv.player() != p {
            return Err(Broken::OutOfTurn {
                player: mv.player(),
                expected: p,
                out: self.out.get(mv.player()).copied().unwrap_or(false),
            });
        }
        match mv {
            Move::Open { .. } => {
                if let Some(e) = self.open_error() {
                    return Err(e);
                }
                self.open = true;
                // Not a turn: the same player now moves.
                return Ok(Outcome::Next(p));
            }
            Move::Place { tile, row, .. } => {
                if !self.hands[p].contains(tile) {
                    return Err(self.not_in_hand(p, tile));
                }
                self.misplaced(tile, row)?;
                self.hands[p].remove(tile);
                self.lay(tile, row);
            }
            Move::Turn { tile, .. } => {
                if self.special_used[p] {
                    return Err(Broken::SpecialUsed { player: p });
                }
                let Some(row) = self.rows[tile.index()] else {
                    return Err(Broken::NotOnTable { tile });
                };
                let key = (row, tile.number());
                if self.table[&key].turned {
                    return Err(Broken::AlreadyTurned { tile });
                }
                if self.open && !self.can_place(p) {
                    return Err(Broken::SpecialNeedsPlaceable);
                }
                self.special_used[p] = true;
                if let Some(l) = self.table.get_mut(&key) {
                    l.turned = true;
                }
            }
            Move::Draw { tile, row, .. } => {
                if self.can_place(p) {
                    return Err(Broken::DrawWhilePlaceable { player: p });
                }
                if !self.set_aside.contains(tile) {
                    return Err(Broken::NotSetAside { tile });
                }
                match row {
                    Some(row) => {
                        self.misplaced(tile, row)?;
                        self.set_aside.remove(tile);
                        self.lay(tile, row);
                    }
                    None => {
                        if let Some(&row) = self.placements(tile).first() {
                            return Err(Broken::DrawnPlaceable { tile, row });
                        }
                        self.set_aside.remove(tile);
                        self.hands[p].insert(tile);
                    }
                }
            }
            Move::Out { .. } => {
                if self.can_place(p) {
                    return Err(Broken::OutWhilePlaceable { player: p });
                }
                if !self.set_aside.is_empty() {
                    return Err(Broken::OutWhilePile {
                        left: self.set_aside.len(),
                    });
                }
                self.out[p] = true;
            }
        }
        self.turns_taken += 1;
        self.advance();
        Ok(match self.end {
            Some(_) => Outcome::Over,
            None => Outcome::Next(self.turn),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Broken as _;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn set(s: &str) -> TileSet {
        s.split_whitespace().map(t).collect()
    }

    /// A placement by the player to move.
    fn place(s: &State, tile: &str, row: i32) -> Move {
        Move::Place {
            player: s.turn(),
            tile: t(tile),
            row,
        }
    }

    fn turn(s: &State, tile: &str) -> Move {
        Move::Turn {
            player: s.turn(),
            tile: t(tile),
        }
    }

    fn draw(s: &State, tile: &str, row: Option<i32>) -> Move {
        Move::Draw {
            player: s.turn(),
            tile: t(tile),
            row,
        }
    }

    fn out(s: &State) -> Move {
        Move::Out { player: s.turn() }
    }

    fn open(s: &State) -> Move {
        Move::Open { player: s.turn() }
    }

    /// Two players with the given hands; set-aside as given.
    fn game_with(a: &str, b: &str, aside: &str, rules: Rules) -> State {
        let setup = Setup {
            hands: vec![set(a), set(b)],
            set_aside: set(aside),
        };
        State::start(&setup, &rules).unwrap()
    }

    fn game(a: &str, b: &str, aside: &str) -> State {
        game_with(a, b, aside, Rules::default())
    }

    fn code(s: &State, mv: Move) -> &'static str {
        s.clone().play(mv).unwrap_err().code()
    }

    fn why(s: &State, tile: &str, row: i32) -> (&'static str, &'static str) {
        let b = Broken::Placement {
            tile: t(tile),
            row,
            why: s.placement_error(t(tile), row).unwrap(),
        };
        (b.code(), b.rule())
    }

    #[test]
    fn df1_runs_left_right_numbers_up_down() {
        let mut s = game("M3 M5 P4 U4", "M4 C4 P3 B1", "F1 F2");
        assert_eq!(code(&s, place(&s, "M3", 7)), "domino.first-row");
        s.play(place(&s, "M3", 0)).unwrap();
        assert_eq!(s.row_of(t("M3")), Some(0));
        s.play(place(&s, "M4", 0)).unwrap(); // run M3 M4
        s.play(place(&s, "M5", 0)).unwrap(); // run M3 M4 M5
        s.play(place(&s, "C4", 1)).unwrap(); // C4 below M4: same number up-down
        s.play(place(&s, "U4", 2)).unwrap(); // U4 below C4
                                             // P3 in row 1 would sit left of C4: different fruit.
        assert_eq!(why(&s, "P3", 1), ("domino.not-in-scala", "DF-1"));
        // P3 above M3 (row -1): same number, fine.
        assert!(s.placement_error(t("P3"), -1).is_none());
        // Too far: touches nothing.
        assert_eq!(why(&s, "P3", 5).0, "domino.not-touching");
        // Occupied cell.
        assert_eq!(why(&s, "C4", 0).0, "domino.occupied");
    }

    /// DF-7: F3 in row 1 sits below M3 (same number) and left of B4 (another
    /// fruit): illegal by default (every touched tile must match), legal with
    /// loose-contact (one match is enough). C6 beside B5 only matches
    /// nothing, so it is illegal under both.
    #[test]
    fn df7_loose_contact_asks_one_match() {
        let loose = Rules {
            loose_contact: true,
        };
        for rules in [Rules::default(), loose] {
            let mut s = game_with("M3 U4 C5 B4 M1", "U3 U5 B5 F3 C6", "F1 F6", rules);
            for (tile, row) in [
                ("M3", 0),
                ("U3", -1),
                ("U4", -1),
                ("U5", -1),
                ("C5", 0),
                ("B5", 1),
                ("B4", 1),
            ] {
                s.play(place(&s, tile, row)).unwrap();
            }
            if rules.loose_contact {
                assert!(s.placement_error(t("F3"), 1).is_none());
                assert_eq!(
                    why(&s, "C6", 1),
                    ("domino.no-match", "DF-7 (loose-contact)")
                );
            } else {
                assert_eq!(why(&s, "F3", 1), ("domino.not-in-scala", "DF-1"));
                assert_eq!(why(&s, "C6", 1).0, "domino.not-in-scala");
            }
        }
    }

    #[test]
    fn df2_no_2x2_block() {
        let mut s = game("M3 P3 C1", "M4 P4 C2", "F1 F2");
        s.play(place(&s, "M3", 0)).unwrap();
        s.play(place(&s, "M4", 0)).unwrap();
        s.play(place(&s, "P3", 1)).unwrap(); // below M3
        let e = s.clone().play(place(&s, "P4", 1)).unwrap_err();
        assert_eq!((e.code(), e.rule()), ("domino.square", "DF-2"));
        assert_eq!(s.placements(t("P4")), vec![-1]);
        s.play(place(&s, "P4", -1)).unwrap(); // above M4: no block
    }

    #[test]
    fn df2_turned_tile_blocks_neighbours_df5_once() {
        let mut s = game("M3 M2 U2 B6", "M4 P4 F5 C1", "F1 F2");
        s.play(place(&s, "M3", 0)).unwrap();
        s.play(place(&s, "M4", 0)).unwrap();
        s.play(turn(&s, "M3")).unwrap(); // player 1's special move
                                         // M2 beside M3 (turned): illegal.
        assert_eq!(why(&s, "M2", 0), ("domino.touches-turned", "DF-5"));
        s.play(place(&s, "P4", 1)).unwrap(); // player 2: below M4
        assert_eq!(code(&s, turn(&s, "M4")), "domino.special-used");
        assert_eq!(code(&s, place(&s, "U2", 0)), "domino.touches-turned");
        // Player 2 still has theirs, but a tile not on the table cannot be turned.
        s.turn = 1;
        assert_eq!(code(&s, turn(&s, "C1")), "domino.not-on-table");
        assert_eq!(code(&s, turn(&s, "M3")), "domino.already-turned");
    }

    #[test]
    fn df4_draw_keep_out_and_df6_fewest_tiles() {
        let mut s = game("M1 B6", "C6 U3", "M2 F4");
        // An empty table takes any tile: drawing is not allowed.
        assert_eq!(
            code(&s, draw(&s, "M2", Some(0))),
            "domino.draw-while-placeable"
        );
        s.play(place(&s, "M1", 0)).unwrap();
        // Player 2 is blocked: must draw, may not go out while tiles are set aside.
        assert!(!s.can_place(1));
        assert_eq!(code(&s, place(&s, "C6", 0)), "domino.not-touching");
        assert_eq!(code(&s, out(&s)), "domino.out-while-pile");
        assert_eq!(code(&s, draw(&s, "B6", None)), "domino.not-set-aside");
        assert_eq!(code(&s, draw(&s, "M2", None)), "domino.drawn-placeable");
        assert_eq!(code(&s, draw(&s, "F4", Some(0))), "domino.not-touching");
        s.play(draw(&s, "F4", None)).unwrap();
        assert_eq!(s.hand(1), set("C6 U3 F4"));
        // Second round: open play may now be called; then the special move
        // needs a placeable tile (player 1 has only B6).
        let early = game("M1 B6", "C6 U3", "M2 F4");
        assert_eq!(code(&early, open(&early)), "domino.open-too-early");
        assert_eq!(s.play(open(&s)), Ok(Outcome::Next(0)));
        assert_eq!(code(&s, open(&s)), "domino.already-open");
        let e = s.clone().play(turn(&s, "M1")).unwrap_err();
        assert_eq!(
            (e.code(), e.rule()),
            ("domino.special-needs-placeable", "DF-4")
        );
        s.play(draw(&s, "M2", Some(0))).unwrap();
        assert!(s.set_aside().is_empty());
        // Nobody can place now and nothing is set aside: both go out.
        // Open play: no special move without a placeable tile.
        assert_eq!(s.legal_moves(), vec![Move::Out { player: 1 }]);
        s.play(out(&s)).unwrap();
        assert!(s.is_out(1));
        assert_eq!(s.turn(), 0);
        // A player who is out moves out of turn.
        let e = s.clone().play(Move::Out { player: 1 }).unwrap_err();
        assert_eq!(e.code(), "domino.out-of-turn");
        let names = ["anna".to_string(), "bruno".to_string()];
        assert_eq!(
            e.describe(&names),
            "bruno is out of the game (DF-4); it is anna's turn"
        );
        assert_eq!(s.play(out(&s)), Ok(Outcome::Over));
        assert_eq!(
            s.end(),
            Some(&End {
                winners: vec![0],
                domino: false,
                left: vec![1, 3]
            })
        );
        // GN-1: nothing after the end.
        let e = s.clone().play(Move::Out { player: 0 }).unwrap_err();
        assert_eq!(
            (e.code(), e.rule()),
            ("domino.game-over", "GN-1 (the game is over, DF-6)")
        );
        assert_eq!(s.to_move(), None);
    }

    #[test]
    fn df6_first_to_lay_all_wins() {
        let mut s = game("M1 M2", "P1 C6", "F1 F2");
        s.play(place(&s, "M1", 0)).unwrap();
        s.play(place(&s, "P1", 1)).unwrap();
        let e = s.clone().play(place(&s, "P1", 2)).unwrap_err();
        assert_eq!(e.code(), "domino.not-in-hand");
        let names = ["anna".to_string(), "bruno".to_string()];
        assert_eq!(
            e.describe(&names),
            "anna does not hold P1: it is already on the table in row 1"
        );
        s.play(place(&s, "M2", 0)).unwrap();
        assert_eq!(
            s.end(),
            Some(&End {
                winners: vec![0],
                domino: true,
                left: vec![0, 1]
            })
        );
        assert!(s.legal_moves().is_empty());
    }

    #[test]
    fn df3_deal_sets_aside_one_per_player() {
        let order: Vec<Tile> = Tile::all().collect();
        for players in 2..=4 {
            let d = Setup::deal(players, &order).unwrap();
            assert_eq!(d.set_aside.len(), players);
            for p in 0..players {
                assert_eq!(d.hands[p].len(), (36 - players) / players);
            }
            State::start(&d, &Rules::default()).unwrap();
        }
        assert_eq!(Setup::deal(5, &order), Err(SetupError::Players(5)));
    }

    #[test]
    fn move_notation_round_trips() {
        let s = game("M1 M2", "P1 C6", "F1 F2");
        for mv in s.candidate_moves() {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{mv}");
        }
        assert_eq!(
            "2: draw M2 row -1".parse::<Move>(),
            Ok(Move::Draw {
                player: 1,
                tile: t("M2"),
                row: Some(-1)
            })
        );
        for bad in [
            "",
            "place M1 0",
            "0: out",
            "1: tile M1",
            "1: turn X4",
            "1: open now",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
