//! The Mosaico solver: the draw is fixed by the deal and set-aside tiles come
//! back by rule (MO-3), so the only choices are the cells; a depth-first search
//! over them, with an exact table of visited positions.
//!
//! # Pruning, and why it never loses a win
//!
//! **Closed cells.** A win fills every cell. An empty cell whose neighbours are all
//! placed will keep exactly those neighbours, so it can only ever take a tile not
//! yet placed that fits there now (MO-2, MO-4). If the closed cells cannot each get
//! a different such tile (a bipartite matching, checked exactly), no continuation
//! wins, and the position is dropped. This only discards positions with no win.
//!
//! **Positions.** The set-aside tiles are always the drawn tiles not on the board
//! (see [`State`]), so the board and the number of tiles drawn say everything about
//! a position: that is its key, exact.

use crate::games::engine::Engine;
use crate::games::fruit::mosaico::{neighbour_cells, Cell, Move, Outcome, State, CELLS};
use crate::games::fruit::Tile;
use crate::search::{Answer, Limits, Stats, Visited};

type Key = [u64; 4];

struct Frame {
    state: State,
    moves: Vec<Move>,
    next: usize,
}

/// Search for a win from `start`.
pub fn solve(start: &State, limits: Limits) -> (Answer<Move>, Stats) {
    let mut stats = Stats::default();
    match start.outcome() {
        Outcome::Won => return (Answer::Solved(Vec::new()), stats),
        Outcome::Lost => return (Answer::Unsolvable, stats),
        Outcome::Ongoing => {}
    }
    if !closed_cells_can_be_filled(start) {
        return (Answer::Unsolvable, stats);
    }
    let mut visited = Visited::new(key(start), limits);
    let mut stack = vec![Frame {
        state: *start,
        moves: ordered_moves(start),
        next: 0,
    }];
    let frame_bytes = std::mem::size_of::<Frame>() as u64 + 16 * std::mem::size_of::<Move>() as u64;
    while let Some(frame) = stack.last_mut() {
        let Some(&mv) = frame.moves.get(frame.next) else {
            stack.pop();
            continue;
        };
        frame.next += 1;
        let mut child = frame.state;
        let outcome = child.play(mv).expect("generated moves are legal");
        stats.nodes += 1;
        if outcome == Outcome::Won {
            let path = stack.iter().map(|f| f.moves[f.next - 1]).collect();
            return visited.finish(Answer::Solved(path), stats);
        }
        if let Some(bound) = visited.node_bound(stats.nodes) {
            return visited.finish(Answer::GaveUp(bound), stats);
        }
        if outcome == Outcome::Lost || !closed_cells_can_be_filled(&child) {
            continue;
        }
        match visited.insert(key(&child), stack.len() as u64 * frame_bytes) {
            Err(bound) => return visited.finish(Answer::GaveUp(bound), stats),
            Ok(false) => continue,
            Ok(true) => {}
        }
        let moves = ordered_moves(&child);
        stack.push(Frame {
            state: child,
            moves,
            next: 0,
        });
        stats.max_depth = stats.max_depth.max(stack.len() as u64);
    }
    visited.finish(Answer::Unsolvable, stats)
}

/// The legal moves, cells with more placed neighbours first: filling a hole now
/// is easier than later, when fewer tiles are left to fit it.
fn ordered_moves(state: &State) -> Vec<Move> {
    let board = state.board_bytes();
    let mut moves = state.legal_moves();
    moves.sort_by_key(|mv| match mv {
        Move::Place { cell, .. } => {
            let n = neighbour_cells(cell.index())
                .into_iter()
                .flatten()
                .filter(|&i| board[i] != 0xff)
                .count();
            std::cmp::Reverse(n)
        }
        Move::Aside { .. } => std::cmp::Reverse(0),
    });
    moves
}

/// Closed cells (empty, every neighbour placed) can each get a distinct tile not yet
/// placed that fits there (Kuhn's augmenting paths; there are few closed cells).
fn closed_cells_can_be_filled(state: &State) -> bool {
    let board = state.board_bytes();
    let closed: Vec<usize> = (0..CELLS)
        .filter(|&i| {
            board[i] == 0xff
                && neighbour_cells(i)
                    .into_iter()
                    .flatten()
                    .all(|j| board[j] != 0xff)
        })
        .collect();
    if closed.is_empty() {
        return true;
    }
    let mut on_board = [false; 36];
    for &b in board.iter().filter(|&&b| b != 0xff) {
        on_board[b as usize] = true;
    }
    let remaining: Vec<Tile> = Tile::all().filter(|t| !on_board[t.index()]).collect();
    // Candidates per closed cell: remaining tiles that fit there (fit is final).
    let candidates: Vec<Vec<usize>> = closed
        .iter()
        .map(|&i| {
            let cell = Cell::from_index(i);
            (0..remaining.len())
                .filter(|&k| state.check_cell(remaining[k], cell).is_ok())
                .collect()
        })
        .collect();
    let mut owner: Vec<Option<usize>> = vec![None; remaining.len()];
    for cell in 0..closed.len() {
        let mut seen = vec![false; remaining.len()];
        if !augment(cell, &candidates, &mut owner, &mut seen) {
            return false;
        }
    }
    true
}

fn augment(
    cell: usize,
    candidates: &[Vec<usize>],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &k in &candidates[cell] {
        if !seen[k] {
            seen[k] = true;
            if owner[k].is_none_or(|other| augment(other, candidates, owner, seen)) {
                owner[k] = Some(cell);
                return true;
            }
        }
    }
    false
}

/// Board (36 cells x 6 bits, 63 = empty) and tiles drawn: exact.
fn key(state: &State) -> Key {
    let mut key = [0u64; 4];
    for (i, &b) in state.board_bytes().iter().enumerate() {
        let code = if b == 0xff { 63 } else { b as u64 };
        let bit = i * 6;
        key[bit / 64] |= code << (bit % 64);
        if bit % 64 > 58 {
            key[bit / 64 + 1] |= code >> (64 - bit % 64);
        }
    }
    key[3] |= (state.drawn() as u64) << 56;
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fruit::mosaico::{Setup, Variant};

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// A hand-made deal on the diagonal (MO-1) and two moves: C4 on c2 (next to
    /// C3, in scala), then C5 on c1 (next to C4). Now b1 lies between M1 (a1),
    /// P3 (b2) and C5 (c1). Numbers 1, 3, 5 are two apart and the fruits differ,
    /// so no tile matches two of them (FR-2), and in the hard variant b1, with
    /// three neighbours, can never be filled (MO-4). (Three neighbours of one cell
    /// always share a row or a column, so no start can wall a cell in, MO-5.)
    fn walled_in(variant: Variant) -> State {
        let first: Vec<Tile> = ["M1", "P3", "C3", "U2", "F4", "B6", "C4", "C5"]
            .map(t)
            .to_vec();
        let mut order = first.clone();
        order.extend(Tile::all().filter(|x| !first.contains(x)));
        let mut s = State::new(&Setup::from_order(&order).unwrap(), variant);
        for (tile, cell) in [("C4", "c2"), ("C5", "c1")] {
            let cell = cell.parse::<Cell>().unwrap();
            s.play(Move::Place {
                tile: t(tile),
                cell,
            })
            .unwrap();
        }
        s
    }

    #[test]
    fn mo4_a_cell_no_tile_can_fill_is_proven_unsolvable() {
        let (answer, _) = solve(&walled_in(Variant::Hard), Limits::default());
        assert_eq!(answer, Answer::Unsolvable);
        // In the standard game one match is enough, and the deal is solvable.
        let start = walled_in(Variant::Standard);
        let (answer, _) = solve(&start, Limits::default());
        let Answer::Solved(moves) = answer else {
            panic!("{answer:?}")
        };
        let mut s = start;
        for mv in moves {
            s.play(mv).unwrap();
        }
        assert_eq!(s.outcome(), Outcome::Won);
    }

    /// The closed-cell test only discards positions with no win: checked against
    /// the plain search (no test) on small endgames of random deals.
    #[test]
    fn closed_cell_pruning_agrees_with_plain_search() {
        for seed in 1..=24 {
            let order: Vec<Tile> =
                crate::deal::shuffled("mosaico", "standard", &seed.to_string(), 1, 36)
                    .into_iter()
                    .map(|i| Tile::from_index(i).unwrap())
                    .collect();
            let mut s = State::new(&Setup::from_order(&order).unwrap(), Variant::Hard);
            // Play until 7 tiles remain to draw (odd seeds: the first legal move,
            // often a dead end; even seeds: the solver's winning line), then
            // decide the endgame both ways.
            let line = match solve(&s, Limits::default()).0 {
                Answer::Solved(moves) if seed % 2 == 0 => moves,
                _ => Vec::new(),
            };
            let mut line = line.into_iter();
            while s.drawn() < 29 {
                let Some(mv) = line.next().or_else(|| s.legal_moves().first().copied()) else {
                    break;
                };
                s.play(mv).unwrap();
            }
            if s.outcome() != Outcome::Ongoing {
                continue;
            }
            let pruned = solve(&s, Limits::default()).0.verdict();
            assert_eq!(pruned, plain(&s), "seed {seed}");
        }
    }

    /// Exhaustive search with no pruning at all: is there a win from `s`?
    fn plain(s: &State) -> &'static str {
        match s.outcome() {
            Outcome::Won => return "solved",
            Outcome::Lost => return "unsolvable",
            Outcome::Ongoing => {}
        }
        for mv in s.legal_moves() {
            let mut child = *s;
            child.play(mv).unwrap();
            if plain(&child) == "solved" {
                return "solved";
            }
        }
        "unsolvable"
    }
}
