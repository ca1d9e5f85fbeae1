//! Quincunx (Chris DeLeo) on the Decktet, seed 002: the pure rules.
//!
//! Players place cards from their hands on a grid; each placement scores with
//! the cards next to it and on its lines ([`score`]), and some sums draw
//! cards from the pile. A round ends when the grid is full; cards left in
//! hand cost points (QX-3). A match is one round per player, the dealer
//! moving clockwise. One player plays the 4x4 solitaire (QX-11), which the
//! [`solve`] module solves for a known pile.
//!
//! Nothing here does I/O or knows about records: [`Quincunx`] implements the
//! engine contract ([`crate::games::engine::Engine`]).

pub mod cards;
pub mod draw;
pub mod grid;
pub mod line;
pub mod order;
pub mod record;
pub mod round;
pub mod score;
pub mod scorer;
pub mod session;
pub mod solve;
pub mod variant;

pub use cards::Deck;
pub use grid::{Board, Cell, Refusal, Shape};
pub use round::{
    Broken, MatchResult, Move, Outcome, Quincunx, Rating, RoundResult, RoundSetup, Setup,
    SetupError, Start,
};
pub use score::{best_placements, Breakdown, Candidate, Component, Kind, Scorer};
pub use variant::Variant;

/// The rule options of a game (the record's variant and options). The
/// default is the sheet's game with the basic deck (QX-1). Variant names
/// map to these in [`variant`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Rules {
    /// `start-from-zero`: one card to start, the grid grows (QX-1).
    pub start_from_zero: bool,
    /// `excuse` (or `extended`): the Excuse joins the deck (QX-8, QX-12).
    pub excuse: bool,
    /// `pawns` (or `extended`): the 4 Pawns join the deck (QX-8, QX-12).
    pub pawns: bool,
    /// `colour-bonus`: colour lines and squares (QX-9).
    pub colour_bonus: bool,
    /// `sempliciotto`: every move announces its score (QX-4, QX-10).
    pub sempliciotto: bool,
    /// `overcall-true`: a noticed overcall scores the true score (QX-10).
    pub overcall_true: bool,
    /// `v-run-once`: a valley or peak is one run (QX-7).
    pub v_run_once: bool,
}

impl Rules {
    /// The cards in play.
    pub fn deck(&self) -> Deck {
        Deck {
            excuse: self.excuse,
            pawns: self.pawns,
        }
    }

    /// The grid a game of `players` is played on.
    pub fn shape(&self, players: usize) -> Shape {
        if players == 1 {
            Shape::Solitaire
        } else if self.start_from_zero {
            Shape::Zero
        } else {
            Shape::Fixed
        }
    }

    /// The deal's variant name (what the shuffle is keyed by, with the seed):
    /// the deck and the start change what is dealt, the scoring options do not.
    pub fn deal_variant(&self, players: usize) -> String {
        let start = match self.shape(players) {
            Shape::Fixed => "fixed",
            Shape::Zero => "start-from-zero",
            Shape::Solitaire => "solitaire",
        };
        format!("{start}-{}", self.deck().key())
    }
}
