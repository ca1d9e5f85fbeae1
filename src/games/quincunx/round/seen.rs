//! What a seat of Quincunx sees, for the machine at that seat (issue 43): the grid, its own
//! hand, how many cards the others hold and the pile's size. The other hands and the pile
//! are dealt again from the cards the seat cannot see, each keeping its count; the world
//! ends with the round under way (the rounds to come are dealt from the seed, which the
//! seat does not see), so the machine looks no further. A child of the round, which holds
//! the hands.

use std::sync::Arc;

use super::Quincunx;
use crate::deal::DealRng;
use crate::games::machine_seat::redeal;

/// A match consistent with what `seat` sees: the other hands and the rest of the pile
/// shuffled among them from `rng`, and no round after this one.
pub fn seen(q: &Quincunx, seat: usize, rng: &mut DealRng) -> Quincunx {
    let r = &q.round;
    let others: Vec<usize> = (0..r.hands.len()).filter(|&p| p != seat).collect();
    let rest = r.pile.get(r.next_draw..).unwrap_or(&[]);
    let mut pool: Vec<_> = rest.to_vec();
    let mut sizes = Vec::new();
    for &p in &others {
        pool.extend(r.hands[p].iter().copied());
        sizes.push(r.hands[p].len());
    }
    sizes.push(rest.len());
    let mut out = q.clone();
    let mut places = redeal(pool, &sizes, rng).into_iter();
    for &p in &others {
        out.round.hands[p] = places.next().unwrap_or_default();
    }
    out.round.pile.truncate(r.next_draw);
    out.round.pile.extend(places.next().unwrap_or_default());
    if out.setup.rounds.len() > q.round_no + 1 {
        let mut setup = (*q.setup).clone();
        setup.rounds.truncate(q.round_no + 1);
        out.setup = Arc::new(setup);
    }
    out
}
