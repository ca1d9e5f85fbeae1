//! The machine player of `tavolo play natura` (issue 14): every turn the highest-scoring
//! move the move generator finds over the lexicon (exchanges and the pass, which score 0,
//! only when no word can be placed), or a pick among the best `n` drawn from the deal's play
//! stream. Its records hold real words, unlike the random player's.

use std::sync::Arc;

use super::game::State;
use super::movegen::{best_placement, ranked_moves, top_moves, Gaddag, Ranked};
use super::moves::Move;
use crate::deal::DealRng;
use crate::games::engine::Engine;
use crate::games::referee::Chooser;

/// The first move of [`ranked_moves`] (the highest score, ties by square), found without
/// listing every placement; `None` once the game is over.
pub fn best_move(state: &State, graph: &Gaddag) -> Option<Ranked> {
    let seat = state.to_move()?;
    match best_placement(state, graph) {
        Some(g) => Some(Ranked {
            mv: Move::Place { seat, play: g.play },
            score: g.score,
            tiles: g.tiles,
        }),
        None => ranked_moves(state, graph).into_iter().next(),
    }
}

/// The machine player: the best move, or a pick among the best `n`.
pub struct Greedy {
    pub graph: Arc<Gaddag>,
    /// How many of the best moves it picks among (1: always the best).
    pub among: usize,
}

impl Chooser<State> for Greedy {
    fn choose(&mut self, game: &State, rng: &mut DealRng) -> Move {
        let seat = game.to_move().unwrap_or(0);
        let pass = Move::Pass { seat };
        if self.among <= 1 {
            return best_move(game, &self.graph).map_or(pass, |r| r.mv);
        }
        let mut top = top_moves(game, &self.graph, self.among);
        if top.is_empty() {
            return pass;
        }
        let i = rng.below(top.len() as u32) as usize;
        top.swap_remove(i).mv
    }
}
