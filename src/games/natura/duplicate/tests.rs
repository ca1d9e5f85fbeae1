//! The draw and the rounds on small word lists.

use super::super::movegen::Gaddag;
use super::draw::{draw_rack, minimum, mix, rack_text, Bag};
use super::game::Duplicate;

fn graph(words: &[&str]) -> Gaddag {
    Gaddag::from_words(words.iter().map(|w| w.as_bytes())).unwrap()
}

#[test]
fn the_bag_is_whole_and_draws_every_tile_once() {
    let mut bag = Bag::new("bag", 1);
    assert_eq!(bag.len(), 120);
    let mut seen = vec![0u8; bag.counts().len()];
    while let Some(t) = bag.draw_one() {
        seen[usize::from(t)] += 1;
    }
    assert_eq!(seen, super::super::layout::TileSet::italian().full_counts());
    assert_eq!(bag.draw_one(), None);
}

#[test]
fn racks_meet_the_minimum_or_hold_every_tile_left() {
    for seed in 0..40 {
        let mut bag = Bag::new(&format!("mix {seed}"), 1);
        let mut kept = vec![0u8; bag.counts().len()];
        for round in 1..=30 {
            let before: usize = bag.len() + kept.iter().map(|&n| usize::from(n)).sum::<usize>();
            let Some(d) = draw_rack(&mut bag, &kept, round) else {
                break;
            };
            let (v, c) = mix(&d.rack);
            let size: usize = d.rack.iter().map(|&n| usize::from(n)).sum();
            assert!(
                (v >= minimum(round) && c >= minimum(round)) || size == before,
                "seed {seed} round {round}: {}",
                rack_text(&d.rack)
            );
            for r in &d.rejected {
                let (v, c) = mix(r);
                assert!(v < minimum(round) || c < minimum(round));
            }
            // Keep the vowels only, to press the rule; the other tiles leave the game (as if
            // placed).
            kept = d.rack.clone();
            for (k, n) in kept.iter_mut().enumerate() {
                if !super::draw::is_vowel(k as u8) {
                    *n = 0;
                }
            }
        }
    }
}

#[test]
fn a_game_without_words_ends_at_once_and_one_with_words_plays() {
    let none = graph(&["QQ"]);
    let mut g = Duplicate::new("x", 1, &none);
    assert!(g.next().is_none());
    assert!(g.end().is_some());
    let some = graph(&["AI", "IO", "OA", "EA", "AE", "TE", "TA", "AT", "ET"]);
    let rounds: Vec<_> = Duplicate::new("x", 1, &some).collect();
    assert!(!rounds.is_empty());
    for (i, r) in rounds.iter().enumerate() {
        assert_eq!(r.number, i + 1);
    }
}

#[test]
fn percentages_are_tenths_rounded_half_up() {
    use super::judge::{percent_tenths, percent_text};
    assert_eq!(percent_tenths(10, 16), 625);
    assert_eq!(percent_tenths(39, 46), 848);
    assert_eq!(percent_tenths(1, 3), 333);
    assert_eq!(percent_tenths(2, 3), 667);
    assert_eq!(percent_tenths(1, 2000), 1, "0.05% rounds up to 0.1%");
    assert_eq!(percent_tenths(0, 0), 1000, "a legal 0 against a top of 0");
    assert_eq!(percent_text(625), "62.5%");
    assert_eq!(percent_text(1000), "100.0%");
}

#[test]
fn kept_and_new_tiles_are_written_apart() {
    use super::draw::Drawn;
    let mut rack = vec![0u8; 27];
    let mut kept = vec![0u8; 27];
    for t in [1u8, 5, 3, 9] {
        rack[usize::from(t)] += 1;
    }
    kept[1] = 1;
    kept[5] = 1;
    let d = Drawn {
        rack: rack.clone(),
        kept: kept.clone(),
        rejected: vec![],
    };
    assert_eq!(d.text(), "AE+CI");
    let all_kept = Drawn {
        rack: rack.clone(),
        kept: rack.clone(),
        rejected: vec![],
    };
    assert_eq!(all_kept.text(), "ACEI", "nothing drawn: no trailing +");
}
