//! Move generation (issue 14): every placement a rack can make on a board whose words are all
//! in a word graph, each scored by the engine's own [`Board::score`] and the rack bonus of
//! [`rack_bonus`], sorted by score; with the exchanges and the pass for the seat to move.
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

/// Every placement of tiles from `rack` (counts by kind, index 0 the jollies, as
/// [`State::rack`] gives) on `board` whose every word the graph holds, ranked by [`rank`].
pub fn placements(board: &Board, set: &TileSet, rack: &[u8], graph: &Gaddag) -> Vec<Generated> {
    let mut out = Vec::new();
    each_placement(board, set, rack, graph, &mut |g| out.push(g));
    out.sort_by(rank);
    out
}

/// [`placements`] unsorted, handed one by one to `found` (no list kept).
pub fn each_placement(
    board: &Board,
    set: &TileSet,
    rack: &[u8],
    graph: &Gaddag,
    found: &mut dyn FnMut(Generated),
) {
    let mut counts = [0u8; 27];
    for (k, &n) in rack.iter().enumerate().take(27) {
        counts[k] = n;
    }
    let size: usize = counts.iter().map(|&n| usize::from(n)).sum();
    if size == 0 {
        return;
    }
    let empty = board.is_empty();
    for dir in [Dir::Across, Dir::Down] {
        for line in 0..SIZE {
            let mut g = Line::new(board, set, graph, (dir, line), empty, &mut *found);
            if !g.anchor.contains(&true) {
                continue;
            }
            g.rack = counts;
            g.rack_size = size;
            for anchor in 0..SIZE {
                if g.anchor[anchor] {
                    g.at_anchor = anchor;
                    g.left(anchor, graph.root(), 0);
                }
            }
        }
    }
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

/// The letter on a square as a graph tile (a jolly counts as its letter), 0 if empty or off
/// the board.
fn letter_at(board: &Board, row: isize, col: isize) -> u8 {
    if !(0..SIZE as isize).contains(&row) || !(0..SIZE as isize).contains(&col) {
        return 0;
    }
    let sq = Square {
        row: row as usize,
        col: col as usize,
    };
    board.get(sq).map_or(0, |t| t & !BLANK)
}

/// The letters an empty square allows given the word it would join in direction `dir` (the
/// cross word): [`ANY`] when it has no neighbour that way.
fn cross_check(board: &Board, graph: &Gaddag, sq: Square, dir: Dir) -> u32 {
    let (dr, dc) = match dir {
        Dir::Across => (0, 1),
        Dir::Down => (1, 0),
    };
    let at = |k: isize| letter_at(board, sq.row as isize + k * dr, sq.col as isize + k * dc);
    // The letters before (nearest first) and after (nearest first).
    let mut before = Vec::new();
    let mut k = -1;
    while at(k) != 0 {
        before.push(at(k));
        k -= 1;
    }
    let mut after = Vec::new();
    let mut k = 1;
    while at(k) != 0 {
        after.push(at(k));
        k += 1;
    }
    if before.is_empty() && after.is_empty() {
        return ANY;
    }
    let mut mask = 0;
    if before.is_empty() {
        // The word is `c after`: stored reversed whole, the last letter first.
        let Some(a) = graph.walk(graph.root(), after.iter().rev().copied()) else {
            return 0;
        };
        for arc in graph.arcs_of(a.target()) {
            if arc.tile() != SEP && arc.accepts() {
                mask |= 1 << arc.tile();
            }
        }
        return mask;
    }
    // The word is `before c after`, stored from the letter just before the square:
    // `before` nearest first, the separator, then `c after`.
    let Some(a) = graph.walk(graph.root(), before.iter().copied().chain([SEP])) else {
        return 0;
    };
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
    mask
}

/// The walk along one line.
struct Line<'a> {
    board: &'a Board,
    set: &'a TileSet,
    graph: &'a Gaddag,
    dir: Dir,
    line: usize,
    /// The letter on each square (0 empty).
    tiles: [u8; SIZE],
    /// The letters each empty square allows (bit `t` for tile `t`).
    cross: [u32; SIZE],
    anchor: [bool; SIZE],
    rack: [u8; 27],
    rack_size: usize,
    /// The word being built: a tile placed, or [`THROUGH`].
    word: [u8; SIZE],
    at_anchor: usize,
    found: &'a mut dyn FnMut(Generated),
}

impl<'a> Line<'a> {
    fn new(
        board: &'a Board,
        set: &'a TileSet,
        graph: &'a Gaddag,
        (dir, line): (Dir, usize),
        empty: bool,
        found: &'a mut dyn FnMut(Generated),
    ) -> Self {
        let mut tiles = [0; SIZE];
        let mut cross = [ANY; SIZE];
        let mut anchor = [false; SIZE];
        for (pos, t) in tiles.iter_mut().enumerate() {
            let sq = square(dir, line, pos);
            *t = letter_at(board, sq.row as isize, sq.col as isize);
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
                .any(|&(r, c)| letter_at(board, r, c) != 0);
            if anchor[pos] {
                cross[pos] = cross_check(board, graph, sq, dir.other());
            }
        }
        Line {
            board,
            set,
            graph,
            dir,
            line,
            tiles,
            cross,
            anchor,
            rack: [0; 27],
            rack_size: 0,
            word: [0; SIZE],
            at_anchor: 0,
            found,
        }
    }

    /// Each tile the rack can put on the empty square `pos` under `node`: the letter, or a
    /// jolly standing for it; `then` continues the walk after it.
    #[inline(always)]
    fn place_each<F: FnMut(&mut Self, gaddag::Arc)>(&mut self, pos: usize, node: u32, mut then: F) {
        let allowed = self.cross[pos];
        for arc in self.graph.arcs_of(node) {
            let t = arc.tile();
            if t == SEP || allowed & (1 << t) == 0 {
                continue;
            }
            for kind in [t, JOLLY] {
                let k = usize::from(kind);
                if self.rack[k] == 0 {
                    continue;
                }
                self.rack[k] -= 1;
                self.word[pos] = if kind == JOLLY { t | BLANK } else { t };
                then(self, arc);
                self.rack[k] += 1;
            }
        }
    }

    /// Fill `pos` (at or left of the anchor) from `node`; `placed` tiles so far.
    fn left(&mut self, pos: usize, node: u32, placed: usize) {
        let t = self.tiles[pos];
        if t != 0 {
            if let Some(arc) = self.graph.child(node, t) {
                self.word[pos] = THROUGH;
                self.went_left(pos, arc, placed);
            }
            return;
        }
        if placed == self.rack_size {
            return;
        }
        self.place_each(pos, node, |g, arc| g.went_left(pos, arc, placed + 1));
    }

    /// After taking `arc` for square `pos` going left: record the word if it ends here, go on
    /// left, or cross the separator and go right of the anchor.
    fn went_left(&mut self, pos: usize, arc: gaddag::Arc, placed: usize) {
        let a = self.at_anchor;
        let left_free = pos == 0 || self.tiles[pos - 1] == 0;
        let right_free = a + 1 == SIZE || self.tiles[a + 1] == 0;
        if arc.accepts() && left_free && right_free && a > pos {
            self.record(pos, a, placed);
        }
        let next = arc.target();
        if next == 0 {
            return;
        }
        if pos > 0 && (self.tiles[pos - 1] != 0 || !self.anchor[pos - 1]) {
            self.left(pos - 1, next, placed);
        }
        if left_free && a + 1 < SIZE {
            if let Some(sep) = self.graph.child(next, SEP) {
                self.right(a + 1, sep.target(), pos, placed);
            }
        }
    }

    /// Fill `pos` (right of the anchor) from `node`; the word starts at `lo`.
    fn right(&mut self, pos: usize, node: u32, lo: usize, placed: usize) {
        let t = self.tiles[pos];
        if t != 0 {
            if let Some(arc) = self.graph.child(node, t) {
                self.word[pos] = THROUGH;
                self.went_right(pos, arc, lo, placed);
            }
            return;
        }
        if placed == self.rack_size {
            return;
        }
        self.place_each(pos, node, |g, arc| g.went_right(pos, arc, lo, placed + 1));
    }

    fn went_right(&mut self, pos: usize, arc: gaddag::Arc, lo: usize, placed: usize) {
        let right_free = pos + 1 == SIZE || self.tiles[pos + 1] == 0;
        if arc.accepts() && right_free {
            self.record(lo, pos, placed);
        }
        let next = arc.target();
        if next != 0 && pos + 1 < SIZE {
            self.right(pos + 1, next, lo, placed);
        }
    }

    /// A whole word from `lo` to `hi`: the engine scores it.
    fn record(&mut self, lo: usize, hi: usize, placed: usize) {
        let play = Placement {
            at: square(self.dir, self.line, lo),
            dir: self.dir,
            word: self.word[lo..=hi].to_vec(),
        };
        let Ok(scored) = self.board.score(self.set, &play) else {
            debug_assert!(false, "the engine refuses a generated placement: {play:?}");
            return;
        };
        let bonus = if placed == self.rack_size {
            rack_bonus(self.rack_size)
        } else {
            0
        };
        (self.found)(Generated {
            play,
            score: scored.words_total() + bonus,
            tiles: placed,
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
    let mut best: Option<Generated> = None;
    each_placement(
        state.board(),
        state.set(),
        state.rack(seat),
        graph,
        &mut |g| {
            if best.as_ref().is_none_or(|b| rank(&g, b).is_lt()) {
                best = Some(g);
            }
        },
    );
    best
}

#[cfg(test)]
mod tests;
