//! Move generation (issue 14): every placement a rack can make on a board whose words are all
//! in a word graph, each with the score the engine's [`Board::score`] and the rack bonus of
//! [`rack_bonus`] give it, sorted by score; with the exchanges and the pass for the seat to move.
//!
//! The search is Gordon's GADDAG walk ([`gaddag`]) with cross-checks: per line (a row
//! across, a column down), each empty square knows which letters make a valid word across
//! the line (its cross-check). Walks start as wolges starts them (`Line::anchors`): from the
//! last tile of each run of tiles on the line (the walk reads the run leftwards once, then
//! places tiles on either side), and, for words touching no tile of the line, from the empty
//! squares with a cross word. Each walk places tiles leftwards, then crosses the separator
//! and goes right, within bounds that make every placement found once per direction.
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

/// The word graph lives with the lexicon; re-exported under its old path.
pub use crate::lexicon::gaddag;

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
    each_found_on(board, set, rack, graph, [u16::MAX; 2], found);
}

/// [`each_found`] on the lines `lines` names only (bit `l` of `lines[0]` for row `l`
/// across, of `lines[1]` for column `l` down): the endgame keeps each line's moves and
/// walks again only the lines a move changed.
pub fn each_found_on<F: FnMut(&Found)>(
    board: &Board,
    set: &TileSet,
    rack: &[u8],
    graph: &Gaddag,
    lines: [u16; 2],
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
    // On an empty board with premiums symmetric about the diagonal through the star, the
    // words down are the words across mirrored, with the same scores: walk across only and
    // hand out each word found both ways.
    let mirror = empty
        && lines == [u16::MAX; 2]
        && STAR.0 == STAR.1
        && (0..SIZE).all(|row| {
            (0..SIZE).all(|col| {
                board.premium(Square { row, col }) == board.premium(Square { row: col, col: row })
            })
        });
    let grid = grid(board);
    let root = graph.root_index();
    // The squares holding a tile, a bit per column of each row and per row of each column:
    // a line with no tile on it or beside it has nothing to walk.
    let (mut rows, mut cols) = ([0u16; SIZE + 2], [0u16; SIZE + 2]);
    for row in 0..SIZE {
        for col in 0..SIZE {
            if grid[0][row][col] != 0 {
                rows[row + 1] |= 1 << col;
                cols[col + 1] |= 1 << row;
            }
        }
    }
    for dir in [Dir::Across, Dir::Down] {
        if mirror && dir == Dir::Down {
            continue;
        }
        let masks = match dir {
            Dir::Across => &rows,
            Dir::Down => &cols,
        };
        for line in 0..SIZE {
            if lines[dir_index(dir)] & (1 << line) == 0 {
                continue;
            }
            // Empty squares with a tile next to them across the line (a cross word).
            let beside = (masks[line] | masks[line + 2]) & !masks[line + 1];
            if !empty && beside == 0 && masks[line + 1] == 0 {
                continue;
            }
            let mut g = Line::new(
                (board, &grid),
                &values,
                (graph, &root),
                (dir, line),
                beside,
                &mut *found,
            );
            if !g.playable() {
                continue;
            }
            g.mirror = mirror;
            g.rack = counts;
            g.letters = (1..27)
                .filter(|&t| counts[t] > 0)
                .fold(0, |m, t| m | 1 << t);
            g.rack_size = size;
            g.bonus = rack_bonus(size);
            g.anchors();
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

    /// The sums after a tile worth `value` (0 for a jolly) goes on square `pos` of `line`:
    /// its premiums, and the cross word it completes there if any.
    #[inline(always)]
    fn place<F>(self, line: &Line<'_, F>, pos: usize, value: u32) -> Acc {
        let lf = line.letter_factor[pos];
        Acc {
            main: self.main + value * lf,
            mult: self.mult * line.word_factor[pos],
            cross: self.cross + (line.cross_sum[pos] + value * lf) * line.cross_wf[pos],
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

/// The board's tiles as the board holds them (a jolly with [`BLANK`], 0 empty), by line:
/// `[dir][line][pos]` with [`square`]'s numbering, so a line and the lines across it are
/// read without computing squares.
type Grid = [[[u8; SIZE]; SIZE]; 2];

fn grid(board: &Board) -> Grid {
    let mut across = [[0; SIZE]; SIZE];
    let mut down = [[0; SIZE]; SIZE];
    for (row, line) in across.iter_mut().enumerate() {
        for (col, t) in line.iter_mut().enumerate() {
            *t = board.get(Square { row, col }).unwrap_or(0);
            down[col][row] = *t;
        }
    }
    [across, down]
}

/// The grid's index of a direction.
fn dir_index(dir: Dir) -> usize {
    match dir {
        Dir::Across => 0,
        Dir::Down => 1,
    }
}

/// The cross word of the empty square `at` of `line` (a line of the grid, the square's
/// line across the one being walked): the letters allowed on the square (bit `t` for tile
/// `t`), and `Some(sum of the other letters' values)` when it has a neighbour on `line`
/// (the cross word exists), `None` (and every letter) when it has none.
fn cross_check(
    line: &[u8; SIZE],
    at: usize,
    values: &Values,
    graph: &Gaddag,
    root: &gaddag::RootIndex,
) -> (u32, Option<u32>) {
    // The letters before (from `lo`) and after (to `hi`, exclusive) the square.
    let mut lo = at;
    while lo > 0 && line[lo - 1] != 0 {
        lo -= 1;
    }
    let mut hi = at + 1;
    while hi < SIZE && line[hi] != 0 {
        hi += 1;
    }
    if lo == at && hi == at + 1 {
        return (ANY, None);
    }
    let sum = line[lo..hi].iter().map(|&t| values.tile(t)).sum();
    let tile = |i: usize| line[i] & !BLANK;
    let arcs = graph.view();
    // Walk `tiles` from the root.
    let walk = |tiles: &mut dyn Iterator<Item = u8>| -> Option<gaddag::Arc> {
        let mut last = root.child(tiles.next()?)?;
        for t in tiles {
            last = arcs.child(last.target(), t)?;
        }
        Some(last)
    };
    let mut mask = 0;
    if lo == at {
        // The word is `c after`: stored reversed whole, the last letter first.
        if let Some(a) = walk(&mut (at + 1..hi).rev().map(tile)) {
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
    if let Some(a) = walk(&mut (lo..at).rev().map(tile).chain([SEP])) {
        for arc in graph.arcs_of(a.target()) {
            let ok = if hi == at + 1 {
                arc.accepts()
            } else {
                graph
                    .walk(arc.target(), (at + 1..hi).map(tile))
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
    arcs: gaddag::Arcs<'a>,
    root: u32,
    root_index: &'a gaddag::RootIndex,
    dir: Dir,
    line: usize,
    /// The letter on each square (0 empty).
    tiles: [u8; SIZE],
    /// What the tile on each covered square scores (0 for a jolly).
    held: [u32; SIZE],
    /// The letters each empty square allows (bit `t` for tile `t`).
    cross: [u32; SIZE],
    /// Empty squares with a cross word (a tile next to them across the line), and on an
    /// empty board the star: the squares a word without the line's tiles must cover.
    has_cross: [bool; SIZE],
    /// For an empty square with a cross word: the other letters' values in it, and the
    /// square's word factor (0 without a cross word, so that it adds nothing).
    cross_sum: [u32; SIZE],
    cross_wf: [u32; SIZE],
    /// Each square's premium, as letter and word factors.
    letter_factor: [u32; SIZE],
    word_factor: [u32; SIZE],
    rack: [u8; 27],
    /// Bit `t` set while the rack holds letter `t`.
    letters: u32,
    rack_size: usize,
    /// The bonus for placing the whole rack.
    bonus: u32,
    /// The word being built: a tile placed, or [`THROUGH`] (twice a line long, so that a
    /// word's copy has a fixed size).
    word: [u8; 2 * SIZE],
    /// The walk's start (see [`Line::anchors`]), and the squares it may fill: from `lo`
    /// going left, before `hi` going right.
    anchor: usize,
    lo: usize,
    hi: usize,
    /// Hand out each word found also mirrored about the diagonal (see [`each_found`]).
    mirror: bool,
    found: &'a mut F,
}

impl<'a, F: FnMut(&Found)> Line<'a, F> {
    fn new(
        (board, grid): (&'a Board, &Grid),
        values: &'a Values,
        (graph, root): (&'a Gaddag, &'a gaddag::RootIndex),
        (dir, line): (Dir, usize),
        beside: u16,
        found: &'a mut F,
    ) -> Self {
        let mut tiles = [0; SIZE];
        let mut held = [0; SIZE];
        let mut cross = [ANY & values.known; SIZE];
        let mut has_cross = [false; SIZE];
        let mut cross_sum = [0; SIZE];
        let mut cross_wf = [0; SIZE];
        let mut letter_factor = [1; SIZE];
        let mut word_factor = [1; SIZE];
        for pos in 0..SIZE {
            let sq = square(dir, line, pos);
            let t = grid[dir_index(dir)][line][pos];
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
            if (sq.row, sq.col) == STAR && board.is_empty() {
                has_cross[pos] = true;
                continue;
            }
            if beside & (1 << pos) != 0 {
                let across = &grid[dir_index(dir.other())][pos];
                let (mask, sum) = cross_check(across, line, values, graph, root);
                has_cross[pos] = true;
                cross[pos] = mask & values.known;
                if let Some(sum) = sum {
                    cross_sum[pos] = sum;
                    cross_wf[pos] = word_factor[pos];
                }
            }
        }
        Line {
            values,
            arcs: graph.view(),
            root: graph.root(),
            root_index: root,
            dir,
            line,
            tiles,
            held,
            cross,
            has_cross,
            cross_sum,
            cross_wf,
            letter_factor,
            word_factor,
            rack: [0; 27],
            letters: 0,
            rack_size: 0,
            bonus: 0,
            word: [0; 2 * SIZE],
            anchor: 0,
            lo: 0,
            hi: 0,
            mirror: false,
            found,
        }
    }

    /// Whether the line has anything to start a walk from.
    fn playable(&self) -> bool {
        self.has_cross.contains(&true) || self.tiles.iter().any(|&t| t != 0)
    }

    /// Every walk of the line, each placement found once (wolges' scheme, from right to
    /// left). A run of tiles starts a walk at its last tile: the walk reads the run
    /// leftwards, then may place tiles left of it without bound (going through runs further
    /// left) and right of it up to, not including, the square before the next run (a word
    /// reaching that square holds the next run: its walk finds it). Between runs, a square
    /// with a cross word starts a walk for the words touching no run: it may not fill the
    /// squares next to a run, and going right stops before the next such square (whose walk
    /// finds the words covering both).
    fn anchors(&mut self) {
        let mut leftmost = SIZE;
        loop {
            let mut rightmost = leftmost;
            while leftmost > 0 && self.tiles[leftmost - 1] == 0 {
                leftmost -= 1;
            }
            if leftmost > 0 {
                self.start(leftmost - 1, 0, rightmost);
            }
            let lm = leftmost + usize::from(leftmost > 0);
            for anchor in (lm..rightmost).rev() {
                if self.has_cross[anchor] {
                    if rightmost - lm < 2 {
                        break;
                    }
                    // (A square no rack tile can fill still bounds the walks.)
                    if self.usable(anchor) != 0 {
                        self.start(anchor, lm, rightmost);
                    }
                    rightmost = anchor;
                }
            }
            loop {
                if leftmost <= 2 {
                    return;
                }
                leftmost -= 1;
                if self.tiles[leftmost] == 0 {
                    break;
                }
            }
        }
    }

    fn start(&mut self, anchor: usize, lo: usize, hi: usize) {
        self.anchor = anchor;
        self.lo = lo;
        self.hi = hi;
        let t = self.tiles[anchor];
        if t == 0 {
            self.left(anchor + 1, self.root, false, 0, Acc::START);
            return;
        }
        // The last tile of a run: its first step from the root by the index.
        let Some(arc) = self.root_index.child(t) else {
            return;
        };
        self.word[anchor] = THROUGH;
        let acc = Acc {
            main: self.held[anchor],
            ..Acc::START
        };
        self.left(anchor, arc.target(), arc.accepts(), 0, acc);
    }

    /// The letters the rack can put on the empty square `pos`: the cross word's and the
    /// rack's (any of the cross word's while a jolly is left).
    #[inline(always)]
    fn usable(&self, pos: usize) -> u32 {
        if self.rack[usize::from(JOLLY)] > 0 {
            self.cross[pos]
        } else {
            self.cross[pos] & self.letters
        }
    }

    /// Squares `start..=anchor` are read (`node` the arcs after them, `accepts` whether
    /// they are a word); read the tiles further left, record the word, then cross the
    /// separator and go right, or place a tile on the square before.
    fn left(
        &mut self,
        mut start: usize,
        mut node: u32,
        mut accepts: bool,
        placed: usize,
        mut acc: Acc,
    ) {
        let arcs = self.arcs;
        while start > 0 && self.tiles[start - 1] != 0 {
            let i = start - 1;
            let Some(arc) = arcs.child(node, self.tiles[i]) else {
                return;
            };
            self.word[i] = THROUGH;
            acc.main += self.held[i];
            node = arc.target();
            accepts = arc.accepts();
            start = i;
        }
        let a = self.anchor;
        if accepts && placed > 0 && a > start {
            self.record(start, a, placed, acc);
        }
        // Whether a tile may go right of the anchor, or on the square before `start`;
        // when neither, the node is not read (most reads of a node miss the cache).
        let can_right = a + 1 < self.hi;
        let can_left = start > self.lo;
        if node == 0 || placed == self.rack_size || !(can_right || can_left) {
            return;
        }
        let mut p = node;
        let first = arcs.arc(p);
        if first.tile() == SEP {
            if can_right && first.target() != 0 {
                self.right(a + 1, first.target(), start, placed, acc);
            }
            if first.last() || !can_left {
                return;
            }
            p += 1;
        } else if !can_left {
            return;
        }
        let pos = start - 1;
        let usable = self.usable(pos);
        let j = usize::from(JOLLY);
        loop {
            let arc = arcs.arc(p);
            let t = arc.tile();
            // Arcs are sorted by tile: none usable from here on.
            if usable >> t == 0 {
                return;
            }
            if usable & (1 << t) != 0 {
                let k = usize::from(t);
                if self.rack[k] > 0 {
                    let next = acc.place(self, pos, self.values.of[k]);
                    self.take(k);
                    self.word[pos] = t;
                    self.left(pos, arc.target(), arc.accepts(), placed + 1, next);
                    self.put_back(k);
                }
                if self.rack[j] > 0 {
                    let next = acc.place(self, pos, 0);
                    self.rack[j] -= 1;
                    self.word[pos] = t | BLANK;
                    self.left(pos, arc.target(), arc.accepts(), placed + 1, next);
                    self.rack[j] += 1;
                }
            }
            if arc.last() {
                return;
            }
            p += 1;
        }
    }

    /// Place a tile on the empty square `pos` (right of the anchor, before `hi`) from
    /// `node`; the word starts at `lo`.
    fn right(&mut self, pos: usize, node: u32, lo: usize, placed: usize, acc: Acc) {
        let arcs = self.arcs;
        if placed == self.rack_size {
            return;
        }
        let usable = self.usable(pos);
        let further = pos + 1 < self.hi;
        let j = usize::from(JOLLY);
        let mut p = node;
        loop {
            let arc = arcs.arc(p);
            let t = arc.tile();
            if usable >> t == 0 {
                return;
            }
            if usable & (1 << t) != 0 {
                let k = usize::from(t);
                if self.rack[k] > 0 {
                    let next = acc.place(self, pos, self.values.of[k]);
                    self.word[pos] = t;
                    if arc.accepts() {
                        self.record(lo, pos, placed + 1, next);
                    }
                    if further && arc.target() != 0 && placed + 1 < self.rack_size {
                        self.take(k);
                        self.right(pos + 1, arc.target(), lo, placed + 1, next);
                        self.put_back(k);
                    }
                }
                if self.rack[j] > 0 {
                    let next = acc.place(self, pos, 0);
                    self.word[pos] = t | BLANK;
                    if arc.accepts() {
                        self.record(lo, pos, placed + 1, next);
                    }
                    if further && arc.target() != 0 && placed + 1 < self.rack_size {
                        self.rack[j] -= 1;
                        self.right(pos + 1, arc.target(), lo, placed + 1, next);
                        self.rack[j] += 1;
                    }
                }
            }
            if arc.last() {
                return;
            }
            p += 1;
        }
    }

    #[inline(always)]
    fn take(&mut self, k: usize) {
        self.rack[k] -= 1;
        if self.rack[k] == 0 {
            self.letters &= !(1 << k);
        }
    }

    #[inline(always)]
    fn put_back(&mut self, k: usize) {
        self.rack[k] += 1;
        self.letters |= 1 << k;
    }

    /// A whole word from `lo` to `hi`, scored as the walk went.
    #[inline(always)]
    fn record(&mut self, lo: usize, hi: usize, placed: usize, acc: Acc) {
        let bonus = if placed == self.rack_size {
            self.bonus
        } else {
            0
        };
        // A copy of fixed size (the buffer is twice a line long), then the tail cleared:
        // no call to `memcpy` per move.
        let len = hi - lo + 1;
        let mut word: [u8; SIZE] = self.word[lo..lo + SIZE].try_into().unwrap_or([0; SIZE]);
        for (i, b) in word.iter_mut().enumerate() {
            if i >= len {
                *b = 0;
            }
        }
        let mut f = Found {
            at: square(self.dir, self.line, lo),
            dir: self.dir,
            score: acc.main * acc.mult + acc.cross + bonus,
            tiles: placed as u8,
            len: len as u8,
            word,
        };
        (self.found)(&f);
        if self.mirror {
            f.at = Square {
                row: f.at.col,
                col: f.at.row,
            };
            f.dir = f.dir.other();
            (self.found)(&f);
        }
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
pub(crate) mod tests;
