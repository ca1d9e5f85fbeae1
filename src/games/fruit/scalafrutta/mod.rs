//! Scalafrutta (seed 000; RULINGS SF-1..SF-6): the rules engine, pure logic.
//!
//! ## The square and its 12 insertion points
//! The 3x3 square is seen from the table: rows 1-3 from top to bottom,
//! columns 1-3 from left to right. A tile is inserted from one of the four
//! sides, in one of three lines, and pushes that line by one:
//!
//! ```text
//!            top1  top2  top3
//!   left1  [ r1c1  r1c2  r1c3 ]  right1
//!   left2  [ r2c1  r2c2  r2c3 ]  right2
//!   left3  [ r3c1  r3c2  r3c3 ]  right3
//!          bottom1 bottom2 bottom3
//! ```
//!
//! `top2` puts the tile in r1c2, pushes column 2 down, and r3c2 falls out.
//! The tile it pushes directly (r1c2 before the push) must match the drawn
//! tile (FR-2, SF-1) unless no edge tile matches at all; then the tile that
//! falls out goes to an opponent chosen by the player (SF-1).
//!
//! ## Randomness
//! Tiles are drawn from a face-down pile that is reshuffled between phases
//! (SF-2), so a record names each drawn tile. The engine only checks that the
//! named tile is face down, which lets a physical game be written down by hand.
//!
//! ## A hand
//! Insertions until the pile is empty; then every player recombines *all*
//! their tiles into combinations ([`Move::Recombine`], in turn from the last
//! to insert); tiles in none go back face down. Play resumes with the player whose turn it is, until fewer than
//! 4 / 5 / 6 tiles (2 / 3 / 4 players) go back: then each player scores the
//! combinations of that last recombination (SF-2, SF-3). Holding all six tiles
//! of one fruit ends the hand at once: 500 for that player, 0 for the others
//! (SF-4). [`Totals`] adds hands up to 1001 (SF-6).
//!
//! [`Hand`] is one hand; [`State`] is the game through the engine contract
//! (hands, recombinations declared one player at a time, totals).

pub mod draw;
pub mod record;
pub mod scorer;
pub mod scoring;
pub mod seen;
pub mod session;

use std::fmt;
use std::str::FromStr;

use super::notation::seat_and_move;
pub use super::notation::ParseMoveError;

use self::scoring::{Checked, PartitionError};
use super::tile::{Fruit, Tile};
use super::tileset::TileSet;
use crate::deal::Provenance;
use crate::games::engine::{self, Engine};

/// The side a tile is inserted from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// One of the 12 insertion points: a side and a line 1..=3 (a column for
/// top/bottom, a row for left/right). Written `top1` .. `right3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Insertion {
    side: Side,
    line: u8,
}

impl Insertion {
    pub fn new(side: Side, line: u8) -> Option<Insertion> {
        (1..=3).contains(&line).then_some(Insertion { side, line })
    }

    /// All 12, in the order top1..top3, bottom1.., left1.., right1..right3.
    pub fn all() -> impl Iterator<Item = Insertion> {
        Side::ALL
            .into_iter()
            .flat_map(|side| (1..=3).map(move |line| Insertion { side, line }))
    }

    pub fn side(self) -> Side {
        self.side
    }

    pub fn line(self) -> u8 {
        self.line
    }

    /// The cell (row, column; 0-based) the inserted tile lands on: the edge
    /// cell it pushes.
    pub fn entry(self) -> (usize, usize) {
        self.cells()[0]
    }

    /// The cells of the pushed line (row, column; 0-based), from the
    /// insertion side to the far end.
    fn cells(self) -> [(usize, usize); 3] {
        let l = self.line as usize - 1;
        match self.side {
            Side::Top => [(0, l), (1, l), (2, l)],
            Side::Bottom => [(2, l), (1, l), (0, l)],
            Side::Left => [(l, 0), (l, 1), (l, 2)],
            Side::Right => [(l, 2), (l, 1), (l, 0)],
        }
    }
}

impl fmt::Display for Insertion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.name(), self.line)
    }
}

/// Why an insertion point did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseInsertionError(pub String);

impl fmt::Display for ParseInsertionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::t!("sf-not-an-insertion", text = self.0.as_str()))
    }
}

impl std::error::Error for ParseInsertionError {}

impl FromStr for Insertion {
    type Err = ParseInsertionError;

    fn from_str(s: &str) -> Result<Insertion, ParseInsertionError> {
        let err = || ParseInsertionError(s.to_string());
        let lower = s.trim().to_ascii_lowercase();
        let side = Side::ALL
            .into_iter()
            .find(|side| lower.starts_with(side.name()))
            .ok_or_else(err)?;
        let line: u8 = lower[side.name().len()..].parse().map_err(|_| err())?;
        Insertion::new(side, line).ok_or_else(err)
    }
}

/// An insertion: draw `tile` and insert it at `at`. `gift` names the
/// opponent (0-based seat) who receives the tile that falls out, which is
/// required exactly when no edge tile matches the drawn tile (SF-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Insert {
    pub tile: Tile,
    pub at: Insertion,
    pub gift: Option<usize>,
}

/// A move of the game, by `player` (0-based seat).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    /// Draw and insert a tile (SF-1). `square` lays out a new hand's square
    /// on its first insertion when the setup does not deal it (SF-2).
    Insert {
        player: usize,
        tile: Tile,
        at: Insertion,
        gift: Option<usize>,
        square: Option<[Tile; 9]>,
    },
    /// The player's declaration at a recombination (SF-2): their
    /// combinations, in the order written.
    Recombine {
        player: usize,
        combinations: Vec<Vec<Tile>>,
    },
}

impl Move {
    pub fn player(&self) -> usize {
        match self {
            Move::Insert { player, .. } | Move::Recombine { player, .. } => *player,
        }
    }
}

fn tiles_text(tiles: &[Tile]) -> String {
    tiles
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The notation: the seat (1-based), then the move: `1: B4 top2`,
/// `2: U1 left3 gift 1`, `1: M4 top1 square M1 P2 C3 U4 F5 B6 M2 P3 C4`,
/// `2: combinations M3 M4 M5 / B3 P3 U3` (none: `2: combinations`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.player() + 1)?;
        match self {
            Move::Insert {
                tile,
                at,
                gift,
                square,
                ..
            } => {
                write!(f, "{tile} {at}")?;
                if let Some(g) = gift {
                    write!(f, " gift {}", g + 1)?;
                }
                if let Some(sq) = square {
                    write!(f, " square {}", tiles_text(sq))?;
                }
                Ok(())
            }
            Move::Recombine { combinations, .. } => {
                f.write_str("combinations")?;
                let groups: Vec<String> = combinations.iter().map(|c| tiles_text(c)).collect();
                if !groups.is_empty() {
                    write!(f, " {}", groups.join(" / "))?;
                }
                Ok(())
            }
        }
    }
}

/// Examples of the notation, for the error a move that does not parse gets.
const MOVE_EXAMPLES: &str =
    "`1: B4 top2`, `2: U1 left3 gift 1`, `2: combinations M3 M4 M5 / B3 P3 U3`";

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError::new(s, MOVE_EXAMPLES);
        let (player, rest) = seat_and_move(s, MOVE_EXAMPLES)?;
        let tiles = |text: &str| -> Result<Vec<Tile>, ParseMoveError> {
            text.split_whitespace()
                .map(|t| t.parse().map_err(|_| err()))
                .collect()
        };
        let rest = rest.trim();
        if let Some(groups) = rest.strip_prefix("combinations") {
            let combinations = if groups.trim().is_empty() {
                Vec::new()
            } else {
                groups.split('/').map(tiles).collect::<Result<_, _>>()?
            };
            return Ok(Move::Recombine {
                player,
                combinations,
            });
        }
        let (head, square) = match rest.split_once(" square ") {
            Some((head, sq)) => {
                let sq: [Tile; 9] = tiles(sq)?.try_into().map_err(|_| err())?;
                (head, Some(sq))
            }
            None => (rest, None),
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        let (tile, at, gift) = match words.as_slice() {
            [t, a] => (t, a, None),
            [t, a, "gift", g] => match g.parse::<usize>() {
                Ok(g) if g >= 1 => (t, a, Some(g - 1)),
                _ => return Err(err()),
            },
            _ => return Err(err()),
        };
        Ok(Move::Insert {
            player,
            tile: tile.parse().map_err(|_| err())?,
            at: at.parse().map_err(|_| err())?,
            gift,
            square,
        })
    }
}

/// Where a tile that cannot be drawn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whereabouts {
    InSquare,
    HeldBy(usize),
    Nowhere,
}

/// A rule broken by a move. Players are seats; [`engine::Broken::describe`]
/// names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    /// GN-1: a move after someone reached 1001; the result stands.
    GameOver,
    /// SF-2: after a hand ends the next starts with an insertion.
    HandOver,
    /// Not this player's turn to insert.
    OutOfTurn { player: usize, expected: usize },
    /// SF-2: recombinations go in turn from the last to insert.
    RecombineOutOfTurn { expected: usize, last: usize },
    /// SF-2: the pile is empty: recombine before drawing; `next` recombines.
    RecombineFirst { next: usize },
    /// SF-2: players recombine only when the pile is empty.
    RecombineTooEarly { pile: usize },
    /// SF-1: the drawn tile is not face down.
    NotInPile { tile: Tile, at: Whereabouts },
    /// SF-1: the tile does not match the tile it pushes, and some edge does.
    NoMatch {
        tile: Tile,
        pushed: Tile,
        at: Insertion,
        good: Vec<Insertion>,
    },
    /// SF-1: a matched insertion gives nothing away.
    GiftNotAllowed {
        tile: Tile,
        pushed: Tile,
        gift: usize,
    },
    /// SF-1: no edge matches: the tile that falls out goes to an opponent.
    GiftMissing { tile: Tile },
    /// SF-1: the gift goes to an opponent (not oneself, not a missing seat).
    BadGift { gift: usize, player: usize },
    /// SF-2, SF-3: a declaration that is not a partition of the player's tiles.
    Partition {
        player: usize,
        error: PartitionError,
    },
    /// SF-2: a new hand's first insertion without a square (and no deal).
    NoSquare { hand: u32 },
    /// SF-2: a square on an insertion that opens no hand.
    SquareMidHand,
    /// SF-2: a square that is not the one the deal gives for that hand.
    SquareNotDealt { hand: u32 },
    /// FR-1: a square with a tile twice.
    BadSquare { tile: Tile },
}

impl engine::Broken for Broken {
    fn code(&self) -> &'static str {
        match self {
            Broken::GameOver => "scalafrutta.game-over",
            Broken::HandOver => "scalafrutta.hand-over",
            Broken::OutOfTurn { .. } | Broken::RecombineOutOfTurn { .. } => {
                "scalafrutta.out-of-turn"
            }
            Broken::RecombineFirst { .. } => "scalafrutta.recombine-first",
            Broken::RecombineTooEarly { .. } => "scalafrutta.recombine-too-early",
            Broken::NotInPile { .. } => "scalafrutta.not-in-pile",
            Broken::NoMatch { .. } => "scalafrutta.no-match",
            Broken::GiftNotAllowed { .. } => "scalafrutta.gift-not-allowed",
            Broken::GiftMissing { .. } => "scalafrutta.gift-missing",
            Broken::BadGift { .. } => "scalafrutta.bad-gift",
            Broken::Partition { error, .. } => match error {
                PartitionError::NotACombination { .. } => "scalafrutta.not-a-combination",
                PartitionError::NotHeld { .. } => "scalafrutta.tile-not-held",
                PartitionError::UsedTwice { .. } => "scalafrutta.tile-used-twice",
            },
            Broken::NoSquare { .. } => "scalafrutta.no-square",
            Broken::SquareMidHand => "scalafrutta.square-mid-hand",
            Broken::SquareNotDealt { .. } => "scalafrutta.square-not-dealt",
            Broken::BadSquare { .. } => "scalafrutta.bad-square",
        }
    }

    fn rule(&self) -> &'static str {
        match self {
            Broken::GameOver => "GN-1 (the game is over, SF-6)",
            Broken::OutOfTurn { .. } => "sheet: a turno",
            Broken::Partition {
                error: PartitionError::NotACombination { .. },
                ..
            } => "SF-3",
            Broken::NotInPile { .. }
            | Broken::NoMatch { .. }
            | Broken::GiftNotAllowed { .. }
            | Broken::GiftMissing { .. }
            | Broken::BadGift { .. } => "SF-1",
            Broken::BadSquare { .. } => "FR-1",
            _ => "SF-2",
        }
    }

    fn describe(&self, names: &[String]) -> String {
        let name = |p: usize| {
            names
                .get(p)
                .cloned()
                .unwrap_or_else(|| crate::t!("player-n", n = p + 1))
        };
        use crate::t;
        match self {
            Broken::GameOver => t!("sf-game-over"),
            Broken::HandOver => t!("sf-hand-over"),
            Broken::OutOfTurn { expected, .. } => t!("sf-out-of-turn", player = name(*expected)),
            Broken::RecombineOutOfTurn { expected, last } => t!(
                "sf-recombine-out-of-turn",
                player = name(*expected),
                last = name(*last)
            ),
            Broken::RecombineFirst { next } => t!("sf-recombine-first", player = name(*next)),
            Broken::RecombineTooEarly { pile } => t!("sf-recombine-too-early", count = *pile),
            Broken::NotInPile { tile, at } => {
                let where_ = match at {
                    Whereabouts::InSquare => t!("sf-in-square"),
                    Whereabouts::HeldBy(p) => t!("sf-held-by", player = name(*p)),
                    Whereabouts::Nowhere => t!("sf-not-face-down"),
                };
                t!("sf-cannot-draw", tile = tile.to_string(), where = where_)
            }
            Broken::NoMatch {
                tile,
                pushed,
                at,
                good,
            } => t!(
                "sf-no-match",
                tile = tile.to_string(),
                pushed = pushed.to_string(),
                at = at.to_string(),
                good = good
                    .iter()
                    .map(|g| g.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Broken::GiftNotAllowed { tile, pushed, gift } => t!(
                "sf-gift-not-allowed",
                tile = tile.to_string(),
                pushed = pushed.to_string(),
                player = name(*gift)
            ),
            Broken::GiftMissing { tile } => t!("sf-gift-missing", tile = tile.to_string()),
            Broken::BadGift { gift, player } if gift == player => {
                t!("sf-gift-self", player = name(*player))
            }
            Broken::BadGift { gift, player } => t!(
                "sf-not-opponent",
                gift = name(*gift),
                player = name(*player)
            ),
            Broken::Partition { error, .. } => error.to_string(),
            Broken::NoSquare { hand } => t!("sf-no-square", hand = *hand),
            Broken::SquareMidHand => t!("sf-square-mid-hand"),
            Broken::SquareNotDealt { hand } => t!("sf-square-not-dealt", hand = *hand),
            Broken::BadSquare { tile } => t!("sf-bad-square", tile = tile.to_string()),
        }
    }
}

/// Where a hand stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// The player to move draws and inserts.
    Insert,
    /// The pile is empty: every player must recombine (SF-2).
    Recombine,
    /// The hand is over with these scores per player.
    Over(HandEnd),
}

/// How a hand ended and what each player scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandEnd {
    pub scores: Vec<u32>,
    /// `Some((player, fruit))` when the hand ended by Scalafrutta (SF-4).
    pub scalafrutta: Option<(usize, Fruit)>,
}

/// What a successful insertion did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inserted {
    pub fell_out: Tile,
    /// Who received the tile that fell out.
    pub to: usize,
}

/// What a recombination did, per player: their checked partition (SF-5 flags
/// one that is not the best), and the tiles that went back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recombined {
    pub checked: Vec<Checked>,
    pub returned: TileSet,
}

/// One hand of Scalafrutta.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    players: usize,
    square: [[Tile; 3]; 3],
    pile: TileSet,
    held: Vec<TileSet>,
    turn: usize,
    phase: Phase,
    recombinations: u32,
}

impl Hand {
    /// A hand for `players` with this square (row by row, from the top left)
    /// and every other tile face down; `first` (0-based) plays first.
    pub fn new(players: usize, square: [Tile; 9], first: usize) -> Result<Hand, Broken> {
        let mut on_table = TileSet::EMPTY;
        for tile in square {
            if !on_table.insert(tile) {
                return Err(Broken::BadSquare { tile });
            }
        }
        Ok(Hand {
            players,
            square: [
                [square[0], square[1], square[2]],
                [square[3], square[4], square[5]],
                [square[6], square[7], square[8]],
            ],
            pile: TileSet::ALL.difference(on_table),
            held: vec![TileSet::EMPTY; players],
            turn: first % players.max(1),
            phase: Phase::Insert,
            recombinations: 0,
        })
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// The square, row by row from the top left.
    pub fn square(&self) -> [[Tile; 3]; 3] {
        self.square
    }

    /// The face-down tiles.
    pub fn pile(&self) -> TileSet {
        self.pile
    }

    /// The tiles `player` holds.
    pub fn held(&self, player: usize) -> TileSet {
        self.held[player]
    }

    /// Whose turn it is to insert (0-based).
    pub fn turn(&self) -> usize {
        self.turn
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// How many recombinations have happened in this hand.
    pub fn recombinations(&self) -> u32 {
        self.recombinations
    }

    /// The edge tile that `at` pushes directly.
    pub fn pushed(&self, at: Insertion) -> Tile {
        let (r, c) = at.cells()[0];
        self.square[r][c]
    }

    /// Whether some edge tile matches `tile` (SF-1).
    pub fn any_match(&self, tile: Tile) -> bool {
        Insertion::all().any(|at| self.pushed(at).matches(tile))
    }

    /// The legal insertions of `tile` (SF-1): the matching ones, or all 12
    /// with a gift to each opponent when none matches.
    pub fn legal_insertions(&self, tile: Tile) -> Vec<Insert> {
        if self.any_match(tile) {
            Insertion::all()
                .filter(|&at| self.pushed(at).matches(tile))
                .map(|at| Insert {
                    tile,
                    at,
                    gift: None,
                })
                .collect()
        } else {
            Insertion::all()
                .flat_map(|at| {
                    (0..self.players)
                        .filter(|&p| p != self.turn)
                        .map(move |p| Insert {
                            tile,
                            at,
                            gift: Some(p),
                        })
                })
                .collect()
        }
    }

    /// Every legal insertion now: every face-down tile, every legal place.
    pub fn legal_moves(&self) -> Vec<Insert> {
        if self.phase != Phase::Insert {
            return vec![];
        }
        self.pile
            .iter()
            .flat_map(|t| self.legal_insertions(t))
            .collect()
    }

    /// Plays one insertion for the player whose turn it is.
    pub fn play(&mut self, mv: Insert) -> Result<Inserted, Broken> {
        match self.phase {
            Phase::Insert => {}
            Phase::Recombine => return Err(Broken::RecombineFirst { next: self.turn }),
            Phase::Over(_) => return Err(Broken::HandOver),
        }
        if !self.pile.contains(mv.tile) {
            let at = if self.square.iter().flatten().any(|&t| t == mv.tile) {
                Whereabouts::InSquare
            } else {
                match (0..self.players).find(|&p| self.held[p].contains(mv.tile)) {
                    Some(p) => Whereabouts::HeldBy(p),
                    None => Whereabouts::Nowhere,
                }
            };
            return Err(Broken::NotInPile { tile: mv.tile, at });
        }
        let pushed = self.pushed(mv.at);
        let to = if self.any_match(mv.tile) {
            if !pushed.matches(mv.tile) {
                return Err(Broken::NoMatch {
                    tile: mv.tile,
                    pushed,
                    at: mv.at,
                    good: Insertion::all()
                        .filter(|&at| self.pushed(at).matches(mv.tile))
                        .collect(),
                });
            }
            if let Some(gift) = mv.gift {
                return Err(Broken::GiftNotAllowed {
                    tile: mv.tile,
                    pushed,
                    gift,
                });
            }
            self.turn
        } else {
            match mv.gift {
                None => return Err(Broken::GiftMissing { tile: mv.tile }),
                Some(g) if g >= self.players || g == self.turn => {
                    return Err(Broken::BadGift {
                        gift: g,
                        player: self.turn,
                    })
                }
                Some(g) => g,
            }
        };
        // Push the line: the tile at the far end falls out.
        let cells = mv.at.cells();
        let (fr, fc) = cells[2];
        let fell_out = self.square[fr][fc];
        for k in (1..3).rev() {
            let (r, c) = cells[k];
            let (pr, pc) = cells[k - 1];
            self.square[r][c] = self.square[pr][pc];
        }
        let (r0, c0) = cells[0];
        self.square[r0][c0] = mv.tile;
        self.pile.remove(mv.tile);
        self.held[to].insert(fell_out);
        self.turn = (self.turn + 1) % self.players;

        if let Some(fruit) = Fruit::ALL
            .into_iter()
            .find(|&f| self.held[to].row(f) == 0x3f)
        {
            let mut scores = vec![0; self.players];
            scores[to] = 500;
            self.phase = Phase::Over(HandEnd {
                scores,
                scalafrutta: Some((to, fruit)),
            });
        } else if self.pile.is_empty() {
            self.phase = Phase::Recombine;
        }
        Ok(Inserted { fell_out, to })
    }

    /// The threshold of SF-2: the hand ends when fewer tiles than this go back.
    pub fn return_threshold(&self) -> usize {
        self.players + 2
    }

    /// Every player declares a partition of their tiles (`declared[p]`, a
    /// list of combinations); tiles in no combination go face down (SF-2).
    /// The partitions are checked player by player.
    pub fn recombine(&mut self, declared: &[Vec<Vec<Tile>>]) -> Result<Recombined, Broken> {
        let held = self.held.clone();
        self.recombine_knowing(declared, |p| scoring::best_partition(held[p]).score())
    }

    /// [`Hand::recombine`], with each player's best score (SF-5) from `best`
    /// where the caller knows it already.
    fn recombine_knowing(
        &mut self,
        declared: &[Vec<Vec<Tile>>],
        best: impl Fn(usize) -> u32,
    ) -> Result<Recombined, Broken> {
        if self.phase != Phase::Recombine {
            return Err(match self.phase {
                Phase::Over(_) => Broken::HandOver,
                _ => Broken::RecombineTooEarly {
                    pile: self.pile.len(),
                },
            });
        }
        let mut checked = Vec::with_capacity(self.players);
        for p in 0..self.players {
            let combos = declared.get(p).map_or(&[][..], |d| &d[..]);
            let c = scoring::check_partition_against(self.held[p], combos, || best(p))
                .map_err(|error| Broken::Partition { player: p, error })?;
            checked.push(c);
        }
        let mut returned = TileSet::EMPTY;
        for (p, c) in checked.iter().enumerate() {
            returned = returned.union(c.partition.unused);
            self.held[p] = self.held[p].difference(c.partition.unused);
        }
        self.recombinations += 1;
        self.pile = returned;
        if returned.len() < self.return_threshold() {
            self.phase = Phase::Over(HandEnd {
                scores: checked.iter().map(|c| c.partition.score()).collect(),
                scalafrutta: None,
            });
        } else {
            self.phase = Phase::Insert;
        }
        Ok(Recombined { checked, returned })
    }
}

/// A game: hands totalled until someone reaches 1001 (SF-6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totals {
    totals: Vec<u32>,
    hands: u32,
}

/// The target of SF-6.
pub const TARGET: u32 = 1001;

impl Totals {
    pub fn new(players: usize) -> Totals {
        Totals {
            totals: vec![0; players],
            hands: 0,
        }
    }

    pub fn totals(&self) -> &[u32] {
        &self.totals
    }

    pub fn hands(&self) -> u32 {
        self.hands
    }

    /// Adds a finished hand's scores; false (and nothing added) when the
    /// game was already over.
    pub fn add_hand(&mut self, end: &HandEnd) -> bool {
        if self.is_over() {
            return false;
        }
        for (t, s) in self.totals.iter_mut().zip(&end.scores) {
            *t += s;
        }
        self.hands += 1;
        true
    }

    /// Someone has reached 1001 (SF-6).
    pub fn is_over(&self) -> bool {
        self.totals.iter().any(|&t| t >= TARGET)
    }

    /// The winners once the game is over: the highest total among those at
    /// 1001 or more (several on a tie).
    pub fn winners(&self) -> Vec<usize> {
        if !self.is_over() {
            return vec![];
        }
        let top = self.totals.iter().copied().max().unwrap_or(0);
        (0..self.totals.len())
            .filter(|&p| self.totals[p] == top)
            .collect()
    }

    /// Who starts hand number `hand` (0-based): the first seat rotates left
    /// each hand (the sheet is silent; see docs/records.md).
    pub fn first_player(&self, hand: u32) -> usize {
        hand as usize % self.totals.len()
    }
}

/// The deal of hand `hand` (1-based): board `b + hand - 1` of the game's deal.
pub fn hand_deal(deal: &Provenance, hand: u32) -> Provenance {
    let mut d = deal.clone();
    d.board = deal.board.saturating_add(hand - 1);
    d
}

/// The square of a deal order: its first 9 tiles, row by row.
pub fn square_of(order: &[Tile]) -> [Tile; 9] {
    std::array::from_fn(|i| order[i])
}

/// The 36 tiles in the order the deal of hand `hand` gives them
/// (`tavolo-deal-v1` from the canonical order, FR-1).
pub fn hand_order(deal: &Provenance, hand: u32) -> Vec<Tile> {
    let d = hand_deal(deal, hand);
    crate::deal::shuffled(&d.game, &d.variant, &d.seed, d.board, 36)
        .into_iter()
        .filter_map(Tile::from_index)
        .collect()
}

/// What a game starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub players: usize,
    /// Hand 1's square, row by row from the top left.
    pub square: [Tile; 9],
    /// Where the squares of hands 2, 3, ... come from: dealt from this deal
    /// (hand `k` from board `b + k - 1`), or, without one, written on each
    /// hand's first insertion ([`Move::Insert`]'s `square`).
    pub deal: Option<Provenance>,
}

/// Why a setup cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    Players(usize),
    Square(Tile),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => f.write_str(&crate::t!("sf-players", n = *n)),
            SetupError::Square(t) => f.write_str(&crate::t!("sf-bad-square", tile = t.to_string())),
        }
    }
}

/// What a legal move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Inserted {
        inserted: Inserted,
        /// The hand ended with this move (SF-4).
        hand_over: Option<HandEnd>,
    },
    Declared {
        /// The declaration checked against the best partition (SF-5).
        checked: Checked,
        /// The recombination this declaration completed ended the hand.
        hand_over: Option<HandEnd>,
    },
}

/// A game of Scalafrutta: hands until someone reaches 1001 (SF-6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Shared: states are cloned often (the engine checks try moves on copies).
    deal: Option<std::sync::Arc<Provenance>>,
    hand: Hand,
    /// The current hand's number, 1-based.
    number: u32,
    totals: Totals,
    /// Seat of the player who made the last insertion (recombination order).
    last_inserter: usize,
    /// Declarations received in the recombination under way, by seat.
    declared: Vec<Option<Vec<Vec<Tile>>>>,
    received: usize,
    /// The best partition's score of each player's tiles in the
    /// recombination under way (SF-5), computed once when first needed and
    /// shared by the copies the engine checks try moves on.
    best: std::sync::Arc<Vec<std::sync::OnceLock<u32>>>,
    /// The tile the seat to insert has drawn and seen, in a game the machine imagines for
    /// that seat (issue 43, [`seen`]): only it may be inserted. Never set in a game that is
    /// played or replayed, where the move names the tile drawn.
    drawn: Option<Tile>,
}

impl State {
    pub fn players(&self) -> usize {
        self.hand.players
    }

    /// The hand under way (or just ended).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The current hand's number, 1-based.
    pub fn hand_number(&self) -> u32 {
        self.number
    }

    pub fn totals(&self) -> &Totals {
        &self.totals
    }

    /// A hand has ended and the game goes on: the next move opens a hand.
    pub fn between_hands(&self) -> bool {
        matches!(self.hand.phase, Phase::Over(_)) && !self.totals.is_over()
    }

    /// The square the deal gives hand `hand`, if the setup has a deal.
    pub fn dealt_square(&self, hand: u32) -> Option<[Tile; 9]> {
        self.deal
            .as_deref()
            .map(|d| square_of(&hand_order(d, hand)))
    }

    /// The next recombiner, in order from the last inserter.
    fn recombiner(&self) -> usize {
        (self.last_inserter + self.received) % self.players()
    }

    /// The hand the next insertion opens, with the square it is laid out with.
    fn next_hand(&self, square: Option<[Tile; 9]>) -> Result<Hand, Broken> {
        let number = self.number + 1;
        let square = match (square, self.dealt_square(number)) {
            (Some(sq), Some(d)) if sq != d => return Err(Broken::SquareNotDealt { hand: number }),
            (Some(sq), _) | (None, Some(sq)) => sq,
            (None, None) => return Err(Broken::NoSquare { hand: number }),
        };
        Hand::new(
            self.players(),
            square,
            self.totals.first_player(self.number),
        )
    }

    fn hand_over(&mut self) -> Option<HandEnd> {
        match &self.hand.phase {
            Phase::Over(end) => {
                let end = end.clone();
                self.totals.add_hand(&end);
                Some(end)
            }
            _ => None,
        }
    }

    fn insert(
        &mut self,
        player: usize,
        mv: Insert,
        square: Option<[Tile; 9]>,
    ) -> Result<Outcome, Broken> {
        let opening = self.between_hands();
        let mut hand = if opening {
            self.next_hand(square)?
        } else if square.is_some() {
            return Err(Broken::SquareMidHand);
        } else {
            self.hand.clone()
        };
        if hand.phase == Phase::Recombine {
            return Err(Broken::RecombineFirst {
                next: self.recombiner(),
            });
        }
        if player != hand.turn {
            return Err(Broken::OutOfTurn {
                player,
                expected: hand.turn,
            });
        }
        let inserted = hand.play(mv)?;
        self.hand = hand;
        self.drawn = None;
        if self.hand.phase == Phase::Recombine {
            self.best = std::sync::Arc::new(
                (0..self.players())
                    .map(|_| std::sync::OnceLock::new())
                    .collect(),
            );
        }
        if opening {
            self.number += 1;
        }
        self.last_inserter = player;
        self.received = 0;
        self.declared = vec![None; self.players()];
        Ok(Outcome::Inserted {
            inserted,
            hand_over: self.hand_over(),
        })
    }

    fn declare(&mut self, player: usize, combinations: Vec<Vec<Tile>>) -> Result<Outcome, Broken> {
        if self.hand.phase != Phase::Recombine {
            return Err(match self.hand.phase {
                Phase::Over(_) => Broken::HandOver,
                _ => Broken::RecombineTooEarly {
                    pile: self.hand.pile.len(),
                },
            });
        }
        let expected = self.recombiner();
        if player != expected {
            return Err(Broken::RecombineOutOfTurn {
                expected,
                last: self.last_inserter,
            });
        }
        let held = self.hand.held(player);
        let best = || scoring::best_partition(held).score();
        let checked = scoring::check_partition_against(held, &combinations, || {
            self.best
                .get(player)
                .map_or_else(best, |cell| *cell.get_or_init(best))
        })
        .map_err(|error| Broken::Partition { player, error })?;
        self.declared[player] = Some(combinations);
        self.received += 1;
        let mut hand_over = None;
        if self.received == self.players() {
            let all: Vec<Vec<Vec<Tile>>> = self
                .declared
                .iter()
                .map(|d| d.clone().unwrap_or_default())
                .collect();
            // Each best score is known: every player declared (SF-5).
            let (cells, held) = (&self.best, self.hand.held.clone());
            self.hand.recombine_knowing(&all, |p| match cells.get(p) {
                Some(cell) => *cell.get_or_init(|| scoring::best_partition(held[p]).score()),
                None => scoring::best_partition(held[p]).score(),
            })?;
            self.received = 0;
            self.declared = vec![None; self.players()];
            hand_over = self.hand_over();
        }
        Ok(Outcome::Declared { checked, hand_over })
    }

    /// The hand insertions are judged on now: the current one, or the next
    /// (when the deal gives it) between hands.
    fn inserting_hand(&self) -> Option<Hand> {
        if self.between_hands() {
            self.next_hand(None).ok()
        } else {
            (self.hand.phase == Phase::Insert).then(|| self.hand.clone())
        }
    }
}

/// The ways to lay out some of `held` as disjoint combinations (SF-2), each
/// once, at most `limit` of them (a holding of 20+ tiles has over a million):
/// combinations in order of their first tile, tiles in canonical order.
pub fn packings(held: TileSet, limit: usize) -> Vec<Vec<Vec<Tile>>> {
    // Every combination within `held`: sets of one number, runs of one fruit.
    let mut combos: Vec<TileSet> = Vec::new();
    for n in 1..=6u8 {
        let col: Vec<Tile> = held.iter().filter(|t| t.number() == n).collect();
        for mask in 1u32..(1 << col.len()) {
            if mask.count_ones() >= 3 {
                combos.push(
                    (0..col.len())
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| col[i])
                        .collect(),
                );
            }
        }
    }
    for fruit in Fruit::ALL {
        for start in 1..=4u8 {
            for len in 3..=5u8 {
                let run: Option<TileSet> = (start..start + len)
                    .map(|n| Tile::new(fruit, n).filter(|&t| held.contains(t)))
                    .collect();
                if let Some(run) = run {
                    combos.push(run);
                }
            }
        }
    }
    // The combinations by their first tile (the lowest canonical index).
    let mut by_first: Vec<Vec<TileSet>> = vec![Vec::new(); 36];
    for c in combos {
        by_first[c.bits().trailing_zeros() as usize].push(c);
    }
    for list in &mut by_first {
        list.sort_by_key(|c| c.bits());
    }
    let mut out = Vec::new();
    let tiles: Vec<Tile> = held.iter().collect();
    fn walk(
        tiles: &[Tile],
        free: TileSet,
        by_first: &[Vec<TileSet>],
        chosen: &mut Vec<TileSet>,
        out: &mut Vec<Vec<Vec<Tile>>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        let Some((&t, rest)) = tiles.split_first() else {
            out.push(chosen.iter().map(|c| c.iter().collect()).collect());
            return;
        };
        if !free.contains(t) {
            return walk(rest, free, by_first, chosen, out, limit);
        }
        // `t` unused, or the first tile of a combination of free tiles.
        walk(rest, free, by_first, chosen, out, limit);
        for &c in &by_first[t.index()] {
            if c.is_subset(free) {
                chosen.push(c);
                walk(rest, free.difference(c), by_first, chosen, out, limit);
                chosen.pop();
            }
        }
    }
    walk(&tiles, held, &by_first, &mut Vec::new(), &mut out, limit);
    out
}

/// Whether `declared` is a partition of some of `held` (SF-2, SF-3),
/// without scoring it.
fn check_partition_shape(held: TileSet, declared: &[Vec<Tile>]) -> Result<(), PartitionError> {
    scoring::check_partition_against(held, declared, || 0).map(|_| ())
}

/// How many declarations [`Engine::legal_moves`] lists at a recombination.
pub const LISTED_DECLARATIONS: usize = 500;

/// The declarations listed as legal at a recombination: every packing of
/// the holding when there are at most [`LISTED_DECLARATIONS`], else the
/// first of them in canonical order and the best partition. (Every packing
/// is legal, SF-5, but a holding of 20+ tiles has over a million; listing
/// them all would make the list useless to the random player and the
/// property tests.)
pub fn listed_declarations(held: TileSet) -> Vec<Vec<Vec<Tile>>> {
    let mut list = packings(held, LISTED_DECLARATIONS);
    let best = canonical(
        scoring::best_partition(held)
            .combinations
            .iter()
            .map(|c| c.tiles()),
    );
    if !list.contains(&best) {
        list.push(best);
    }
    list
}

/// Combinations in the canonical form of [`packings`].
pub fn canonical(combinations: impl Iterator<Item = TileSet>) -> Vec<Vec<Tile>> {
    let mut sets: Vec<TileSet> = combinations.collect();
    sets.sort_by_key(|c| c.bits().trailing_zeros());
    sets.iter().map(|c| c.iter().collect()).collect()
}

impl Engine for State {
    type Setup = Setup;
    type Rules = ();
    type Move = Move;
    type Outcome = Outcome;
    type Broken = Broken;
    type SetupError = SetupError;

    /// Hand 1 with the setup's square; seat 0 opens it.
    fn start(setup: &Setup, _rules: &()) -> Result<State, SetupError> {
        let n = setup.players;
        if !(2..=4).contains(&n) {
            return Err(SetupError::Players(n));
        }
        let hand = Hand::new(n, setup.square, 0).map_err(|e| match e {
            Broken::BadSquare { tile } => SetupError::Square(tile),
            _ => SetupError::Players(n),
        })?;
        Ok(State {
            deal: setup.deal.clone().map(std::sync::Arc::new),
            hand,
            number: 1,
            totals: Totals::new(n),
            last_inserter: 0,
            declared: vec![None; n],
            received: 0,
            best: std::sync::Arc::new(Vec::new()),
            drawn: None,
        })
    }

    fn to_move(&self) -> Option<usize> {
        if self.totals.is_over() {
            return None;
        }
        Some(match self.hand.phase {
            Phase::Insert => self.hand.turn,
            Phase::Recombine => self.recombiner(),
            Phase::Over(_) => self.totals.first_player(self.number),
        })
    }

    /// Insertions: every face-down tile at every legal place (the next
    /// hand's, between hands, when the deal gives it). Recombinations: every
    /// packing of the player's tiles into combinations.
    fn legal_moves(&self) -> Vec<Move> {
        let Some(player) = self.to_move() else {
            return vec![];
        };
        if self.hand.phase == Phase::Recombine {
            return listed_declarations(self.hand.held(player))
                .into_iter()
                .map(|combinations| Move::Recombine {
                    player,
                    combinations,
                })
                .collect();
        }
        self.inserting_hand()
            .map(|h| {
                h.legal_moves()
                    .into_iter()
                    .filter(|m| self.drawn.is_none_or(|t| t == m.tile))
                    .map(|m| Move::Insert {
                        player,
                        tile: m.tile,
                        at: m.at,
                        gift: m.gift,
                        square: None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every tile at every insertion point with every gift or none, and
    /// every packing of the player's tiles, with a few declarations that
    /// are no partition of them.
    fn candidate_moves(&self) -> Vec<Move> {
        let Some(player) = self.to_move() else {
            return vec![];
        };
        let mut moves = Vec::new();
        let n = self.players();
        let pile = self.inserting_hand().map_or(self.hand.pile, |h| h.pile);
        let hand = self.inserting_hand().unwrap_or_else(|| self.hand.clone());
        for tile in Tile::all() {
            // The face-down tiles, and a few others (already drawn).
            if !pile.contains(tile) && tile.index() % 5 != 0 {
                continue;
            }
            // A tile some edge matches is inserted without a gift (a gift to
            // the next seat is tried too); one nothing matches, with every gift.
            let matched = hand.any_match(tile);
            for (k, at) in Insertion::all().enumerate() {
                let gifts: Vec<Option<usize>> = if !matched {
                    std::iter::once(None).chain((0..n).map(Some)).collect()
                } else if k == 0 {
                    vec![None, Some((player + 1) % n)]
                } else {
                    vec![None]
                };
                for &gift in &gifts {
                    moves.push(Move::Insert {
                        player,
                        tile,
                        at,
                        gift,
                        square: None,
                    });
                }
            }
        }
        let held = self.hand.held(player);
        let mut declarations = listed_declarations(held);
        // A few declarations that are no partition of the holding.
        let h: Vec<Tile> = held.iter().collect();
        let mut wrong = Vec::new();
        if h.len() >= 3 {
            wrong.push(vec![h[..3].to_vec()]);
            wrong.push(vec![h[..3].to_vec(), h[..3].to_vec()]);
        }
        if let Some(missing) = Tile::all().find(|t| !held.contains(*t)) {
            let same: Vec<Tile> = Tile::all()
                .filter(|t| t.number() == missing.number())
                .take(3)
                .collect();
            wrong.push(vec![same]);
        }
        declarations.extend(
            wrong
                .into_iter()
                .filter(|d| check_partition_shape(held, d).is_err()),
        );
        moves.extend(
            declarations
                .into_iter()
                .map(|combinations| Move::Recombine {
                    player,
                    combinations,
                }),
        );
        moves
    }

    fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        if self.totals.is_over() {
            return Err(Broken::GameOver);
        }
        match mv {
            Move::Insert {
                player,
                tile,
                at,
                gift,
                square,
            } => self.insert(player, Insert { tile, at, gift }, square),
            Move::Recombine {
                player,
                combinations,
            } => self.declare(player, combinations),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Broken as _;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn square(s: &str) -> [Tile; 9] {
        let v: Vec<Tile> = s.split_whitespace().map(t).collect();
        v.try_into().unwrap()
    }

    fn at(s: &str) -> Insertion {
        s.parse().unwrap()
    }

    fn mv(tile: &str, a: &str) -> Insert {
        Insert {
            tile: t(tile),
            at: at(a),
            gift: None,
        }
    }

    /// A square with every row different: M1 P2 C3 / U4 F5 B6 / M2 P3 C4.
    fn state() -> Hand {
        Hand::new(2, square("M1 P2 C3 U4 F5 B6 M2 P3 C4"), 0).unwrap()
    }

    #[test]
    fn sf1_twelve_insertion_points_parse_and_print() {
        let all: Vec<String> = Insertion::all().map(|i| i.to_string()).collect();
        assert_eq!(all.len(), 12);
        for name in &all {
            assert_eq!(name.parse::<Insertion>().unwrap().to_string(), *name);
        }
        for bad in ["top0", "top4", "middle1", "", "left", "B3", "top 1x"] {
            assert!(bad.parse::<Insertion>().is_err(), "{bad}");
        }
        assert_eq!(at("Right2").to_string(), "right2");
    }

    #[test]
    fn sf1_push_from_each_side() {
        // top2: pushes column 2 down; P3 (r3c2) falls out to the player.
        let mut s = state();
        let r = s.play(mv("P1", "top2")).unwrap(); // P1 in scala with P2
        assert_eq!(
            r,
            Inserted {
                fell_out: t("P3"),
                to: 0
            }
        );
        assert_eq!(s.square()[0], [t("M1"), t("P1"), t("C3")]);
        assert_eq!(s.square()[1][1], t("P2"));
        assert_eq!(s.square()[2][1], t("F5"));
        assert_eq!(s.held(0).to_string(), "P3");
        assert_eq!(s.turn(), 1);
        // right1 (player 2): C2 in scala with C3 (r1c3); M1 falls out at the left.
        let r = s.play(mv("C2", "right1")).unwrap();
        assert_eq!(r.fell_out, t("M1"));
        assert_eq!(r.to, 1);
        assert_eq!(s.square()[0], [t("P1"), t("C3"), t("C2")]);
        // bottom1 (player 1): M3 in scala with M2 (r3c1); P1 falls out at the top.
        let r = s.play(mv("M3", "bottom1")).unwrap();
        assert_eq!(r.fell_out, t("P1"));
        assert_eq!(
            [s.square()[0][0], s.square()[1][0], s.square()[2][0]],
            [t("U4"), t("M2"), t("M3")]
        );
        // left2 (player 2): B2 has the number of M2 (r2c1); B6 falls out at the right.
        let r = s.play(mv("B2", "left2")).unwrap();
        assert_eq!(r.fell_out, t("B6"));
        assert_eq!(s.held(1).to_string(), "M1 B6");
    }

    #[test]
    fn sf1_unmatched_insertion_is_illegal_when_a_match_exists() {
        let mut s = state();
        let before = s.clone();
        let e = s.play(mv("P1", "top3")).unwrap_err();
        assert_eq!((e.code(), e.rule()), ("scalafrutta.no-match", "SF-1"));
        assert!(e.describe(&[]).contains("top2"), "{}", e.describe(&[]));
        assert_eq!(s, before, "a rejected move changes nothing");
    }

    #[test]
    fn sf1_no_match_anywhere_means_a_gift() {
        // Every tile but the centre U6 is an edge tile.
        let mut s = Hand::new(3, square("M3 P3 C3 F4 U6 B4 M5 P5 C5"), 0).unwrap();
        // U1: no 1 on an edge, and no U2 -> nothing matches (U6 is the centre).
        assert!(!s.any_match(t("U1")));
        let e = s.play(mv("U1", "top1")).unwrap_err();
        assert_eq!(e.code(), "scalafrutta.gift-missing");
        let e = s
            .play(Insert {
                gift: Some(0),
                ..mv("U1", "top1")
            })
            .unwrap_err();
        assert_eq!(e.code(), "scalafrutta.bad-gift");
        let e = s
            .play(Insert {
                gift: Some(3),
                ..mv("U1", "top1")
            })
            .unwrap_err();
        assert_eq!(e.code(), "scalafrutta.bad-gift");
        let r = s
            .play(Insert {
                gift: Some(2),
                ..mv("U1", "top1")
            })
            .unwrap();
        assert_eq!(
            r,
            Inserted {
                fell_out: t("M5"),
                to: 2
            }
        );
        assert_eq!(s.held(2).to_string(), "M5");
        assert!(s.held(0).is_empty());
        // A gift when something matches (M4 in scala with M3, now r2c1) is illegal.
        let e = s
            .play(Insert {
                gift: Some(0),
                ..mv("M4", "left2")
            })
            .unwrap_err();
        assert_eq!(e.code(), "scalafrutta.gift-not-allowed");
    }

    #[test]
    fn sf1_drawn_tile_must_be_face_down() {
        let mut s = state();
        let e = s.play(mv("F5", "top1")).unwrap_err();
        assert_eq!(e.code(), "scalafrutta.not-in-pile");
        assert!(
            e.describe(&[]).contains("face up in the square"),
            "{}",
            e.describe(&[])
        );
        s.play(mv("P1", "top2")).unwrap(); // player 1 wins P3
        let e = s.play(mv("P3", "top1")).unwrap_err();
        assert!(
            e.describe(&[]).contains("player 1 holds it"),
            "{}",
            e.describe(&[])
        );
    }

    #[test]
    fn legal_moves_are_all_accepted() {
        let s = state();
        let moves = s.legal_moves();
        assert!(!moves.is_empty());
        for m in moves {
            let mut c = s.clone();
            c.play(m).unwrap();
        }
    }

    /// Plays a whole hand taking the first legal move each time, and
    /// recombining with the best partitions; returns the end.
    fn play_out(mut s: Hand) -> (Hand, Vec<Recombined>) {
        let mut recs = vec![];
        loop {
            match s.phase().clone() {
                Phase::Insert => {
                    let m = s.legal_moves()[0];
                    s.play(m).unwrap();
                }
                Phase::Recombine => {
                    let declared: Vec<Vec<Vec<Tile>>> = (0..s.players())
                        .map(|p| {
                            crate::games::fruit::scalafrutta::scoring::best_partition(s.held(p))
                                .combinations
                                .iter()
                                .map(|c| c.tiles().iter().collect())
                                .collect()
                        })
                        .collect();
                    recs.push(s.recombine(&declared).unwrap());
                }
                Phase::Over(_) => return (s, recs),
            }
        }
    }

    #[test]
    fn sf2_pile_runs_out_then_recombine_until_few_go_back() {
        let s = state();
        let (end, recs) = play_out(s);
        let Phase::Over(hand) = end.phase() else {
            unreachable!()
        };
        if hand.scalafrutta.is_none() {
            let last = recs.last().unwrap();
            assert!(last.returned.len() < 4, "SF-2 two players: fewer than 4");
            for r in &recs[..recs.len() - 1] {
                assert!(r.returned.len() >= 4);
            }
            let expected: Vec<u32> = last.checked.iter().map(|c| c.partition.score()).collect();
            assert_eq!(hand.scores, expected);
        }
        // Tiles are conserved: square + pile + holdings are the 36, once each.
        let mut all: Vec<Tile> = end.pile().iter().collect();
        all.extend(end.square().iter().flatten());
        for p in 0..end.players() {
            all.extend(end.held(p).iter());
        }
        let distinct: TileSet = all.iter().copied().collect();
        assert_eq!((all.len(), distinct.len()), (36, 36));
    }

    #[test]
    fn sf2_recombination_rules() {
        let mut s = state();
        let e = s.recombine(&[vec![], vec![]]).unwrap_err();
        assert_eq!(e.code(), "scalafrutta.recombine-too-early");
        // Drain the pile quickly by forcing the state.
        s.pile = TileSet::EMPTY;
        s.phase = Phase::Recombine;
        s.held[0] = "M3 P3 U3 B3 M4 M5 F1".split(' ').map(t).collect();
        s.held[1] = "C1 C2".split(' ').map(t).collect();
        let e = s.play(mv("M6", "top1")).unwrap_err();
        assert_eq!(e.code(), "scalafrutta.recombine-first");
        let e = s
            .recombine(&[
                vec![
                    vec![t("M3"), t("M4"), t("M5")],
                    vec![t("M5"), t("P3"), t("U3")],
                ],
                vec![],
            ])
            .unwrap_err();
        assert_eq!(e.code(), "scalafrutta.tile-used-twice");
        assert!(matches!(
            e,
            Broken::Partition {
                player: 0,
                error: PartitionError::UsedTwice { index: 1, .. }
            }
        ));
        let e = s
            .recombine(&[vec![], vec![vec![t("C1"), t("C2"), t("C3")]]])
            .unwrap_err();
        assert_eq!(e.code(), "scalafrutta.tile-not-held");
        assert!(matches!(
            e,
            Broken::Partition {
                player: 1,
                error: PartitionError::NotHeld { index: 0, .. }
            }
        ));
        let e = s
            .recombine(&[vec![vec![t("M3"), t("M4"), t("F1")]], vec![]])
            .unwrap_err();
        assert_eq!(e.code(), "scalafrutta.not-a-combination");
        // Legal, not the best (SF-5): poker of 3s + nothing else; M4 M5 F1 C1 C2 go back (5 >= 4).
        let r = s
            .recombine(&[vec![vec![t("M3"), t("P3"), t("U3"), t("B3")]], vec![]])
            .unwrap();
        assert!(!r.checked[0].is_best());
        // The best: tris P3 U3 B3 (34) + M3 M4 M5 (62).
        assert_eq!(r.checked[0].best, 96);
        assert_eq!(r.returned.to_string(), "M4 M5 C1 C2 F1");
        assert_eq!(s.phase(), &Phase::Insert);
        assert_eq!(s.pile(), r.returned);
    }

    #[test]
    fn sf2_hand_ends_when_few_go_back_and_scores_sf3() {
        let mut s = Hand::new(3, square("M1 P2 C3 U4 F5 B6 M2 P3 C4"), 0).unwrap();
        s.pile = TileSet::EMPTY;
        s.phase = Phase::Recombine;
        s.held[0] = "M3 P3 U3 B3 F1".split(' ').map(t).collect();
        s.held[1] = "C5 C6".split(' ').map(t).collect();
        s.held[2] = TileSet::EMPTY;
        // 3 players: the hand ends when fewer than 5 go back: F1 C5 C6 = 3.
        let r = s
            .recombine(&[
                vec![vec![t("M3"), t("P3"), t("U3"), t("B3")]],
                vec![],
                vec![],
            ])
            .unwrap();
        assert_eq!(r.returned.len(), 3);
        assert_eq!(
            s.phase(),
            &Phase::Over(HandEnd {
                scores: vec![62, 0, 0],
                scalafrutta: None
            })
        );
        let e = s.play(mv("F1", "top1")).unwrap_err();
        assert_eq!(e.code(), "scalafrutta.hand-over");
    }

    #[test]
    fn sf4_all_six_of_a_fruit_ends_the_hand_with_500() {
        let mut s = state();
        // Player 1 holds every apple but M2, which sits at r3c1; pushing
        // column 1 down from the top drops M2 to the player.
        s.square[0][0] = t("U1");
        s.square[2][0] = t("M2");
        s.held[0] = "M1 M3 M4 M5 M6".split(' ').map(t).collect();
        let on_table: TileSet = s.square.iter().flatten().copied().collect();
        s.pile = TileSet::ALL.difference(s.held[0]).difference(on_table);
        let r = s.play(mv("U2", "top1")).unwrap(); // U2 in scala with U1
        assert_eq!(r.fell_out, t("M2"));
        assert_eq!(
            s.phase(),
            &Phase::Over(HandEnd {
                scores: vec![500, 0],
                scalafrutta: Some((0, Fruit::Mele))
            })
        );
    }

    #[test]
    fn sf6_hands_total_to_1001_highest_wins() {
        let mut g = Totals::new(3);
        let hand = |s: [u32; 3]| HandEnd {
            scores: s.to_vec(),
            scalafrutta: None,
        };
        assert!(g.add_hand(&hand([500, 300, 0])));
        assert!(!g.is_over());
        assert!(g.winners().is_empty());
        assert!(g.add_hand(&hand([500, 400, 0])));
        assert!(!g.is_over(), "1000 is not 1001");
        assert!(g.add_hand(&hand([10, 400, 0])));
        // 1010 and 1100: both past 1001, the highest wins (SF-6).
        assert_eq!(g.totals(), &[1010, 1100, 0]);
        assert_eq!(g.winners(), vec![1]);
        assert!(!g.add_hand(&hand([1, 1, 1])), "no hand after the end");
        assert_eq!(g.hands(), 3);
        assert_eq!(g.first_player(4), 1);
    }
}

#[cfg(test)]
mod engine_tests {
    use super::scoring::check_partition;
    use super::*;
    use crate::games::engine::Broken as _;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn set(s: &str) -> TileSet {
        s.split_whitespace().map(t).collect()
    }

    fn game(players: usize) -> State {
        let deal = Provenance::new("scalafrutta", "standard", "engine", 1);
        let setup = Setup {
            players,
            square: square_of(&hand_order(&deal, 1)),
            deal: Some(deal),
        };
        State::start(&setup, &()).unwrap()
    }

    #[test]
    fn move_notation_round_trips() {
        let s = game(3);
        let mut moves = s.candidate_moves();
        moves.push(Move::Insert {
            player: 2,
            tile: t("B4"),
            at: "right3".parse().unwrap(),
            gift: Some(0),
            square: Some(square_of(&Tile::all().collect::<Vec<_>>())),
        });
        moves.push(Move::Recombine {
            player: 1,
            combinations: vec![],
        });
        moves.push(Move::Recombine {
            player: 0,
            combinations: vec![
                vec![t("M3"), t("M4"), t("M5")],
                vec![t("B3"), t("P3"), t("U3")],
            ],
        });
        for mv in moves {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv.clone()), "{mv}");
        }
        assert_eq!(
            "2: combinations M3 M4 M5 / B3 P3 U3"
                .parse::<Move>()
                .unwrap()
                .to_string(),
            "2: combinations M3 M4 M5 / B3 P3 U3"
        );
        for bad in [
            "",
            "B4 top1",
            "1: B4 top9",
            "1: B4 top1 gift 0",
            "1: B4 top1 square M1",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    /// SF-2, docs/records.md: `square` goes only on the first insertion of hand 2, 3, ...;
    /// on hand 1's first insertion it is refused, and the reason says where it goes.
    #[test]
    fn sf2_a_square_on_hand_1_is_refused_and_says_where_it_goes() {
        let mut s = game(2);
        let first = s.candidate_moves().into_iter().next().unwrap();
        let Move::Insert {
            player, tile, at, ..
        } = first
        else {
            panic!("{first}")
        };
        let sq = s.hand().square().concat().try_into().unwrap();
        let e = s
            .play(Move::Insert {
                player,
                tile,
                at,
                gift: None,
                square: Some(sq),
            })
            .unwrap_err();
        assert_eq!(e.code(), "scalafrutta.square-mid-hand");
        let why = e.describe(&["Anna".into(), "Bruno".into()]);
        assert!(why.contains("hand 2, 3"), "{why}");
    }

    /// SF-2: the packings of a holding are every set of disjoint
    /// combinations, each once, and each a legal declaration.
    #[test]
    fn sf2_packings_are_the_legal_declarations() {
        let held = set("M3 P3 U3 B3 M4 M5 F1");
        let all = packings(held, usize::MAX);
        // Nothing; one of 5 sets of 3s (4 tris, 1 poker); M3 M4 M5; that run
        // with P3 U3 B3.
        assert_eq!(all.len(), 1 + 5 + 1 + 1);
        for p in &all {
            check_partition(held, p).unwrap();
        }
        let mut seen: Vec<String> = all.iter().map(|p| format!("{p:?}")).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), all.len());
        assert_eq!(packings(TileSet::EMPTY, 10), vec![Vec::<Vec<Tile>>::new()]);
        assert_eq!(packings(held, 3).len(), 3);
    }

    /// GN-1: once someone has 1001 nothing more may be played, and nobody
    /// is to move.
    #[test]
    fn gn1_nothing_after_the_game() {
        let mut s = game(2);
        s.totals.add_hand(&HandEnd {
            scores: vec![1001, 0],
            scalafrutta: None,
        });
        assert_eq!(s.to_move(), None);
        assert!(s.legal_moves().is_empty());
        let mv = s.candidate_moves().pop();
        assert!(mv.is_none());
        let e = s
            .play(Move::Recombine {
                player: 0,
                combinations: vec![],
            })
            .unwrap_err();
        assert_eq!(
            (e.code(), e.rule()),
            ("scalafrutta.game-over", "GN-1 (the game is over, SF-6)")
        );
    }

    /// SF-2: between hands the next hand's square comes from the deal, or
    /// from the move without one; a move opens it only with an insertion.
    #[test]
    fn sf2_a_new_hand_is_opened_by_an_insertion() {
        let mut s = game(2);
        s.hand.phase = Phase::Over(HandEnd {
            scores: vec![100, 50],
            scalafrutta: None,
        });
        s.totals.add_hand(&HandEnd {
            scores: vec![100, 50],
            scalafrutta: None,
        });
        assert!(s.between_hands());
        // Hand 2 is opened by the second seat.
        assert_eq!(s.to_move(), Some(1));
        let e = s
            .clone()
            .play(Move::Recombine {
                player: 1,
                combinations: vec![],
            })
            .unwrap_err();
        assert_eq!(e.code(), "scalafrutta.hand-over");
        let legal = s.legal_moves();
        assert!(!legal.is_empty());
        let mut opened = s.clone();
        opened.play(legal[0].clone()).unwrap();
        assert_eq!(opened.hand_number(), 2);
        // Without a deal the square must be given.
        let mut bare = s.clone();
        bare.deal = None;
        assert!(bare.legal_moves().is_empty());
        let e = bare.clone().play(legal[0].clone()).unwrap_err();
        assert_eq!(e.code(), "scalafrutta.no-square");
        let Move::Insert {
            player,
            tile,
            at,
            gift,
            ..
        } = legal[0].clone()
        else {
            unreachable!()
        };
        let square = s.dealt_square(2);
        bare.play(Move::Insert {
            player,
            tile,
            at,
            gift,
            square,
        })
        .unwrap();
        assert_eq!(bare.hand(), opened.hand());
    }
}
