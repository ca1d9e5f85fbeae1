//! The endgame (issue 25): once the bag is empty both racks are known, so the game is one of
//! perfect information and can be searched to its end. [`solve`] finds the best sequence for
//! the player to move by the final spread (the scores after NS-4's adjustment: a player who
//! goes out gains the other's rack value, twice over in spread), over every move the engine
//! allows (placements the lexicon's graph gives, and the pass; no exchange with an empty bag,
//! NS-3; six scoreless turns in a row end the game, NS-4).
//!
//! - [`lines`]: each line's moves for a rack, kept, so the generator walks a line again only
//!   once a move changes it;
//! - [`pos`]: the position searched, changed in place move by move, with its Zobrist key;
//! - [`table`]: the transposition table, a fixed array of small entries;
//! - [`search`]: negamax with alpha-beta, null-window re-searches and the going-out bound;
//!   once one side can only pass to the end, a one-player search for the other (exact);
//! - [`alone`]: the bound from the other side's passes: what a side could do alone, an
//!   upper bound for it and (after its pass) a lower bound for the other, in any position;
//! - [`stuck`]: the tiles no line of play can place again (a `Q` with no `U` in reach), found
//!   once at the start: their holder never goes out (no list of its outs is made), and
//!   holding nothing else, can only pass.
//!
//! Iterative deepening: each round searches one ply deeper, within a narrow window around
//! the last round's value (widened if the value falls outside), the move the table found
//! best first, then the moves that go out, then by score and the worth of the tiles played.
//! A round that reaches the game's end on every line it needs is exact (pruning never
//! changes the value of a search inside its window, and what the table proved holds at any
//! depth); a round cut off by the depth settles a leaf by the bound from the other side's
//! passes where that falls outside the window (proved), else uses a rough estimate (each
//! rack's value counted against its holder). The node and time limits stop the deepening, keeping
//! the last whole round. Two players only: with three or more, "the best spread" is not one
//! number.

mod alone;
mod lines;
mod pos;
mod search;
mod stuck;
mod table;

use std::time::{Duration, Instant};

use super::game::State;
use super::movegen::{Gaddag, Ranked};
use crate::games::engine::Engine;
use pos::{Mv, Pos};
pub use search::Stop;
use search::{Search, INF};
use table::Table;

/// How far the search may go.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Positions visited over all rounds, at most (the round under way is abandoned there):
    /// the limit that gives the same answer on every machine.
    pub max_nodes: u64,
    /// Plies searched at most.
    pub max_depth: usize,
    /// Wall time at most (the answer then depends on the machine's speed).
    pub max_time: Option<Duration>,
    /// Bytes of the transposition table.
    pub table_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: 5_000_000,
            max_depth: 60,
            max_time: None,
            table_bytes: 256 << 20,
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
    /// What stopped the search before a proof (`None` when proved, or when the depth ran out).
    pub stop: Option<Stop>,
    /// Positions answered by the one-player search (a side that can only pass, holding
    /// tiles it can never place).
    pub alone: u64,
    /// Positions settled by the bound from the other side's passes (see [`alone`]), and
    /// the one-player positions walked for it (counted in `nodes`).
    pub bounded: u64,
    pub walked: u64,
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

/// Half the width of a round's first window around the last round's value.
const ASPIRATION: i32 = 12;

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
    let me = state.turn_seat();
    let so_far = state.scores()[me] - state.scores()[1 - me];
    let deadline = limits.max_time.map(|t| Instant::now() + t);
    let pos = Pos::new(state, graph);
    let mut search = Search::new(
        pos,
        Table::new(limits.table_bytes),
        limits.max_nodes,
        deadline,
    );
    let max_depth = limits.max_depth.clamp(1, usize::from(u8::MAX - 1)) as u8;
    // The last whole round: its value, whether proved, its depth.
    let mut done: Option<(i32, bool, u8)> = None;
    let mut guess = search.pos.estimate();
    for depth in 1..=max_depth {
        // A narrow window first; outside it, the value is a bound, searched again from it
        // outwards (the whole window at the third try, whatever the table says).
        let (mut lo, mut hi) = (guess - ASPIRATION, guess + ASPIRATION);
        let mut tries = 0;
        let (v, p) = loop {
            let (v, p) = search.negamax(0, depth, lo, hi);
            tries += 1;
            if search.stopped.is_some() || (v > lo && v < hi) || (lo, hi) == (-INF, INF) {
                break (v, p);
            }
            (lo, hi) = if tries >= 2 {
                (-INF, INF)
            } else if v <= lo {
                (-INF, v + 1)
            } else {
                (v - 1, INF)
            };
        };
        if search.stopped.is_some() {
            break;
        }
        done = Some((v, p, depth));
        guess = v;
        if p {
            break;
        }
    }
    let nodes = search.nodes.min(limits.max_nodes.saturating_add(1));
    let stop = search.stopped;
    let (line, value, exact, depth) = match done {
        Some((v, true, d)) => {
            // Room to walk the proved line again (almost all of it is in the table).
            search.stopped = None;
            search.deadline = None;
            search.max_nodes = search.nodes.saturating_add(limits.max_nodes.max(1000));
            (proved_line(&mut search, v), v, true, d)
        }
        Some((v, false, d)) => (table_line(&mut search, usize::from(d)), v, false, d),
        None => {
            // Not even one ply within the limit: the first move tried, unproved.
            let mut moves = Vec::new();
            search.ordered(0, &mut moves);
            let line = moves
                .first()
                .map(|(_, m)| m.ranked(me))
                .into_iter()
                .collect();
            (line, search.pos.estimate(), false, 0)
        }
    };
    Ok(Solution {
        line,
        spread: so_far + value,
        exact,
        depth: usize::from(depth),
        nodes,
        stop: if exact { None } else { stop },
        alone: search.alone,
        bounded: search.bounded,
        walked: search.solo_best.walked,
    })
}

/// The line the table's best moves give from the root, at most `depth` moves.
fn table_line(search: &mut Search, depth: usize) -> Vec<Ranked> {
    let mut line = Vec::new();
    let mut made = Vec::new();
    let mut moves = Vec::new();
    while line.len() < depth && !search.pos.over() {
        let Some(best) = search.table.get(search.pos.hash).map(|e| e.best) else {
            break;
        };
        search.ordered(best, &mut moves);
        let Some(&(_, m)) = moves.iter().find(|(_, m)| m.id() == best) else {
            break;
        };
        line.push(m.ranked(search.pos.turn));
        let undo = search.pos.make(&m);
        made.push((m, undo));
    }
    for (m, undo) in made.into_iter().rev() {
        search.pos.unmake(&m, undo);
    }
    line
}

/// A line that keeps the proved value `value` at every step, to the game's end: at each
/// position, the first move (the table's first) whose value, searched again in a window
/// around the one needed, is exactly it.
fn proved_line(search: &mut Search, mut value: i32) -> Vec<Ranked> {
    let mut line = Vec::new();
    let mut made: Vec<(Mv, pos::Undo)> = Vec::new();
    let mut moves = Vec::new();
    'steps: while !search.pos.over() {
        let best = search.table.get(search.pos.hash).map_or(0, |e| e.best);
        search.ordered(best, &mut moves);
        for &(_, m) in &moves {
            let s = i32::from(m.score);
            let rest = if let Some(v) = search.settled(&m) {
                (v == value).then_some(None)
            } else {
                let undo = search.pos.make(&m);
                let (c, p) = search.negamax(1, u8::MAX - 1, s - value - 1, s - value + 1);
                search.pos.unmake(&m, undo);
                if search.stopped.is_some() {
                    break 'steps;
                }
                (p && s - c == value).then_some(Some(c))
            };
            if let Some(rest) = rest {
                line.push(m.ranked(search.pos.turn));
                let undo = search.pos.make(&m);
                made.push((m, undo));
                match rest {
                    Some(c) => {
                        value = c;
                        continue 'steps;
                    }
                    None => break 'steps,
                }
            }
        }
        // No move keeps the value (the table lost it): the line stops here.
        break;
    }
    for (m, undo) in made.into_iter().rev() {
        search.pos.unmake(&m, undo);
    }
    line
}

/// Every line searched to the end without pruning, through the engine's own `play` (not
/// the search's position): the exact value, for tests on small positions.
#[cfg(test)]
pub(super) fn exhaustive(state: &State, graph: &Gaddag) -> i32 {
    if state.end().is_some() {
        let f = state.final_scores();
        let me = state.turn_seat();
        return f[me] - f[1 - me];
    }
    let mut best = -i32::MAX;
    for r in super::movegen::ranked_moves(state, graph) {
        if matches!(r.mv, super::moves::Move::Exchange { .. }) {
            continue;
        }
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

    /// The solver's value, proved, equals the exhaustive one, and its line played through
    /// the engine ends the game at that spread.
    fn agrees(state: &State, g: &Gaddag, what: &str) -> Solution {
        let want = exhaustive(state, g);
        let got = solve(state, g, Limits::default()).unwrap();
        assert!(got.exact, "{what}: not proved");
        assert_eq!(got.spread, want, "{what}");
        let mut s = state.clone();
        for r in &got.line {
            s.play(r.mv.clone()).unwrap();
        }
        assert!(s.end().is_some(), "{what}: the line stops short");
        let f = s.final_scores();
        let me = state.turn_seat();
        assert_eq!(f[me] - f[1 - me], want, "{what}: the line");
        got
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
        let mut bounded = 0;
        for _ in 0..120 {
            let rack = |rng: &mut Rng, n: usize| -> String {
                (0..n).map(|_| letters[rng.below(letters.len())]).collect()
            };
            let (na, nb) = (1 + rng.below(3), 1 + rng.below(2));
            let (a, b) = (rack(&mut rng, na), rack(&mut rng, nb));
            let scores = [rng.below(40) as i32, rng.below(40) as i32];
            let state = position([&a, &b], scores, rng.below(2));
            let got = agrees(&state, &g, &format!("{a} v {b} from {scores:?}"));
            if got.line.len() > 1 {
                decided += 1;
            }
            bounded += got.bounded;
        }
        assert!(
            decided > 20,
            "only {decided} positions took more than one move"
        );
        // The bound from the other side's passes settled positions on the way.
        assert!(bounded > 20, "{bounded} positions settled by the bound");
    }

    /// The best final spread for `seat` when the other seat passes at every turn, over every
    /// move the engine allows `seat` (its passes too, the count of scoreless turns as the
    /// engine keeps it): what [`alone`] claims to find without the passes.
    fn alone_exhaustive(state: &State, g: &Gaddag, seat: usize) -> i32 {
        if state.end().is_some() {
            let f = state.final_scores();
            return f[seat] - f[1 - seat];
        }
        if state.turn_seat() != seat {
            let mut next = state.clone();
            next.play(super::super::moves::Move::Pass { seat: 1 - seat })
                .unwrap();
            return alone_exhaustive(&next, g, seat);
        }
        let mut best = -i32::MAX;
        for r in super::super::movegen::ranked_moves(state, g) {
            if matches!(r.mv, super::super::moves::Move::Exchange { .. }) {
                continue;
            }
            let mut next = state.clone();
            if next.play(r.mv).is_ok() {
                best = best.max(alone_exhaustive(&next, g, seat));
            }
        }
        best
    }

    /// A seeded small position, after `passes` scoreless turns (so the count NS-4 ends the
    /// game on is not always 0), with `Z` among the letters: no word here holds one, so a
    /// side may have to pass.
    fn small_position(rng: &mut Rng) -> Option<State> {
        let letters: Vec<char> = "AEIOSTRNLUZ".chars().collect();
        let rack = |rng: &mut Rng, n: usize| -> String {
            (0..n).map(|_| letters[rng.below(letters.len())]).collect()
        };
        let (na, nb) = (1 + rng.below(3), 1 + rng.below(2));
        let (a, b) = (rack(rng, na), rack(rng, nb));
        let scores = [rng.below(40) as i32, rng.below(40) as i32];
        let mut state = position([&a, &b], scores, rng.below(2));
        for _ in 0..rng.below(6) {
            let seat = state.turn_seat();
            state
                .play(super::super::moves::Move::Pass { seat })
                .unwrap();
        }
        (state.end().is_none()).then_some(state)
    }

    /// The bound from the other side's passes (NS-3: a pass is always a turn; NS-4: how the
    /// game ends), checked against every line of play: the final spread is at most the
    /// mover's best alone and at least minus the other's best alone after the mover's pass
    /// (the end itself when that pass is the last); and the walk of [`alone`] finds each best
    /// alone exactly as the engine's every move (passes and the count too) does, answering
    /// "at most" at the best and not one below it.
    #[test]
    fn the_bound_from_the_other_side_passes_holds_on_every_line() {
        let g = graph();
        let mut rng = Rng(0x0dd5_ea1e_b0b5_cafe);
        let (mut checked, mut last_pass, mut stopping) = (0, 0, 0);
        let mut lines = lines::Lines::default();
        let mut walker = alone::Alone::default();
        for _ in 0..150 {
            let Some(state) = small_position(&mut rng) else {
                continue;
            };
            let me = state.turn_seat();
            let now = state.scores()[me] - state.scores()[1 - me];
            let value = exhaustive(&state, &g);
            let upper = alone_exhaustive(&state, &g, me);
            let mut passed = state.clone();
            passed
                .play(super::super::moves::Move::Pass { seat: me })
                .unwrap();
            let lower = -alone_exhaustive(&passed, &g, 1 - me);
            let what = format!("{:?} v {:?}", state.rack(me), state.rack(1 - me));
            assert!(
                lower <= value && value <= upper,
                "{what}: {lower} {value} {upper}"
            );
            // The walk, on the search's own position, in points still to come.
            let mut pos = Pos::new(&state, &g);
            let want = upper - now;
            let walk = |pos: &mut Pos, lines: &mut lines::Lines, w: &mut alone::Alone, l| {
                w.at_most(pos, lines, l, 1 << 20)
            };
            assert_eq!(
                walk(&mut pos, &mut lines, &mut walker, want),
                Some(want),
                "{what}"
            );
            assert_eq!(
                walk(&mut pos, &mut lines, &mut walker, want - 1),
                None,
                "{what}"
            );
            if passed.end().is_some() {
                last_pass += 1;
            } else {
                // The other's best alone, to come from its side: its final spread less
                // its spread now.
                let undo = pos.make(&Mv::PASS);
                let want = -lower + now;
                assert_eq!(
                    walk(&mut pos, &mut lines, &mut walker, want),
                    Some(want),
                    "{what}"
                );
                assert_eq!(
                    walk(&mut pos, &mut lines, &mut walker, want - 1),
                    None,
                    "{what}"
                );
                pos.unmake(&Mv::PASS, undo);
            }
            stopping += usize::from(upper - now == pos.estimate());
            checked += 1;
        }
        assert!(
            checked > 100 && last_pass > 5 && stopping > 5,
            "{checked} positions, {last_pass} ended by the pass, {stopping} best stopping"
        );
    }

    /// The solver with the bound, against exhaustive search, on positions where a side
    /// must pass (a `Z`, which no word here holds) and the scoreless count is under way.
    #[test]
    fn the_solver_agrees_with_exhaustive_search_where_a_side_must_pass() {
        let g = graph();
        let mut rng = Rng(0x7a57_0c0f_fee0_0042);
        let (mut bounded, mut solved) = (0, 0);
        for _ in 0..120 {
            let Some(state) = small_position(&mut rng) else {
                continue;
            };
            let what = format!(
                "{:?} v {:?} after {} scoreless",
                state.rack(0),
                state.rack(1),
                state.scoreless_turns()
            );
            bounded += agrees(&state, &g, &what).bounded;
            solved += 1;
        }
        assert!(
            solved > 80 && bounded > 20,
            "{solved} solved, {bounded} settled"
        );
    }

    /// The bound worked out by hand: `Q` against `E` on CASA, the `Q` to move (Q never
    /// placed here: no `U`). The `Q` alone can only stop: both racks off, `v(E) - v(Q)`
    /// (1 - 10 = -9 with the FIGS values). The `E`'s one play is under CASA's `S` (SE, 3
    /// points; no other word here takes a single `E` beside CASA), which goes out: alone
    /// after the `Q`'s pass it gets `3 + 2 v(Q)` (23), so the `Q`'s value is at least -23
    /// (and is -23: the `E` goes out). A search of no depth answers those bounds, proved,
    /// where they fall outside its window, and the estimate, unproved, where they do not.
    #[test]
    fn the_bound_from_passes_worked_by_hand() {
        let w = q_words();
        let g = Gaddag::from_words(w.clone()).unwrap();
        let set = TileSet::italian();
        let v = |c| set.value(set.parse(c).unwrap()) as i32;
        let (upper, lower) = (v('E') - v('Q'), -(3 + 2 * v('Q')));
        assert_eq!((upper, lower), (-9, -23));
        let state = q_position(&w, board(), ["Q", "E"], 0);
        let mut search = Search::new(Pos::new(&state, &g), Table::new(1 << 16), 1 << 20, None);
        let mut at = |alpha, beta| search.negamax(0, 0, alpha, beta);
        assert_eq!(at(upper, upper + 1), (upper, true));
        assert_eq!(at(upper - 1, upper), (upper, false));
        assert_eq!(at(lower - 1, lower), (lower, true));
        // Inside the bounds: the estimate (both racks off, here the `Q`'s best alone).
        assert_eq!(at(lower, lower + 1), (v('E') - v('Q'), false));
        let got = agrees(&state, &g, "Q v E");
        assert_eq!(got.spread, 30 - 40 + lower);
    }

    /// The same with a jolly (NS-2: any letter, worth nothing) on one side, and with the
    /// `no-rack-penalty` variant (NS-4: no adjustment at the end, so going out is worth only
    /// its score and the passes' end costs nothing).
    #[test]
    fn the_solver_agrees_with_exhaustive_search_with_a_jolly_and_without_the_penalty() {
        let g = graph();
        let letters: Vec<char> = "AEIOSTRNLU".chars().collect();
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let rack = |rng: &mut Rng, n: usize| -> String {
            (0..n).map(|_| letters[rng.below(letters.len())]).collect()
        };
        for i in 0..16 {
            let other = 1 + rng.below(3);
            let b = rack(&mut rng, other);
            let turn = rng.below(2);
            let racks = if i % 2 == 0 {
                ["?", b.as_str()]
            } else {
                [b.as_str(), "?"]
            };
            let state = position(racks, [50, 60], turn);
            agrees(&state, &g, &format!("{racks:?}, {turn} to move"));
        }
        for _ in 0..30 {
            let (na, nb) = (1 + rng.below(3), 1 + rng.below(2));
            let (a, b) = (rack(&mut rng, na), rack(&mut rng, nb));
            let state = State::position(
                &rules(true),
                board(),
                &[&a, &b],
                &[],
                &[10, 20],
                rng.below(2),
            )
            .unwrap();
            agrees(&state, &g, &format!("{a} v {b}, no rack penalty"));
        }
    }

    /// The search's own position follows the engine: after each move, its key is the key of
    /// the engine's position after the same move (board, racks, turn, scoreless turns), and
    /// taking the move back gives the first key again.
    #[test]
    fn the_search_position_keeps_its_key_as_the_engine_plays() {
        let g = graph();
        let state = position(["AEIOS", "NTRLU"], [0, 0], 0);
        let mut p = Pos::new(&state, &g);
        let start = p.hash;
        let mut moves = Vec::new();
        p.placements_fresh(&mut moves);
        moves.push(Mv::PASS);
        assert!(moves.len() > 20, "{}", moves.len());
        let mut keys = HashSet::new();
        for m in &moves {
            let undo = p.make(m);
            assert_eq!(p.hash, p.key_from_scratch());
            let mut engine = state.clone();
            engine.play(m.ranked(0).mv).unwrap();
            assert_eq!(p.hash, Pos::new(&engine, &g).hash, "{m:?}");
            keys.insert(p.hash);
            p.unmake(m, undo);
            assert_eq!(p.hash, start);
        }
        // (A one-tile play forming words both ways is two moves to one position.)
        assert!(keys.len() > 20, "{}", keys.len());
    }

    /// The moves taken from the kept lines (see [`lines`]) are the generator's, move for
    /// move and in its order, for both racks at every position of seeded random games
    /// played forward and taken back, while the lines are reused.
    #[test]
    fn kept_line_moves_equal_freshly_generated_ones() {
        let g = graph();
        let mut rng = Rng(0x51ed_2701_a3c4_9b15);
        let mut lines = lines::Lines::default();
        let mut compared = 0;
        for racks in [
            ["AEIOSTR", "NTRLUEA"],
            ["?AEOST", "IILNRU"],
            ["AAEES", "OSTRN?"],
        ] {
            let state = position(racks, [0, 0], 0);
            let mut p = Pos::new(&state, &g);
            for _game in 0..6 {
                let mut made = Vec::new();
                while !p.over() {
                    for _side in 0..2 {
                        let (mut kept, mut fresh) = (Vec::new(), Vec::new());
                        p.placements(&mut lines, &mut kept);
                        p.placements_fresh(&mut fresh);
                        assert_eq!(kept, fresh, "{racks:?} after {made:?}");
                        // Each move is found again by its name alone (the table's best
                        // move, tried before the list is made).
                        let mut scratch = Vec::new();
                        for m in &kept {
                            let named = p.move_named(&mut lines, m.id(), &mut scratch);
                            let named = named.unwrap_or_else(|| panic!("{m:?} not found"));
                            assert_eq!(named.id(), m.id());
                            assert!(kept.contains(&named), "{named:?}");
                        }
                        assert_eq!(
                            p.move_named(&mut lines, Mv::PASS.id(), &mut scratch),
                            Some(Mv::PASS)
                        );
                        compared += 1;
                        p.turn = 1 - p.turn;
                    }
                    let mut moves = Vec::new();
                    p.placements_fresh(&mut moves);
                    let m = if moves.is_empty() || rng.below(8) == 0 {
                        Mv::PASS
                    } else {
                        moves[rng.below(moves.len())]
                    };
                    let undo = p.make(&m);
                    assert!(p.line_keys_hold(), "{racks:?} after {made:?} {m:?}");
                    made.push((m, undo));
                }
                for (m, undo) in made.into_iter().rev() {
                    p.unmake(&m, undo);
                    assert!(p.line_keys_hold(), "{racks:?} taking back {m:?}");
                    let (mut kept, mut fresh) = (Vec::new(), Vec::new());
                    p.placements(&mut lines, &mut kept);
                    p.placements_fresh(&mut fresh);
                    assert_eq!(kept, fresh, "{racks:?} taken back");
                }
            }
        }
        assert!(compared > 60, "{compared}");
        assert!(lines.hits > lines.walks, "{} {}", lines.hits, lines.walks);
    }

    /// The short words and a few with a `Q`, every one of them with a `U` after it (as in
    /// Italian, but for a handful of foreign forms).
    fn q_words() -> Vec<&'static str> {
        let mut w = words();
        w.extend(["QUA", "QUI", "QUO", "QUASI", "ACQUA", "EQUO", "AQUILA"]);
        w
    }

    fn q_position(g_words: &[&'static str], board: Board, racks: [&str; 2], turn: usize) -> State {
        let set: HashSet<String> = g_words.iter().map(|w| w.to_string()).collect();
        let rules = Rules {
            words: Some(Words(Arc::new(move |w| set.contains(w)))),
            ..Rules::default()
        };
        State::position(&rules, board, &racks, &[], &[30, 40], turn).unwrap()
    }

    /// Whether any line of play from `state` places a tile `letter` (every move the engine
    /// allows, to the game's end).
    fn ever_placed(state: &State, g: &Gaddag, letter: u8) -> bool {
        if state.end().is_some() {
            return false;
        }
        super::super::movegen::ranked_moves(state, g)
            .into_iter()
            .any(|r| {
                if let super::super::moves::Move::Place { play, .. } = &r.mv {
                    if play.word.contains(&letter) {
                        return true;
                    }
                }
                if matches!(r.mv, super::super::moves::Move::Exchange { .. }) {
                    return false;
                }
                let mut next = state.clone();
                next.play(r.mv).is_ok() && ever_placed(&next, g, letter)
            })
    }

    /// A `Q` with no `U` on either rack, and none on the board with room before it, can
    /// never be placed (NS-2: only the lexicon's words), so its holder can never go out; one
    /// holding nothing else can only pass. A `U` on the other rack, or on the board with a
    /// free square before it, or a jolly, and it is not stuck.
    #[test]
    fn a_q_without_a_u_in_reach_is_stuck() {
        let w = q_words();
        let g = Gaddag::from_words(w.clone()).unwrap();
        let set = TileSet::italian();
        let q = usize::from(set.parse('Q').unwrap());
        let stuck = |board: Board, racks: [&str; 2]| {
            let p = Pos::new(&q_position(&w, board, racks, 0), &g);
            (p.cannot_go_out(0), p.frozen(0), p.stuck & 1 << q != 0)
        };
        assert_eq!(stuck(board(), ["QA", "ES"]), (true, false, true));
        assert_eq!(stuck(board(), ["Q", "ES"]), (true, true, true));
        assert_eq!(stuck(board(), ["QA", "EU"]), (false, false, false));
        assert_eq!(stuck(board(), ["QA", "E?"]), (false, false, false));
        // A `U` below the `C` of CASA: a `Q` left of it would need QUA, QUASI, ... and an
        // `A` under CASA's first `A`, whose word down (`AA`) no word holds: still stuck.
        let mut near = board();
        near.set(Square { row: 8, col: 7 }, set.parse('U').unwrap());
        assert_eq!(stuck(near, ["QA", "ES"]), (true, false, true));
        // A `U` out in the open: QUA fits across it (another move may join it later).
        let mut open = board();
        open.set(Square { row: 11, col: 3 }, set.parse('U').unwrap());
        assert_eq!(stuck(open.clone(), ["QA", "ES"]), (false, false, false));
        // With the squares left of it and above it taken, no `Q` word fits.
        open.set(Square { row: 11, col: 2 }, set.parse('S').unwrap());
        open.set(Square { row: 10, col: 3 }, set.parse('S').unwrap());
        assert_eq!(stuck(open, ["QA", "ES"]), (true, false, true));
    }

    /// What the stuck test says never happens does not: over seeded small positions with a
    /// `Q` on a rack, wherever it calls the `Q` stuck no line of play places it; and it is
    /// not a test that says "stuck" to nothing: some positions place their `Q`.
    #[test]
    fn a_stuck_tile_is_never_placed_on_any_line() {
        let w = q_words();
        let g = Gaddag::from_words(w.clone()).unwrap();
        let set = TileSet::italian();
        let q = set.parse('Q').unwrap();
        let letters: Vec<char> = "AEIOSUUA".chars().collect();
        let mut rng = Rng(0x0bad_5eed_1234_5678);
        let (mut called, mut placed) = (0, 0);
        for _ in 0..60 {
            let rack = |rng: &mut Rng, n: usize| -> String {
                (0..n).map(|_| letters[rng.below(letters.len())]).collect()
            };
            let (na, nb) = (rng.below(2), 1 + rng.below(2));
            let a = format!("Q{}", rack(&mut rng, na));
            let b = rack(&mut rng, nb);
            let state = q_position(&w, board(), [&a, &b], rng.below(2));
            let p = Pos::new(&state, &g);
            let ever = ever_placed(&state, &g, q);
            if p.stuck & 1 << q != 0 {
                called += 1;
                assert!(!ever, "{a} v {b}: called stuck, but a line places the Q");
                assert!(p.cannot_go_out(0));
            }
            placed += usize::from(ever);
        }
        assert!(
            called > 10 && placed > 10,
            "{called} stuck, {placed} placed"
        );
    }

    /// With a side that can never go out, or can only pass (a frozen `Q`, searched for the
    /// other side alone), the solver still agrees with exhaustive search, and the one-player
    /// search is what answered.
    #[test]
    fn the_solver_agrees_with_exhaustive_search_when_a_side_is_stuck() {
        let w = q_words();
        let g = Gaddag::from_words(w.clone()).unwrap();
        let letters: Vec<char> = "AEIOSTRNL".chars().collect();
        let mut rng = Rng(0x5eed_0fa5_70c4);
        let mut alone = 0;
        for i in 0..40 {
            let rack = |rng: &mut Rng, n: usize| -> String {
                (0..n).map(|_| letters[rng.below(letters.len())]).collect()
            };
            let extra = if i % 2 == 0 { 0 } else { 1 + rng.below(2) };
            let a = format!("Q{}", rack(&mut rng, extra));
            let nb = 1 + rng.below(3);
            let b = rack(&mut rng, nb);
            let racks = if i % 4 < 2 {
                [a.as_str(), b.as_str()]
            } else {
                [b.as_str(), a.as_str()]
            };
            let state = q_position(&w, board(), racks, rng.below(2));
            let got = agrees(&state, &g, &format!("{racks:?}"));
            alone += got.alone;
        }
        assert!(alone > 0, "the one-player search never ran");
    }

    /// A hand-made stuck position, checked by hand and by exhaustive search: `Q` against
    /// `SE` on CASA, the `Q` to move. The `Q` can only pass (NS-4's passes end the game);
    /// the other side's best is `E` under CASA's `S` (SE, 3 points): its `S` then fits
    /// nowhere (CASAS, SS, ... are no words here), so the game ends by the passes with `S`
    /// and `Q` kept, each off its holder.
    #[test]
    fn a_frozen_side_passes_while_the_other_plays_out() {
        let w = q_words();
        let g = Gaddag::from_words(w.clone()).unwrap();
        let set = TileSet::italian();
        let state = q_position(&w, board(), ["Q", "SE"], 0);
        let got = agrees(&state, &g, "Q v SE");
        let moves: Vec<String> = got.line.iter().map(|r| r.mv.to_string()).collect();
        assert_eq!(
            moves,
            [
                "1 pass",
                "2 J8 down .E",
                "1 pass",
                "2 pass",
                "1 pass",
                "2 pass",
                "1 pass",
                "2 pass"
            ],
        );
        assert_eq!(got.line[1].score, 3);
        let value = |c| set.value(set.parse(c).unwrap()) as i32;
        assert_eq!(got.spread, 30 - 40 - 3 + value('S') - value('Q'));
        assert!(got.alone > 0);
    }

    /// A time limit of nothing: an answer all the same, not called exact, and the reason.
    #[test]
    fn a_search_out_of_time_says_so() {
        let g = graph();
        let state = position(["AEIOS", "NTRLU"], [0, 0], 0);
        let got = solve(
            &state,
            &g,
            Limits {
                max_time: Some(Duration::ZERO),
                ..Limits::default()
            },
        )
        .unwrap();
        assert!(!got.exact);
        assert_eq!(got.stop, Some(Stop::Time));
        assert!(!got.line.is_empty());
        let enough = solve(&state, &g, Limits::default()).unwrap();
        assert!(enough.exact && enough.stop.is_none());
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
                ..Limits::default()
            },
        )
        .unwrap();
        assert!(!got.exact);
        assert!(!got.line.is_empty());
        assert!(got.nodes <= 51);
    }
}
