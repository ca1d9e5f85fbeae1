//! Natura Shakerata (seed 003; rulings NS-1..NS-8): Italian Scrabble for 2-6 players.
//!
//! - [`layout`]: the tile sets and the premium layout, as data (NS-1);
//! - [`board`]: squares, the board, and the scoring of a placement;
//! - [`moves`]: a move and its notation;
//! - [`movegen`]: every placement a rack makes, from a GADDAG word graph, ranked by score;
//! - [`game`]: the game in progress (the engine): racks, bag, turns, challenges, the end;
//! - [`gcg`]: GCG records read and written (NS-6), pure: the adapter brings the bytes;
//! - [`gcg_replay`]: a GCG game refereed as a TOML record is (NS-8), pure;
//! - [`lex`]: the lexicon a record is judged with (NS-2, NS-5);
//! - [`record`]: the record adapter (TOML records, deals);
//! - [`gcg_record`]: GCG files in `tavolo check` (the set and lexicon they are judged with),
//!   and games written as GCG;
//! - [`facts_record`]: a play's facts as data (`check --json`'s details, `score --json`);
//! - [`scorer`]: `tavolo score natura`, one placement on a position explained;
//! - [`draw`]: positions and deal sheets drawn with the natura kit (`tavolo show`);
//! - [`duplicate`]: duplicate Scrabble (one board, one rack for all, the top placed);
//! - [`solve_record`]: `tavolo solve natura RECORD`, the best moves of a position and a game reviewed;
//! - [`machine`]: the machine player of `tavolo play natura` (the highest-scoring move, or
//!   the best by equity: score plus the leave's value);
//! - [`simulate`]: the best candidates played out a few plies against random racks;
//! - [`leaves`]: leave values and their file, pure; [`learn`]: learning them by self-play;
//!   [`leaves_record`]: leave files on disk and the learning run's checkpoint.

pub mod board;
pub mod draw;
pub mod duplicate;
pub mod endgame;
pub mod facts_record;
pub mod game;
pub mod gcg;
pub mod gcg_record;
pub mod gcg_replay;
pub mod layout;
pub mod learn;
pub mod leaves;
pub mod leaves_record;
pub mod lex;
pub mod line;
pub mod machine;
pub mod movegen;
pub mod moves;
pub mod record;
pub mod scorer;
pub mod session;
pub mod simulate;
pub mod solve_record;

pub use board::{Board, Dir, PlaceError, Placement, Scored, Square, WordScore};
pub use game::{rack_bonus, Broken, End, Outcome, Rules, Setup, State, Words};
pub use layout::{Premium, TileSet};
pub use moves::Move;

#[cfg(test)]
mod tests;
