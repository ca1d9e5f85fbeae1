//! The machine player of `tavolo play natura` (issues 14 and 25): every turn the best move
//! the move generator finds over the lexicon, by equity (the score plus the value of the
//! tiles kept, exchanges valued by the tiles they keep) when the lexicon has leave values,
//! else by score (exchanges and the pass, which score 0, only when no word can be placed);
//! or a pick among the best `n` drawn from the deal's play stream. Its records hold real
//! words, unlike the random player's.

use std::sync::Arc;

use super::board::Board;
use super::game::State;
use super::layout::{TileSet, RACK};
use super::leaves::{LeaveKey, Leaves, RackLeaves};
use super::movegen::{
    best_placement, each_found, ranked_moves, top_moves, Found, Gaddag, Generated, Ranked,
};
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

/// A move valued by equity: its score and what its leave is worth, in hundredths of a point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Valued {
    pub mv: Move,
    pub score: u32,
    /// For a placement, the tiles placed.
    pub tiles: usize,
    /// The tiles kept, when the move keeps a leave the bag will refill (`None` for the pass,
    /// and for a play that empties the bag: then nothing is drawn and leaves do not count).
    pub leave: Option<LeaveKey>,
    /// The leave's value (0 without a leave).
    pub leave_value: i32,
    /// Score x 100 + the leave's value.
    pub equity: i64,
}

impl Valued {
    /// A move ranked by score alone: no leave counted.
    pub fn by_score(r: Ranked) -> Valued {
        Valued::new(r, None, 0)
    }

    /// The move as [`Ranked`] (for what shows a move).
    pub fn ranked(&self) -> Ranked {
        Ranked {
            mv: self.mv.clone(),
            score: self.score,
            tiles: self.tiles,
        }
    }

    fn new(r: Ranked, leave: Option<LeaveKey>, leave_value: i32) -> Valued {
        Valued {
            equity: i64::from(r.score) * 100 + i64::from(leave_value),
            mv: r.mv,
            score: r.score,
            tiles: r.tiles,
            leave,
            leave_value,
        }
    }
}

/// Whether a move that takes `tiles` from the rack leaves tiles in the bag to draw: only
/// then does the leave meet new tiles and count (with the bag empty the game is an endgame).
fn leave_counts(bag: usize, tiles: usize) -> bool {
    bag > tiles
}

/// The index in `rack` of a placement's leave, when it counts ([`leave_counts`]).
fn placed_leave(rack: &RackLeaves, bag: usize, word: &[u8], tiles: usize) -> Option<usize> {
    leave_counts(bag, tiles).then(|| rack.index_of_word(word))
}

/// Every move of the seat to move valued by equity, best first (ties in [`ranked_moves`]'
/// order): placements score plus leave, exchanges (NS-3) the kept tiles' value, the pass last
/// at its own value (no leave: nothing is drawn).
pub fn ranked_by_equity(state: &State, graph: &Gaddag, leaves: &Leaves) -> Vec<Valued> {
    let Some(seat) = state.to_move() else {
        return Vec::new();
    };
    let rack = RackLeaves::new(leaves, state.rack(seat));
    let bag = state.bag_len();
    let mut out: Vec<Valued> = ranked_moves(state, graph)
        .into_iter()
        .map(|r| valued(&rack, bag, r))
        .collect();
    // Stable: equal equities keep the score order.
    out.sort_by_key(|v| std::cmp::Reverse(v.equity));
    out
}

/// A move of the seat to move (as a record played it) valued by equity as
/// [`ranked_by_equity`] values it: what `solve --analyse` sets beside the best.
pub fn equity_of(state: &State, leaves: &Leaves, r: Ranked) -> Valued {
    let seat = r.mv.seat();
    let rack = RackLeaves::new(leaves, state.rack(seat));
    valued(&rack, state.bag_len(), r)
}

/// `r` valued with the leave of `rack` it keeps, if that leave counts.
fn valued(rack: &RackLeaves, bag: usize, r: Ranked) -> Valued {
    let index = match &r.mv {
        Move::Place { play, .. } => placed_leave(rack, bag, &play.word, r.tiles),
        Move::Exchange { tiles, .. } => Some(rack.index_of_tiles(tiles)),
        _ => None,
    };
    let leave = index.and_then(|i| rack.key(i));
    let value = index.map_or(0, |i| rack.value(i));
    Valued::new(r, leave, value)
}

/// The first move of [`ranked_by_equity`], found without listing every placement: the
/// machine player's move and self-play's (issue 25). `None` once the game is over.
pub fn best_by_equity(state: &State, graph: &Gaddag, leaves: &Leaves) -> Option<Valued> {
    let seat = state.to_move()?;
    let counts = state.rack(seat);
    let rack = RackLeaves::new(leaves, counts);
    let bag = state.bag_len();
    let mut out = best_placement_by_equity(state.board(), state.set(), counts, bag, graph, &rack)
        .map(|g| {
            valued(
                &rack,
                bag,
                Ranked {
                    mv: Move::Place { seat, play: g.play },
                    score: g.score,
                    tiles: g.tiles,
                },
            )
        });
    // The exchanges by index (NS-3: a full bag's worth left), their tiles made only for the best.
    if bag >= RACK {
        let mut best: Option<(i32, usize)> = None;
        for index in rack.exchange_indices() {
            let value = rack.value(index);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, index));
            }
        }
        if let Some((value, index)) = best {
            if out.as_ref().is_none_or(|o| i64::from(value) > o.equity) {
                out = Some(Valued::new(
                    Ranked {
                        mv: Move::Exchange {
                            seat,
                            tiles: rack.tiles_of(index),
                        },
                        score: 0,
                        tiles: 0,
                    },
                    rack.key(index),
                    value,
                ));
            }
        }
    }
    Some(out.unwrap_or_else(|| {
        Valued::new(
            Ranked {
                mv: Move::Pass { seat },
                score: 0,
                tiles: 0,
            },
            None,
            0,
        )
    }))
}

/// The placement of `counts` on `board` of best equity (ties by [`movegen::rank`]), with
/// `bag` tiles left to draw: the machine's, and a duplicate round's by equity (issue 25).
pub fn best_placement_by_equity(
    board: &Board,
    set: &TileSet,
    counts: &[u8],
    bag: usize,
    graph: &Gaddag,
    rack: &RackLeaves,
) -> Option<Generated> {
    let mut best: Option<(i64, Found)> = None;
    // No leave is worth more than the rack's best (or nothing, when the bag runs out): a
    // placement whose score plus that cannot reach the best so far is passed over unvalued.
    let most = i64::from(rack.best_value().max(0));
    each_found(board, set, counts, graph, &mut |f: &Found| {
        if best
            .as_ref()
            .is_some_and(|(e, _)| i64::from(f.score) * 100 + most < *e)
        {
            return;
        }
        let leave =
            placed_leave(rack, bag, f.word(), usize::from(f.tiles)).map_or(0, |i| rack.value(i));
        let equity = i64::from(f.score) * 100 + i64::from(leave);
        let better = match &best {
            None => true,
            Some((e, b)) => equity > *e || (equity == *e && f.rank(b).is_lt()),
        };
        if better {
            best = Some((equity, *f));
        }
    });
    best.map(|(_, f)| f.generated())
}

/// The equity of `g` placed from `rack` with `bag` tiles left to draw, in hundredths of a
/// point: a duplicate round's top beside the best by equity.
pub fn placement_equity(rack: &RackLeaves, bag: usize, g: &Generated) -> i64 {
    let value = placed_leave(rack, bag, &g.play.word, g.tiles).map_or(0, |i| rack.value(i));
    i64::from(g.score) * 100 + i64::from(value)
}

/// The machine player: the best move, or a pick among the best `among`; by equity when it
/// has leave values (issue 25: exchanging when keeping fewer, better tiles is worth more than
/// any play), else by score.
pub struct Machine {
    pub graph: Arc<Gaddag>,
    /// How many of the best moves it picks among (1: always the best).
    pub among: usize,
    pub leaves: Option<Arc<Leaves>>,
}

impl Chooser<State> for Machine {
    fn choose(&mut self, game: &State, rng: &mut DealRng) -> Move {
        let seat = game.to_move().unwrap_or(0);
        let pass = Move::Pass { seat };
        let mut top: Vec<Move> = match (&self.leaves, self.among <= 1) {
            (None, true) => return best_move(game, &self.graph).map_or(pass, |r| r.mv),
            (Some(l), true) => return best_by_equity(game, &self.graph, l).map_or(pass, |v| v.mv),
            (None, false) => top_moves(game, &self.graph, self.among)
                .into_iter()
                .map(|r| r.mv)
                .collect(),
            (Some(l), false) => ranked_by_equity(game, &self.graph, l)
                .into_iter()
                .take(self.among)
                .map(|v| v.mv)
                .collect(),
        };
        if top.is_empty() {
            return pass;
        }
        let i = rng.below(top.len() as u32) as usize;
        top.swap_remove(i)
    }
}
