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
pub mod order;
pub mod record;
pub mod round;
pub mod score;
pub mod scorer;
pub mod session;
pub mod solve;

pub use grid::{Board, Cell, Refusal, Shape};
pub use round::{
    Broken, MatchResult, Move, Outcome, Quincunx, Rating, RoundResult, RoundSetup, Setup,
    SetupError, Start,
};
pub use score::{best_placements, Breakdown, Candidate, Component, Kind, Scorer};

/// The rule options of a game (the record's variant and options). The
/// default is the sheet's game with the basic deck (QX-1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Rules {
    /// `extended`: the Excuse and the 4 Pawns join the deck (QX-8).
    pub extended: bool,
    /// `start-from-zero`: one card to start, the grid grows (QX-1).
    pub start_from_zero: bool,
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
    /// The option names, as records and the command line write them.
    pub const OPTIONS: [&'static str; 6] = [
        "extended",
        "start-from-zero",
        "colour-bonus",
        "sempliciotto",
        "overcall-true",
        "v-run-once",
    ];

    /// Turn on an option by name; `false` if there is no such option.
    pub fn set(&mut self, option: &str) -> bool {
        let flag = match option {
            "extended" => &mut self.extended,
            "start-from-zero" => &mut self.start_from_zero,
            "colour-bonus" => &mut self.colour_bonus,
            "sempliciotto" => &mut self.sempliciotto,
            "overcall-true" => &mut self.overcall_true,
            "v-run-once" => &mut self.v_run_once,
            _ => return false,
        };
        *flag = true;
        true
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
        let deck = if self.extended { "extended" } else { "basic" };
        format!("{start}-{deck}")
    }
}
