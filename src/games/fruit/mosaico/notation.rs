//! A Mosaico move and its notation: the tile and the cell it goes on, `M2 a2`,
//! or the tile set aside, `M3 aside` (MO-3).

use std::fmt;
use std::str::FromStr;

use super::{Cell, Move};
use crate::games::fruit::Tile;

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place { tile, cell } => write!(f, "{tile} {cell}"),
            Move::Aside { tile } => write!(f, "{tile} aside"),
        }
    }
}

/// Why a text is not a Mosaico move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveParseError {
    /// Not two words.
    Shape(String),
    Tile(String),
    Cell(String),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Shape(s) => {
                f.write_str(&crate::t!("mosaico-not-a-move", text = s.as_str()))
            }
            MoveParseError::Tile(e) | MoveParseError::Cell(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for MoveParseError {}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        let [tile, place] = s.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(MoveParseError::Shape(s.to_string()));
        };
        let tile: Tile = tile
            .parse()
            .map_err(|e: <Tile as FromStr>::Err| MoveParseError::Tile(e.to_string()))?;
        if place.eq_ignore_ascii_case("aside") {
            return Ok(Move::Aside { tile });
        }
        let cell: Cell = place.parse().map_err(MoveParseError::Cell)?;
        Ok(Move::Place { tile, cell })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_from_their_notation() {
        let place = Move::Place {
            tile: "M2".parse().unwrap(),
            cell: Cell::new(0, 1),
        };
        let aside = Move::Aside {
            tile: "M3".parse().unwrap(),
        };
        assert_eq!(place.to_string(), "M2 a2");
        assert_eq!(aside.to_string(), "M3 aside");
        assert_eq!("M2 a2".parse(), Ok(place));
        assert_eq!("m2 A2".parse(), Ok(place), "GN-2: any case");
        assert_eq!("M3 Aside".parse(), Ok(aside));
        assert!(matches!(
            "g7 M1".parse::<Move>(),
            Err(MoveParseError::Tile(_))
        ));
        for bad in ["", "M2", "M2 a2 b3", "X9 a2", "M2 a0", "M2 3c"] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?}");
        }
        assert!(matches!(
            "M2".parse::<Move>(),
            Err(MoveParseError::Shape(_))
        ));
    }
}
