//! Pairings of two-player rounds, from the entrants (round robin) or from the
//! standings so far (Swiss). Players are indices into the entrants; every
//! pair is (first seat, second seat): the first seat moves first.
//!
//! **Round robin (Berger tables).** With `n` entrants (one more, a bye, when
//! `n` is odd), round `r` (0-based) has `h = r * n/2 mod (n-1)`; table 1
//! pairs entrant `h` with the last, the last taking the first seat in odd
//! rounds (2nd, 4th, ...) and the second in the others; table `i` pairs
//! `(h+i) mod (n-1)` (first seat) with `(h-i) mod (n-1)`. These are FIDE's
//! Berger tables, so colours alternate as evenly as a round robin allows.
//!
//! **Swiss.** Players are taken in the order of the standings so far (ties
//! as the standings break them, then the entrants' order). With an odd
//! number, the bye goes to the lowest-ranked player who has not had one (if
//! everyone has, the lowest-ranked), unless the others cannot then be paired
//! without a repeat: then the next one up. The highest-ranked player not yet
//! paired meets the highest-ranked one they have not met whose choice still
//! lets the rest be paired without a repeat (a full search, so no pair meets
//! twice while any pairing avoids it). When every pairing repeats one, the
//! players are paired in rank order, 1 with 2, 3 with 4, ...
//!
//! **Seats (Swiss).** The player who has had the first seat fewer times takes
//! it; equal, the one who did not have it in their last game; still equal,
//! the higher-ranked.

use std::collections::{BTreeSet, HashSet};

/// One round robin round: pairs of entrant indices, and the bye (odd `n`).
pub fn berger(n: usize, round: usize) -> (Vec<(usize, usize)>, Option<usize>) {
    let m = n + n % 2; // with the dummy
    if m < 2 {
        return (Vec::new(), (n == 1).then_some(0));
    }
    let k = m - 1;
    let h = (round * (m / 2)) % k;
    let last = m - 1;
    let mut pairs = Vec::new();
    pairs.push(if round % 2 == 1 { (last, h) } else { (h, last) });
    for i in 1..m / 2 {
        pairs.push(((h + i) % k, (h + k - i) % k));
    }
    let mut bye = None;
    if n % 2 == 1 {
        // The dummy is entrant `n` (the last): its opponent rests.
        pairs.retain(|&(a, b)| {
            if a == n || b == n {
                bye = Some(if a == n { b } else { a });
                false
            } else {
                true
            }
        });
    }
    (pairs, bye)
}

/// What the Swiss pairing needs of the rounds played.
#[derive(Debug, Clone, Default)]
pub struct History {
    /// Pairs that have met (either order).
    pub met: BTreeSet<(usize, usize)>,
    pub byes: BTreeSet<usize>,
    /// Games with the first seat, by entrant.
    pub firsts: Vec<u32>,
    /// Whether each entrant had the first seat in their last game.
    pub last_first: Vec<Option<bool>>,
}

impl History {
    pub fn new(n: usize) -> History {
        History {
            firsts: vec![0; n],
            last_first: vec![None; n],
            ..History::default()
        }
    }

    pub fn has_met(&self, a: usize, b: usize) -> bool {
        self.met.contains(&(a.min(b), a.max(b)))
    }

    /// A game played, `first` in the first seat.
    pub fn played(&mut self, first: usize, second: usize) {
        self.met.insert((first.min(second), first.max(second)));
        self.firsts[first] += 1;
        self.last_first[first] = Some(true);
        self.last_first[second] = Some(false);
    }
}

/// A Swiss round for the players `ranked` (best first): pairs (first seat
/// first) in table order, and the bye.
pub fn swiss(ranked: &[usize], h: &History) -> (Vec<(usize, usize)>, Option<usize>) {
    let (pairs, bye) = if ranked.len() % 2 == 1 {
        // Bye candidates: lowest-ranked first, those without a bye before those with one.
        let mut candidates: Vec<usize> = ranked.iter().rev().copied().collect();
        candidates.sort_by_key(|p| h.byes.contains(p));
        let found = candidates.iter().find_map(|&c| {
            let rest: Vec<usize> = ranked.iter().copied().filter(|&p| p != c).collect();
            no_repeats(&rest, h).map(|p| (p, c))
        });
        match found {
            Some((p, c)) => (p, Some(c)),
            None => {
                let c = candidates[0];
                let rest: Vec<usize> = ranked.iter().copied().filter(|&p| p != c).collect();
                (in_rank_order(&rest), Some(c))
            }
        }
    } else {
        (
            no_repeats(ranked, h).unwrap_or_else(|| in_rank_order(ranked)),
            None,
        )
    };
    (seat(pairs, ranked, h), bye)
}

/// The seats of `pairs` (the Swiss rule of the module doc): the player who
/// has had the first seat fewer times takes it; equal, the one who did not
/// have it in their last game; still equal, the higher-ranked in `ranked`.
pub fn seat(pairs: Vec<(usize, usize)>, ranked: &[usize], h: &History) -> Vec<(usize, usize)> {
    let rank = |p: usize| ranked.iter().position(|&x| x == p).unwrap_or(usize::MAX);
    pairs
        .into_iter()
        .map(|(a, b)| {
            // `a` is the higher-ranked: it keeps the first seat on equal terms.
            let (a, b) = if rank(a) <= rank(b) { (a, b) } else { (b, a) };
            let key = |p: usize| (h.firsts[p], h.last_first[p] == Some(true));
            if key(b) < key(a) {
                (b, a)
            } else {
                (a, b)
            }
        })
        .collect()
}

/// King of the hill for the players `ranked` (best first): 1 v 2, 3 v 4,
/// ..., repeats allowed; with an odd number the bye goes to the
/// lowest-ranked who has not had one (if everyone has, the lowest-ranked).
pub fn king_of_the_hill(ranked: &[usize], h: &History) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut list = ranked.to_vec();
    let mut bye = None;
    if list.len() % 2 == 1 {
        let i = (0..list.len())
            .rev()
            .find(|&i| !h.byes.contains(&list[i]))
            .unwrap_or(list.len() - 1);
        bye = Some(list.remove(i));
    }
    (seat(in_rank_order(&list), ranked, h), bye)
}

fn in_rank_order(list: &[usize]) -> Vec<(usize, usize)> {
    list.chunks(2)
        .filter(|c| c.len() == 2)
        .map(|c| (c[0], c[1]))
        .collect()
}

/// Pairs with no repeat, the highest-ranked first meeting the highest it
/// can; `None` if every pairing repeats one.
fn no_repeats(list: &[usize], h: &History) -> Option<Vec<(usize, usize)>> {
    let mut failed = HashSet::new();
    search(list, h, &mut failed)
}

fn search(
    list: &[usize],
    h: &History,
    failed: &mut HashSet<Vec<usize>>,
) -> Option<Vec<(usize, usize)>> {
    let Some((&top, rest)) = list.split_first() else {
        return Some(Vec::new());
    };
    if failed.contains(list) {
        return None;
    }
    for (i, &opp) in rest.iter().enumerate() {
        if h.has_met(top, opp) {
            continue;
        }
        let others: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &p)| p)
            .collect();
        if let Some(mut tail) = search(&others, h, failed) {
            tail.insert(0, (top, opp));
            return Some(tail);
        }
    }
    failed.insert(list.to_vec());
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIDE's Berger table for 4 (1-based): 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    #[test]
    fn berger_tables_for_four_and_six() {
        let rounds: Vec<_> = (0..3).map(|r| berger(4, r).0).collect();
        assert_eq!(
            rounds,
            [
                vec![(0, 3), (1, 2)],
                vec![(3, 2), (0, 1)],
                vec![(1, 3), (2, 0)]
            ]
        );
        // For 6: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1.
        let six: Vec<_> = (0..5).map(|r| berger(6, r).0).collect();
        assert_eq!(six[0], [(0, 5), (1, 4), (2, 3)]);
        assert_eq!(six[1], [(5, 3), (4, 2), (0, 1)]);
        assert_eq!(six[2], [(1, 5), (2, 0), (3, 4)]);
        assert_eq!(six[3], [(5, 4), (0, 3), (1, 2)]);
        assert_eq!(six[4], [(2, 5), (3, 1), (4, 0)]);
    }

    /// Everyone meets everyone exactly once; with 5, each rests once.
    #[test]
    fn a_round_robin_meets_everyone_once() {
        for n in 2..=9 {
            let rounds = n - 1 + n % 2;
            let mut met = BTreeSet::new();
            let mut byes = Vec::new();
            for r in 0..rounds {
                let (pairs, bye) = berger(n, r);
                byes.extend(bye);
                for (a, b) in pairs {
                    assert!(a < n && b < n && a != b);
                    assert!(met.insert((a.min(b), a.max(b))), "n {n} round {r}");
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "n {n}");
            byes.sort();
            let expect: Vec<usize> = if n % 2 == 1 { (0..n).collect() } else { vec![] };
            assert_eq!(byes, expect, "n {n}");
        }
    }

    fn history(n: usize, games: &[(usize, usize)]) -> History {
        let mut h = History::new(n);
        for &(a, b) in games {
            h.played(a, b);
        }
        h
    }

    /// Round 1 of four: 1 v 2, 3 v 4 in rank order, the higher-ranked first.
    #[test]
    fn a_first_round_pairs_in_rank_order() {
        let (p, bye) = swiss(&[0, 1, 2, 3], &History::new(4));
        assert_eq!((p, bye), (vec![(0, 1), (2, 3)], None));
    }

    /// Worked by hand: A, B, C, D ranked so; A met B and C met D in round
    /// 1 (A and C had the first seat). A takes the highest not met, C; B
    /// then meets D. Seats: C and A both had the first seat once and in their
    /// last game, so the higher-ranked A keeps it; B and D both had it 0
    /// times, and neither in their last game: B, higher-ranked.
    #[test]
    fn no_pair_meets_twice() {
        let h = history(4, &[(0, 1), (2, 3)]);
        assert_eq!(swiss(&[0, 1, 2, 3], &h).0, [(0, 2), (1, 3)]);
    }

    /// Worked by hand: A-B, C-D, A-C, B-D played. For round 3, A's highest
    /// not met is D, leaving B-C: both new. Seats: A had the first seat
    /// twice, D none: D first. B once (round 2, last), C once (round 1; not
    /// in round 2): C first.
    #[test]
    fn the_top_player_goes_down_until_the_rest_pair() {
        let h = history(4, &[(0, 1), (2, 3), (0, 2), (1, 3)]);
        assert_eq!(swiss(&[0, 1, 2, 3], &h).0, [(3, 0), (2, 1)]);
    }

    /// Worked by hand: C-D, B-D, A-C played. A's highest not met is B, but
    /// that leaves C and D, who have met; A has met C; so A meets D, leaving
    /// B-C, new. A full search, not greedy.
    #[test]
    fn a_greedy_choice_that_strands_the_rest_is_undone() {
        let h = history(4, &[(2, 3), (1, 3), (0, 2)]);
        let (p, _) = swiss(&[0, 1, 2, 3], &h);
        let mut pairs: Vec<(usize, usize)> = p.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        pairs.sort();
        assert_eq!(pairs, [(0, 3), (1, 2)]);
    }

    /// Every pairing repeats one (three rounds among four played out): rank order.
    #[test]
    fn when_a_repeat_is_unavoidable_rank_order() {
        let h = history(4, &[(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]);
        let (p, _) = swiss(&[2, 0, 3, 1], &h);
        let mut pairs: Vec<(usize, usize)> = p.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        pairs.sort();
        assert_eq!(pairs, [(0, 2), (1, 3)]);
    }

    /// King of the hill: 1 v 2 and 3 v 4 though 1 and 2 have met; of five,
    /// the lowest without a bye (E had one: D) rests.
    #[test]
    fn king_of_the_hill_pairs_in_rank_order() {
        let mut h = history(5, &[(0, 1), (2, 3)]);
        h.byes.insert(4);
        let (p, bye) = king_of_the_hill(&[0, 1, 2, 3, 4], &h);
        assert_eq!(bye, Some(3));
        // A and B both had the first seat... A once and last, B never: B first.
        assert_eq!(p, [(1, 0), (4, 2)]);
    }

    /// Five players: the bye goes to the lowest-ranked without one (E had
    /// it, so D), the others paired 1-2, 3-4 as far as new.
    #[test]
    fn the_bye_goes_to_the_lowest_without_one() {
        let mut h = history(5, &[(0, 1), (2, 3)]);
        h.byes.insert(4);
        let (p, bye) = swiss(&[0, 1, 2, 3, 4], &h);
        assert_eq!(bye, Some(3));
        let mut pairs: Vec<(usize, usize)> = p.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        pairs.sort();
        assert_eq!(pairs, [(0, 2), (1, 4)]);
    }
}
