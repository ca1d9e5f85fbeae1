//! The search itself: negamax with alpha-beta and a principal-variation (null-window)
//! search, over the points still to come, on a [`Pos`] changed in place.
//!
//! Values are the points the player to move will gain on the other from here to the end
//! (the final spread less the spread now), so they do not depend on the scores and a
//! position is worth the same however it was reached. A move's value is its score less the
//! value of the position after it; a move that goes out ends the game (its score and twice
//! the other rack, NS-4), as does the sixth scoreless turn in a row (each rack off its
//! holder): those are known without a search.
//!
//! Before a position is searched, a bound from the other side's passes may settle it (see
//! [`super::alone`]): the mover gets at most its best alone, and at least minus the
//! other's best alone after a pass; a side of one tile has its best alone in one list.
//! Outside the window, either is a proved answer, at the depth's leaves too.
//!
//! A cheap bound saves most searches of moves that lose: if the other player can go out
//! in one move that the move searched does not touch (no tile on or next to the squares
//! its words use), the other can still play it after, so the move is worth at most its
//! score less that going out. A move whose bound is no better than alpha is not searched.

use std::time::Instant;

use super::super::layout::SIZE;
use super::alone::Alone;
use super::lines::Lines;
use super::pos::{Mv, Pos, SCORELESS_END};
use super::table::{Bound, Hit, Table};

/// Above any spread: the window's ends.
pub(super) const INF: i32 = 30_000;

/// Order keys: the table's move first, then the moves that go out, the pass last. (Killer
/// moves, the last to cut off at the same depth, were tried before the others and made the
/// hard positions of BENCHMARKS.md take four times the nodes: a play that refutes one line
/// rarely fits another board.)
const FIRST: i32 = i32::MAX;
const OUT: i32 = 1 << 20;
const PASS: i32 = -(1 << 20);

/// The bound from the other side's passes (see [`Search::horizon`]) is asked for a side
/// holding at most this many tiles, each walk at most `SOLO_BUDGET` one-player positions. A
/// side of one tile costs one list (its plays all go out); with two or three, the walks cost
/// more positions than they spare the search (BENCHMARKS.md, 2026-11-27).
const SOLO_TILES: u8 = 1;
const SOLO_BUDGET: u64 = 256;

/// Why a search stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Nodes,
    Time,
}

/// Squares as bits, `row * SIZE + col`.
#[derive(Clone, Copy, Default)]
struct Squares([u64; 4]);

impl Squares {
    fn add(&mut self, sq: usize) {
        self.0[sq >> 6] |= 1 << (sq & 63);
    }
    fn meets(&self, other: &Squares) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }
}

/// One of the other player's moves that goes out, with the squares whose filling would
/// change it.
#[derive(Clone, Copy)]
struct Out {
    score: i32,
    zone: Squares,
}

pub(super) struct Search<'g> {
    pub pos: Pos<'g>,
    pub table: Table,
    pub nodes: u64,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    pub stopped: Option<Stop>,
    /// Positions the one-player search answered (a side frozen: see [`Search::solo`]).
    pub alone: u64,
    /// Move lists by ply, kept to spare an allocation per position.
    moves: Vec<Vec<(i32, Mv)>>,
    found: Vec<Mv>,
    outs: Vec<Vec<Out>>,
    /// Each line's moves, kept across positions.
    pub lines: Lines,
    /// The one-player bests, for the bound from the other side's passes (see
    /// [`super::alone`]).
    pub solo_best: Alone,
    /// Positions settled by that bound (proved outside their window).
    pub bounded: u64,
}

impl<'g> Search<'g> {
    pub fn new(pos: Pos<'g>, table: Table, max_nodes: u64, deadline: Option<Instant>) -> Self {
        Search {
            pos,
            table,
            nodes: 0,
            max_nodes,
            deadline,
            stopped: None,
            alone: 0,
            moves: Vec::new(),
            found: Vec::new(),
            outs: Vec::new(),
            lines: Lines::default(),
            solo_best: Alone::default(),
            bounded: 0,
        }
    }

    /// Count a position; false once a limit is reached (the search then unwinds).
    fn count(&mut self) -> bool {
        self.count_many(1)
    }

    /// Count `n` positions (the one-player ones of a leaf's bound among them).
    fn count_many(&mut self, n: u64) -> bool {
        let before = self.nodes;
        self.nodes += n;
        // The clock is read once every 1,024 positions: when the count crosses a multiple.
        let tick = (before.wrapping_sub(1) >> 10) != (self.nodes.wrapping_sub(1) >> 10);
        if self.nodes > self.max_nodes {
            self.stopped = Some(Stop::Nodes);
        } else if tick && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = Some(Stop::Time);
        }
        self.stopped.is_none()
    }

    /// The moves of the player to move, best guess first (`best` the table's move, then
    /// the moves that go out), each with its order key.
    pub fn ordered(&mut self, best: u32, out: &mut Vec<(i32, Mv)>) {
        out.clear();
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.pos.placements(&mut self.lines, &mut found);
        let held = self.pos.size[self.pos.turn];
        let bonus = self.pos.out_bonus();
        for m in &found {
            let id = m.id();
            let key = if id == best {
                FIRST
            } else if m.tiles == held {
                OUT + i32::from(m.score) + bonus
            } else {
                // Points now, and the tiles' worth: heavy tiles played are not counted
                // against the mover at the end.
                i32::from(m.score) + self.pos.tiles_value(m)
            };
            out.push((key, *m));
        }
        self.found = found;
        out.push((if best == Mv::PASS.id() { FIRST } else { PASS }, Mv::PASS));
        // Stable: the generator's order (by score, then square) among equal keys.
        out.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    }

    /// The value of a move known without a search: going out, or the game's last pass.
    pub fn settled(&self, m: &Mv) -> Option<i32> {
        let me = self.pos.turn;
        if m.is_pass() {
            (self.pos.scoreless + 1 >= SCORELESS_END).then(|| self.pos.estimate())
        } else if m.tiles == self.pos.size[me] {
            Some(i32::from(m.score) + self.pos.out_bonus())
        } else {
            None
        }
    }

    /// The other player's moves that go out now, highest first, with their zones.
    fn outs_of_other(&mut self, into: &mut Vec<Out>) {
        into.clear();
        let other = 1 - self.pos.turn;
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.pos.turn = other;
        self.pos.placements(&mut self.lines, &mut found);
        self.pos.turn = 1 - other;
        let held = self.pos.size[other];
        for m in found.iter().filter(|m| m.tiles == held) {
            into.push(Out {
                score: i32::from(m.score),
                zone: self.zone(m),
            });
        }
        self.found = found;
        into.sort_by_key(|o| std::cmp::Reverse(o.score));
    }

    /// The squares whose filling could change move `m`'s words or its score: its own, the
    /// squares just past its word, and for each tile it places, the tiles across it and
    /// the squares just past them.
    fn zone(&self, m: &Mv) -> Squares {
        let mut z = Squares::default();
        let (r0, c0) = (usize::from(m.at) / SIZE, usize::from(m.at) % SIZE);
        let len = usize::from(m.len);
        let at = |i: isize, down: bool| -> Option<usize> {
            let (r, c) = if down {
                (r0 as isize + i, c0 as isize)
            } else {
                (r0 as isize, c0 as isize + i)
            };
            ((0..SIZE as isize).contains(&r) && (0..SIZE as isize).contains(&c))
                .then(|| r as usize * SIZE + c as usize)
        };
        for i in -1..=len as isize {
            if let Some(sq) = at(i, m.down) {
                z.add(sq);
            }
        }
        for (sq, _) in m.placed() {
            let (r, c) = ((sq / SIZE) as isize, (sq % SIZE) as isize);
            // Across the word: walk over the tiles on each side, then one square more.
            for dir in [-1isize, 1] {
                let mut k = 1;
                loop {
                    let (rr, cc) = if m.down {
                        (r, c + dir * k)
                    } else {
                        (r + dir * k, c)
                    };
                    if !(0..SIZE as isize).contains(&rr) || !(0..SIZE as isize).contains(&cc) {
                        break;
                    }
                    let s = rr as usize * SIZE + cc as usize;
                    z.add(s);
                    if !self.pos.occupied(s) {
                        break;
                    }
                    k += 1;
                }
            }
        }
        z
    }

    /// The value of the first move tried at a position, as the search's loop values it:
    /// known if it ends the game, else searched in the whole window.
    fn first_value(&mut self, ply: usize, depth: u8, alpha: i32, beta: i32, m: &Mv) -> (i32, bool) {
        if let Some(v) = self.settled(m) {
            if !self.count() {
                return (0, false);
            }
            return (v, true);
        }
        let s = i32::from(m.score);
        let undo = self.pos.make(m);
        let (c, p) = self.negamax(ply + 1, depth - 1, s - beta, s - alpha);
        self.pos.unmake(m, undo);
        (s - c, p)
    }

    /// The points still to come for the player to move when the other is frozen (can only
    /// pass to the end, see [`super::stuck`]): the best of stopping now (passing to the
    /// game's end, NS-4) and each play followed by the other's pass and the best from there
    /// (a play going out ends the game). No window and no depth: the value is exact, kept in
    /// the table as proved, and the one-player positions are few beside the two-player tree.
    fn solo(&mut self, ply: usize) -> (i32, bool) {
        self.alone += 1;
        let key = self.pos.hash;
        if let Some(e) = self.table.get(key) {
            if e.proved && e.bound == Bound::Exact {
                return (e.value, true);
            }
        }
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
            self.outs.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.ordered(0, &mut moves);
        let mut best = self.pos.estimate();
        let mut best_id = Mv::PASS.id();
        for &(_, m) in &moves {
            if m.is_pass() {
                continue;
            }
            let v = if let Some(v) = self.settled(&m) {
                v
            } else {
                if !self.count() {
                    break;
                }
                let undo = self.pos.make(&m);
                let undo_pass = self.pos.make(&Mv::PASS);
                let (v, _) = self.solo(ply + 1);
                self.pos.unmake(&Mv::PASS, undo_pass);
                self.pos.unmake(&m, undo);
                if self.stopped.is_some() {
                    break;
                }
                i32::from(m.score) + v
            };
            if v > best {
                best = v;
                best_id = m.id();
            }
        }
        self.moves[ply] = moves;
        if self.stopped.is_some() {
            return (0, false);
        }
        self.table.put(
            key,
            Hit {
                value: best,
                bound: Bound::Exact,
                depth: u8::MAX,
                proved: true,
                best: best_id,
            },
        );
        (best, true)
    }

    /// A position settled without a search, at any depth (at the depth's leaves, proved
    /// instead of estimated): a bound outside the window (alpha, beta) from the other
    /// side's passes (see [`super::alone`]): at most the mover's best alone, at least minus
    /// the other's best alone after the mover's pass (or the end's adjustment, when that
    /// pass ends the game). The first is at least the end by passes `E` and the second at
    /// most, so each is asked only when `E` is outside the window on its side, and only
    /// for a side of at most [`SOLO_TILES`] tiles; the walk's positions are counted.
    fn horizon(&mut self, alpha: i32, beta: i32) -> Option<i32> {
        let e = self.pos.estimate();
        let me = self.pos.turn;
        if e <= alpha && self.pos.size[me] <= SOLO_TILES {
            let got = self
                .solo_best
                .at_most(&mut self.pos, &mut self.lines, alpha, SOLO_BUDGET);
            self.count_many(self.solo_best.spent());
            got
        } else if e >= beta {
            if self.pos.scoreless + 1 >= SCORELESS_END {
                return Some(e);
            }
            if self.pos.size[1 - me] > SOLO_TILES {
                return None;
            }
            let undo = self.pos.make(&Mv::PASS);
            let got = self
                .solo_best
                .at_most(&mut self.pos, &mut self.lines, -beta, SOLO_BUDGET);
            self.pos.unmake(&Mv::PASS, undo);
            self.count_many(self.solo_best.spent());
            got.map(|h| -h)
        } else {
            None
        }
    }

    /// The value of the position for its player to move, searched `depth` plies within the
    /// window (alpha, beta), and whether it is proved (no leaf under it was cut by the depth).
    pub fn negamax(&mut self, ply: usize, depth: u8, mut alpha: i32, beta: i32) -> (i32, bool) {
        if !self.count() {
            return (0, false);
        }
        // The other can only pass to the end: a one-player search, exact, once the depth
        // left would reach the end of every line anyway (it has no window to prune with, so
        // it is no cheaper than the search it replaces, and shorter rounds stop sooner).
        if depth >= 2 * self.pos.size[self.pos.turn] && self.pos.frozen(1 - self.pos.turn) {
            return self.solo(ply);
        }
        let key = self.pos.hash;
        // (Not at the depth's leaves: a probe there costs more than it finds.)
        let known = if depth == 0 {
            None
        } else {
            self.table.get(key)
        };
        if let Some(e) = known {
            if e.proved || e.depth >= depth {
                let hit = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.value >= beta,
                    Bound::Upper => e.value <= alpha,
                };
                if hit {
                    return (e.value, e.proved);
                }
            }
        }
        // A proved bound outside the window ends the search here, at any depth (kept in
        // the table as proved but at the leaves, which the table is not asked about).
        if let Some(v) = self.horizon(alpha, beta) {
            self.bounded += 1;
            if depth > 0 {
                let bound = if v <= alpha {
                    Bound::Upper
                } else {
                    Bound::Lower
                };
                let best = known.map_or(0, |e| e.best);
                self.table.put(
                    key,
                    Hit {
                        value: v,
                        bound,
                        depth,
                        proved: true,
                        best,
                    },
                );
            }
            return (v, true);
        }
        if depth == 0 {
            return (self.pos.estimate(), false);
        }
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
            self.outs.resize_with(ply + 1, Vec::new);
        }
        // The table's move first, before the list is made: most positions that cut off do
        // so on it, and then need no list.
        let tt_best = known.map_or(0, |e| e.best);
        let mut first = None;
        if tt_best != 0 {
            let mut found = std::mem::take(&mut self.found);
            let named = self.pos.move_named(&mut self.lines, tt_best, &mut found);
            self.found = found;
            if let Some(m) = named {
                let (v, p) = self.first_value(ply, depth, alpha, beta, &m);
                if self.stopped.is_some() {
                    return (0, false);
                }
                if v >= beta {
                    self.table.put(
                        key,
                        Hit {
                            value: v,
                            bound: Bound::Lower,
                            depth,
                            proved: p,
                            best: m.id(),
                        },
                    );
                    return (v, p);
                }
                first = Some((m, v, p));
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut outs = std::mem::take(&mut self.outs[ply]);
        self.ordered(tt_best, &mut moves);
        let alpha0 = alpha;
        let me = self.pos.turn;
        let mut best = -INF;
        let mut best_id = 0;
        let mut best_proved = false;
        let mut all_proved = true;
        let mut outs_known = false;
        for (i, &(_, m)) in moves.iter().enumerate() {
            let s = i32::from(m.score);
            let (v, p) = if let Some((_, v, p)) = first.filter(|f| i == 0 && f.0 == m) {
                (v, p)
            } else if let Some(v) = self.settled(&m) {
                if !self.count() {
                    break;
                }
                (v, true)
            } else {
                // The bound, once the first move has not cut off (most positions that
                // cut do so on their first move, and need no more).
                if i > 0 {
                    if !outs_known {
                        // No list to make for a side that holds a tile it can never place.
                        if self.pos.cannot_go_out(1 - me) {
                            outs.clear();
                        } else {
                            self.outs_of_other(&mut outs);
                        }
                        outs_known = true;
                    }
                    if let Some(o) = outs.first() {
                        let bound = if m.is_pass() {
                            -(o.score + self.pos.out_bonus_against(me, 0))
                        } else {
                            let mut placed = Squares::default();
                            for (sq, _) in m.placed() {
                                placed.add(sq);
                            }
                            match outs.iter().find(|o| !o.zone.meets(&placed)) {
                                Some(o) => {
                                    s - o.score
                                        - self.pos.out_bonus_against(me, self.pos.tiles_value(&m))
                                }
                                None => INF,
                            }
                        };
                        if bound <= alpha {
                            if bound > best {
                                best = bound;
                                best_id = m.id();
                                best_proved = true;
                            }
                            continue;
                        }
                    }
                }
                let undo = self.pos.make(&m);
                let (v, p) = if i == 0 || beta - alpha == 1 {
                    let (c, p) = self.negamax(ply + 1, depth - 1, s - beta, s - alpha);
                    (s - c, p)
                } else {
                    // Null window: does it beat alpha? Searched in full only if so.
                    let (c, p) = self.negamax(ply + 1, depth - 1, s - alpha - 1, s - alpha);
                    if self.stopped.is_none() && s - c > alpha && s - c < beta {
                        let (c, p) = self.negamax(ply + 1, depth - 1, s - beta, s - alpha);
                        (s - c, p)
                    } else {
                        (s - c, p)
                    }
                };
                self.pos.unmake(&m, undo);
                (v, p)
            };
            if self.stopped.is_some() {
                break;
            }
            all_proved &= p;
            if v > best {
                best = v;
                best_id = m.id();
                best_proved = p;
            }
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        self.outs[ply] = outs;
        if self.stopped.is_some() {
            return (0, false);
        }
        let (bound, proved) = if best <= alpha0 {
            (Bound::Upper, all_proved)
        } else if best >= beta {
            // Any one move proves a lower bound: the one that cut off.
            (Bound::Lower, best_proved)
        } else {
            (Bound::Exact, all_proved)
        };
        self.table.put(
            key,
            Hit {
                value: best,
                bound,
                depth,
                proved,
                best: best_id,
            },
        );
        (best, proved)
    }
}
