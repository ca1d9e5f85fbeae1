//! The Il Muro solver: depth-first search over positions, with an exact table of
//! visited positions (so cycles — a tile moved back and forth, or between the old
//! and the new wall — end at once) and move ordering that tries progress first.
//!
//! # Pruning, and why it never loses a win
//!
//! Write `L(S)` for the length of the shortest winning sequence from position `S`
//! (counting every turn and every move). The search explores a *pruned* graph:
//! from each position only some successors are kept, and some are taken as one
//! two-move step. It stays exhaustive because each rule keeps this property:
//!
//! > (P) if `S` can be won, some kept successor `S'` can be won with `L(S') < L(S)`.
//!
//! Then from a winnable start a win is reachable in the pruned graph (follow (P);
//! `L` falls at each step), and a depth-first search that visits every reachable
//! position once finds it. So "unsolvable" means no win exists at all.
//!
//! **Rule T (turn just before moving).** A turn is only taken together with a move
//! of the tile it turns up. In any winning line, delay each turn to just before the
//! turned tile's first move: until then the tile stays on top of its column or is
//! covered by tiles that leave again, and a face-down top accepts every tile a
//! face-up one does (MU-2), so every move in between stays legal. The line keeps its
//! length, and its first move is either not a turn (kept) or a turn followed by that
//! tile's move (kept as one step, two moves shorter).
//!
//! **Rule S (safe moves to the new wall; standard variant).** Call tile `n` of fruit
//! `f` *safe* in `S` when its pile holds 1..n-1 and every other fruit's pile holds
//! at least 1..n-2. If a safe tile is on top of a column (face up, or face down and
//! turned first), the only successor kept is moving it to the new wall. Claim: then
//! `L(S') <= L(S) - 1`. Replay a shortest line from `S` in `S'`, where the tile is
//! already home, skipping the turns and moves of that tile: a tile placed on it while
//! it is face down goes onto what lies under it, which is face down or an empty
//! column and so accepts anything. The replay fails only if the line (a) puts an
//! `n-1` of another fruit `g` on the face-up tile, or (b) takes the `n-1` of `f` back
//! from the new wall. Both are impossible in a shortest line, by induction on `L`:
//! in (a) the `n-1` of `g` is then itself safe (`g`'s pile holds 1..n-2 and every
//! other pile at least 1..n-3), so moving it to the new wall instead would be
//! shorter; in (b) the tile taken back is safe just after, so putting it back
//! undoes a move for nothing. The same induction shows that the piles' lower
//! levels never fall back along a shortest line, so the conditions persist.
//!
//! **Rule B (no safe tile back; standard variant).** Taking the top `r` of fruit `f`
//! back from the new wall is not kept when every other pile holds at least 1..r-2:
//! just after the move that tile is safe, so by Rule S the line is not shortest.
//!
//! The `six-down` variant, where a pile may also descend from the 6, uses Rule T
//! only: a 1 or a 6 sent home there commits its fruit to a direction, so the
//! safety argument does not carry over as it stands.
//!
//! **Symmetry.** Columns with no face-down tile left differ only by their tiles,
//! so positions that differ by an exchange of such columns share one key.

use crate::games::fruit::muro::{Column, Move, Pile, Place, State, Variant, COLUMNS};
use crate::games::fruit::{Fruit, Tile};
use crate::search::{Answer, Bound, Limits, Stats, Visited};

/// An exact, canonical encoding of a position (see [`key`]).
type Key = [u64; 3];

/// One edge of the pruned graph: a move, preceded by turning the moved tile up
/// when it is face down (Rule T).
#[derive(Debug, Clone, Copy)]
struct Step {
    turn: bool,
    mv: Move,
}

impl Step {
    fn apply(self, state: &mut State) {
        if let (
            true,
            Move::Shift {
                from: Place::Column(c),
                ..
            },
        ) = (self.turn, self.mv)
        {
            state.apply_unchecked(Move::Turn(c));
        }
        state.apply_unchecked(self.mv);
    }

    fn moves(self) -> impl Iterator<Item = Move> {
        let turn = match (self.turn, self.mv) {
            (
                true,
                Move::Shift {
                    from: Place::Column(c),
                    ..
                },
            ) => Some(Move::Turn(c)),
            _ => None,
        };
        turn.into_iter().chain([self.mv])
    }
}

struct Frame {
    state: State,
    steps: Vec<Step>,
    next: usize,
}

/// Search for a win from `start` with a portfolio of three searches that get
/// lost on different deals: depth-first ordered by [`DIG`] (40% of the node
/// bound), depth-first ordered by [`TURN`] (30%), then best-first (30%). Each is
/// exhaustive, so any one that runs out of positions proves the deal unsolvable.
pub fn solve(start: &State, limits: Limits) -> (Answer<Move>, Stats) {
    let share = |percent: u64| Limits {
        max_nodes: (limits.max_nodes * percent / 100).max(1),
        ..limits
    };
    let mut total = Stats::default();
    let mut memory = false;
    for phase in 0..3 {
        let (answer, stats) = match phase {
            0 => depth_first(start, share(40), true, DIG),
            1 => depth_first(start, share(30), true, TURN),
            _ => solve_best_first(start, share(30)),
        };
        total.nodes += stats.nodes;
        total.stored = total.stored.max(stats.stored);
        total.max_depth = total.max_depth.max(stats.max_depth);
        match answer {
            Answer::Solved(moves) => return (Answer::Solved(shorten(start, &moves, 1)), total),
            Answer::Unsolvable => return (Answer::Unsolvable, total),
            Answer::GaveUp(bound) => memory |= matches!(bound, Bound::Memory(_)),
        }
    }
    let bound = if memory {
        Bound::Memory(limits.max_memory)
    } else {
        Bound::Nodes(limits.max_nodes)
    };
    (Answer::GaveUp(bound), total)
}

/// Shorten a winning line: from each position, jump with one legal move (or,
/// with `depth` 2, two) to the latest position of the line it reaches. The
/// result is still a legal winning line from `start`, usually much shorter than
/// what the search walked; depth 2 costs about thirty times more.
pub fn shorten(start: &State, moves: &[Move], depth: usize) -> Vec<Move> {
    let mut states = vec![*start];
    for &mv in moves {
        let mut s = *states.last().expect("not empty");
        s.apply_unchecked(mv);
        states.push(s);
    }
    let mut last_at: std::collections::HashMap<
        State,
        usize,
        std::hash::BuildHasherDefault<crate::search::KeyHasher>,
    > = Default::default();
    for (i, s) in states.iter().enumerate() {
        last_at.insert(*s, i);
    }
    let mut out = Vec::new();
    let mut i = 0;
    let (mut first, mut second) = (Vec::new(), Vec::new());
    while i < moves.len() {
        let (mut best, mut jump) = (i + 1, vec![moves[i]]);
        states[i].legal_moves_into(&mut first);
        for &m1 in &first {
            let mut s1 = states[i];
            s1.apply_unchecked(m1);
            if let Some(&j) = last_at.get(&s1) {
                if j > best {
                    (best, jump) = (j, vec![m1]);
                }
            }
            if depth < 2 {
                continue;
            }
            s1.legal_moves_into(&mut second);
            for &m2 in &second {
                let mut s2 = s1;
                s2.apply_unchecked(m2);
                if let Some(&j) = last_at.get(&s2) {
                    if j > best + 1 {
                        (best, jump) = (j, vec![m1, m2]);
                    }
                }
            }
        }
        out.extend(jump);
        i = best;
    }
    out
}

/// Depth-first search, children in order of [`eval`].
pub fn solve_depth_first(start: &State, limits: Limits) -> (Answer<Move>, Stats) {
    depth_first(start, limits, true, DIG)
}

/// Depth-first search; without `prune`, every legal move is a successor (turns
/// on their own too): the tests compare both to check the pruning rules.
fn depth_first(start: &State, limits: Limits, prune: bool, w: Weights) -> (Answer<Move>, Stats) {
    let steps = |s: &State| if prune { steps(s, w) } else { all_steps(s) };
    let mut stats = Stats::default();
    if start.is_won() {
        return (Answer::Solved(Vec::new()), stats);
    }
    let mut visited = Visited::new(key(start), limits);
    let mut stack = vec![Frame {
        state: *start,
        steps: steps(start),
        next: 0,
    }];
    let frame_bytes = std::mem::size_of::<Frame>() as u64 + 32 * std::mem::size_of::<Step>() as u64;
    while let Some(frame) = stack.last_mut() {
        let Some(&step) = frame.steps.get(frame.next) else {
            stack.pop();
            continue;
        };
        frame.next += 1;
        let mut child = frame.state;
        step.apply(&mut child);
        stats.nodes += 1;
        if child.is_won() {
            let path = stack
                .iter()
                .flat_map(|f| f.steps[f.next - 1].moves())
                .collect();
            return visited.finish(Answer::Solved(path), stats);
        }
        if let Some(bound) = visited.node_bound(stats.nodes) {
            return visited.finish(Answer::GaveUp(bound), stats);
        }
        match visited.insert(key(&child), stack.len() as u64 * frame_bytes) {
            Err(bound) => return visited.finish(Answer::GaveUp(bound), stats),
            Ok(false) => continue,
            Ok(true) => {}
        }
        let steps = steps(&child);
        stack.push(Frame {
            state: child,
            steps,
            next: 0,
        });
        stats.max_depth = stats.max_depth.max(stack.len() as u64);
    }
    visited.finish(Answer::Unsolvable, stats)
}

/// Best-first search: always expand the most promising position found so far.
pub fn solve_best_first(start: &State, limits: Limits) -> (Answer<Move>, Stats) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut stats = Stats::default();
    let mut visited = Visited::new(key(start), limits);
    // Every position found: the position, its parent's index and the step to it.
    let mut nodes: Vec<(State, u32, Option<Step>)> = vec![(*start, 0, None)];
    let mut open = BinaryHeap::new();
    open.push((eval(start, DIG), Reverse(0u32)));
    let node_bytes = std::mem::size_of::<(State, u32, Option<Step>)>() as u64 + 16;
    while let Some((_, Reverse(i))) = open.pop() {
        let state = nodes[i as usize].0;
        for step in steps(&state, DIG) {
            let mut child = state;
            step.apply(&mut child);
            stats.nodes += 1;
            if child.is_won() {
                let mut path: Vec<Move> = step.moves().collect();
                let mut at = i as usize;
                while let (_, parent, Some(step)) = nodes[at] {
                    path.splice(0..0, step.moves());
                    at = parent as usize;
                }
                return visited.finish(Answer::Solved(path), stats);
            }
            if let Some(bound) = visited.node_bound(stats.nodes) {
                return visited.finish(Answer::GaveUp(bound), stats);
            }
            match visited.insert(key(&child), nodes.capacity() as u64 * node_bytes) {
                Err(bound) => return visited.finish(Answer::GaveUp(bound), stats),
                Ok(false) => continue,
                Ok(true) => {}
            }
            open.push((eval(&child, DIG), Reverse(nodes.len() as u32)));
            nodes.push((child, i, Some(step)));
        }
    }
    visited.finish(Answer::Unsolvable, stats)
}

/// Every legal move as a successor, unpruned.
fn all_steps(state: &State) -> Vec<Step> {
    state
        .wall_moves()
        .into_iter()
        .map(|mv| Step { turn: false, mv })
        .collect()
}

/// The kept successors of a position, best first by `w`.
fn steps(state: &State, w: Weights) -> Vec<Step> {
    let standard = state.variant() == Variant::Standard;
    // Rule S: a safe tile on top of a column goes home, and nothing else is tried.
    if standard {
        for (c, column) in state.columns().iter().enumerate() {
            if let Some((tile, up)) = column.top() {
                if is_safe(state, tile) {
                    return vec![Step {
                        turn: !up,
                        mv: Move::Shift {
                            tile,
                            from: Place::Column(c as u8),
                            to: Place::NewWall,
                        },
                    }];
                }
            }
        }
    }
    // Children in order of promise (the DFS takes them in this order).
    let mut scored: Vec<(i32, Step)> = Vec::new();
    let mut moves = Vec::new();
    for (c, column) in state.columns().iter().enumerate() {
        let Some((tile, up)) = column.top() else {
            continue;
        };
        let from = Place::Column(c as u8);
        // Rule T: a face-down top is turned only to be moved at once.
        state.targets_into(tile, from, &mut moves);
        for &mv in &moves {
            let step = Step { turn: !up, mv };
            scored.push((eval_step(state, step, w), step));
        }
    }
    for fruit in Fruit::ALL {
        let Some(tile) = state.pile_top(fruit) else {
            continue;
        };
        // Rule B: a tile that would be safe is never taken back.
        if standard && would_be_safe_after_taking_back(state, tile) {
            continue;
        }
        state.targets_into(tile, Place::NewWall, &mut moves);
        for &mv in &moves {
            let step = Step { turn: false, mv };
            scored.push((eval_step(state, step, w), step));
        }
    }
    // Stable: equal scores keep the generation order, so the search is deterministic.
    scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
    scored.into_iter().map(|(_, s)| s).collect()
}

/// Rule S: tile `n` of `f` is safe when `f`'s pile holds 1..n-1 and every other
/// pile at least 1..n-2 (standard variant, where every pile ascends).
fn is_safe(state: &State, tile: Tile) -> bool {
    let n = tile.number();
    state.pile(tile.fruit()) == ascending(n - 1)
        && Fruit::ALL
            .into_iter()
            .all(|g| g == tile.fruit() || state.pile(g).len() + 2 >= n)
}

/// Rule B: the top `r` of a pile would be safe once taken back.
fn would_be_safe_after_taking_back(state: &State, tile: Tile) -> bool {
    let r = tile.number();
    Fruit::ALL
        .into_iter()
        .all(|g| g == tile.fruit() || state.pile(g).len() + 2 >= r)
}

fn ascending(n: u8) -> Pile {
    if n == 0 {
        Pile::Empty
    } else {
        Pile::Up(n)
    }
}

fn eval_step(state: &State, step: Step, w: Weights) -> i32 {
    let mut child = *state;
    step.apply(&mut child);
    eval(&child, w)
}

/// How promising a position looks: tiles home, and how deeply the tiles needed
/// soonest are buried.
fn eval(state: &State, w: Weights) -> i32 {
    let home: i32 = state.piles().iter().map(|p| p.len() as i32).sum();
    let mut buried = 0;
    let mut down = 0;
    for column in state.columns() {
        let len = column.len();
        for (h, (tile, up)) in column.tiles().enumerate() {
            let level = state.pile(tile.fruit()).len();
            let urgency = 7 - (tile.number() as i32 - level as i32).clamp(1, 6);
            buried += urgency * (len - 1 - h) as i32;
            if !up {
                down += 1;
            }
        }
    }
    home * 100 - buried - down * w.face_down
}

/// How [`eval`] weighs a tile still face down against the burial of tiles
/// needed soon. Different weights get lost on different deals, so
/// [`solve`] tries two.
#[derive(Debug, Clone, Copy)]
struct Weights {
    face_down: i32,
}

const DIG: Weights = Weights { face_down: 1 };
const TURN: Weights = Weights { face_down: 5 };

/// The exact, canonical key of a position: per column its number of face-down
/// tiles (they are always the bottom ones of the deal's column) and its face-up
/// run; columns with no face-down tile are sorted; then the six piles.
fn key(state: &State) -> Key {
    let mut codes = [0u32; COLUMNS];
    for (code, column) in codes.iter_mut().zip(state.columns()) {
        *code = column_code(column);
    }
    // Symmetry: columns with no face-down tile are interchangeable.
    // (Fixed arrays, no allocation: this runs for every position generated.)
    let mut open = [0usize; COLUMNS];
    let mut sorted = [0u32; COLUMNS];
    let mut n = 0;
    for (c, &code) in codes.iter().enumerate() {
        if code & 7 == 0 {
            open[n] = c;
            sorted[n] = code;
            n += 1;
        }
    }
    sorted[..n].sort_unstable();
    for i in 0..n {
        codes[open[i]] = sorted[i];
    }
    let mut piles = 0u64;
    for (i, pile) in state.piles().iter().enumerate() {
        let code = match *pile {
            Pile::Empty => 0,
            Pile::Up(n) => n,
            Pile::Down(n) => 13 - n,
        };
        piles |= (code as u64) << (4 * i);
    }
    [
        codes[0] as u64 | (codes[1] as u64) << 24 | (piles & 0xffff) << 48,
        codes[2] as u64 | (codes[3] as u64) << 24 | (piles >> 16) << 48,
        codes[4] as u64 | (codes[5] as u64) << 24,
    ]
}

/// 24 bits: face-down count (3), the face-up run's first tile (6, index + 1), and
/// the fruit of each later tile of the run (5 x 3, fruit + 1): each later tile is
/// one lower than the one under it (MU-2), so its fruit names it.
fn column_code(column: &Column) -> u32 {
    let down = column.face_down();
    let mut code = down as u32;
    for (i, h) in (down..column.len()).enumerate() {
        let (tile, _) = column.get(h).expect("h < len");
        if i == 0 {
            code |= (tile.index() as u32 + 1) << 3;
        } else {
            debug_assert!(i <= 5, "a face-up run is at most 6 long");
            code |= (tile.fruit().index() as u32 + 1) << (9 + 3 * (i - 1));
        }
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Engine;
    use crate::games::fruit::muro::Setup;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// Replay a solution with the engine's own checks.
    fn replay(start: &State, moves: &[Move]) -> State {
        let mut s = *start;
        for (i, &mv) in moves.iter().enumerate() {
            s.play(mv)
                .unwrap_or_else(|e| panic!("move {} `{mv}`: {e}", i + 1));
        }
        s
    }

    fn dealt(seed: &str) -> State {
        let order: Vec<Tile> = crate::deal::shuffled("muro", "standard", seed, 1, 36)
            .into_iter()
            .map(|i| Tile::from_index(i).unwrap())
            .collect();
        State::new(&Setup::from_order(&order).unwrap(), Variant::Standard)
    }

    /// Rules S, T and B never turn a winnable deal into "unsolvable": on deals the
    /// pruned search proves unsolvable, the search over every legal move (turns
    /// on their own included) also runs out of positions without a win.
    #[test]
    fn pruning_keeps_unsolvable_proofs_exhaustive() {
        let limits = Limits {
            max_nodes: 50_000_000,
            ..Limits::default()
        };
        for seed in ["56", "205"] {
            let start = dealt(seed);
            let (pruned, _) = solve_depth_first(&start, limits);
            assert_eq!(pruned, Answer::Unsolvable, "seed {seed}");
            let (full, stats) = depth_first(&start, limits, false, DIG);
            assert_eq!(full, Answer::Unsolvable, "seed {seed}: {stats:?}");
        }
    }

    #[test]
    fn solves_a_wall_sorted_by_fruit() {
        let mut order = Vec::new();
        for layer in 0..6u8 {
            for fruit in Fruit::ALL {
                order.push(Tile::new(fruit, 6 - layer).unwrap());
            }
        }
        let start = State::new(&Setup::from_order(&order).unwrap(), Variant::Standard);
        let (answer, _) = solve(&start, Limits::default());
        let Answer::Solved(moves) = answer else {
            panic!("{answer:?}")
        };
        assert!(replay(&start, &moves).is_won());
        // Rules S and T: exactly one turn and one move per tile below the top layer.
        assert_eq!(moves.len(), 36 + 30);
    }

    #[test]
    fn no_first_move_is_proven_unsolvable() {
        // A top layer where no tile fits on another (no two numbers differ by one)
        // and no 1 shows: not a single move (MU-2, MU-3).
        let tops = ["M6", "P6", "C6", "U4", "F4", "B4"];
        let tops: Vec<Tile> = tops.iter().map(|s| t(s)).collect();
        let mut order: Vec<Tile> = Tile::all().filter(|x| !tops.contains(x)).collect();
        order.extend(tops);
        let start = State::new(&Setup::from_order(&order).unwrap(), Variant::Standard);
        assert!(start.wall_moves().is_empty());
        let (answer, stats) = solve(&start, Limits::default());
        assert_eq!(answer, Answer::Unsolvable);
        assert_eq!(stats.nodes, 0);
    }

    #[test]
    fn the_key_is_exact_and_ignores_the_order_of_open_columns() {
        let a = State::from_parts(
            Variant::Standard,
            [
                &[(t("M5"), false), (t("B4"), true)],
                &[(t("U3"), true), (t("M2"), true)],
                &[(t("C6"), true)],
                &[],
                &[],
                &[],
            ],
            [Pile::Empty; 6],
        );
        let b = State::from_parts(
            Variant::Standard,
            [
                &[(t("M5"), false), (t("B4"), true)],
                &[(t("C6"), true)],
                &[],
                &[],
                &[(t("U3"), true), (t("M2"), true)],
                &[],
            ],
            [Pile::Empty; 6],
        );
        assert_eq!(key(&a), key(&b));
        let mut c = a;
        c.play("B4 1>4".parse().unwrap()).unwrap();
        assert_ne!(key(&a), key(&c));
    }
}
