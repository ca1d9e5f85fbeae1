//! Swiss pairings over random standings and histories (issue 28): every
//! player is placed once, the bye only with an odd number, no pair meets
//! twice while some pairing avoids it (checked by brute force), and the bye
//! goes to a player without one whenever that still allows a pairing
//! without repeats.

use proptest::prelude::*;
use tavolo::event::pairing::{swiss, History};

/// Whether `list` can be paired with no repeat (brute force).
fn pairable(list: &[usize], h: &History) -> bool {
    let Some((&a, rest)) = list.split_first() else {
        return true;
    };
    rest.iter().enumerate().any(|(i, &b)| {
        !h.has_met(a, b) && {
            let others: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &p)| p)
                .collect();
            pairable(&others, h)
        }
    })
}

fn without(list: &[usize], p: usize) -> Vec<usize> {
    list.iter().copied().filter(|&x| x != p).collect()
}

fn setup() -> impl Strategy<Value = (Vec<usize>, History)> {
    (2usize..=9)
        .prop_flat_map(|n| {
            (
                Just(n),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                proptest::collection::vec((0..n, 0..n), 0..(n * 2)),
                proptest::collection::vec(any::<bool>(), n),
            )
        })
        .prop_map(|(n, ranked, games, byes)| {
            let mut h = History::new(n);
            for (a, b) in games {
                if a != b {
                    h.played(a, b);
                }
            }
            for (p, had) in byes.into_iter().enumerate() {
                if had {
                    h.byes.insert(p);
                }
            }
            (ranked, h)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn swiss_pairings_keep_their_rules((ranked, h) in setup()) {
        let n = ranked.len();
        let (pairs, bye) = swiss(&ranked, &h);
        // Everyone once; a bye exactly when the number is odd.
        let mut seen: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).chain(bye).collect();
        seen.sort();
        prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
        prop_assert_eq!(bye.is_some(), n % 2 == 1);
        let repeats = pairs.iter().any(|&(a, b)| h.has_met(a, b));
        // No repeat while one is avoidable (with some bye, if odd).
        let avoidable = match n % 2 {
            0 => pairable(&ranked, &h),
            _ => ranked.iter().any(|&c| pairable(&without(&ranked, c), &h)),
        };
        prop_assert_eq!(repeats, !avoidable, "pairs {:?} bye {:?}", pairs, bye);
        // The bye: to someone without one whenever that allows no repeats.
        if let Some(b) = bye {
            let fair = ranked
                .iter()
                .any(|&c| !h.byes.contains(&c) && pairable(&without(&ranked, c), &h));
            if fair {
                prop_assert!(!h.byes.contains(&b), "bye {} had one", b);
                // ... and the lowest-ranked such player.
                let lowest = ranked
                    .iter()
                    .rev()
                    .find(|&&c| !h.byes.contains(&c) && pairable(&without(&ranked, c), &h));
                prop_assert_eq!(Some(&b), lowest);
            }
        }
        // The highest-ranked player meets the highest-ranked opponent that
        // still lets the rest pair without repeats.
        if !repeats {
            let rest = match bye { Some(b) => without(&ranked, b), None => ranked.clone() };
            let top = rest[0];
            let best = rest[1..].iter().find(|&&o| {
                !h.has_met(top, o) && pairable(&without(&without(&rest, top), o), &h)
            });
            let got = pairs.iter().find(|&&(a, b)| a == top || b == top)
                .map(|&(a, b)| if a == top { b } else { a });
            prop_assert_eq!(best.copied(), got);
        }
    }
}
