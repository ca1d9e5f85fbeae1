//! What the player of Mosaico sees, for the machine (issue 43): the figure, the set-aside
//! tiles and the tile in play; the tiles still to draw are dealt again in another order
//! (MO-3). A child of the game, which holds the draw.

use super::{neighbour_cells, Move, Source, State, CELLS, EMPTY};
use crate::deal::DealRng;
use crate::games::engine::Engine;
use crate::games::machine_seat::redeal;

/// A game consistent with what the player sees: the tiles not yet drawn (after the tile
/// in play) shuffled from `rng`.
pub fn seen(s: &State, rng: &mut DealRng) -> State {
    let from = s.drawn as usize + usize::from(s.turn().is_some_and(|t| t.source == Source::Draw));
    let mut out = *s;
    if from < CELLS {
        let pool = s.draw[from..].to_vec();
        let again = redeal(pool, &[CELLS - from], rng).remove(0);
        out.draw[from..].copy_from_slice(&again);
    }
    out
}

/// The greedy move: the tile in play on the cell fewest of the other tiles still to place
/// could fill (the tiles not on the figure, which everyone can count), then where it
/// matches most neighbours; set aside when it fits nowhere.
pub fn greedy(s: &State) -> Option<Move> {
    let placed: Vec<u8> = s.board.iter().copied().filter(|&b| b != EMPTY).collect();
    let in_play = s.turn().map(|t| t.tile);
    let others: Vec<super::Tile> = (0..CELLS)
        .filter_map(super::Tile::from_index)
        .filter(|t| !placed.contains(&(t.index() as u8)) && Some(*t) != in_play)
        .collect();
    let takers = |i: usize| others.iter().filter(|&&t| s.fits_at(t, i)).count();
    s.legal_moves().into_iter().max_by_key(|m| match *m {
        Move::Place { tile, cell } => {
            let i = cell.index();
            let (mut n, mut matching) = (0u8, 0u8);
            for o in neighbour_cells(i).into_iter().flatten() {
                if s.board[o] != EMPTY {
                    n += 1;
                    matching += u8::from(
                        super::Tile::from_index(s.board[o] as usize)
                            .is_some_and(|t| tile.matches(t)),
                    );
                }
            }
            (
                std::cmp::Reverse(takers(i)),
                matching,
                n,
                std::cmp::Reverse(i),
            )
        }
        Move::Aside { .. } => (std::cmp::Reverse(CELLS), 0, 0, std::cmp::Reverse(CELLS)),
    })
}

/// What a game is worth: the tiles placed, a won game most.
pub fn worth(s: &State) -> i64 {
    match s.outcome() {
        super::Outcome::Won => 1000,
        _ => s.placed() as i64,
    }
}
