//! The solitaire (QX-11) solved for a known pile: the highest score reachable
//! by someone who sees the pile's order, and a greedy player to compare with.
//!
//! A beam search first finds a good line ([`Search::beam`]): placement by
//! placement it keeps the few thousand positions best by score so far (less
//! 10 for each of the 4 draws the grid needs and not yet made), so early
//! choices are compared side by side, which the depth-first search below
//! cannot afford. Then a depth-first branch and bound over (card, cell)
//! choices, best immediate score first, starts from the better of that line
//! and the greedy player's, and tries to prove it or find better. It
//! gives one of three answers ([`Answer`]): the optimum, proved (the search
//! was exhaustive under the pruning below); the best score found when it
//! stopped at a stated node bound; or that no line of play fills the grid
//! (the deal is lost whatever one does).
//!
//! # Pruning, and why it never discards a better line
//!
//! **The upper bound** ([`Search::bound`]) never undercounts what the rest of
//! the game can score, because each part of a placement's score is bounded
//! where it can arise:
//! - base points and pairs arise on an edge between two cells, once, when
//!   the second card arrives. An edge from a card on the grid to a free cell
//!   is bounded with the free cell's best card among those still to come
//!   (hand and the rest of the pile) over all its placed neighbours at once;
//!   an edge between two free cells by the best any two cards can do (13: two
//!   9s make 8 plus a pair);
//! - runs and sets arise on a line (rows and columns in the solitaire) only
//!   when the placed card ends up among 3+ contiguous cards of the line: in
//!   a line of 4 cells that is at most its last two placements, each worth at
//!   most 30 (a set) or 20 (a run), and only if some 3 adjacent cells of the
//!   line with a free cell can still become a set or a run with the cards to
//!   come (a valley needs 5 cells: none in the solitaire);
//! - Ace and Crown arise once per suit at most, worth at most the suit values
//!   of the cards of that suit placed or to come;
//! - the smaller of that and two per-cell bounds is taken: each free cell's
//!   best card to come with its placed neighbours, an edge to a later free
//!   cell at that card's best edge with any other card to come, its row's and
//!   column's best run or set through it, and an Ace-and-Crown bonus where
//!   its partner is or can still come next to it; or the same without lines,
//!   plus each line's cap (two scoring placements on a line of 4 are at most
//!   two runs, 40, or a set, 30; 60 only with four Pawns to come);
//! - colour lines (a full line of 4) and squares once each at most;
//! - at the end, cards left in hand cost at least the smallest penalties of
//!   the cards to come, as many as the hand exceeds the free cells.
//!
//! Measured (see `bench/benches/quincunx.rs`): the bound is loose at the start of
//! a deal (about 1,000 against optima near 150), so whole deals are seldom
//! proved within the default node bound and the usual answer is the best line
//! found; positions a few placements from the end are proved quickly (the
//! tests compare them with an exhaustive search).
//!
//! **Stopped at a bound**, the best line found is polished ([`super::order`]):
//! its grid played in the best order, found exactly, then grids two swapped
//! cards away; the answer stays `GaveUp`, with the better line.
//!
//! **Positions.** The cards drawn are a prefix of the pile, so the grid and the
//! number drawn fix the hand: that pair is the position's exact key. A
//! position searched to the end with the best total `b` found so far cannot
//! give a total above `b` from score `g`: its future is at most `b - g` (every
//! cut-off branch was cut because it could not beat the best then known). The
//! table keeps that upper bound, and a position reached again from a score
//! that cannot beat the best with it is dropped. A position whose every line
//! fails to fill the grid is kept as lost.
//!
//! **Starved positions** ([`Search::starved`]) are dropped by both searches:
//! the hand and every card the position can still draw are fewer than its
//! free squares. Two cards draw together at most once, so the draws to come
//! are at most the pairs summing 11 or 20 among the cards in play; a deal
//! whose start is starved is proved lost without a search.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::cards::{add_suit_value, penalty, penalty_of, tables, Tables, EMPTY};
use super::grid::{Cell, Shape, ORTHO, PADDED, STRIDE};
use super::round::{Move, RoundSetup, Setup};
use super::score::Scorer;
use super::Rules;
use crate::decktet::{Card, Rank};

/// Bounds on a search: when one is reached the answer is [`Answer::GaveUp`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Positions generated, at most.
    pub max_nodes: u64,
    /// Entries in the table of positions, at most (about 32 bytes each).
    pub max_table: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: 2_000_000,
            max_table: 4_000_000,
        }
    }
}

/// A line of play and its total (placements less the cards left in hand).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub score: i32,
    pub moves: Vec<Move>,
}

/// The three answers of the solver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The highest total reachable, proved, with a line that reaches it.
    Optimal(Line),
    /// The search stopped at the node or table bound: the best line found
    /// (none if no line filling the grid was found).
    GaveUp { best: Option<Line>, bound: String },
    /// No line of play fills the grid (QX-11: lost), proved.
    Lost,
}

impl Answer {
    /// `optimal`, `best-found` or `lost`, as reports print it.
    pub fn verdict(&self) -> &'static str {
        match self {
            Answer::Optimal(_) => "optimal",
            Answer::GaveUp { .. } => "best-found",
            Answer::Lost => "lost",
        }
    }
    pub fn score(&self) -> Option<i32> {
        match self {
            Answer::Optimal(l) | Answer::GaveUp { best: Some(l), .. } => Some(l.score),
            _ => None,
        }
    }
}

/// What a search did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    pub stored: u64,
}

/// The solitaire's 16 cells as padded positions, and its 8 lines.
const SIDE: usize = 4;

fn pos(col: usize, row: usize) -> usize {
    (row + 1) * STRIDE + col + 1
}

fn lines() -> [[usize; SIDE]; 8] {
    let mut out = [[0; SIDE]; 8];
    for i in 0..SIDE {
        out[i] = std::array::from_fn(|j| pos(j, i));
        out[SIDE + i] = std::array::from_fn(|j| pos(i, j));
    }
    out
}

/// A position of the solitaire: the grid, the hand and the cards drawn.
#[derive(Clone)]
struct State {
    cells: [u8; PADDED],
    suit_sum: [u16; 6],
    hand: u64,
    drawn: usize,
    free: u32,
}

/// FxHash-style hasher for the exact 128-bit keys.
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(*b as u64);
        }
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A position's future is at most this (the table's entries), or lost.
const LOST: i32 = i32::MIN / 4;

struct Search<'a> {
    scorer: Scorer,
    t: &'static Tables,
    colour: bool,
    pile: &'a [u8],
    /// Cards of the pile from position i on, as a mask.
    rest: Vec<u64>,
    /// For each card, the cards it draws with (sum 11 or 20), as a mask.
    draws_with: [u64; 64],
    cells16: [usize; 16],
    lines: [[usize; SIDE]; 8],
    /// Base points plus pair of two cards, by index.
    edge: Box<[[i8; 64]; 64]>,
    /// The best an edge between two free cells can give.
    edge_max: i32,
    table: HashMap<u128, i32, BuildHasherDefault<KeyHasher>>,
    limits: Limits,
    stats: Stats,
    best: i32,
    best_path: Vec<(u8, u8)>,
    path: Vec<(u8, u8)>,
    stopped: Option<String>,
}

fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

impl<'a> Search<'a> {
    fn new(rules: &Rules, pile: &'a [u8], limits: Limits) -> Search<'a> {
        let t = tables(rules.pawns);
        let mut rest = vec![0u64; pile.len() + 1];
        for i in (0..pile.len()).rev() {
            rest[i] = rest[i + 1] | 1 << pile[i];
        }
        let mut cells16 = [0; 16];
        for (i, c) in cells16.iter_mut().enumerate() {
            *c = pos(i % SIDE, i / SIDE);
        }
        let mut edge = Box::new([[0i8; 64]; 64]);
        let mut edge_max = 0;
        for a in 0..64 {
            for b in 0..64 {
                let pair = (a != b && t.class[a] == t.class[b] && a < 45) as i8 * 5;
                edge[a][b] = t.base[a][b] + pair;
                edge_max = edge_max.max(edge[a][b] as i32);
            }
        }
        let mut draws_with = [0u64; 64];
        for (a, m) in draws_with.iter_mut().enumerate() {
            for b in 0..64 {
                if a != b && t.draw[a][b] != 0 {
                    *m |= 1 << b;
                }
            }
        }
        Search {
            scorer: Scorer::new(rules, Shape::Solitaire),
            t,
            draws_with,
            colour: rules.colour_bonus,
            pile,
            rest,
            cells16,
            lines: lines(),
            edge,
            edge_max,
            table: HashMap::default(),
            limits,
            stats: Stats::default(),
            best: i32::MIN,
            best_path: Vec::new(),
            path: Vec::new(),
            stopped: None,
        }
    }

    fn key(&self, st: &State) -> u128 {
        let mut k = st.drawn as u128;
        for &p in &self.cells16 {
            let c = st.cells[p];
            k = k << 6 | if c == EMPTY { 63 } else { c as u128 };
        }
        k
    }

    /// Whether `st` can never fill the grid because it cannot get the cards:
    /// the hand and every card it can still draw are fewer than the free
    /// squares. Two cards draw together at most once (one edge), so the
    /// draws to come are at most the pairs summing 11 or 20 not both on the
    /// grid, among the cards on the grid, in hand, and drawable by those
    /// pairs (a pile card counts once enough pairs come before it).
    fn starved(&self, st: &State) -> bool {
        let hand = st.hand.count_ones();
        if hand == 0 {
            return true;
        }
        if (self.pile.len() - st.drawn) as u32 + hand < st.free {
            return true;
        }
        let grid = self
            .cells16
            .iter()
            .filter(|&&p| st.cells[p] < 64)
            .fold(0u64, |m, &p| m | 1 << st.cells[p]);
        let mut drawn = st.drawn;
        loop {
            let free = st.hand | (self.rest[st.drawn] & !self.rest[drawn]);
            let (mut with_grid, mut within) = (0, 0);
            for a in bits(free) {
                with_grid += (self.draws_with[a] & grid).count_ones();
                within += (self.draws_with[a] & free).count_ones();
            }
            let can = (st.drawn + (with_grid + within / 2) as usize).min(self.pile.len());
            if can <= drawn {
                break;
            }
            drawn = can;
        }
        hand + ((drawn - st.drawn) as u32) < st.free
    }

    /// Every placement from `st`, best immediate score first.
    fn moves(&self, st: &State) -> Vec<(i32, u32, u8, u8)> {
        let mut out = Vec::with_capacity(st.hand.count_ones() as usize * st.free as usize);
        for card in bits(st.hand) {
            for &p in &self.cells16 {
                if st.cells[p] == EMPTY {
                    let (pts, draws) = self.scorer.quick(&st.cells, &st.suit_sum, p, card as u8);
                    out.push((pts, draws, card as u8, p as u8));
                }
            }
        }
        out.sort_by(|a, b| {
            (b.0, b.1)
                .cmp(&(a.0, a.1))
                .then((a.2, a.3).cmp(&(b.2, b.3)))
        });
        out
    }

    fn child(&self, st: &State, card: u8, p: u8, draws: u32) -> State {
        let mut c = st.clone();
        c.cells[p as usize] = card;
        add_suit_value(
            &mut c.suit_sum,
            Card::from_index(card as usize).expect("a card"),
        );
        c.hand &= !(1 << card);
        c.free -= 1;
        for _ in 0..draws {
            if let Some(&d) = self.pile.get(c.drawn) {
                c.hand |= 1 << d;
                c.drawn += 1;
            }
        }
        c
    }

    /// An upper bound on what the rest of the game adds to the score (see
    /// the module docs): the smaller of two bounds, one by edges and lines,
    /// one by cells, plus colour, less the cards that must stay in hand.
    fn bound(&self, st: &State) -> i32 {
        let t = self.t;
        let avail = st.hand | self.rest[st.drawn];
        let cells = &st.cells;
        let mut list = [0usize; 64];
        let mut na = 0;
        for k in bits(avail) {
            list[na] = k;
            na += 1;
        }
        let list = &list[..na];
        let mut class_count = [0u8; 256];
        let mut run_ranks = 0u32;
        let mut suit_avail = [0i32; 6];
        for &k in list {
            class_count[t.class[k] as usize] += 1;
            if t.run[k] <= 11 {
                run_ranks |= 1 << t.run[k];
            }
            for (s, sum) in suit_avail.iter_mut().enumerate() {
                if t.suits[k] & 1 << s != 0 {
                    *sum += t.suit_value[k] as i32;
                }
            }
        }
        // Ace and Crown, per suit: one bonus at most, when the second arrives,
        // worth at most the suit values placed and to come.
        let mut ac = [0i32; 6];
        for (s, v) in ac.iter_mut().enumerate() {
            let (ace, crown) = ACE_CROWN[s];
            let on = |c: usize| avail & 1 << c == 0;
            if on(ace) && on(crown) {
                continue;
            }
            let placed = st.suit_sum[s] as i32
                - if on(ace) { 1 } else { 0 }
                - if on(crown) { 10 } else { 0 };
            let coming =
                suit_avail[s] - if on(ace) { 0 } else { 1 } - if on(crown) { 0 } else { 10 };
            *v = placed + coming;
        }
        // The best edge each card can make with another card to come.
        let mut partner = [0i32; 64];
        for &k in list {
            partner[k] = list
                .iter()
                .filter(|&&b| b != k)
                .map(|&b| self.edge[k][b] as i32)
                .max()
                .unwrap_or(0);
        }
        // Bound A: edges one by one, lines capped, Ace and Crown per suit.
        // Bound B: each free cell's best card with its neighbours, lines and
        // Ace and Crown; an edge between free cells counts at its later cell.
        let mut part_a = ac.iter().sum::<i32>();
        let mut part_b = 0;
        // Bound C: bound B without lines, plus the lines' caps.
        let mut part_c = 0;
        let mut free_edges = 0;
        for &p in &self.cells16 {
            if cells[p] != EMPTY {
                continue;
            }
            let mut nbrs = [0usize; 4];
            let mut n = 0;
            let mut later_empty = 0;
            let mut any_empty = false;
            for d in ORTHO {
                let q = (p as isize + d) as usize;
                match cells[q] {
                    EMPTY => {
                        any_empty = true;
                        if q > p {
                            later_empty += 1;
                        }
                    }
                    c if c < 64 => {
                        nbrs[n] = c as usize;
                        n += 1;
                    }
                    _ => {}
                }
            }
            free_edges += later_empty;
            let nbrs = &nbrs[..n];
            if n > 0 {
                part_a += list
                    .iter()
                    .map(|&k| nbrs.iter().map(|&x| self.edge[k][x] as i32).sum::<i32>())
                    .max()
                    .unwrap_or(0);
            }
            let mut line_cache = [-1i32; 256];
            let mut best = 0;
            let mut best_plain = 0;
            for &k in list {
                let cls = t.class[k] as usize;
                if line_cache[cls] < 0 {
                    line_cache[cls] = self.line_value(cells, p, k, &class_count, run_ranks);
                }
                let mut v = later_empty * partner[k];
                for &x in nbrs {
                    v += self.edge[k][x] as i32;
                }
                if t.ace_crown[k] != 0 {
                    let s = t.suits[k].trailing_zeros() as usize;
                    let (ace, crown) = ACE_CROWN[s];
                    let other = if k == ace { crown } else { ace };
                    let reachable = if avail & 1 << other != 0 {
                        any_empty
                    } else {
                        nbrs.contains(&other)
                    };
                    if reachable {
                        v += ac[s];
                    }
                }
                best_plain = best_plain.max(v);
                best = best.max(v + line_cache[cls]);
            }
            part_b += best;
            part_c += best_plain;
        }
        part_a += free_edges * self.edge_max;
        for line in &self.lines {
            let free = line.iter().filter(|&&p| cells[p] == EMPTY).count();
            if free == 0 {
                continue;
            }
            let mut bonus = 0;
            for w in 0..=SIDE - 3 {
                let win = &line[w..w + 3];
                if win.iter().all(|&p| cells[p] != EMPTY) {
                    continue;
                }
                if bonus < 30 && self.set_feasible(cells, win, &class_count) {
                    bonus = 30;
                }
                if bonus < 20 && self.run_feasible(cells, win, run_ranks) {
                    bonus = 20;
                }
            }
            // Two scoring placements on a line of 4 are two runs (3-4-5 then
            // 6): a set of 3 leaves no room for a run or a fourth of the rank,
            // except with four Pawns.
            let cap = match (free, bonus) {
                (1, b) => b,
                (_, 30) if class_count.iter().any(|&n| n >= 4) => 60,
                (_, 30) if self.run_anywhere(cells, line, run_ranks) => 40,
                (_, 20) => 40,
                (_, b) => b,
            };
            part_a += cap;
            part_c += cap;
        }
        let mut ub = part_a.min(part_b).min(part_c);
        if self.colour {
            let common = |sq: &[usize]| {
                sq.iter()
                    .filter(|&&p| cells[p] != EMPTY)
                    .fold(0x3f, |m, &p| m & t.suits[cells[p] as usize])
            };
            for line in &self.lines {
                if line.iter().any(|&p| cells[p] == EMPTY) && common(line) != 0 {
                    ub += 10;
                }
            }
            for r in 0..SIDE - 1 {
                for c in 0..SIDE - 1 {
                    let sq = [pos(c, r), pos(c + 1, r), pos(c, r + 1), pos(c + 1, r + 1)];
                    if sq.iter().any(|&p| cells[p] == EMPTY) && common(&sq) != 0 {
                        ub += 10;
                    }
                }
            }
        }
        // Cards left at the end.
        let over = st.hand.count_ones() as i32 - st.free as i32;
        if over > 0 {
            let mut pens: Vec<i32> = list.iter().map(|&k| PENALTY[k]).collect();
            pens.sort_unstable();
            ub -= pens.iter().take(over as usize).sum::<i32>();
        }
        ub
    }

    /// The most a card `k` on `p` can score for runs and sets on its row and
    /// column: per line 30 if some 3 adjacent cells with it can still be a
    /// set, else 20 if a run.
    fn line_value(
        &self,
        cells: &[u8; PADDED],
        p: usize,
        k: usize,
        count: &[u8; 256],
        ranks: u32,
    ) -> i32 {
        let t = self.t;
        let cls = t.class[k];
        let rk = t.run[k] as i32;
        let mut total = 0;
        for line in &self.lines {
            let Some(i) = line.iter().position(|&q| q == p) else {
                continue;
            };
            let mut best = 0;
            for w in i.saturating_sub(2)..=i.min(SIDE - 3) {
                let others = (w..w + 3).filter(|&j| j != i);
                let mut empties = 0u8;
                let set = others.clone().all(|j| match cells[line[j]] {
                    EMPTY => {
                        empties += 1;
                        true
                    }
                    c => t.class[c as usize] == cls,
                });
                if set && count[cls as usize] > empties {
                    best = 30;
                    break;
                }
                let run = [1i32, -1].into_iter().any(|step| {
                    others.clone().all(|j| {
                        let want = rk + step * (j as i32 - i as i32);
                        (1..=11).contains(&want)
                            && match cells[line[j]] {
                                EMPTY => ranks & 1 << want != 0,
                                c => t.run[c as usize] as i32 == want,
                            }
                    })
                });
                if run {
                    best = 20;
                }
            }
            total += best;
        }
        total
    }

    /// Some window of the line with a free cell can still be a run.
    fn run_anywhere(&self, cells: &[u8; PADDED], line: &[usize; SIDE], ranks: u32) -> bool {
        (0..=SIDE - 3).any(|w| {
            let win = &line[w..w + 3];
            win.iter().any(|&p| cells[p] == EMPTY) && self.run_feasible(cells, win, ranks)
        })
    }

    fn set_feasible(&self, cells: &[u8; PADDED], win: &[usize], count: &[u8; 256]) -> bool {
        let t = self.t;
        let filled: Vec<u8> = win
            .iter()
            .map(|&p| cells[p])
            .filter(|&c| c != EMPTY)
            .collect();
        let need = (win.len() - filled.len()) as u8;
        match filled.first() {
            Some(&c) => {
                let cls = t.class[c as usize];
                filled.iter().all(|&x| t.class[x as usize] == cls)
                    && count[cls as usize] >= need
                    && !t.blank[c as usize]
            }
            None => (1..=12).any(|cls| count[cls] >= 3),
        }
    }

    fn run_feasible(&self, cells: &[u8; PADDED], win: &[usize], ranks: u32) -> bool {
        let t = self.t;
        let fits = |r0: i32, step: i32| {
            win.iter().enumerate().all(|(i, &p)| {
                let want = r0 + step * i as i32;
                (1..=11).contains(&want)
                    && match cells[p] {
                        EMPTY => ranks & 1 << want != 0,
                        c => t.run[c as usize] as i32 == want,
                    }
            })
        };
        match win.iter().position(|&p| cells[p] != EMPTY) {
            // The filled card fixes the window's first rank for each step.
            Some(i) => {
                let r = t.run[cells[win[i]] as usize] as i32;
                [1, -1]
                    .into_iter()
                    .any(|step| fits(r - step * i as i32, step))
            }
            None => (1..=11).any(|r0| fits(r0, 1)),
        }
    }

    /// Beam search for a good line: placement by placement, the `width`
    /// positions best by score so far, less 10 for each card the grid needs
    /// drawn and not drawn yet (the solitaire's 12 squares need the hand's 8
    /// and 4 more, so a position short of draws is worth less than its
    /// score says); a position reached twice keeps its better score.
    /// Returns the best total of a filled grid from `start` and its moves.
    fn beam(&mut self, start: &State, width: usize, per_draw: i32) -> Option<(i32, Vec<(u8, u8)>)> {
        /// A position of a level: its score, where it came from (index in
        /// the level before) and the move that made it.
        struct Node {
            g: i32,
            st: State,
            parent: u32,
            mv: (u8, u8),
        }
        // The draws the grid needs: its free squares less the hand (4 in the
        // solitaire).
        let need = start.drawn as i32 + start.free as i32 - start.hand.count_ones() as i32;
        let short = |st: &State| -> i32 { (st.drawn as i32 - need).min(0) * per_draw };
        let mut levels: Vec<Vec<Node>> = vec![vec![Node {
            g: 0,
            st: start.clone(),
            parent: 0,
            mv: (0, 0),
        }]];
        let mut seen: HashMap<u128, u32, BuildHasherDefault<KeyHasher>> = HashMap::default();
        while levels
            .last()
            .is_some_and(|l| l.first().is_some_and(|n| n.st.free > 0))
        {
            let level = levels.last().expect("a level");
            let mut next: Vec<(u128, Node)> = Vec::new();
            seen.clear();
            for (i, n) in level.iter().enumerate() {
                let st = &n.st;
                if self.starved(st) {
                    continue;
                }
                for card in bits(st.hand) {
                    for &p in &self.cells16 {
                        if st.cells[p] != EMPTY {
                            continue;
                        }
                        let (pts, draws) =
                            self.scorer.quick(&st.cells, &st.suit_sum, p, card as u8);
                        self.stats.nodes += 1;
                        let child = self.child(st, card as u8, p as u8, draws);
                        let key = self.key(&child);
                        let node = Node {
                            g: n.g + pts,
                            st: child,
                            parent: i as u32,
                            mv: (card as u8, p as u8),
                        };
                        match seen.get(&key) {
                            Some(&j) if next[j as usize].1.g >= node.g => {}
                            Some(&j) => next[j as usize] = (key, node),
                            None => {
                                seen.insert(key, next.len() as u32);
                                next.push((key, node));
                            }
                        }
                    }
                }
            }
            // Best first; equal values by position key, so the order of
            // expansion never matters.
            let rank = |x: &(u128, Node)| (std::cmp::Reverse(x.1.g + short(&x.1.st)), x.0);
            if next.len() > width {
                next.select_nth_unstable_by_key(width - 1, rank);
                next.truncate(width);
            }
            next.sort_unstable_by_key(rank);
            levels.push(next.into_iter().map(|x| x.1).collect());
        }
        let last = levels.last().expect("a level");
        let (mut i, total) = last
            .iter()
            .enumerate()
            .filter(|(_, n)| n.st.free == 0)
            .map(|(i, n)| (i, n.g - penalty_of(n.st.hand)))
            .max_by_key(|&(i, total)| (total, std::cmp::Reverse(i)))?;
        let mut line = Vec::with_capacity(levels.len() - 1);
        for level in levels[1..].iter().rev() {
            line.push(level[i].mv);
            i = level[i].parent as usize;
        }
        line.reverse();
        Some((total, line))
    }

    fn dfs(&mut self, st: &State, g: i32) {
        if st.free == 0 {
            let total = g - penalty_of(st.hand);
            if total > self.best {
                self.best = total;
                self.best_path = self.path.clone();
            }
            return;
        }
        if self.starved(st) {
            return;
        }
        let key = self.key(st);
        if let Some(&u) = self.table.get(&key) {
            if u == LOST || (self.best != i32::MIN && g + u <= self.best) {
                return;
            }
        }
        if self.best != i32::MIN && g + self.bound(st) <= self.best {
            return;
        }
        for (pts, draws, card, p) in self.moves(st) {
            self.stats.nodes += 1;
            if self.stats.nodes >= self.limits.max_nodes {
                self.stopped = Some(format!(
                    "the node bound ({} positions)",
                    self.limits.max_nodes
                ));
                return;
            }
            let child = self.child(st, card, p, draws);
            self.path.push((card, p));
            self.dfs(&child, g + pts);
            self.path.pop();
            if self.stopped.is_some() {
                return;
            }
        }
        if self.table.len() >= self.limits.max_table {
            self.stopped = Some(format!(
                "the table bound ({} positions)",
                self.limits.max_table
            ));
            return;
        }
        let u = if self.best == i32::MIN {
            LOST
        } else {
            self.best - g
        };
        let e = self.table.entry(key).or_insert(u);
        *e = (*e).min(u);
    }
}

/// The Ace and the Crown of each suit, by card index.
static ACE_CROWN: std::sync::LazyLock<[(usize, usize); 6]> = std::sync::LazyLock::new(|| {
    let mut out = [(0, 0); 6];
    for c in Card::all() {
        if let Some(s) = c.suits().iter().next() {
            match c.rank() {
                Rank::Ace => out[s as usize].0 = c.index(),
                Rank::Crown => out[s as usize].1 = c.index(),
                _ => {}
            }
        }
    }
    out
});

static PENALTY: std::sync::LazyLock<[i32; 64]> = std::sync::LazyLock::new(|| {
    let mut out = [0; 64];
    for c in Card::all() {
        out[c.index()] = penalty(c);
    }
    out
});

fn start_state(deal: &RoundSetup) -> State {
    let board = deal.start_board(Shape::Solitaire);
    State {
        cells: board.cells,
        suit_sum: board.suit_sum,
        hand: deal.hands[0].iter().fold(0, |m, c| m | 1 << c.index()),
        drawn: 0,
        free: (16 - deal.grid.len()) as u32,
    }
}

fn to_moves(path: &[(u8, u8)]) -> Vec<Move> {
    path.iter()
        .map(|&(card, p)| Move {
            player: 0,
            card: Card::from_index(card as usize).expect("a card"),
            cell: Cell::from_pos(p as usize).expect("a cell"),
            announced: None,
            noticed_by: None,
        })
        .collect()
}

/// The greedy player: each turn the placement scoring most now, a draw
/// counted as 10 points while the hand (less the card placed) is smaller than
/// the free squares left (more draws, then the first card and cell, on a
/// tie). Its total, or `None` if it left the grid unfilled, and its moves.
pub fn greedy(deal: &RoundSetup, rules: &Rules) -> (Option<i32>, Vec<Move>) {
    let pile: Vec<u8> = deal.pile.iter().map(|c| c.index() as u8).collect();
    let search = Search::new(rules, &pile, Limits::default());
    let mut st = start_state(deal);
    let mut g = 0;
    let mut path = Vec::new();
    while st.free > 0 {
        let short = st.hand.count_ones() < st.free;
        let value = |&(pts, draws, _, _): &(i32, u32, u8, u8)| {
            pts + if short { 10 * draws as i32 } else { 0 }
        };
        let moves = search.moves(&st);
        let Some(&(pts, draws, card, p)) = moves.iter().max_by(|a, b| {
            (value(a), a.1)
                .cmp(&(value(b), b.1))
                .then((b.2, b.3).cmp(&(a.2, a.3)))
        }) else {
            return (None, to_moves(&path));
        };
        st = search.child(&st, card, p, draws);
        g += pts;
        path.push((card, p));
    }
    (Some(g - penalty_of(st.hand)), to_moves(&path))
}

/// The highest total reachable on a solitaire deal with its pile known.
/// `deal` must be a valid solitaire deal (see [`Setup::validate`]).
pub fn solve(deal: &RoundSetup, rules: &Rules, limits: Limits) -> (Answer, Stats) {
    let pile: Vec<u8> = deal.pile.iter().map(|c| c.index() as u8).collect();
    let mut search = Search::new(rules, &pile, limits);
    let (greedy_score, greedy_moves) = greedy(deal, rules);
    if let Some(s) = greedy_score {
        search.best = s;
        search.best_path = greedy_moves
            .iter()
            .map(|m| (m.card.index() as u8, m.cell.pos() as u8))
            .collect();
    }
    let start = start_state(deal);
    // The beam first: far better lines than the depth-first search finds
    // in the same time (its bound is loose, so it seldom leaves the last
    // placements), and a higher best to prune with. A position of the beam
    // expands into about 300 over the 12 levels, so a width of a 400th of
    // the node bound leaves the search about a quarter of it.
    let width = (limits.max_nodes / 400).clamp(1, (limits.max_table as u64 / 300).max(1));
    // A deal with few draws to be had can leave every position of the beam
    // short of cards; then it tries again with draws worth far more.
    let found = search
        .beam(&start, width as usize, 10)
        .or_else(|| search.beam(&start, width as usize, 100));
    if let Some((score, line)) = found {
        if score > search.best {
            search.best = score;
            search.best_path = line;
        }
    }
    search.dfs(&start, 0);
    search.stats.stored = search.table.len() as u64;
    // Stopped at a bound: the line found may gain from a better order of
    // the same cards, or from two of them swapped (see `order`).
    if search.stopped.is_some() && search.best != i32::MIN {
        let fixed = super::order::Deal::of(deal, rules, &pile);
        let (score, line) = fixed.polish((search.best, search.best_path.clone()), 2);
        search.best = score;
        search.best_path = line;
    }
    let line = (search.best != i32::MIN).then(|| Line {
        score: search.best,
        moves: to_moves(&search.best_path),
    });
    let answer = match (search.stopped, line) {
        (Some(bound), best) => Answer::GaveUp { best, bound },
        (None, Some(line)) => Answer::Optimal(line),
        (None, None) => Answer::Lost,
    };
    (answer, search.stats)
}

/// Solve the solitaire dealt from `seed` (see [`Setup::from_seed`]).
pub fn solve_seed(seed: &str, rules: &Rules, limits: Limits) -> Option<(Answer, Stats)> {
    let setup = Setup::from_seed(seed, 1, rules)?;
    Some(solve(&setup.rounds[0], rules, limits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Engine;
    use crate::games::quincunx::Quincunx;

    fn deal(seed: &str, rules: &Rules) -> RoundSetup {
        Setup::from_seed(seed, 1, rules).unwrap().rounds.remove(0)
    }

    /// Replay a line through the engine: legal, and it scores what it says.
    fn replay(seed: &str, rules: &Rules, line: &Line) {
        let setup = Setup::from_seed(seed, 1, rules).unwrap();
        let mut g = Quincunx::start(&setup, rules).unwrap();
        for m in &line.moves {
            g.play(*m).unwrap();
        }
        let r = &g.results()[0];
        assert!(r.grid_full);
        assert_eq!(r.totals[0], line.score);
    }

    /// The deal played by best immediate score down to 5 free cells, small
    /// enough for [`brute`]; `None` if the hand ran out on the way.
    fn near_the_end(s: &Search, d: &RoundSetup) -> Option<State> {
        let mut st = start_state(d);
        while st.free > 5 {
            let &(_, draws, card, p) = s.moves(&st).first()?;
            st = s.child(&st, card, p, draws);
        }
        (st.hand != 0).then_some(st)
    }

    /// Every line from `st`, no pruning: the best future, or None if lost.
    fn brute(s: &Search, st: &State) -> Option<i32> {
        if st.free == 0 {
            return Some(-penalty_of(st.hand));
        }
        let best = s
            .moves(st)
            .into_iter()
            .filter_map(|(pts, draws, card, p)| Some(pts + brute(s, &s.child(st, card, p, draws))?))
            .max();
        // A position found starved of cards has no line that fills the grid.
        if s.starved(st) {
            assert_eq!(best, None, "a starved position filled the grid");
        }
        // The bound is admissible wherever the grid can be filled.
        if let Some(b) = best {
            assert!(s.bound(st) >= b, "bound {} below the best {b}", s.bound(st));
        }
        best
    }

    #[test]
    fn solver_matches_brute_force_near_the_end() {
        for (i, rules) in [
            Rules::default(),
            Rules {
                colour_bonus: true,
                excuse: true,
                pawns: true,
                ..Rules::default()
            },
        ]
        .iter()
        .enumerate()
        {
            for seed in 0..12 {
                let d = deal(&format!("b{i}-{seed}"), rules);
                let pile: Vec<u8> = d.pile.iter().map(|c| c.index() as u8).collect();
                let mut s = Search::new(rules, &pile, Limits::default());
                let Some(st) = near_the_end(&s, &d) else {
                    continue;
                };
                let want = brute(&s, &st);
                s.dfs(&st, 0);
                assert!(s.stopped.is_none());
                let got = (s.best != i32::MIN).then_some(s.best);
                assert_eq!(got, want, "seed {seed} rules {rules:?}");
            }
        }
    }

    #[test]
    fn beam_wide_enough_is_exhaustive_near_the_end() {
        // With room for every position the beam drops nothing, so it finds
        // the best future (positions met twice keep the better score).
        let rules = Rules::default();
        let mut compared = 0;
        for seed in 0..12 {
            let d = deal(&format!("beam-{seed}"), &rules);
            let pile: Vec<u8> = d.pile.iter().map(|c| c.index() as u8).collect();
            let mut s = Search::new(&rules, &pile, Limits::default());
            let Some(st) = near_the_end(&s, &d) else {
                continue;
            };
            let want = brute(&s, &st);
            let got = s.beam(&st, 1_000_000, 10);
            assert_eq!(got.as_ref().map(|x| x.0), want, "seed {seed}");
            if let Some((total, line)) = got {
                // The line is the moves from `st` and scores its total.
                let mut at = st.clone();
                let mut g = 0;
                for &(card, p) in &line {
                    assert!(at.hand & 1 << card != 0 && at.cells[p as usize] == EMPTY);
                    let (pts, draws) = s.scorer.quick(&at.cells, &at.suit_sum, p as usize, card);
                    at = s.child(&at, card, p, draws);
                    g += pts;
                }
                assert_eq!(g - penalty_of(at.hand), total);
                compared += 1;
            }
        }
        assert!(compared >= 6, "only {compared} positions compared");
    }

    #[test]
    fn optimal_lines_replay_and_beat_greedy() {
        let rules = Rules::default();
        let mut proved = 0;
        for seed in 1..=3 {
            let seed = seed.to_string();
            let d = deal(&seed, &rules);
            let (g, gm) = greedy(&d, &rules);
            if let Some(g) = g {
                replay(
                    &seed,
                    &rules,
                    &Line {
                        score: g,
                        moves: gm,
                    },
                );
            }
            let (answer, stats) = solve(
                &d,
                &rules,
                Limits {
                    max_nodes: 300_000,
                    ..Limits::default()
                },
            );
            assert!(stats.nodes > 0);
            match &answer {
                Answer::Optimal(line) => {
                    proved += 1;
                    replay(&seed, &rules, line);
                    assert!(g.is_none_or(|g| line.score >= g));
                }
                Answer::GaveUp {
                    best: Some(line),
                    bound,
                } => {
                    assert!(bound.contains("bound"));
                    replay(&seed, &rules, line);
                }
                Answer::GaveUp { best: None, .. } => {}
                Answer::Lost => assert!(g.is_none()),
            }
        }
        // Whole deals are rarely proved within a small node bound; the proof
        // itself is checked against brute force above.
        let _ = proved;
    }

    #[test]
    fn three_answers() {
        let rules = Rules::default();
        // No pile: 8 cards for 12 squares, lost whatever one does.
        let mut d = deal("1", &rules);
        d.pile.clear();
        assert_eq!(solve(&d, &rules, Limits::default()).0, Answer::Lost);
        // Seed 503: the hand and corners hold two pairs that draw (the 4 with
        // each 7), and the two cards they draw (Aces, no Crown) draw nothing:
        // 10 cards at most for 12 squares, proved lost before any search.
        let (answer, stats) = solve(&deal("503", &rules), &rules, Limits::default());
        assert_eq!((answer, stats.nodes), (Answer::Lost, 0));
        // A node bound of 10 stops at once, with the greedy line polished
        // (`order`): no worse than greedy, and a legal game scoring that.
        let d = deal("2", &rules);
        let (answer, _) = solve(
            &d,
            &rules,
            Limits {
                max_nodes: 10,
                ..Limits::default()
            },
        );
        assert_eq!(answer.verdict(), "best-found");
        let g = greedy(&d, &rules).0.unwrap();
        assert!(answer.score().unwrap() >= g, "{answer:?}");
        let Answer::GaveUp {
            best: Some(line), ..
        } = answer
        else {
            panic!("a line")
        };
        replay("2", &rules, &line);
    }
}
