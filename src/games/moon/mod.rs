//! MOON (Rampini, 1988; seed 001): 25 tiles, moon colour x background colour,
//! placed on a 5x5 board. Pure rules, no I/O, in the style of shakmaty: small
//! value types ([`Tile`], [`Square`], [`Move`]), a [`Position`] implementing
//! the engine contract ([`crate::games::engine::Engine`]): `play` returns the
//! [`Outcome`] or the [`RuleBroken`]. The solitaire (MN-5) is [`Solitaire`];
//! [`MoonGame`] is either, for the record adapter.
//!
//! The board is a bitboard: 25 squares in a `u32`, and per row and per column
//! a 5-bit mask of the moon colours and of the background colours already
//! there, so checking a placement (MN-2) is a handful of bit operations.

use std::fmt;

mod board;
pub mod draw;
mod game;
pub mod line;
mod notation;
mod position;
pub mod record;
pub mod session;
mod solitaire;

pub use board::{Board, Placement};
pub use game::{MoonGame, MoonSetup};
pub use notation::{Move, MoveParseError};
pub use position::{Outcome, Position, RuleBroken, Setup, SetupError};
pub use solitaire::{LineBreak, Solitaire, SolitaireSetup};

/// The five colours (MN-1), in the canonical order of the ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    Blu,
    Viola,
    Rosso,
    Giallo,
    Arancio,
}

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::Blu,
        Colour::Viola,
        Colour::Rosso,
        Colour::Giallo,
        Colour::Arancio,
    ];

    pub fn letter(self) -> char {
        b"BVRGA"[self as usize] as char
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// The Italian name ("blu", "viola", ...).
    pub fn name(self) -> &'static str {
        ["blu", "viola", "rosso", "giallo", "arancio"][self as usize]
    }

    fn from_index(i: u8) -> Colour {
        Colour::ALL[i as usize]
    }
}

/// A tile: a moon colour on a background colour, written moon then background
/// (`RV` is a red moon on violet, MN-1). Canonical order: moon-major, 0..25.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    pub fn new(moon: Colour, background: Colour) -> Tile {
        Tile(moon as u8 * 5 + background as u8)
    }

    /// The tile at `index` (0..25) of the canonical order.
    pub fn from_index(index: usize) -> Option<Tile> {
        (index < 25).then_some(Tile(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn moon(self) -> Colour {
        Colour::from_index(self.0 / 5)
    }

    pub fn background(self) -> Colour {
        Colour::from_index(self.0 % 5)
    }

    /// All 25 tiles in canonical order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..25).map(Tile)
    }

    /// Parse `RV` (case-insensitive).
    pub fn parse(s: &str) -> Option<Tile> {
        let mut c = s.chars();
        let (m, b) = (c.next()?, c.next()?);
        if c.next().is_some() {
            return None;
        }
        Some(Tile::new(Colour::from_letter(m)?, Colour::from_letter(b)?))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.moon().letter(), self.background().letter())
    }
}

/// A square a1..e5: file a..e is the column, rank 1..5 the row (MN-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    pub const CENTRE: Square = Square(12);

    /// Column 0..5 (file a..e) and row 0..5 (rank 1..5).
    pub fn new(col: usize, row: usize) -> Option<Square> {
        (col < 5 && row < 5).then(|| Square((row * 5 + col) as u8))
    }

    pub fn from_index(index: usize) -> Option<Square> {
        (index < 25).then_some(Square(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn col(self) -> usize {
        self.0 as usize % 5
    }

    pub fn row(self) -> usize {
        self.0 as usize / 5
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..25).map(Square)
    }

    /// Parse `c3` (case-insensitive).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let col = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let row = b[1].checked_sub(b'1')?;
        Square::new(col as usize, row as usize)
    }

    pub fn bit(self) -> u32 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

/// A set of tiles as a 25-bit mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct TileSet(pub u32);

impl TileSet {
    pub const EMPTY: TileSet = TileSet(0);

    pub fn contains(self, t: Tile) -> bool {
        self.0 & (1 << t.0) != 0
    }

    pub fn insert(&mut self, t: Tile) {
        self.0 |= 1 << t.0;
    }

    pub fn remove(&mut self, t: Tile) {
        self.0 &= !(1 << t.0);
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// The tiles in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        Tile::all().filter(move |&t| self.contains(t))
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut s = TileSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_written_moon_then_background_mn1() {
        let rv = Tile::parse("RV").unwrap();
        assert_eq!(rv.moon(), Colour::Rosso);
        assert_eq!(rv.background(), Colour::Viola);
        assert_eq!(rv.to_string(), "RV");
        assert_eq!(Tile::parse("rv"), Some(rv));
        assert_eq!(Tile::all().count(), 25);
        for t in Tile::all() {
            assert_eq!(Tile::parse(&t.to_string()), Some(t));
        }
        for bad in ["", "R", "RX", "XV", "RVB", "é"] {
            assert_eq!(Tile::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn squares_a1_to_e5_centre_c3_mn1() {
        assert_eq!(Square::parse("c3"), Some(Square::CENTRE));
        assert_eq!(Square::CENTRE.to_string(), "c3");
        assert_eq!(Square::parse("a1").unwrap().index(), 0);
        assert_eq!(Square::parse("e5").unwrap().index(), 24);
        let b4 = Square::parse("B4").unwrap();
        assert_eq!((b4.col(), b4.row()), (1, 3));
        for bad in ["f1", "a6", "a0", "c", "c33", "", "3c"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        for s in Square::all() {
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
    }
}
