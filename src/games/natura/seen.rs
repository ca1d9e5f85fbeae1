//! What a seat of Natura Shakerata sees, for the machine at that seat (issue 43): the
//! other racks and the bag dealt again from the tiles the seat cannot see, and its
//! `greedy` (the move generator's highest score) and `strong` (equity with the learned
//! leaves, the machine of `tavolo play natura`) moves. A child of `game`: it sets the
//! tiles the last play drew, which only the game holds.

use super::super::lex::{default_lexicon, Lex};
use super::super::machine::best_move;
use super::super::moves::Move;
use super::super::simulate;
use super::State;
use crate::deal::DealRng;
use crate::games::referee::{Referee, Strength};

/// A game consistent with what `seat` sees: the tiles it cannot see (the other racks and
/// the bag, in kind order) shuffled from `rng` into racks and a bag of the same sizes; the
/// tiles the last play drew, which a challenge would put back, are some of its player's
/// new rack. `None` when the position's counts do not fit the set.
pub fn seen(state: &State, seat: usize, rng: &mut DealRng) -> Option<State> {
    let hidden = simulate::hidden(state, seat).ok()?;
    let mut order = hidden.tiles.clone();
    rng.shuffle(&mut order);
    let mut out = state.clone();
    let kinds = state.set().kinds();
    let mut at = 0;
    for &(s, n) in &hidden.racks {
        let mut rack = vec![0u8; kinds];
        for &t in &order[at..at + n] {
            rack[usize::from(t)] += 1;
        }
        out.set_rack(s, &rack);
        at += n;
    }
    out.set_bag(&order[at..]);
    if let Some(last) = out.last.as_mut() {
        if last.seat != seat {
            let rack = &out.racks[last.seat];
            let tiles: Vec<u8> = rack
                .iter()
                .enumerate()
                .flat_map(|(k, &n)| std::iter::repeat_n(k as u8, usize::from(n)))
                .collect();
            let k = last.drawn.len().min(tiles.len());
            last.drawn = tiles[..k].to_vec();
        }
    }
    Some(out)
}

/// The highest-scoring move the move generator finds over the table's words; `None`
/// without a word list (the machine then plays at random).
pub fn greedy(world: &State) -> Option<Move> {
    let Lex::Lists(lists) = default_lexicon() else {
        return None;
    };
    let graph = crate::lexicon::graph::gaddag(&lists).ok()?;
    best_move(world, &graph).map(|r| r.mv)
}

/// The move of `tavolo play natura`'s machine (equity with the learned leaves where there
/// are some, else score); `None` when it cannot be made (no word list).
pub fn strong(world: &State, rng: &mut DealRng) -> Option<Move> {
    let mut machine = super::super::record::Natura
        .machine(Strength::Best, None)?
        .ok()?;
    Some(machine.choose(world, rng))
}
