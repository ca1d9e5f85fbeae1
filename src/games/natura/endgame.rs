//! The endgame (issue 25): once the bag is empty both racks are known, so the game is one of
//! perfect information and can be searched to its end. [`solve`] finds the best sequence for
//! the player to move by the final spread (the scores after NS-4's adjustment: a player who
//! goes out gains the other's rack value, twice over in spread), over every move the engine
//! allows (placements the lexicon's graph gives, and the pass; no exchange with an empty bag,
//! NS-3; six scoreless turns in a row end the game, NS-4).
//!
//! Negamax with alpha-beta pruning and iterative deepening: each round searches one ply
//! deeper, the move found best before first, then moves that go out, then by score. A
//! transposition table keeps what each position is worth from there on (the same tiles laid
//! in another order reach the same board); its values are the points still to come, so a
//! position is one entry whatever the scores that led to it. A round that reaches the game's end on
//! every line it looks at is exact (pruning never changes the value of a full-window search);
//! a round cut off by the depth uses a rough estimate at its leaves (the spread so far, each
//! rack's value counted against its holder), and the node limit stops the deepening, keeping
//! the last whole round. Two players only: with three or more, "the best spread" is not one
//! number.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use super::board::Square;
use super::game::State;
use super::layout::SIZE;
use super::movegen::{ranked_moves, Gaddag, Ranked};
use super::moves::Move;
use crate::games::engine::Engine;

/// How far the search may go.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Positions visited over all rounds, at most (the round under way is abandoned there).
    pub max_nodes: u64,
    /// Plies searched at most.
    pub max_depth: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: 5_000_000,
            max_depth: 40,
        }
    }
}

/// The best line found.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The moves, the player to move's first, each with the points it scores.
    pub line: Vec<Ranked>,
    /// The final spread (the player to move's score less the other's, after NS-4) if both
    /// play the line; an estimate unless `exact`.
    pub spread: i32,
    /// Whether the value is proved: the last round reached the game's end on every line.
    pub exact: bool,
    /// The plies of the last whole round.
    pub depth: usize,
    /// Positions visited over every round.
    pub nodes: u64,
}

/// Why a position is not an endgame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotEndgame {
    Players(usize),
    Bag(usize),
    Over,
}

impl std::fmt::Display for NotEndgame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotEndgame::Players(n) => write!(
                f,
                "the endgame is searched for two players; this game has {n}"
            ),
            NotEndgame::Bag(n) => write!(
                f,
                "the bag still holds {n} tile{}: the endgame starts once it is empty",
                if *n == 1 { "" } else { "s" }
            ),
            NotEndgame::Over => write!(f, "the game is over"),
        }
    }
}

/// The best line for the player to move, searched as the module says.
pub fn solve(state: &State, graph: &Gaddag, limits: Limits) -> Result<Solution, NotEndgame> {
    if state.players() != 2 {
        return Err(NotEndgame::Players(state.players()));
    }
    if state.bag_len() > 0 {
        return Err(NotEndgame::Bag(state.bag_len()));
    }
    if state.end().is_some() || state.to_move().is_none() {
        return Err(NotEndgame::Over);
    }
    let mut search = Search {
        graph,
        nodes: 0,
        max_nodes: limits.max_nodes,
        stopped: false,
        table: HashMap::new(),
    };
    let mut best: Option<Solution> = None;
    for depth in 1..=limits.max_depth.max(1) {
        let (value, _, exact) = search.negamax(state, depth, -i32::MAX, i32::MAX);
        if search.stopped {
            break;
        }
        let line = principal_line(&search, state, depth);
        best = Some(Solution {
            line,
            spread: value,
            exact,
            depth,
            nodes: search.nodes,
        });
        if exact {
            break;
        }
    }
    let mut s = best.unwrap_or_else(|| Solution {
        // Not even one ply within the limit: the highest-scoring move, unproved.
        line: ordered(state, graph).into_iter().take(1).collect(),
        spread: estimate(state),
        exact: false,
        depth: 0,
        nodes: search.nodes,
    });
    s.nodes = search.nodes;
    Ok(s)
}

struct Search<'g> {
    graph: &'g Gaddag,
    nodes: u64,
    max_nodes: u64,
    /// The node limit was reached; the round under way is void.
    stopped: bool,
    table: HashMap<u64, Entry>,
}

/// What the table knows of a position: a bound on the points still to come for its player
/// to move (the final spread less the spread so far), how deep it was searched, whether no
/// leaf under it was cut by the depth, and the best move found.
#[derive(Clone)]
struct Entry {
    value: i32,
    bound: Bound,
    depth: usize,
    proved: bool,
    best: Option<Ranked>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this (a cut-off above beta).
    Lower,
    /// The value is at most this (no move reached alpha).
    Upper,
}

/// Entries kept at most (some 100 bytes each); past it, new positions are not stored.
const TABLE_MAX: usize = 2_000_000;

/// A node's value, its line, and whether no leaf under it was cut by the depth.
type Found = (i32, Vec<Ranked>, bool);

impl Search<'_> {
    /// The value of `state` for its player to move, its line, and whether it is proved.
    fn negamax(&mut self, state: &State, depth: usize, mut alpha: i32, beta: i32) -> Found {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.stopped = true;
            return (0, Vec::new(), false);
        }
        if let Some(value) = final_spread(state) {
            return (value, Vec::new(), true);
        }
        if depth == 0 {
            return (estimate(state), Vec::new(), false);
        }
        let me = state.turn_seat();
        let so_far = state.scores()[me] - state.scores()[1 - me];
        let key = key_of(state);
        let known = self.table.get(&key).cloned();
        if let Some(e) = &known {
            if e.proved || e.depth >= depth {
                let v = e.value + so_far;
                let hit = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if hit {
                    let line = e.best.iter().cloned().collect();
                    return (v, line, e.proved);
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut moves = ordered(state, self.graph);
        // The move found best before (a shallower round, or another bound), first.
        if let Some(b) = known.and_then(|e| e.best) {
            if let Some(i) = moves.iter().position(|m| m.mv == b.mv) {
                let m = moves.remove(i);
                moves.insert(0, m);
            }
        }
        let mut best: Found = (-i32::MAX, Vec::new(), true);
        let mut proved = true;
        for r in moves {
            let mut next = state.clone();
            if next.play(r.mv.clone()).is_err() {
                // The generator only gives moves the engine accepts; skip rather than trust.
                continue;
            }
            let (v, mut line, p) = self.negamax(&next, depth - 1, -beta, -alpha);
            if self.stopped {
                return (0, Vec::new(), false);
            }
            proved &= p;
            let v = -v;
            if v > best.0 {
                line.insert(0, r);
                best = (v, line, true);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best.0 <= alpha0 {
            Bound::Upper
        } else if best.0 >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() < TABLE_MAX || self.table.contains_key(&key) {
            self.table.insert(
                key,
                Entry {
                    value: best.0 - so_far,
                    bound,
                    depth,
                    proved,
                    best: best.1.first().cloned(),
                },
            );
        }
        (best.0, best.1, proved)
    }
}

/// A position's key: the board, both racks, whose turn and the scoreless turns so far (what
/// decides the points still to come).
fn key_of(state: &State) -> u64 {
    let mut h = DefaultHasher::new();
    for row in 0..SIZE {
        for col in 0..SIZE {
            state.board().get(Square { row, col }).hash(&mut h);
        }
    }
    state.rack(0).hash(&mut h);
    state.rack(1).hash(&mut h);
    state.turn_seat().hash(&mut h);
    state.scoreless_turns().hash(&mut h);
    h.finish()
}

/// The line the table holds from `state`: each position's best move, played on, while the
/// table knows it (the root's search stores every position of its line).
fn principal_line(search: &Search, state: &State, depth: usize) -> Vec<Ranked> {
    let mut line = Vec::new();
    let mut at = state.clone();
    while line.len() < depth && at.end().is_none() {
        let Some(best) = search.table.get(&key_of(&at)).and_then(|e| e.best.clone()) else {
            break;
        };
        if at.play(best.mv.clone()).is_err() {
            break;
        }
        line.push(best);
    }
    line
}

/// The spread for the player to move once the game is over (NS-4's adjustment made).
fn final_spread(state: &State) -> Option<i32> {
    state.end()?;
    let f = state.final_scores();
    // The seat whose turn it would be: the one after the last mover.
    let me = state.turn_seat();
    Some(f[me] - f[1 - me])
}

/// A leaf cut by the depth: the spread so far, each rack's value counted against its holder
/// (what NS-4 takes off if neither goes out).
fn estimate(state: &State) -> i32 {
    let me = state.turn_seat();
    let s = state.scores();
    (s[me] - state.rack_value(me)) - (s[1 - me] - state.rack_value(1 - me))
}

/// The moves of the player to move, the ones that go out first, then by score (the
/// generator's order), the pass last.
fn ordered(state: &State, graph: &Gaddag) -> Vec<Ranked> {
    let Some(seat) = state.to_move() else {
        return Vec::new();
    };
    let held: usize = state.rack(seat).iter().map(|&n| usize::from(n)).sum();
    let mut moves: Vec<Ranked> = ranked_moves(state, graph)
        .into_iter()
        .filter(|r| !matches!(r.mv, Move::Exchange { .. }))
        .collect();
    // Stable: the generator's order within each group.
    moves.sort_by_key(|r| match r.mv {
        Move::Place { .. } if r.tiles == held => 0,
        Move::Place { .. } => 1,
        _ => 2,
    });
    moves
}

/// Every line searched to the end without pruning: the exact value, for tests on small
/// positions.
#[cfg(test)]
pub(super) fn exhaustive(state: &State, graph: &Gaddag) -> i32 {
    if let Some(v) = final_spread(state) {
        return v;
    }
    let mut best = -i32::MAX;
    for r in ordered(state, graph) {
        let mut next = state.clone();
        if next.play(r.mv).is_err() {
            continue;
        }
        best = best.max(-exhaustive(&next, graph));
    }
    best
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::sync::Arc;

    use super::*;
    use crate::games::natura::board::{Board, Square};
    use crate::games::natura::game::{Rules, Words};
    use crate::games::natura::layout::TileSet;

    /// Short Italian words: enough for a few plays on and around `CASA`.
    const WORDS: &str = "AI AL DA DI ED IN LA LE LO MA MI NE NO SE SI SU TE TI TU UN VA VI \
        ACE ALA ALE ANO ARE ASA ATE DAI ERA ERE ETA IRA LAI MAI NOI ORA ORE OSA OSO RAI RE \
        SAI SEI SIA SUA SUO TRE UNA UNO USO VIA CASA CASE COSA COSE CASO SALE SANO SERA \
        SETA SOLE TANA ROSA ROSE NASO ORTO ALTO ARTE ASSE CANE";

    fn words() -> Vec<&'static str> {
        WORDS.split_whitespace().collect()
    }

    fn graph() -> Gaddag {
        Gaddag::from_words(words()).unwrap()
    }

    fn rules(no_rack_penalty: bool) -> Rules {
        let set: HashSet<String> = words().iter().map(|w| w.to_string()).collect();
        Rules {
            words: Some(Words(Arc::new(move |w| set.contains(w)))),
            no_rack_penalty,
            ..Rules::default()
        }
    }

    /// `CASA` across from H8 (the centre).
    fn board() -> Board {
        let set = TileSet::italian();
        let mut b = Board::new();
        for (i, c) in "CASA".chars().enumerate() {
            b.set(Square { row: 7, col: 7 + i }, set.parse(c).unwrap());
        }
        b
    }

    fn position(racks: [&str; 2], scores: [i32; 2], turn: usize) -> State {
        State::position(&rules(false), board(), &racks, &[], &scores, turn).unwrap()
    }

    /// xorshift64*, for seeded random positions.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
        }
    }

    /// On positions small enough to search every line without pruning, the solver's value
    /// is the exhaustive one, proved exact, and its line plays out to that spread.
    #[test]
    fn the_solver_agrees_with_exhaustive_search_on_small_endgames() {
        let g = graph();
        let letters: Vec<char> = "AEIOSTRNLU".chars().collect();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut decided = 0;
        for _ in 0..60 {
            let rack = |rng: &mut Rng, n: usize| -> String {
                (0..n).map(|_| letters[rng.below(letters.len())]).collect()
            };
            let (na, nb) = (1 + rng.below(3), 1 + rng.below(2));
            let (a, b) = (rack(&mut rng, na), rack(&mut rng, nb));
            let scores = [rng.below(40) as i32, rng.below(40) as i32];
            let state = position([&a, &b], scores, rng.below(2));
            let want = exhaustive(&state, &g);
            let got = solve(&state, &g, Limits::default()).unwrap();
            assert!(got.exact, "{a} v {b}: not proved");
            assert_eq!(got.spread, want, "{a} v {b} from {scores:?}");
            // The line, played through the engine, ends the game at that spread.
            let mut s = state.clone();
            for r in &got.line {
                s.play(r.mv.clone()).unwrap();
            }
            assert!(s.end().is_some(), "{a} v {b}: the line stops short");
            let f = s.final_scores();
            let me = state.turn_seat();
            assert_eq!(f[me] - f[1 - me], want, "{a} v {b}");
            if got.line.len() > 1 {
                decided += 1;
            }
        }
        assert!(
            decided > 10,
            "only {decided} positions took more than one move"
        );
    }

    /// Going out at once (NS-4): the spread gains the play and twice the other rack's value.
    #[test]
    fn going_out_at_once_counts_the_other_rack_twice() {
        let g = graph();
        // `E` goes out (CASE, SE, ...), and ZZ can play nothing here, so the best line is the
        // best play that goes out, and the solver proves it.
        let state = position(["E", "ZZ"], [100, 100], 0);
        let got = solve(&state, &g, Limits::default()).unwrap();
        assert!(got.exact);
        assert_eq!(got.line.len(), 1, "{:?}", got.line);
        let zz = state.rack_value(1);
        assert!(zz > 0);
        assert_eq!(got.spread, got.line[0].score as i32 + 2 * zz);
    }

    #[test]
    fn only_two_players_with_an_empty_bag() {
        let g = graph();
        let three =
            State::position(&rules(false), board(), &["A", "E", "I"], &[], &[0; 3], 0).unwrap();
        assert_eq!(
            solve(&three, &g, Limits::default()).unwrap_err(),
            NotEndgame::Players(3)
        );
        let set = TileSet::italian();
        let bag = [set.parse('A').unwrap()];
        let with_bag =
            State::position(&rules(false), board(), &["A", "E"], &bag, &[0; 2], 0).unwrap();
        assert_eq!(
            solve(&with_bag, &g, Limits::default()).unwrap_err(),
            NotEndgame::Bag(1)
        );
    }

    /// A node limit too small to finish: a move all the same, not called exact.
    #[test]
    fn a_search_cut_short_is_not_called_exact() {
        let g = graph();
        let state = position(["AEIOS", "NTRLU"], [0, 0], 0);
        let got = solve(
            &state,
            &g,
            Limits {
                max_nodes: 50,
                max_depth: 40,
            },
        )
        .unwrap();
        assert!(!got.exact);
        assert!(!got.line.is_empty());
        assert!(got.nodes <= 51);
    }
}
