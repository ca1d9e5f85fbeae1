//! The machine player of `tavolo play natura` (issue 14): every turn the highest-scoring
//! move the move generator finds over the lexicon (exchanges and the pass, which score 0,
//! only when no word can be placed), or a pick among the best `n` drawn from the deal's play
//! stream. Its records hold real words, unlike the random player's.

use std::sync::Arc;

use super::game::State;
use super::movegen::{best_placement, ranked_moves, top_moves, Gaddag, Ranked};
use super::moves::Move;
use super::record::{default_lexicon, Lex};
use crate::deal::DealRng;
use crate::error::Error;
use crate::games::engine::Engine;
use crate::games::referee::{Chooser, Machine, Strength};
use crate::games::solve::WordLists;

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

/// The machine player at `strength` over `words` (default: NS-2's lists).
pub fn machine(strength: Strength, words: Option<&WordLists>) -> Result<Machine<State>, Error> {
    let among = match strength {
        Strength::Random | Strength::Best => 1,
        Strength::Top(n) => n,
    };
    let lex = match words {
        Some(w) => Lex::Lists(Arc::new(w.open()?)),
        None => default_lexicon(),
    };
    let graph =
        match &lex {
            Lex::Lists(l) => crate::lexicon::graph::gaddag(l)?,
            Lex::Inline(words) => Arc::new(
                Gaddag::from_words(words.iter())
                    .map_err(|e| Error::input("lexicon.graph", e.to_string()))?,
            ),
            Lex::Unchecked(why) => return Err(Error::input(
                "play.no-lexicon",
                format!("the machine player of natura needs words: {why}"),
            )
            .help(
                "give a word list with --lexicon FILE, or play at random with --strength random",
            )),
        };
    Ok(Box::new(Greedy { graph, among }))
}
