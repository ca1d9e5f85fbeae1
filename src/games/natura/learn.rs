//! Learning leave values by self-play (issue 25). The method, in `docs/analysis.md`:
//!
//! 1. Two machine players play whole games from seeded bags, each move the best by equity
//!    under the current values (all zero at first: the best by score).
//! 2. Each time a player keeps a leave that the bag refills (a play with tiles still to draw,
//!    or an exchange), the points that player scores on their next turn are one sample for
//!    that leave.
//! 3. A leave's value is the mean of its samples less the mean of all samples, so an average
//!    leave is worth 0 and a good one a few points more. Rare leaves are pulled towards what
//!    their tiles are worth apart (the mean over their tiles of the leave without the tile
//!    plus the tile alone), by [`SMOOTHING`] samples' weight; a leave never seen takes that
//!    value outright.
//! 4. The next iteration plays with the new values; the values settle when an iteration moves
//!    them little ([`change`]).
//!
//! Samples are integer sums, so a batch's tally is the same whatever the order its games
//! are played in, on however many threads: the values are reproducible from the seed.

use std::collections::HashMap;
use std::ops::Range;

use super::game::{Rules, Setup, State};
use super::layout::TileSet;
use super::leaves::{every_leave, key_of_counts, kinds_of, size_of, LeaveKey, Leaves, MAX_LEAVE};
use super::machine::best_by_equity;
use super::movegen::Gaddag;
use super::moves::Move;
use crate::deal::DealRng;
use crate::games::engine::Engine;

/// How many samples' weight pulls a rare leave towards its tiles' value.
pub const SMOOTHING: f64 = 30.0;

/// The samples of a batch of games.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// By leave: the sum of the next turn's points, and how many samples.
    pub leaves: HashMap<LeaveKey, (i64, u64)>,
    /// Games played.
    pub games: u64,
    /// Turns played, and their points (for the mean turn, reported).
    pub turns: u64,
    pub points: i64,
}

impl Tally {
    pub fn add(&mut self, other: &Tally) {
        for (&k, &(s, n)) in &other.leaves {
            let e = self.leaves.entry(k).or_default();
            e.0 += s;
            e.1 += n;
        }
        self.games += other.games;
        self.turns += other.turns;
        self.points += other.points;
    }

    pub fn samples(&self) -> u64 {
        self.leaves.values().map(|&(_, n)| n).sum()
    }
}

/// The bag of self-play game `game` of iteration `iteration`, from the run's seed.
pub fn bag(set: &TileSet, seed: &str, iteration: u32, game: u64) -> Vec<u8> {
    let mut bag = Vec::with_capacity(set.total());
    for (k, &n) in set.full_counts().iter().enumerate() {
        bag.extend(std::iter::repeat_n(k as u8, usize::from(n)));
    }
    let stream = format!("{seed}/{iteration}/{game}");
    DealRng::new("natura", "leaves", &stream, 1).shuffle(&mut bag);
    bag
}

/// Play one two-player game by equity under `leaves`, adding its samples to `tally`.
pub fn play_game(bag: Vec<u8>, graph: &Gaddag, leaves: &Leaves, tally: &mut Tally) {
    let Ok(mut state) = State::start(&Setup { players: 2, bag }, &Rules::default()) else {
        return;
    };
    // Per seat, the leave kept at its last turn, waiting for its next turn's points.
    let mut waiting: [Option<LeaveKey>; 2] = [None, None];
    while let Some(seat) = state.to_move() {
        let Some(choice) = best_by_equity(&state, graph, leaves) else {
            break;
        };
        let kept = match &choice.mv {
            Move::Place { .. } | Move::Exchange { .. } => choice.leave,
            _ => None,
        };
        let before = state.scores()[seat];
        if state.play(choice.mv).is_err() {
            break;
        }
        let points = state.scores()[seat] - before;
        tally.turns += 1;
        tally.points += i64::from(points);
        if let Some(k) = waiting[seat].take() {
            let e = tally.leaves.entry(k).or_default();
            e.0 += i64::from(points);
            e.1 += 1;
        }
        waiting[seat] = kept;
    }
    tally.games += 1;
}

/// Play games `games` of `iteration` on `threads` threads and tally them.
pub fn play_batch(
    graph: &Gaddag,
    leaves: &Leaves,
    seed: &str,
    iteration: u32,
    games: Range<u64>,
    threads: usize,
) -> Tally {
    let set = TileSet::italian();
    on_threads(games, threads, Tally::add, |g, tally: &mut Tally| {
        play_game(bag(&set, seed, iteration, g), graph, leaves, tally);
    })
}

/// Games `games` shared among `threads` threads (game g on thread g mod threads), each
/// thread's result made by `play` per game, then the results added in thread order. What
/// is added is integer counts, so the sum is the same on any number of threads.
pub(super) fn on_threads<T: Default + Send>(
    games: Range<u64>,
    threads: usize,
    add: fn(&mut T, &T),
    play: impl Fn(u64, &mut T) + Sync,
) -> T {
    let threads = threads.max(1) as u64;
    let play = &play;
    let parts: Vec<T> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let games = games.clone();
                scope.spawn(move || {
                    let mut part = T::default();
                    for g in games.filter(|g| g % threads == t) {
                        play(g, &mut part);
                    }
                    part
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut total = T::default();
    for p in &parts {
        add(&mut total, p);
    }
    total
}

/// The values a tally gives (step 3 of the module doc), in hundredths of a point, for
/// every leave of the set.
pub fn values(set: &TileSet, tally: &Tally) -> HashMap<LeaveKey, i32> {
    let (sum, n) = tally
        .leaves
        .values()
        .fold((0i64, 0u64), |(s, c), &(x, k)| (s + x, c + k));
    let mean = if n == 0 { 0.0 } else { sum as f64 / n as f64 };
    let raw = |key: LeaveKey| -> Option<(f64, u64)> {
        let &(s, k) = tally.leaves.get(&key)?;
        (k > 0).then(|| ((s as f64 - k as f64 * mean) / k as f64, k))
    };
    let mut all = every_leave(set);
    // Smaller leaves first: a leave's prior is made of its sub-leaves.
    all.sort_by_key(|&k| size_of(k));
    let step = steps(&all, &raw);
    let mut v: HashMap<LeaveKey, f64> = HashMap::with_capacity(all.len());
    for &key in &all {
        let kinds: Vec<u8> = kinds_of(key).collect();
        let mut total = 0.0;
        let mut parts = 0.0;
        for_each_tile(&kinds, |tile, rest, copies| {
            let below = v.get(&key_of(rest)).copied().unwrap_or(0.0);
            // No step learned for this tile: what it is worth alone.
            let alone = || {
                v.get(&key_of(&[tile])).copied().unwrap_or(0.0) - v.get(&0).copied().unwrap_or(0.0)
            };
            total += below + step.get(&(tile, copies)).copied().unwrap_or_else(alone);
            parts += 1.0;
        });
        let prior = if parts == 0.0 { 0.0 } else { total / parts };
        let (s, k) = tally.leaves.get(&key).copied().unwrap_or((0, 0));
        let value = (s as f64 - k as f64 * mean + SMOOTHING * prior) / (k as f64 + SMOOTHING);
        v.insert(key, value);
    }
    v.into_iter()
        .map(|(k, x)| (k, (x * 100.0).round() as i32))
        .collect()
}

/// Leaves sampled at least this often count towards [`steps`].
const WELL_SAMPLED: u64 = 50;

/// What one more copy of a tile adds to a leave that holds `copies` of it already, by
/// (tile, copies): the mean difference between well-sampled leaves and the same leaves
/// without that tile, weighted by the rarer of the two. A second `E` is worth less than the
/// first; this is how a rare leave's prior knows it. Missing steps fall back to the step of
/// one copy fewer.
fn steps(
    all: &[LeaveKey],
    raw: &dyn Fn(LeaveKey) -> Option<(f64, u64)>,
) -> HashMap<(u8, usize), f64> {
    let mut acc: HashMap<(u8, usize), (f64, f64)> = HashMap::new();
    for &key in all {
        let Some((value, n)) = raw(key).filter(|&(_, n)| n >= WELL_SAMPLED) else {
            continue;
        };
        let kinds: Vec<u8> = kinds_of(key).collect();
        for_each_tile(&kinds, |tile, rest, copies| {
            if let Some((below, m)) = raw(key_of(rest)).filter(|&(_, m)| m >= WELL_SAMPLED) {
                let w = n.min(m) as f64;
                let e = acc.entry((tile, copies)).or_default();
                e.0 += w * (value - below);
                e.1 += w;
            }
        });
    }
    let mut step: HashMap<(u8, usize), f64> =
        acc.into_iter().map(|(k, (s, w))| (k, s / w)).collect();
    for tile in 0..32u8 {
        for copies in 1..MAX_LEAVE {
            if !step.contains_key(&(tile, copies)) {
                if let Some(&below) = step.get(&(tile, copies - 1)) {
                    step.insert((tile, copies), below);
                }
            }
        }
    }
    step
}

/// For each distinct tile of a leave (kinds in order): the tile, the leave without one copy
/// of it, and how many copies that leave still holds.
fn for_each_tile(kinds: &[u8], mut f: impl FnMut(u8, &[u8], usize)) {
    let mut last = None;
    for (i, &t) in kinds.iter().enumerate() {
        if last == Some(t) {
            continue;
        }
        last = Some(t);
        let mut rest = kinds.to_vec();
        rest.remove(i);
        let copies = rest.iter().filter(|&&r| r == t).count();
        f(t, &rest, copies);
    }
}

fn key_of(kinds: &[u8]) -> LeaveKey {
    let mut counts = [0u8; 32];
    for &k in kinds {
        counts[usize::from(k) & 31] += 1;
    }
    key_of_counts(&counts).unwrap_or(0)
}

/// How far the values moved between two iterations, in points: the mean absolute change
/// weighted by how often each leave was kept (the leaves that matter in play).
pub fn change(before: &Leaves, after: &Leaves, tally: &Tally) -> f64 {
    let mut moved = 0.0;
    let mut weight = 0.0;
    for (&k, &(_, n)) in &tally.leaves {
        moved += n as f64 * f64::from((after.value(k) - before.value(k)).abs()) / 100.0;
        weight += n as f64;
    }
    if weight == 0.0 {
        0.0
    } else {
        moved / weight
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::natura::leaves::tests::stamp;
    use crate::games::natura::leaves::{key_from_text, size_of};
    use crate::games::natura::machine::{best_by_equity, best_move, ranked_by_equity};
    use crate::games::natura::movegen::tests::graph;

    #[test]
    fn a_batch_tallies_the_same_on_any_number_of_threads() {
        let g = graph();
        let zero = Leaves::zero(stamp());
        let one = play_batch(&g, &zero, "t", 0, 0..6, 1);
        let three = play_batch(&g, &zero, "t", 0, 0..6, 3);
        assert_eq!(one, three);
        assert_eq!(one.games, 6);
        assert!(one.samples() > 20, "{} samples", one.samples());
        // Two halves add up to the whole.
        let mut halves = play_batch(&g, &zero, "t", 0, 0..3, 2);
        halves.add(&play_batch(&g, &zero, "t", 0, 3..6, 2));
        assert_eq!(halves, one);
        // Another iteration deals other bags.
        assert_ne!(play_batch(&g, &zero, "t", 1, 0..6, 1), one);
    }

    #[test]
    fn a_duel_swaps_seats_and_zero_values_against_themselves_come_out_even() {
        let g = graph();
        let zero = Leaves::zero(stamp());
        // Both players rank by score: each bag played twice, seats swapped, gives spreads
        // of opposite sign, so the total is 0 and wins equal losses.
        let d = duel(&g, &zero, "d", 0..8, 2);
        assert_eq!(d.games, 8);
        assert_eq!(d.spread, 0);
        assert_eq!(d.wins * 2 + d.draws, 8);
        assert_eq!(d, duel(&g, &zero, "d", 0..8, 1), "any number of threads");
        let (p, half) = d.win_rate();
        assert!((p - 0.5).abs() < 1e-9 && half > 0.0);
    }

    #[test]
    fn values_are_the_mean_next_turn_above_average_and_rare_leaves_lean_on_their_tiles() {
        let set = TileSet::italian();
        let k = |t: &str| key_from_text(&set, t).unwrap();
        let mut tally = Tally::default();
        // 1000 samples of `?` at 40 points, 1000 of `Q` at 10: the mean is 25.
        tally.leaves.insert(k("?"), (40_000, 1000));
        tally.leaves.insert(k("Q"), (10_000, 1000));
        let v = values(&set, &tally);
        let close = |a: i32, b: f64| (f64::from(a) / 100.0 - b).abs() < 0.5;
        assert!(close(v[&k("?")], 15.0 * 1000.0 / 1030.0), "{}", v[&k("?")]);
        assert!(close(v[&k("Q")], -15.0 * 1000.0 / 1030.0), "{}", v[&k("Q")]);
        // No step is learned (the pairs are never seen): a leave never seen is what its
        // tiles are worth alone, summed: `?Q` about 0.
        assert!(close(v[&k("?Q")], 0.0), "{}", v[&k("?Q")]);
        // `??` leans on `?` twice (no second-copy step known: the first one's).
        assert!(close(v[&k("??")], 2.0 * f64::from(v[&k("?")]) / 100.0));
        // Every leave of the set has a value.
        assert_eq!(v.len(), every_leave(&set).len());
        assert!(v.keys().all(|&key| size_of(key) <= 6));
    }

    #[test]
    fn with_zero_values_equity_plays_the_highest_score() {
        let g = graph();
        let zero = Leaves::zero(stamp());
        let set = TileSet::italian();
        let mut state = State::start(
            &Setup {
                players: 2,
                bag: bag(&set, "eq", 0, 7),
            },
            &Rules::default(),
        )
        .unwrap();
        let mut turns = 0;
        while state.to_move().is_some() && turns < 30 {
            let v = best_by_equity(&state, &g, &zero).unwrap();
            if let Some(b) = best_move(&state, &g).filter(|b| matches!(b.mv, Move::Place { .. })) {
                assert_eq!(v.mv, b.mv, "turn {turns}");
                assert_eq!(v.equity, i64::from(b.score) * 100);
            }
            state.play(v.mv).unwrap();
            turns += 1;
        }
        assert!(turns >= 10);
    }

    #[test]
    fn the_fast_best_by_equity_is_the_first_of_the_full_ranking() {
        let g = graph();
        let set = TileSet::italian();
        // Made-up values: a jolly kept is worth 30 points, an S 8, a Q -12, vowels 2.
        let mut v = HashMap::new();
        for key in every_leave(&set) {
            let text = super::super::leaves::key_text(key);
            let score: i32 = text
                .chars()
                .map(|c| match c {
                    '?' => 3000,
                    'S' => 800,
                    'Q' => -1200,
                    'A' | 'E' | 'I' | 'O' | 'U' => 200,
                    _ => -100,
                })
                .sum();
            v.insert(key, score);
        }
        let leaves = Leaves::new(stamp(), v);
        for game in 0..3 {
            let mut state = State::start(
                &Setup {
                    players: 2,
                    bag: bag(&set, "fast", 0, game),
                },
                &Rules::default(),
            )
            .unwrap();
            while state.to_move().is_some() {
                let fast = best_by_equity(&state, &g, &leaves).unwrap();
                let all = ranked_by_equity(&state, &g, &leaves);
                assert_eq!(fast.equity, all[0].equity, "{:?} vs {:?}", fast, all[0]);
                state.play(fast.mv).unwrap();
            }
        }
    }
}

/// The result of a duel between the equity player and the score player ([`duel`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Duel {
    pub games: u64,
    /// Games the equity player won, drew.
    pub wins: u64,
    pub draws: u64,
    /// The sum of (equity's final score - score's), and of its square.
    pub spread: i64,
    pub spread_squares: i128,
}

impl Duel {
    pub fn add(&mut self, o: &Duel) {
        self.games += o.games;
        self.wins += o.wins;
        self.draws += o.draws;
        self.spread += o.spread;
        self.spread_squares += o.spread_squares;
    }

    /// The equity player's mean spread per game and its 95% interval's half-width.
    pub fn spread_per_game(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let mean = self.spread as f64 / n;
        let var = (self.spread_squares as f64 / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        (mean, 1.96 * (var / n).sqrt())
    }

    /// The equity player's win rate (a draw half a win) and its 95% interval's half-width.
    pub fn win_rate(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let p = (self.wins as f64 + self.draws as f64 / 2.0) / n;
        (p, 1.96 * (p * (1.0 - p) / n).sqrt())
    }
}

/// Play `games` two-player games, the equity player under `leaves` against the score
/// player (the same machine with zero values): each bag twice, seats swapped, so the tiles
/// drawn favour neither; `games` counts both. Bags come from `seed` as in learning.
pub fn duel(
    graph: &Gaddag,
    leaves: &Leaves,
    seed: &str,
    games: Range<u64>,
    threads: usize,
) -> Duel {
    let zero = Leaves::zero(leaves.stamp.clone());
    let set = TileSet::italian();
    on_threads(games, threads, Duel::add, |g, d: &mut Duel| {
        // Game g: bag g / 2, the equity player first when g is even.
        let equity_seat = (g % 2) as usize;
        let players: [&Leaves; 2] = if equity_seat == 0 {
            [leaves, &zero]
        } else {
            [&zero, leaves]
        };
        let b = bag(&set, seed, u32::MAX, g / 2);
        if let Some(finals) = play_between(b, graph, players) {
            let s = i64::from(finals[equity_seat] - finals[1 - equity_seat]);
            d.games += 1;
            d.spread += s;
            d.spread_squares += i128::from(s) * i128::from(s);
            match s.cmp(&0) {
                std::cmp::Ordering::Greater => d.wins += 1,
                std::cmp::Ordering::Equal => d.draws += 1,
                std::cmp::Ordering::Less => {}
            }
        }
    })
}

/// One game, each seat playing by equity under its own values; the final scores (NS-4).
fn play_between(bag: Vec<u8>, graph: &Gaddag, players: [&Leaves; 2]) -> Option<Vec<i32>> {
    let mut state = State::start(&Setup { players: 2, bag }, &Rules::default()).ok()?;
    while let Some(seat) = state.to_move() {
        let choice = best_by_equity(&state, graph, players[seat])?;
        state.play(choice.mv).ok()?;
    }
    Some(state.final_scores())
}
