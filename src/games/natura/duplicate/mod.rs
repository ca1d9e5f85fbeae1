//! Duplicate Scrabble for Natura Shakerata (issue 14): one board, and every round one rack
//! shown to everybody; the round's best placement (the top) is what goes on the board, and
//! each player scores what their own submission would have scored. The rules tavolo follows,
//! in its own words, are in `docs/duplicate.md`.
//!
//! - [`draw`]: the bag, drawn version-stably from a seed, and the vowel/consonant rule;
//! - [`game`]: the rounds, from a seed and a word graph (pure, deterministic);
//! - [`judge`]: one submitted placement on a round's board, scored or refused;
//! - [`record`]: the game as a natura record of variant `duplicate` that `tavolo check` verifies;
//! - [`submissions_record`]: the players' moves file, read with spans, scored against the tops.

pub mod draw;
pub mod game;
pub mod judge;
pub mod record;
pub mod submissions_record;

pub use draw::{rack_text, Bag, Drawn};
pub use game::{Duplicate, End, Round};
pub use judge::{judge, Judged, Refused};

#[cfg(test)]
mod tests;
