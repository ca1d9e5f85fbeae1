//! What a seat of MOON sees, for the machine at that seat (issue 43): with three or four
//! players the others' hands are hidden; the tiles in them are dealt again among them,
//! each keeping its count. A child of `position`, which holds the hands.

use super::{Position, Tile, TileSet};
use crate::deal::DealRng;
use crate::games::machine_seat::redeal;

/// A position consistent with what `seat` sees: the other players' hands (the tiles in no
/// hand of the seat's, on no square and not common) shuffled among them from `rng`.
pub fn seen(p: &Position, seat: usize, rng: &mut DealRng) -> Position {
    let others: Vec<usize> = (0..p.hands.len()).filter(|&s| s != seat).collect();
    let pool: Vec<u8> = others
        .iter()
        .flat_map(|&s| p.hands[s].iter().map(|t| t.0))
        .collect();
    let sizes: Vec<usize> = others.iter().map(|&s| p.hands[s].len()).collect();
    let mut out = p.clone();
    for (&s, hand) in others.iter().zip(redeal(pool, &sizes, rng)) {
        out.hands[s] = hand.into_iter().map(Tile).collect::<TileSet>();
    }
    out
}
