//! Simulation (issue 25): the best few candidate moves, each played out a few plies against
//! racks drawn at random from the tiles the player to move cannot see, ranked by the mean of
//! what they lead to. The method, in `docs/analysis.md`:
//!
//! 1. The **hidden tiles** are the opponents' racks and the bag: the set less the board and
//!    the mover's rack. Iteration `k` shuffles them with the seeded stream of `(seed, k)`;
//!    the opponents' racks come from the front, the bag (in draw order) is the rest.
//! 2. Every candidate is played on the same draw of iteration `k` (common random numbers: the
//!    luck of the draw is the same for all, so their difference is measured, not the luck),
//!    then `plies` more moves by the machine player (best by equity, or by score without
//!    leave values).
//! 3. A play-out is worth the mover's spread at the horizon (against the best opponent, NS-4's
//!    adjustment included once the game is over) plus the value of the leave the mover kept
//!    at their last move in it; it is a win when that is above 0 (a draw at 0 is half a win).
//! 4. Values are whole hundredths of a point, summed as integers, so the tallies are the same
//!    whatever the order the iterations run in, on however many threads.

use std::cmp::Ordering;

use super::board::Square;
use super::game::State;
use super::layout::{TileSet, RACK, SIZE};
use super::learn::on_threads;
use super::leaves::Leaves;
use super::machine::{best_by_equity, best_move, Valued};
use super::movegen::Gaddag;
use super::moves::{tile_char, Move};
use crate::deal::DealRng;
use crate::games::engine::Engine;

/// What a candidate's play-outs add up to, in hundredths of a point.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Play-outs.
    pub n: u64,
    /// The sum of their values, and of their squares.
    pub sum: i64,
    pub squares: i128,
    /// Wins counted twice, draws once (so a draw is half a win in whole numbers).
    pub half_wins: u64,
}

impl Tally {
    /// One play-out worth `value` hundredths, won, drawn or lost by `result`.
    pub fn add_sample(&mut self, value: i64, result: Ordering) {
        self.n += 1;
        self.sum += value;
        self.squares += i128::from(value) * i128::from(value);
        self.half_wins += match result {
            Ordering::Greater => 2,
            Ordering::Equal => 1,
            Ordering::Less => 0,
        };
    }

    pub fn add(&mut self, o: &Tally) {
        self.n += o.n;
        self.sum += o.sum;
        self.squares += o.squares;
        self.half_wins += o.half_wins;
    }

    /// The mean value, in points.
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        self.sum as f64 / self.n as f64 / 100.0
    }

    /// The standard error of the mean, in points: the sample standard deviation over the
    /// square root of the play-outs (0 with fewer than two).
    pub fn std_error(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        // The sum of squared deviations, exactly in integers before the one division.
        let dev = (self.squares * i128::from(self.n) - i128::from(self.sum).pow(2)) as f64 / n;
        let var = dev / (n - 1.0);
        (var / n).sqrt() / 100.0
    }

    /// The share of play-outs won, a draw half.
    pub fn win_rate(&self) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        self.half_wins as f64 / 2.0 / self.n as f64
    }
}

/// How a simulation runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Moves played after the candidate (0: the candidate alone, which is its equity).
    pub plies: usize,
    pub iterations: u64,
    pub seed: String,
    /// Threads: the result does not depend on them.
    pub threads: usize,
}

/// The tiles the player to move cannot see, and where they are: the opponents' racks (seat,
/// size) and the bag (size).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hidden {
    /// The tiles, by kind in order (0 the jollies first).
    pub tiles: Vec<u8>,
    pub racks: Vec<(usize, usize)>,
    pub bag: usize,
}

/// A tile there are more of on the board and the racks (and bag) than the set holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooMany {
    pub tile: char,
    /// Where the tiles off the board are: "the rack", "the racks and the bag".
    pub place: &'static str,
    /// Off the board, on the board, in the set.
    pub held: u8,
    pub board: u8,
    pub set: u8,
}

impl std::fmt::Display for TooMany {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} {} `{}`, but the set has {} and {} on the board (NS-1)",
            self.place,
            if self.place.ends_with("rack") {
                "holds"
            } else {
                "hold"
            },
            self.held,
            self.tile,
            self.set,
            self.board
        )
    }
}

/// The tiles of the set less the board's and `rack`'s, by kind; the first tile kind there
/// are too many of, if any.
pub fn unseen(state: &State, rack: &[u8]) -> Result<Vec<u8>, TooMany> {
    let set = state.set();
    let full = set.full_counts();
    let mut board = vec![0u8; set.kinds()];
    for row in 0..SIZE {
        for col in 0..SIZE {
            if let Some(t) = state.board().get(Square { row, col }) {
                board[usize::from(TileSet::rack_tile(t))] += 1;
            }
        }
    }
    let mut out = vec![0u8; set.kinds()];
    for k in 0..set.kinds() {
        let r = rack.get(k).copied().unwrap_or(0);
        out[k] = full[k]
            .checked_sub(board[k].saturating_add(r))
            .ok_or(TooMany {
                tile: tile_char(k as u8),
                place: "the rack",
                held: r,
                board: board[k],
                set: full[k],
            })?;
    }
    Ok(out)
}

/// What the player to move cannot see. When the position knows the other racks or the bag
/// (a record dealt from a seed, or a position that lists them), those tiles, in racks and a
/// bag of the sizes it gives; when it knows neither (a GCG file says the mover's rack
/// alone), the tiles the set has left, seven to each opponent in turn while they last and
/// the rest in the bag.
pub fn hidden(state: &State, seat: usize) -> Result<Hidden, TooMany> {
    let left = unseen(state, state.rack(seat))?;
    let others: Vec<usize> = (1..state.players())
        .map(|i| (seat + i) % state.players())
        .collect();
    let size = |s: usize| state.rack(s).iter().map(|&n| usize::from(n)).sum::<usize>();
    let known = state.bag_len() + others.iter().map(|&s| size(s)).sum::<usize>();
    if known > 0 {
        let mut counts = vec![0u8; state.set().kinds()];
        for &s in &others {
            for (k, &n) in state.rack(s).iter().enumerate() {
                counts[k] += n;
            }
        }
        for &t in state.bag() {
            counts[usize::from(t)] += 1;
        }
        // They must fit in what the set has left once the board and the mover's rack are out.
        if let Some(k) = (0..counts.len()).find(|&k| counts[k] > left[k]) {
            let (full, mine) = (state.set().full_counts()[k], state.rack(seat)[k]);
            return Err(TooMany {
                tile: tile_char(k as u8),
                place: "the racks and the bag",
                held: counts[k] + mine,
                board: full - left[k] - mine,
                set: full,
            });
        }
        return Ok(Hidden {
            tiles: expand(&counts),
            racks: others.iter().map(|&s| (s, size(s))).collect(),
            bag: state.bag_len(),
        });
    }
    let tiles = expand(&left);
    let mut rest = tiles.len();
    let racks = others
        .iter()
        .map(|&s| {
            let n = rest.min(RACK);
            rest -= n;
            (s, n)
        })
        .collect();
    Ok(Hidden {
        tiles,
        racks,
        bag: rest,
    })
}

/// Counts by kind as tiles, in kind order.
fn expand(counts: &[u8]) -> Vec<u8> {
    counts
        .iter()
        .enumerate()
        .flat_map(|(k, &n)| std::iter::repeat_n(k as u8, usize::from(n)))
        .collect()
}

/// The position with the hidden tiles in `order`: the opponents' racks from its front, in
/// seat order, then the bag.
fn dealt(state: &State, hidden: &Hidden, order: &[u8]) -> State {
    let mut out = state.clone();
    let kinds = state.set().kinds();
    let mut at = 0;
    for &(s, n) in &hidden.racks {
        let mut rack = vec![0u8; kinds];
        for &t in &order[at..at + n] {
            rack[usize::from(t)] += 1;
        }
        out.set_rack(s, &rack);
        at += n;
    }
    out.set_bag(&order[at..]);
    out
}

/// The position as the player to move sees it: the hidden tiles in kind order (their sizes
/// right, which is what ranking the candidates needs).
pub fn seen(state: &State, hidden: &Hidden) -> State {
    dealt(state, hidden, &hidden.tiles)
}

/// Iteration `k`'s draw of the hidden tiles.
pub fn draw(state: &State, hidden: &Hidden, seed: &str, k: u64) -> State {
    let mut order = hidden.tiles.clone();
    DealRng::new("natura", "simulate", &format!("{seed}/{k}"), 1).shuffle(&mut order);
    dealt(state, hidden, &order)
}

/// One candidate played out from a draw: its value in hundredths and whether the mover is
/// ahead; `None` if the candidate cannot be played there.
pub fn play_out(
    start: &State,
    candidate: &Valued,
    plies: usize,
    graph: &Gaddag,
    leaves: Option<&Leaves>,
) -> Option<(i64, Ordering)> {
    let seat = candidate.mv.seat();
    let mut state = start.clone();
    state.play(candidate.mv.clone()).ok()?;
    // The value of the leave the mover kept at their last move (0 when the bag did not
    // refill it).
    let mut kept = i64::from(candidate.leave_value);
    for _ in 0..plies {
        let Some(who) = state.to_move() else { break };
        let (mv, leave) = match leaves {
            Some(l) => match best_by_equity(&state, graph, l) {
                Some(v) => (v.mv, v.leave_value),
                None => break,
            },
            None => (
                best_move(&state, graph).map_or(Move::Pass { seat: who }, |r| r.mv),
                0,
            ),
        };
        if state.play(mv).is_err() {
            break;
        }
        if who == seat {
            kept = i64::from(leave);
        }
    }
    let finals = state.final_scores();
    let best_other = (0..finals.len())
        .filter(|&s| s != seat)
        .map(|s| finals[s])
        .max()
        .unwrap_or(0);
    let spread = i64::from(finals[seat] - best_other);
    if state.end().is_some() {
        return Some((spread * 100, spread.cmp(&0)));
    }
    let value = spread * 100 + kept;
    Some((value, value.cmp(&0)))
}

/// What a simulation found: each candidate's tally, and for each pair the tally of their
/// difference, draw by draw (the same draws for both, so luck cancels out of it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Simulated {
    pub tallies: Vec<Tally>,
    /// `pairs[i * n + j]`: candidate `i`'s value less candidate `j`'s, over the draws both
    /// were played out on.
    pairs: Vec<Tally>,
}

impl Simulated {
    fn new(n: usize) -> Simulated {
        Simulated {
            tallies: vec![Tally::default(); n],
            pairs: vec![Tally::default(); n * n],
        }
    }

    /// Candidate `i` less candidate `j`: its mean is the difference of their means, its
    /// standard error far below either's when the draws decide most of the outcome.
    pub fn difference(&self, i: usize, j: usize) -> &Tally {
        &self.pairs[i * self.tallies.len() + j]
    }

    fn add(&mut self, o: &Simulated) {
        if self.tallies.is_empty() {
            *self = o.clone();
            return;
        }
        for (a, b) in self.tallies.iter_mut().zip(&o.tallies) {
            a.add(b);
        }
        for (a, b) in self.pairs.iter_mut().zip(&o.pairs) {
            a.add(b);
        }
    }
}

/// Every candidate played out, in their order, over `settings.iterations` draws of the
/// hidden tiles: candidate `i`'s play-outs all start from the same draws as every other's.
pub fn simulate(
    state: &State,
    hidden: &Hidden,
    candidates: &[Valued],
    graph: &Gaddag,
    leaves: Option<&Leaves>,
    settings: &Settings,
) -> Simulated {
    let n = candidates.len();
    let out = on_threads(
        0..settings.iterations,
        settings.threads,
        Simulated::add,
        |k, part: &mut Simulated| {
            if part.tallies.is_empty() {
                *part = Simulated::new(n);
            }
            let start = draw(state, hidden, &settings.seed, k);
            let values: Vec<Option<(i64, Ordering)>> = candidates
                .iter()
                .map(|c| play_out(&start, c, settings.plies, graph, leaves))
                .collect();
            for (i, v) in values.iter().enumerate() {
                let Some((x, result)) = *v else { continue };
                part.tallies[i].add_sample(x, result);
                for (j, w) in values.iter().enumerate() {
                    if let (true, Some((y, _))) = (i != j, *w) {
                        part.pairs[i * n + j].add_sample(x - y, x.cmp(&y));
                    }
                }
            }
        },
    );
    if out.tallies.is_empty() {
        Simulated::new(n)
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::natura::board::Board;
    use crate::games::natura::game::{Rules, Setup};
    use crate::games::natura::learn::bag;
    use crate::games::natura::leaves::tests::stamp;
    use crate::games::natura::machine::ranked_by_equity;
    use crate::games::natura::movegen::ranked_moves;
    use crate::games::natura::movegen::tests::graph;

    /// By hand: the values 1, 2, 3 and 4 points (all wins) have the mean 2.5, the sample
    /// variance ((1.5² + 0.5²) x 2) / 3 = 5/3 and the standard error sqrt(5/3 / 4) = 0.6455.
    #[test]
    fn the_standard_error_is_the_sample_deviation_over_root_n() {
        let mut t = Tally::default();
        for v in [100, 200, 300, 400] {
            t.add_sample(v, Ordering::Greater);
        }
        assert_eq!(t.n, 4);
        assert!((t.mean() - 2.5).abs() < 1e-12);
        assert!((t.std_error() - (5.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
        assert!((t.win_rate() - 1.0).abs() < 1e-12);
        // A loss, a draw and a win: 1.5 wins of 3; -10, 0, +10 points: mean 0, sd 10,
        // standard error 10 / sqrt(3).
        let mut u = Tally::default();
        u.add_sample(-1000, Ordering::Less);
        u.add_sample(0, Ordering::Equal);
        u.add_sample(1000, Ordering::Greater);
        assert!((u.win_rate() - 0.5).abs() < 1e-12);
        assert!(u.mean().abs() < 1e-12);
        assert!((u.std_error() - 10.0 / 3f64.sqrt()).abs() < 1e-9);
        // Added tallies are the tally of every sample.
        let mut both = t.clone();
        both.add(&u);
        let mut all = Tally::default();
        for v in [100, 200, 300, 400] {
            all.add_sample(v, Ordering::Greater);
        }
        all.add_sample(-1000, Ordering::Less);
        all.add_sample(0, Ordering::Equal);
        all.add_sample(1000, Ordering::Greater);
        assert_eq!(both, all);
        // One sample has no spread to measure.
        let mut one = Tally::default();
        one.add_sample(700, Ordering::Greater);
        assert_eq!(one.std_error(), 0.0);
    }

    fn midgame(game: u64, turns: usize) -> State {
        let g = graph();
        let set = TileSet::italian();
        let mut state = State::start(
            &Setup {
                players: 2,
                bag: bag(&set, "sim", 0, game),
            },
            &Rules::default(),
        )
        .unwrap();
        for _ in 0..turns {
            let mv = best_move(&state, &g).unwrap().mv;
            state.play(mv).unwrap();
        }
        state
    }

    #[test]
    fn the_hidden_tiles_are_the_bag_and_the_other_rack_and_draws_keep_their_sizes() {
        let state = midgame(1, 4);
        let seat = state.to_move().unwrap();
        let h = hidden(&state, seat).unwrap();
        assert_eq!(h.tiles.len(), state.bag_len() + 7);
        assert_eq!(h.racks, vec![(1 - seat, 7)]);
        assert_eq!(h.bag, state.bag_len());
        let a = draw(&state, &h, "s", 0);
        let b = draw(&state, &h, "s", 0);
        let c = draw(&state, &h, "s", 1);
        assert_eq!(a.rack(1 - seat), b.rack(1 - seat));
        assert_eq!(a.bag().collect::<Vec<_>>(), b.bag().collect::<Vec<_>>());
        assert_ne!(a.bag().collect::<Vec<_>>(), c.bag().collect::<Vec<_>>());
        assert_eq!(a.rack(seat), state.rack(seat), "the mover's rack is theirs");
        assert_eq!(a.bag_len(), state.bag_len());
        // The same tiles, dealt otherwise.
        let mut all: Vec<u8> = a.bag().copied().collect();
        all.extend(expand(a.rack(1 - seat)));
        all.sort();
        assert_eq!(all, h.tiles);
    }

    #[test]
    fn with_nothing_known_of_the_others_the_set_less_the_board_is_dealt() {
        // A GCG position: the mover's rack alone, the bag unknown.
        let state = State::position(
            &Rules::default(),
            Board::new(),
            &["CASERTO", ""],
            &[],
            &[0, 0],
            0,
        )
        .unwrap();
        let h = hidden(&state, 0).unwrap();
        assert_eq!(h.tiles.len(), 120 - 7);
        assert_eq!(h.racks, vec![(1, 7)]);
        assert_eq!(h.bag, 120 - 14);
        // Too many of a tile: named.
        let q = State::position(
            &Rules::default(),
            Board::new(),
            &["QQ", ""],
            &[],
            &[0, 0],
            0,
        )
        .unwrap();
        let e = hidden(&q, 0).unwrap_err();
        assert_eq!(e.tile, 'Q');
        assert_eq!((e.held, e.board, e.set), (2, 0, 1));
        assert_eq!(
            e.to_string(),
            "the rack holds 2 `Q`, but the set has 1 and 0 on the board (NS-1)"
        );
    }

    /// With no ply after it, a candidate's play-out is its equity (score plus leave) on top
    /// of the spread before it, whatever the draw: simulation ranks as equity does, with no
    /// spread between iterations.
    #[test]
    fn with_no_plies_simulation_is_equity() {
        let g = graph();
        let set = TileSet::italian();
        let mut v = std::collections::HashMap::new();
        for key in crate::games::natura::leaves::every_leave(&set) {
            let text = crate::games::natura::leaves::key_text(key);
            let s: i32 = text
                .chars()
                .map(|c| match c {
                    '?' => 2500,
                    'S' => 700,
                    'Q' => -1000,
                    _ => -50,
                })
                .sum();
            v.insert(key, s);
        }
        let leaves = Leaves::new(stamp(), v);
        let state = midgame(2, 3);
        let seat = state.to_move().unwrap();
        let h = hidden(&state, seat).unwrap();
        let ranked = ranked_by_equity(&seen(&state, &h), &g, &leaves);
        let top: Vec<Valued> = ranked.into_iter().take(6).collect();
        assert!(top.len() >= 3);
        let settings = Settings {
            plies: 0,
            iterations: 5,
            seed: "p0".into(),
            threads: 2,
        };
        let spread = i64::from(state.scores()[seat] - state.scores()[1 - seat]) * 100;
        let t = simulate(&state, &h, &top, &g, Some(&leaves), &settings).tallies;
        for (c, t) in top.iter().zip(&t) {
            assert_eq!(t.n, 5);
            assert_eq!(t.sum, 5 * (spread + c.equity), "{c:?}");
            assert_eq!(t.std_error(), 0.0);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_tallies_on_any_number_of_threads() {
        let g = graph();
        let state = midgame(3, 4);
        let seat = state.to_move().unwrap();
        let h = hidden(&state, seat).unwrap();
        let top: Vec<Valued> = ranked_moves(&seen(&state, &h), &g)
            .into_iter()
            .take(4)
            .map(Valued::by_score)
            .collect();
        let mut s = Settings {
            plies: 2,
            iterations: 12,
            seed: "t".into(),
            threads: 1,
        };
        let one = simulate(&state, &h, &top, &g, None, &s);
        s.threads = 3;
        assert_eq!(simulate(&state, &h, &top, &g, None, &s), one);
        assert!(one.tallies.iter().all(|t| t.n == 12));
        assert!(
            one.tallies.iter().any(|t| t.std_error() > 0.0),
            "two plies of random racks vary"
        );
        // A difference is the difference of the means, and candidate `i` less `j` is the
        // opposite of `j` less `i`.
        for i in 0..top.len() {
            for j in 0..top.len() {
                let (d, e) = (one.difference(i, j), one.difference(j, i));
                if i == j {
                    assert_eq!(d.n, 0);
                    continue;
                }
                assert_eq!(d.n, 12);
                assert_eq!(d.sum, one.tallies[i].sum - one.tallies[j].sum);
                assert_eq!((d.sum, d.squares), (-e.sum, e.squares));
                assert_eq!(d.half_wins + e.half_wins, 24);
            }
        }
        s.seed = "u".into();
        assert_ne!(simulate(&state, &h, &top, &g, None, &s), one);
    }
}
