//! The engine contract every game's pure rules implement, in the style of
//! shakmaty's `Position`: a typed setup, a move with a notation (`FromStr` +
//! `Display`), `play` that returns what happened or the rule broken, and the
//! legal moves. The record adapters, the generic random player and the
//! generic property tests are written once against this trait.
//!
//! Pure: nothing here (or in an engine) reads files, knows about records,
//! prints, or uses serde_json.

use std::fmt::{Debug, Display};
use std::str::FromStr;

/// A rule broken by a move: one enum per game, so a record adapter can map a
/// variant to the span of the field at fault (never a code string to a span).
pub trait Broken: Debug + Clone {
    /// A stable error code, `game.kind`: `moon.moon-colour`.
    fn code(&self) -> &'static str;
    /// The ruling it breaks (ids from the rules docs), with the sheet's rule
    /// where useful: `MN-2 (rule 5)`.
    fn rule(&self) -> &'static str;
    /// One sentence for people; players are named by `names[seat]`.
    fn describe(&self, names: &[String]) -> String;
}

/// A game in progress.
pub trait Engine: Clone + Debug + Sized {
    /// What a game starts from (dealt from a seed or written in a record).
    type Setup: Clone + Debug + PartialEq;
    /// Options that change the rules (the record's `variant` and options).
    type Rules: Clone + Debug + Default;
    /// One move. In games with several players it names who makes it, and
    /// `play` refuses a move out of turn.
    type Move: Clone + Debug + PartialEq + Display + FromStr;
    /// What a legal move did (points scored, a player out, the game over).
    type Outcome: Debug;
    type Broken: Broken;
    /// Why a setup cannot start a game (wrong counts, a piece twice).
    type SetupError: Debug + Display;

    fn start(setup: &Self::Setup, rules: &Self::Rules) -> Result<Self, Self::SetupError>;
    /// The seat to move, `None` once the game is over.
    fn to_move(&self) -> Option<usize>;
    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }
    /// Every legal move, in a fixed order (the random player draws from it).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Well-formed moves for this position that need not be legal (every
    /// piece in hand on every free place, say): the property tests draw
    /// illegal moves from these. Must include every legal move.
    fn candidate_moves(&self) -> Vec<Self::Move>;
    fn play(&mut self, mv: Self::Move) -> Result<Self::Outcome, Self::Broken>;
}
