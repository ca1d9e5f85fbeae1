//! What the player of Il Muro sees, for the machine at the wall (issue 43): every tile but
//! the old wall's face-down ones, which are dealt again among their places (each column
//! keeping how many it hides). A child of the game, which holds the columns.
//!
//! The machine's moves always go forward, so a game it plays ends: a tile onto the new
//! wall, a face-down top turned up, or a tile moved off a face-down one onto a face-up
//! top or an empty column (the next move may turn it up). It never moves a tile back off
//! the new wall, nor from column to column without uncovering one; `greedy` alone, when
//! nothing else goes forward, moves a tile off one that may then go onto the new wall
//! (and then puts a tile on the new wall: it ranks that first).

use super::{Move, Place, State, COLUMNS, FACE_DOWN};
use crate::deal::DealRng;
use crate::games::machine_seat::redeal;

/// A wall consistent with what the player sees: the face-down tiles shuffled among the
/// face-down places from `rng`.
pub fn seen(s: &State, rng: &mut DealRng) -> State {
    let mut pool = Vec::new();
    let mut sizes = Vec::new();
    for column in &s.columns {
        let down = column.face_down();
        pool.extend(column.cells[..down].iter().map(|&c| c & !FACE_DOWN));
        sizes.push(down);
    }
    let mut out = *s;
    for (column, tiles) in out.columns.iter_mut().zip(redeal(pool, &sizes, rng)) {
        for (cell, t) in column.cells.iter_mut().zip(tiles) {
            *cell = t | FACE_DOWN;
        }
    }
    out
}

/// The moves that go forward (see the module), in the engine's order.
pub fn forward(s: &State) -> Vec<Move> {
    let mut moves = strictly_forward(s);
    moves.extend(s.wall_moves().into_iter().filter(|&m| exposes(s, m)));
    moves
}

/// Whether `m` moves a tile from column to column (onto a face-up top or an empty column)
/// off a face-up tile that may then go onto the new wall.
fn exposes(s: &State, m: Move) -> bool {
    let Move::Shift {
        from: Place::Column(a),
        to: Place::Column(b),
        ..
    } = m
    else {
        return false;
    };
    let column = &s.columns[a as usize];
    let below = column.len().checked_sub(2).and_then(|h| column.get(h));
    s.columns[b as usize].top().is_none_or(|(_, up)| up)
        && below.is_some_and(|(t, up)| up && s.check_put(t, Place::NewWall).is_ok())
}

/// The moves that go forward and make something better at once: a tile onto the new
/// wall, a turn, a tile moved off a face-down one (for `strong`, which also weighs the
/// greedy move).
pub fn strictly_forward(s: &State) -> Vec<Move> {
    s.wall_moves()
        .into_iter()
        .filter(|&m| match m {
            Move::Turn(_) => true,
            Move::Shift {
                to: Place::NewWall, ..
            } => true,
            Move::Shift {
                from: Place::Column(a),
                to: Place::Column(b),
                ..
            } => uncovers(s, a as usize) && s.columns[b as usize].top().is_none_or(|(_, up)| up),
            _ => false,
        })
        .collect()
}

/// Whether taking the top of column `c` leaves a face-down tile on top.
fn uncovers(s: &State, c: usize) -> bool {
    let column = &s.columns[c];
    column.len() >= 2 && column.get(column.len() - 2).is_some_and(|(_, up)| !up)
}

/// The greedy move: onto the new wall first, then a face-down top turned up, then a tile
/// moved off a face-down one; `stop` when nothing goes forward.
pub fn greedy(s: &State) -> Option<Move> {
    if s.end().is_some() {
        return None;
    }
    let moves = forward(s);
    let rank = |m: &Move| match m {
        Move::Shift {
            to: Place::NewWall, ..
        } => 0,
        Move::Turn(_) => 1,
        m if exposes(s, *m) => 3,
        _ => 2,
    };
    Some(moves.into_iter().min_by_key(rank).unwrap_or(Move::Stop))
}

/// What a wall is worth: the tiles on the new wall (twice) and the old wall's face-up
/// tiles; a won game most.
pub fn worth(s: &State) -> i64 {
    if s.is_won() {
        return 1000;
    }
    let new: i64 = s.piles.iter().map(|p| i64::from(p.len())).sum();
    let up: i64 = (0..COLUMNS)
        .map(|c| (s.columns[c].len() - s.columns[c].face_down()) as i64)
        .sum();
    2 * new + up
}

/// How many walls [`solved_first`] solves, and the positions each search may generate.
const SOLVED_WORLDS: usize = 6;
const SOLVE_NODES: u64 = 4_000;

/// The move most of a few walls consistent with what the player sees ([`seen`], from
/// `rng`) begin their win with, the solver's (MU-1..MU-4, [`super::solve::solve`], each
/// search bounded by positions counted, never by the clock); `None` when the solver wins
/// none of them within its bound, or when that move does not go forward
/// ([`strictly_forward`]). Its first move is a turn or a face-up tile's, so it is legal on
/// the real wall; ties go to the first found.
pub fn solved_first(s: &State, rng: &mut DealRng) -> Option<Move> {
    use crate::search::{Answer, Limits};
    let mut votes: Vec<(Move, usize)> = Vec::new();
    for _ in 0..SOLVED_WORLDS {
        let world = seen(s, rng);
        let limits = Limits {
            max_nodes: SOLVE_NODES,
            ..Limits::default()
        };
        if let (Answer::Solved(line), _) = super::solve::solve(&world, limits) {
            if let Some(&first) = line.first() {
                match votes.iter_mut().find(|(m, _)| *m == first) {
                    Some((_, n)) => *n += 1,
                    None => votes.push((first, 1)),
                }
            }
        }
    }
    let mut best: Option<(Move, usize)> = None;
    for (m, n) in votes {
        if best.is_none_or(|(_, b)| n > b) {
            best = Some((m, n));
        }
    }
    // Only a move that goes forward, so that a game the machine plays ends (a line's first
    // move may shift a tile back and forth between columns).
    best.map(|(m, _)| m)
        .filter(|m| strictly_forward(s).contains(m))
}
