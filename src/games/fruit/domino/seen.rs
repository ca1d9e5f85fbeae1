//! What a seat of Domino della Frutta sees, for the machine at that seat (issue 43): the
//! set-aside pile, and before open play (DF-4) the other hands, dealt again from the tiles
//! the seat cannot see, each place keeping its count. A draw the machine chooses in such a
//! world is made on the real table as a draw is: the tile comes from the real pile, at
//! random, and is placed where it fits. A child of the game, which holds the hands.

use super::{Move, State, Tile, TileSet};
use crate::deal::DealRng;
use crate::games::engine::Engine;
use crate::games::machine_seat::redeal;

/// A position consistent with what `seat` sees: the hidden tiles (the pile's, and the
/// other hands' before open play) shuffled among their places from `rng`.
pub fn seen(s: &State, seat: usize, rng: &mut DealRng) -> State {
    let others: Vec<usize> = if s.open {
        Vec::new()
    } else {
        (0..s.hands.len()).filter(|&p| p != seat).collect()
    };
    let mut pool: Vec<Tile> = s.set_aside.iter().collect();
    let mut sizes = vec![s.set_aside.len()];
    for &p in &others {
        pool.extend(s.hands[p].iter());
        sizes.push(s.hands[p].len());
    }
    let mut places = redeal(pool, &sizes, rng).into_iter();
    let mut out = s.clone();
    out.set_aside = places
        .next()
        .unwrap_or_default()
        .into_iter()
        .collect::<TileSet>();
    for (&p, hand) in others.iter().zip(places) {
        out.hands[p] = hand.into_iter().collect::<TileSet>();
    }
    out
}

/// The machine's move `mv` (chosen in a world [`seen`] made) as it is made on the real
/// table `s`: a draw takes a tile from the real pile at random from `rng`, placed at the
/// first row it fits (or kept); any other move is the same.
pub fn as_played(s: &State, mv: Move, rng: &mut DealRng) -> Move {
    let Move::Draw { .. } = mv else {
        return mv;
    };
    let pile: Vec<Tile> = s.set_aside.iter().collect();
    if pile.is_empty() {
        return mv;
    }
    let tile = pile[rng.below(pile.len() as u32) as usize];
    s.legal_moves()
        .into_iter()
        .find(|m| matches!(m, Move::Draw { tile: t, .. } if *t == tile))
        .unwrap_or(mv)
}

/// The machine's `greedy` move for `seat` in `world`: the one that leaves the seat the
/// fewest tiles (DF-6: fewest tiles wins a blocked game, none wins at once), then the next
/// player the fewest moves; the first such in the engine's order.
pub fn greedy(world: &State, seat: usize) -> Option<Move> {
    let mut best: Option<((usize, usize), Move)> = None;
    for mv in world.legal_moves() {
        let mut after = world.clone();
        if after.play(mv).is_err() {
            continue;
        }
        let left = after.hands[seat].len();
        let theirs = match after.to_move() {
            Some(next) if next != seat => after.legal_moves().len(),
            _ => 0,
        };
        let cost = (left, theirs);
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// What a position is worth to `seat`, for the machine's `strong` play-outs: the fewest
/// tiles another holds less the seat's own (DF-6), in tiles.
pub fn worth(s: &State, seat: usize) -> i64 {
    let mine = s.hands[seat].len() as i64;
    let least = (0..s.hands.len())
        .filter(|&p| p != seat)
        .map(|p| s.hands[p].len() as i64)
        .min()
        .unwrap_or(0);
    least - mine
}
