//! A MOON move and its notation: the seat (1-based, in turn order), the tile
//! and the square, `2 RV c4`. The solitaire's one player is seat 1, which may
//! be left out: `RV c4`.

use std::fmt;
use std::str::FromStr;

use super::{Square, Tile};

/// A placement by a player (index in turn order; 0 in the solitaire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub player: usize,
    pub tile: Tile,
    pub square: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.player + 1, self.tile, self.square)
    }
}

/// Why a text is not a MOON move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveParseError {
    /// Not two or three words.
    Shape(String),
    /// The seat is not a number from 1.
    Seat(String),
    Tile(String),
    Square(String),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Shape(s) => f.write_str(&crate::t!("moon-not-a-move", text = s)),
            MoveParseError::Seat(s) => f.write_str(&crate::t!("moon-not-a-seat", text = s)),
            MoveParseError::Tile(s) => f.write_str(&crate::t!("moon-not-a-tile", text = s)),
            MoveParseError::Square(s) => f.write_str(&crate::t!("moon-not-a-square", text = s)),
        }
    }
}

impl std::error::Error for MoveParseError {}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let (seat, tile, square) = match words[..] {
            [seat, tile, square] => (Some(seat), tile, square),
            [tile, square] => (None, tile, square),
            _ => return Err(MoveParseError::Shape(s.to_string())),
        };
        let player = match seat {
            None => 0,
            Some(w) => match w.parse::<usize>() {
                Ok(n) if n >= 1 => n - 1,
                _ => return Err(MoveParseError::Seat(w.to_string())),
            },
        };
        Ok(Move {
            player,
            tile: Tile::parse(tile).ok_or_else(|| MoveParseError::Tile(tile.to_string()))?,
            square: Square::parse(square)
                .ok_or_else(|| MoveParseError::Square(square.to_string()))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_from_their_notation_mn1() {
        let mv = Move {
            player: 1,
            tile: Tile::parse("RV").unwrap(),
            square: Square::parse("c4").unwrap(),
        };
        assert_eq!(mv.to_string(), "2 RV c4");
        assert_eq!("2 RV c4".parse(), Ok(mv));
        assert_eq!("  2 rv C4 ".parse(), Ok(mv), "GN-2: any case");
        assert_eq!("RV c4".parse(), Ok(Move { player: 0, ..mv }));
        for (bad, want) in [
            ("", MoveParseError::Shape(String::new())),
            ("1 RV c4 x", MoveParseError::Shape("1 RV c4 x".into())),
            ("0 RV c4", MoveParseError::Seat("0".into())),
            ("x RV c4", MoveParseError::Seat("x".into())),
            ("1 RX c4", MoveParseError::Tile("RX".into())),
            ("1 RV f1", MoveParseError::Square("f1".into())),
        ] {
            assert_eq!(bad.parse::<Move>(), Err(want), "{bad:?}");
        }
    }
}
