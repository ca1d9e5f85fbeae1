//! A move and its notation: `1 H8 across CASA` (the seat from 1, the main word's first square,
//! its direction, its letters: upper case a tile, lower case a jolly standing for that letter,
//! `.` a letter already on the board), `2 exchange AE?` (`?` a jolly), `1 pass`, and
//! `2 challenge` (the challenger, right after the play it challenges, NS-5).
//!
//! The notation is Italian's: letters `A`-`Z`, tile `n` is the `n`-th letter (layout.rs).

use std::fmt;
use std::str::FromStr;

use super::board::{Dir, Placement, Square, THROUGH};
use super::layout::{BLANK, JOLLY};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    Place {
        seat: usize,
        play: Placement,
    },
    /// Tiles given back, as rack tiles (0 a jolly).
    Exchange {
        seat: usize,
        tiles: Vec<u8>,
    },
    Pass {
        seat: usize,
    },
    /// `seat` challenges the play just made (NS-5).
    Challenge {
        seat: usize,
    },
}

impl Move {
    pub fn seat(&self) -> usize {
        match self {
            Move::Place { seat, .. }
            | Move::Exchange { seat, .. }
            | Move::Pass { seat }
            | Move::Challenge { seat } => *seat,
        }
    }
}

/// A board tile as written (`A`, `a` for a jolly, `.` through).
pub fn tile_char(t: u8) -> char {
    match t {
        THROUGH => '.',
        JOLLY => '?',
        t if t & BLANK != 0 => (b'a' + (t & !BLANK) - 1) as char,
        t => (b'A' + t - 1) as char,
    }
}

pub fn tile_of(c: char, rack: bool) -> Option<u8> {
    match c {
        '.' if !rack => Some(THROUGH),
        '?' if rack => Some(JOLLY),
        'A'..='Z' => Some(c as u8 - b'A' + 1),
        'a'..='z' if !rack => Some((c as u8 - b'a' + 1) | BLANK),
        _ => None,
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.seat() + 1)?;
        match self {
            Move::Place { play, .. } => {
                let word: String = play.word.iter().map(|&t| tile_char(t)).collect();
                write!(f, "{} {} {word}", play.at, play.dir)
            }
            Move::Exchange { tiles, .. } => {
                let t: String = tiles.iter().map(|&t| tile_char(t)).collect();
                write!(f, "exchange {t}")
            }
            Move::Pass { .. } => f.write_str("pass"),
            Move::Challenge { .. } => f.write_str("challenge"),
        }
    }
}

/// Why a text is not a move; the message names the part at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveParseError(pub String);

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Move {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        let err = |m: String| MoveParseError(m);
        let parts: Vec<&str> = s.split_whitespace().collect();
        let seat = parts
            .first()
            .and_then(|p| p.parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .ok_or_else(|| err(crate::t!("natura-no-seat-number", text = s)))?
            - 1;
        let kind = parts.get(1).map(|k| k.to_ascii_lowercase());
        match (kind.as_deref(), parts.len()) {
            (Some("pass"), 2) => Ok(Move::Pass { seat }),
            (Some("challenge"), 2) => Ok(Move::Challenge { seat }),
            (Some("exchange"), 3) => {
                let tiles = parts[2]
                    .chars()
                    .map(|c| {
                        tile_of(c.to_ascii_uppercase(), true).ok_or_else(|| {
                            err(crate::t!("natura-not-a-tile", tile = c.to_string()))
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Move::Exchange { seat, tiles })
            }
            (Some(_), 4) => {
                let at: Square = parts[1].parse().map_err(err)?;
                let dir = match parts[2].to_ascii_lowercase().as_str() {
                    "across" => Dir::Across,
                    "down" => Dir::Down,
                    d => return Err(err(crate::t!("natura-not-a-direction", dir = d))),
                };
                let word = parts[3]
                    .chars()
                    .map(|c| {
                        tile_of(c, false).ok_or_else(|| {
                            err(crate::t!("natura-not-a-letter", letter = c.to_string()))
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Move::Place {
                    seat,
                    play: Placement { at, dir, word },
                })
            }
            _ => Err(err(crate::t!("natura-not-a-move", text = s))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "1 H8 across CASA",
            "2 A1 down ..sA",
            "3 exchange AE?",
            "1 pass",
            "2 challenge",
        ] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
        let mv: Move = "1 h8 ACROSS caSa".parse().unwrap();
        assert_eq!(mv.to_string(), "1 H8 across caSa");
        for bad in [
            "",
            "0 pass",
            "1 P8 across CASA",
            "1 H16 down AB",
            "1 H8 up AB",
            "1 H8 across C1",
            "1 exchange a-",
            "x pass",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
