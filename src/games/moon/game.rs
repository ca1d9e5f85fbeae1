//! MOON as one engine for both of its games: the 2-4 player [`Position`] and
//! the [`Solitaire`] (MN-5), which share the tiles, the moves and the rules
//! broken. The setup says which game it is.

use super::position::{Outcome, RuleBroken};
use super::{Move, Position, Setup, SetupError, Solitaire, SolitaireSetup};
use crate::games::engine::Engine;

/// The start of either game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoonSetup {
    Standard(Setup),
    Solitaire(SolitaireSetup),
}

/// Either game in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoonGame {
    Standard(Position),
    Solitaire(Solitaire),
}

/// The same call on whichever game is in progress.
macro_rules! each {
    ($game:expr, $g:ident => $call:expr) => {
        match $game {
            MoonGame::Standard($g) => $call,
            MoonGame::Solitaire($g) => $call,
        }
    };
}

impl Engine for MoonGame {
    type Setup = MoonSetup;
    type Rules = ();
    type Move = Move;
    type Outcome = Outcome;
    type Broken = RuleBroken;
    type SetupError = SetupError;

    fn start(setup: &MoonSetup, rules: &()) -> Result<MoonGame, SetupError> {
        Ok(match setup {
            MoonSetup::Standard(s) => MoonGame::Standard(Position::start(s, rules)?),
            MoonSetup::Solitaire(s) => MoonGame::Solitaire(Solitaire::start(s, rules)?),
        })
    }

    fn to_move(&self) -> Option<usize> {
        each!(self, g => g.to_move())
    }

    fn legal_moves(&self) -> Vec<Move> {
        each!(self, g => g.legal_moves())
    }

    fn candidate_moves(&self) -> Vec<Move> {
        each!(self, g => g.candidate_moves())
    }

    fn play(&mut self, mv: Move) -> Result<Outcome, RuleBroken> {
        each!(self, g => g.play(mv))
    }
}
