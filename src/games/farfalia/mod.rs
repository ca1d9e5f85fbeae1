//! Farfalia (Derek Carver; seed 004): a trick-taking collection game for 2-5
//! players. Pure rules, no I/O, in the style of shakmaty: small value types
//! ([`Card`], [`Family`], [`Trump`]), a deal's [`Setup`] from shuffled
//! [`DealOrders`], a [`Deal`] whose `play` returns the [`Outcome`] or the rule
//! [`Broken`], and a [`Match`] that runs the deals of a [`Format`] and keeps
//! the standings (FA-1..FA-11).
//!
//! Both [`Deal`] and [`Match`] implement the engine contract
//! ([`crate::games::engine::Engine`]).

pub(super) mod batch;
mod card;
mod details;
mod draw;
mod line;
mod matches;
mod moves;
mod play;
mod position;
mod position_record;
pub mod record;
mod session;
mod table;
mod values_record;

#[cfg(test)]
mod tests;

pub use card::{Card, CardSet, Family, Suit, BUTTERFLIES};
pub use line::{
    board_deck, deal_masks, four_hands, setup_line, write_hand, write_masks, write_setup,
    LineDealer,
};
pub use matches::{Format, Jolly, Match, MatchSetup, Rules, Standing};
pub use moves::{Broken, Expected, Move, MoveSyntax, Outcome};
pub use play::{Deal, POINTS};
pub use position::{DummyNow, Position, PositionError};
pub use table::{
    DealKind, DealOrders, DoubleRight, Hand, Layout, Pairing, Place, Setup, SetupError, Table,
    Trump,
};

use crate::games::engine::Engine;

impl Engine for Deal {
    type Setup = Setup;
    type Rules = Rules;
    type Move = Move;
    type Outcome = Outcome;
    type Broken = Broken;
    type SetupError = SetupError;

    fn start(setup: &Setup, rules: &Rules) -> Result<Deal, SetupError> {
        Deal::new(setup, rules.jolly == Jolly::Burnin)
    }

    fn to_move(&self) -> Option<usize> {
        Deal::to_move(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        Deal::legal_moves(self)
    }

    fn candidate_moves(&self) -> Vec<Move> {
        Deal::candidate_moves(self)
    }

    fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        Deal::play(self, mv)
    }
}

impl Engine for Match {
    type Setup = MatchSetup;
    type Rules = Rules;
    type Move = Move;
    type Outcome = Outcome;
    type Broken = Broken;
    type SetupError = SetupError;

    fn start(setup: &MatchSetup, rules: &Rules) -> Result<Match, SetupError> {
        setup.start(rules)
    }

    fn to_move(&self) -> Option<usize> {
        Match::to_move(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        self.deal().map(Deal::legal_moves).unwrap_or_default()
    }

    fn candidate_moves(&self) -> Vec<Move> {
        self.deal().map(Deal::candidate_moves).unwrap_or_default()
    }

    fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        Match::play(self, mv)
    }
}
