//! Move generation (issue 14): every placement a rack can make on a board whose words are all
//! in a word graph, each with the score the engine's [`Board::score`] and the rack bonus of
//! [`rack_bonus`] give it, sorted by score; with the exchanges and the pass for the seat to move.
//!
//! The search is Gordon's GADDAG walk ([`gaddag`]) with Appel & Jacobson's anchors and
//! cross-checks: per line (a row across, a column down), each empty square knows which
//! letters make a valid word across the line (its cross-check) and whether it touches a tile
//! (an anchor). From each anchor the walk places tiles leftwards, then crosses the separator
//! and goes right. A placement is found from its leftmost anchor only: going left never
//! places a tile on another anchor, so every placement is found once per direction.
//!
//! A tile that forms words both across and down is two placements to the engine (`H8
//! across` and `H8 down`, both accepted); both are listed.
//!
//! Each placement is scored during the walk (main word letter sum and multiplier, and each
//! cross word's score from per-square sums precomputed per line), not by [`Board::score`],
//! which stays the referee: the tests compare both on every move of seeded games.
//!
//! The alphabet is A-Z as tiles 1-26 (the Italian set of NS-1); a jolly may be any of the 26
//! (NS-2).

pub mod gaddag;

use std::cmp::Ordering;

pub use gaddag::{BuildError, BytesError, Gaddag};

use super::board::{Board, Dir, Placement, Square, THROUGH};
use super::game::{rack_bonus, State};
use super::layout::{TileSet, BLANK, JOLLY, RACK, SIZE, STAR};
use super::moves::Move;
use gaddag::SEP;

/// Every letter allowed.
const ANY: u32 = ((1 << 27) - 1) & !1;

/// A placement found, with what the engine scores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    pub play: Placement,
    /// The words' scores plus the rack bonus: what [`State`] adds for it.
    pub score: u32,
    /// Tiles placed from the rack.
    pub tiles: usize,
}

/// The order of the output: higher score first, then by square (row, column), across before
/// down, then by the word's tiles (letters before jollies, both before `.`).
pub fn rank(a: &Generated, b: &Generated) -> Ordering {
    b.score
        .cmp(&a.score)
        .then(a.play.at.cmp(&b.play.at))
        .then((a.play.dir == Dir::Down).cmp(&(b.play.dir == Dir::Down)))
        .then(a.play.word.cmp(&b.play.word))
}

/// A placement found, without a heap allocation: what [`each_found`] hands out. The same
/// move and score as a [`Generated`] ([`Found::generated`] makes one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub at: Square,
    pub dir: Dir,
    /// The words' scores plus the rack bonus, computed during the walk; equal to the
    /// engine's [`Board::score`] plus [`rack_bonus`] (tested on every move of seeded games).
    pub score: u32,
    /// Tiles placed from the rack.
    pub tiles: u8,
    len: u8,
    word: [u8; SIZE],
}

impl Found {
    /// The word as in a [`Placement`]: tiles placed, [`THROUGH`] for squares covered.
    pub fn word(&self) -> &[u8] {
        &self.word[..usize::from(self.len)]
    }

    pub fn placement(&self) -> Placement {
        Placement {
            at: self.at,
            dir: self.dir,
            word: self.word().to_vec(),
        }
    }

    pub fn generated(&self) -> Generated {
        Generated {
            play: self.placement(),
            score: self.score,
            tiles: usize::from(self.tiles),
        }
    }

    /// [`rank`] on found moves.
    pub fn rank(&self, other: &Found) -> Ordering {
        other
            .score
            .cmp(&self.score)
            .then(self.at.cmp(&other.at))
            .then((self.dir == Dir::Down).cmp(&(other.dir == Dir::Down)))
            .then(self.word().cmp(other.word()))
    }
}

/// Every placement of tiles from `rack` (counts by kind, index 0 the jollies, as
/// [`State::rack`] gives) on `board` whose every word the graph holds, ranked by [`rank`].
pub fn placements(board: &Board, set: &TileSet, rack: &[u8], graph: &Gaddag) -> Vec<Generated> {
    let mut found = Vec::new();
    each_found(board, set, rack, graph, &mut |f| found.push(*f));
    found.sort_by(Found::rank);
    found.iter().map(Found::generated).collect()
}

/// [`placements`] unsorted, handed one by one to `found` (no list kept).
pub fn each_placement(
    board: &Board,
    set: &TileSet,
    rack: &[u8],
    graph: &Gaddag,
    found: &mut dyn FnMut(Generated),
) {
    each_found(board, set, rack, graph, &mut |f| found(f.generated()));
}

/// [`placements`] unsorted, handed one by one to `found` as a [`Found`] borrowed for the
/// call: no allocation per move. The fast path (self-play, the best move).
pub fn each_found<F: FnMut(&Found)>(
    board: &Board,
    set: &TileSet,
    rack: &[u8],
    graph: &Gaddag,
    found: &mut F,
) {
    let mut counts = [0u8; 27];
    for (k, &n) in rack.iter().enumerate().take(27) {
        counts[k] = n;
    }
    let size: usize = counts.iter().map(|&n| usize::from(n)).sum();
    if size == 0 {
        return;
    }
    let values = Values::of(set);
    let empty = board.is_empty();
    for dir in [Dir::Across, Dir::Down] {
        for line in 0..SIZE {
            let mut g = Line::new(board, &values, graph, (dir, line), empty, &mut *found);
            if !g.anchor.contains(&true) {
                continue;
            }
            g.rack = counts;
            g.letters = (1..27)
                .filter(|&t| counts[t] > 0)
                .fold(0, |m, t| m | 1 << t);
            g.rack_size = size;
            g.bonus = rack_bonus(size);
            for anchor in 0..SIZE {
                if g.anchor[anchor] {
                    g.at_anchor = anchor;
                    g.left(anchor, graph.root(), 0, Acc::START);
                }
            }
        }
    }
}

/// What each tile scores, by graph tile (a jolly, or a tile with [`BLANK`], scores 0), and
/// which tiles the set has: a letter beyond the set is never placed (the engine refuses it).
struct Values {
    of: [u32; 32],
    known: u32,
}

impl Values {
    fn of(set: &TileSet) -> Values {
        let mut of = [0; 32];
        let mut known = 0;
        for t in 1..=26u8 {
            if usize::from(t) <= set.letters.len() {
                of[usize::from(t)] = set.value(t);
                known |= 1 << t;
            }
        }
        Values { of, known }
    }

    /// A board tile's value: 0 for a jolly standing for a letter.
    #[inline(always)]
    fn tile(&self, t: u8) -> u32 {
        if t & BLANK != 0 {
            0
        } else {
            self.of[usize::from(t & 31)]
        }
    }
}

/// The score of the placement so far, kept as the walk goes (as Quackle and wolges do), so
/// that a word found is scored without looking at the board again: the main word's letter
/// sum and word multiplier, and the cross words' scores already complete.
#[derive(Clone, Copy)]
struct Acc {
    main: u32,
    mult: u32,
    cross: u32,
}

impl Acc {
    const START: Acc = Acc {
        main: 0,
        mult: 1,
        cross: 0,
    };
}

/// The square at `pos` of a line.
fn square(dir: Dir, line: usize, pos: usize) -> Square {
    match dir {
        Dir::Across => Square {
            row: line,
            col: pos,
        },
        Dir::Down => Square {
            row: pos,
            col: line,
        },
    }
}

/// The tile on a square as the board holds it (a jolly with [`BLANK`]), 0 if empty or off
/// the board.
fn tile_at(board: &Board, row: isize, col: isize) -> u8 {
    if !(0..SIZE as isize).contains(&row) || !(0..SIZE as isize).contains(&col) {
        return 0;
    }
    let sq = Square {
        row: row as usize,
        col: col as usize,
    };
    board.get(sq).unwrap_or(0)
}

/// An empty square's cross word in direction `dir`: the letters allowed on it (bit `t` for
/// tile `t`), and `Some(sum of the other letters' values)` when it has a neighbour that way
/// (the cross word exists), `None` (and every letter) when it has none.
fn cross_check(
    board: &Board,
    values: &Values,
    graph: &Gaddag,
    sq: Square,
    dir: Dir,
) -> (u32, Option<u32>) {
    let (dr, dc) = match dir {
        Dir::Across => (0, 1),
        Dir::Down => (1, 0),
    };
    let at = |k: isize| tile_at(board, sq.row as isize + k * dr, sq.col as isize + k * dc);
    // The letters before (nearest first) and after (nearest first), and their values.
    let mut sum = 0;
    let (mut before, mut nb) = ([0u8; SIZE], 0);
    while at(-(nb as isize) - 1) != 0 {
        let t = at(-(nb as isize) - 1);
        sum += values.tile(t);
        before[nb] = t & !BLANK;
        nb += 1;
    }
    let (mut after, mut na) = ([0u8; SIZE], 0);
    while at(na as isize + 1) != 0 {
        let t = at(na as isize + 1);
        sum += values.tile(t);
        after[na] = t & !BLANK;
        na += 1;
    }
    let (before, after) = (&before[..nb], &after[..na]);
    if before.is_empty() && after.is_empty() {
        return (ANY, None);
    }
    let mut mask = 0;
    if before.is_empty() {
        // The word is `c after`: stored reversed whole, the last letter first.
        if let Some(a) = graph.walk(graph.root(), after.iter().rev().copied()) {
            for arc in graph.arcs_of(a.target()) {
                if arc.tile() != SEP && arc.accepts() {
                    mask |= 1 << arc.tile();
                }
            }
        }
        return (mask, Some(sum));
    }
    // The word is `before c after`, stored from the letter just before the square:
    // `before` nearest first, the separator, then `c after`.
    if let Some(a) = graph.walk(graph.root(), before.iter().copied().chain([SEP])) {
        for arc in graph.arcs_of(a.target()) {
            let ok = if after.is_empty() {
                arc.accepts()
            } else {
                graph
                    .walk(arc.target(), after.iter().copied())
                    .is_some_and(|e| e.accepts())
            };
            if ok {
                mask |= 1 << arc.tile();
            }
        }
    }
    (mask, Some(sum))
}

/// The walk along one line.
struct Line<'a, F> {
    values: &'a Values,
    graph: &'a Gaddag,
    dir: Dir,
    line: usize,
    /// The letter on each square (0 empty).
    tiles: [u8; SIZE],
    /// What the tile on each covered square scores (0 for a jolly).
    held: [u32; SIZE],
    /// The letters each empty square allows (bit `t` for tile `t`).
    cross: [u32; SIZE],
    /// For an empty square with a cross word: the other letters' values in it, and the
    /// square's word factor (0 without a cross word, so that it adds nothing).
    cross_sum: [u32; SIZE],
    cross_wf: [u32; SIZE],
    /// Each square's premium, as letter and word factors.
    letter_factor: [u32; SIZE],
    word_factor: [u32; SIZE],
    anchor: [bool; SIZE],
    rack: [u8; 27],
    /// Bit `t` set while the rack holds letter `t`.
    letters: u32,
    rack_size: usize,
    /// The bonus for placing the whole rack.
    bonus: u32,
    /// The word being built: a tile placed, or [`THROUGH`].
    word: [u8; SIZE],
    at_anchor: usize,
    found: &'a mut F,
}

impl<'a, F: FnMut(&Found)> Line<'a, F> {
    fn new(
        board: &'a Board,
        values: &'a Values,
        graph: &'a Gaddag,
        (dir, line): (Dir, usize),
        empty: bool,
        found: &'a mut F,
    ) -> Self {
        let mut tiles = [0; SIZE];
        let mut held = [0; SIZE];
        let mut cross = [ANY & values.known; SIZE];
        let mut cross_sum = [0; SIZE];
        let mut cross_wf = [0; SIZE];
        let mut letter_factor = [1; SIZE];
        let mut word_factor = [1; SIZE];
        let mut anchor = [false; SIZE];
        for pos in 0..SIZE {
            let sq = square(dir, line, pos);
            let t = board.get(sq).unwrap_or(0);
            tiles[pos] = t & !BLANK;
            held[pos] = values.tile(t);
            let premium = board.premium(sq);
            letter_factor[pos] = premium.letter_factor();
            word_factor[pos] = premium.word_factor();
        }
        for pos in 0..SIZE {
            if tiles[pos] != 0 {
                continue;
            }
            let sq = square(dir, line, pos);
            if empty {
                anchor[pos] = (sq.row, sq.col) == STAR;
                continue;
            }
            let (r, c) = (sq.row as isize, sq.col as isize);
            anchor[pos] = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                .iter()
                .any(|&(r, c)| tile_at(board, r, c) != 0);
            if anchor[pos] {
                let (mask, sum) = cross_check(board, values, graph, sq, dir.other());
                cross[pos] = mask & values.known;
                if let Some(sum) = sum {
                    cross_sum[pos] = sum;
                    cross_wf[pos] = word_factor[pos];
                }
            }
        }
        Line {
            values,
            graph,
            dir,
            line,
            tiles,
            held,
            cross,
            cross_sum,
            cross_wf,
            letter_factor,
            word_factor,
            anchor,
            rack: [0; 27],
            letters: 0,
            rack_size: 0,
            bonus: 0,
            word: [0; SIZE],
            at_anchor: 0,
            found,
        }
    }

    /// Each tile the rack can put on the empty square `pos` under `node`: the letter, or a
    /// jolly standing for it; `then` continues the walk after it with the score so far.
    #[inline(always)]
    fn place_each<G: FnMut(&mut Self, gaddag::Arc, Acc)>(
        &mut self,
        pos: usize,
        node: u32,
        acc: Acc,
        mut then: G,
    ) {
        // The letters both the cross word and the rack allow: most arcs fail this one test.
        let usable = if self.rack[usize::from(JOLLY)] > 0 {
            self.cross[pos]
        } else {
            self.cross[pos] & self.letters
        };
        let (lf, wf) = (self.letter_factor[pos], self.word_factor[pos]);
        let (cross_sum, cross_wf) = (self.cross_sum[pos], self.cross_wf[pos]);
        for arc in self.graph.arcs_of(node) {
            let t = arc.tile();
            // Arcs are sorted by tile: none usable from here on.
            if usable >> t == 0 {
                break;
            }
            if usable & (1 << t) == 0 {
                continue;
            }
            let k = usize::from(t);
            if self.rack[k] > 0 {
                let value = self.values.of[k];
                let next = Acc {
                    main: acc.main + value * lf,
                    mult: acc.mult * wf,
                    cross: acc.cross + (cross_sum + value * lf) * cross_wf,
                };
                self.rack[k] -= 1;
                if self.rack[k] == 0 {
                    self.letters &= !(1 << t);
                }
                self.word[pos] = t;
                then(self, arc, next);
                self.rack[k] += 1;
                self.letters |= 1 << t;
            }
            let j = usize::from(JOLLY);
            if self.rack[j] > 0 {
                let next = Acc {
                    main: acc.main,
                    mult: acc.mult * wf,
                    cross: acc.cross + cross_sum * cross_wf,
                };
                self.rack[j] -= 1;
                self.word[pos] = t | BLANK;
                then(self, arc, next);
                self.rack[j] += 1;
            }
        }
    }

    /// Fill `pos` (at or left of the anchor) from `node`; `placed` tiles so far.
    fn left(&mut self, pos: usize, node: u32, placed: usize, acc: Acc) {
        let t = self.tiles[pos];
        if t != 0 {
            if let Some(arc) = self.graph.child(node, t) {
                self.word[pos] = THROUGH;
                let acc = Acc {
                    main: acc.main + self.held[pos],
                    ..acc
                };
                self.went_left(pos, arc, placed, acc);
            }
            return;
        }
        if placed == self.rack_size {
            return;
        }
        self.place_each(pos, node, acc, |g, arc, acc| {
            g.went_left(pos, arc, placed + 1, acc)
        });
    }

    /// After taking `arc` for square `pos` going left: record the word if it ends here, go on
    /// left, or cross the separator and go right of the anchor.
    fn went_left(&mut self, pos: usize, arc: gaddag::Arc, placed: usize, acc: Acc) {
        let a = self.at_anchor;
        let left_free = pos == 0 || self.tiles[pos - 1] == 0;
        let right_free = a + 1 == SIZE || self.tiles[a + 1] == 0;
        if arc.accepts() && left_free && right_free && a > pos {
            self.record(pos, a, placed, acc);
        }
        let next = arc.target();
        if next == 0 {
            return;
        }
        if pos > 0 && (self.tiles[pos - 1] != 0 || !self.anchor[pos - 1]) {
            self.left(pos - 1, next, placed, acc);
        }
        if left_free && a + 1 < SIZE {
            if let Some(sep) = self.graph.child(next, SEP) {
                self.right(a + 1, sep.target(), pos, placed, acc);
            }
        }
    }

    /// Fill `pos` (right of the anchor) from `node`; the word starts at `lo`.
    fn right(&mut self, pos: usize, node: u32, lo: usize, placed: usize, acc: Acc) {
        let t = self.tiles[pos];
        if t != 0 {
            if let Some(arc) = self.graph.child(node, t) {
                self.word[pos] = THROUGH;
                let acc = Acc {
                    main: acc.main + self.held[pos],
                    ..acc
                };
                self.went_right(pos, arc, lo, placed, acc);
            }
            return;
        }
        if placed == self.rack_size {
            return;
        }
        self.place_each(pos, node, acc, |g, arc, acc| {
            g.went_right(pos, arc, lo, placed + 1, acc)
        });
    }

    fn went_right(&mut self, pos: usize, arc: gaddag::Arc, lo: usize, placed: usize, acc: Acc) {
        let right_free = pos + 1 == SIZE || self.tiles[pos + 1] == 0;
        if arc.accepts() && right_free {
            self.record(lo, pos, placed, acc);
        }
        let next = arc.target();
        if next != 0 && pos + 1 < SIZE {
            self.right(pos + 1, next, lo, placed, acc);
        }
    }

    /// A whole word from `lo` to `hi`, scored as the walk went.
    #[inline(always)]
    fn record(&mut self, lo: usize, hi: usize, placed: usize, acc: Acc) {
        let bonus = if placed == self.rack_size {
            self.bonus
        } else {
            0
        };
        let mut word = [0; SIZE];
        word[..=hi - lo].copy_from_slice(&self.word[lo..=hi]);
        (self.found)(&Found {
            at: square(self.dir, self.line, lo),
            dir: self.dir,
            score: acc.main * acc.mult + acc.cross + bonus,
            tiles: placed as u8,
            len: (hi - lo + 1) as u8,
            word,
        });
    }
}

/// Every distinct exchange of a rack (counts by kind), each as rack tiles, jollies (`0`)
/// first; none while the bag holds fewer than 7 (NS-3).
pub fn exchanges(rack: &[u8], bag: usize) -> Vec<Vec<u8>> {
    if bag < RACK {
        return Vec::new();
    }
    let mut out: Vec<Vec<u8>> = vec![Vec::new()];
    for (k, &n) in rack.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let mut next = Vec::with_capacity(out.len() * (usize::from(n) + 1));
        for base in &out {
            for c in 0..=n {
                let mut v = base.clone();
                v.extend(std::iter::repeat_n(k as u8, usize::from(c)));
                next.push(v);
            }
        }
        out = next;
    }
    out.retain(|v| !v.is_empty());
    out
}

/// A move for the seat to move with the points it scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    pub mv: Move,
    pub score: u32,
    /// For a placement, the tiles placed.
    pub tiles: usize,
}

/// The moves of the seat to move, best first: every placement the graph allows (ranked by
/// [`rank`]), then every exchange the bag allows, then the pass. Empty once the game is over.
pub fn ranked_moves(state: &State, graph: &Gaddag) -> Vec<Ranked> {
    let Some(seat) = crate::games::engine::Engine::to_move(state) else {
        return Vec::new();
    };
    let rack = state.rack(seat);
    let mut out: Vec<Ranked> = placements(state.board(), state.set(), rack, graph)
        .into_iter()
        .map(|g| Ranked {
            mv: Move::Place { seat, play: g.play },
            score: g.score,
            tiles: g.tiles,
        })
        .collect();
    out.extend(
        exchanges(rack, state.bag_len())
            .into_iter()
            .map(|tiles| Ranked {
                mv: Move::Exchange { seat, tiles },
                score: 0,
                tiles: 0,
            }),
    );
    out.push(Ranked {
        mv: Move::Pass { seat },
        score: 0,
        tiles: 0,
    });
    out
}

/// The first `n` of [`ranked_moves`]: what `tavolo solve natura` shows for a rack on a
/// position (the position's seat to move, its rack).
pub fn top_moves(state: &State, graph: &Gaddag, n: usize) -> Vec<Ranked> {
    let mut all = ranked_moves(state, graph);
    all.truncate(n);
    all
}

/// The highest-scoring placement for the seat to move (the first by [`rank`]), found
/// without keeping the others; `None` if there is none.
pub fn best_placement(state: &State, graph: &Gaddag) -> Option<Generated> {
    let seat = crate::games::engine::Engine::to_move(state)?;
    let mut best: Option<Found> = None;
    each_found(
        state.board(),
        state.set(),
        state.rack(seat),
        graph,
        &mut |f: &Found| {
            if best.as_ref().is_none_or(|b| f.rank(b).is_lt()) {
                best = Some(*f);
            }
        },
    );
    best.map(|b| b.generated())
}

#[cfg(test)]
mod tests;
