//! The move notation the two-player fruit games share: a seat number, a colon,
//! then the game's own move (`1: tile M3 row 0`, `2: B4 top2`). Each game
//! parses what follows the colon; the seat and the error live here.

use std::fmt;

/// Why a move's notation did not parse: the text as written, and examples of
/// the game's own moves for the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMoveError {
    pub text: String,
    examples: &'static str,
}

impl ParseMoveError {
    pub fn new(text: &str, examples: &'static str) -> ParseMoveError {
        ParseMoveError {
            text: text.to_string(),
            examples,
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::t!(
            "fruit-not-a-move",
            text = self.text.as_str(),
            examples = self.examples
        ))
    }
}

impl std::error::Error for ParseMoveError {}

/// The seat (0-based) and the rest of `s` after its `N:` prefix; seats are
/// written from 1.
pub fn seat_and_move<'a>(
    s: &'a str,
    examples: &'static str,
) -> Result<(usize, &'a str), ParseMoveError> {
    let err = || ParseMoveError::new(s, examples);
    let (seat, rest) = s.split_once(':').ok_or_else(err)?;
    match seat.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok((n - 1, rest)),
        _ => Err(err()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seat_is_read_from_one_and_the_rest_kept() {
        assert_eq!(seat_and_move(" 2: turn M3", "x"), Ok((1, " turn M3")));
        for bad in ["0: out", "turn M3", "two: out", "-1: out"] {
            let e = seat_and_move(bad, "`1: out`").unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("`{bad}` is not a move: write the seat and the move, e.g. `1: out`")
            );
        }
    }
}
