//! Hand-worked positions for every scoring and turn rule, each citing its ruling. Letter values
//! (NS-1): A E I O 1, C R S T 2, L M N U 3, B D F P V 5, G H Z 8, Q 10, jolly 0.

use std::sync::Arc;

use super::board::{Board, Dir, PlaceError, Placement, Square};
use super::game::{End, Outcome, Rules, Setup, State, Words};
use super::layout::TileSet;
use super::moves::Move;
use super::Broken;
use crate::games::engine::{Broken as _, Engine};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// A full Italian bag whose first tiles are `prefix` (letters in order), the rest in canonical
/// order: racks are drawn from the front, seat by seat.
fn bag(prefix: &str) -> Vec<u8> {
    let set = TileSet::italian();
    let mut counts = set.full_counts();
    let mut out = Vec::new();
    for c in prefix.chars() {
        let t = if c == '?' { 0 } else { set.parse(c).unwrap() };
        counts[usize::from(t)] -= 1;
        out.push(t);
    }
    for (k, &n) in counts.iter().enumerate() {
        out.extend(std::iter::repeat_n(k as u8, usize::from(n)));
    }
    out
}

fn game(players: usize, prefix: &str, rules: Rules) -> State {
    State::start(
        &Setup {
            players,
            bag: bag(prefix),
        },
        &rules,
    )
    .unwrap()
}

fn points(o: &Outcome) -> (u32, u32, Vec<u32>) {
    match o {
        Outcome::Played {
            points,
            bonus,
            words,
            ..
        } => (*points, *bonus, words.iter().map(|w| w.score).collect()),
        other => panic!("not a play: {other:?}"),
    }
}

/// A board with letters already on it (not new: no premiums for them).
fn board_with(tiles: &[(&str, char)]) -> Board {
    let set = TileSet::italian();
    let mut b = Board::new();
    for &(s, c) in tiles {
        b.set(sq(s), set.parse(c).unwrap());
    }
    b
}

fn placement(at: &str, dir: Dir, word: &str) -> Placement {
    match mv(&format!("1 {at} {dir} {word}")) {
        Move::Place { play, .. } => play,
        _ => unreachable!(),
    }
}

/// NS-1, "Scoring a play": two triple word squares under new tiles make x9, three make x27;
/// the letters already on the board score their face value, their premiums (D1, L1) spent.
#[test]
fn ns1_triple_words_multiply_to_9_and_27() {
    let set = TileSet::italian();
    let row1: Vec<(String, char)> = "BCDEFG IJKLMN"
        .split("")
        .filter(|s| !s.is_empty() && s != &" ")
        .map(|c| (format!("{c}1"), 'A'))
        .collect();
    let tiles: Vec<(&str, char)> = row1.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    let b = board_with(&tiles);
    // Q at A1 (TW) + six A already there + Z at H1 (TW): (10 + 6 + 8) x 9 = 216.
    let p = placement("A1", Dir::Across, "Q......Z");
    let scored = b.score(&set, &p);
    // H1..N1 are covered, so the word would go on: it must be written whole.
    assert_eq!(scored, Err(PlaceError::NotWholeWord(sq("I1"))));
    let b9 = board_with(&tiles[..6]);
    let s9 = b9.score(&set, &p).unwrap();
    assert_eq!(s9.words.len(), 1);
    assert_eq!(s9.words[0].multiplier, 9);
    assert_eq!(s9.words_total(), 216);
    // E at A1, R at H1, O at O1 (three TW) + twelve A: (1 + 2 + 1 + 12) x 27 = 432.
    let s27 = b
        .score(&set, &placement("A1", Dir::Across, "E......R......O"))
        .unwrap();
    assert_eq!(s27.words[0].multiplier, 27);
    assert_eq!(s27.words_total(), 432);
    assert_eq!(s27.placed.len(), 3);
}

/// NS-1: two double word squares under new tiles make x4 (E5 and K5).
#[test]
fn ns1_two_double_words_make_4() {
    let set = TileSet::italian();
    let b = board_with(&[
        ("F5", 'A'),
        ("G5", 'A'),
        ("H5", 'A'),
        ("I5", 'A'),
        ("J5", 'A'),
    ]);
    let s = b
        .score(&set, &placement("E5", Dir::Across, "C.....T"))
        .unwrap();
    assert_eq!(s.words[0].multiplier, 4);
    assert_eq!(s.words_total(), (2 + 5 + 2) * 4);
}

/// The sheet's bonus (NS-3 "Scoring a play"): all 7 tiles of a full rack earn 50.
/// CANTORE from H8: C on the star (x2 word), O on L8 (x2 letter): (2+1+3+2+2+2+1) x 2 + 50.
#[test]
fn ns3_bonus_50_for_seven_tiles() {
    let mut g = game(2, "CANTORE", Rules::default());
    let o = g.play(mv("1 H8 across CANTORE")).unwrap();
    assert_eq!(points(&o), (76, 50, vec![26]));
    assert_eq!(g.scores(), &[76, 0]);
    assert_eq!(g.bag_len(), 120 - 14 - 7);
}

/// The sheet's bonus of 40 for emptying a rack of 6 (bag empty), and NS-4's end adjustment:
/// CANTOR from H8 = (2+1+3+2+2+2) x 2 = 24 + 40; the other rack QE (11) is taken off its
/// owner and given to the player who went out.
#[test]
fn ns3_bonus_40_and_ns4_end_adjustment() {
    let rules = Rules::default();
    let mut g = State::position(&rules, Board::new(), &["CANTOR", "QE"], &[], &[0, 0], 0).unwrap();
    let o = g.play(mv("1 H8 across CANTOR")).unwrap();
    assert_eq!(points(&o), (64, 40, vec![24]));
    assert_eq!(g.end(), Some(End::Out(0)));
    assert!(g.is_over());
    assert_eq!(g.adjustment(), vec![11, -11]);
    assert_eq!(g.final_scores(), vec![75, -11]);
    let rules = Rules {
        no_rack_penalty: true,
        ..Rules::default()
    };
    let mut g = State::position(&rules, Board::new(), &["CANTOR", "QE"], &[], &[0, 0], 0).unwrap();
    g.play(mv("1 H8 across CANTOR")).unwrap();
    assert_eq!(
        g.final_scores(),
        vec![64, 0],
        "NS-4 variant no-rack-penalty"
    );
    assert_eq!(g.play(mv("2 pass")).unwrap_err(), Broken::GameOver, "GN-1");
}

/// The sheet's bonus of 30 for emptying a rack of 5; a rack of 4 earns none.
#[test]
fn ns3_bonus_30_for_five_and_none_for_four() {
    let r = Rules::default();
    let mut g = State::position(&r, Board::new(), &["CANTO", "E"], &[], &[0, 0], 0).unwrap();
    // C star 2, A 1, N 3, T 2, O on L8 (x2 letter) 2: 10 x 2 = 20, + 30.
    assert_eq!(
        points(&g.play(mv("1 H8 across CANTO")).unwrap()),
        (50, 30, vec![20])
    );
    let mut g = State::position(&r, Board::new(), &["CASA", "E"], &[], &[0, 0], 0).unwrap();
    assert_eq!(
        points(&g.play(mv("1 H8 across CASA")).unwrap()),
        (12, 0, vec![12])
    );
}

/// NS-2: a jolly scores 0 even on a letter premium. CASTa from H8 with the jolly on L8 (x2
/// letter): (2+1+2+2+0) x 2 = 14; with a real A there it would be 18.
#[test]
fn ns2_jolly_scores_zero() {
    let mut g = game(2, "CAST?OE", Rules::default());
    assert_eq!(
        points(&g.play(mv("1 H8 across CASTa")).unwrap()),
        (14, 0, vec![14])
    );
    assert_eq!(g.rack_text(0).len(), 7);
    assert_eq!(g.board().get(sq("L8")), Some(1 | super::layout::BLANK));
    let mut g = game(2, "CASTAOE", Rules::default());
    assert_eq!(
        points(&g.play(mv("1 H8 across CASTA")).unwrap()),
        (18, 0, vec![18])
    );
    // A jolly must be on the rack to be played as one.
    let mut g = game(2, "CASTAOE", Rules::default());
    assert_eq!(
        g.play(mv("1 H8 across CASTa")).unwrap_err().code(),
        "natura.not-on-rack"
    );
}

/// "Scoring a play": cross words are scored, and a premium under a new tile counts for both
/// words through it; premiums already covered count no more (the star, a second time).
#[test]
fn cross_words_and_premiums_only_under_new_tiles() {
    // Seat 0 CANTORE, seat 1 NOAEIOU, then seat 0 draws ZAIEIOU.
    let mut g = game(2, "CANTORENOAEIOUZAIEIOU", Rules::default());
    g.play(mv("1 H8 across CANTORE")).unwrap();
    // NO at I9 across, under A and N: main NO = N on I9 (x2 letter) 6 + O 1 = 7; cross AN =
    // A 1 (old) + N 6 = 7; cross NO (J8 N old 3 + O 1) = 4. Total 18.
    let o = g.play(mv("2 I9 across NO")).unwrap();
    assert_eq!(points(&o), (18, 0, vec![7, 7, 4]));
    if let Outcome::Played { words, .. } = &o {
        let set = TileSet::italian();
        let texts: Vec<String> = words.iter().map(|w| w.text(&set)).collect();
        assert_eq!(texts, ["NO", "AN", "NO"]);
    }
    // ZAC up to the star: Z 8 + A 1 + C 2 (on the star, covered before) = 11, not 22.
    assert_eq!(
        points(&g.play(mv("1 H6 down ZA.")).unwrap()),
        (11, 0, vec![11])
    );
    assert_eq!(g.scores(), &[76 + 11, 18]);
}

/// NS-3 "Placing words": the first word has two letters at least and covers the star; later
/// words touch the board; a word is written whole; tiles come from the rack; no gaps (a `.`
/// stands only for a covered square).
#[test]
fn placing_rules() {
    let mut g = game(2, "CANTOREQUASIZE", Rules::default());
    let code = |g: &State, m: &str| g.clone().play(mv(m)).unwrap_err().code();
    assert_eq!(code(&g, "1 A1 across CANTO"), "natura.star");
    assert_eq!(code(&g, "1 H8 across C"), "natura.one-letter");
    assert_eq!(code(&g, "1 H8 across CAsA"), "natura.not-on-rack");
    assert_eq!(code(&g, "1 H8 across CAZ"), "natura.not-on-rack");
    assert_eq!(code(&g, "1 H8 across C.A"), "natura.through-empty");
    assert_eq!(code(&g, "1 L8 across CANTORE"), "natura.off-board");
    assert_eq!(code(&g, "2 H8 across QUA"), "natura.out-of-turn");
    g.play(mv("1 H8 across CANTORE")).unwrap();
    assert_eq!(code(&g, "2 A1 across QUA"), "natura.no-contact");
    assert_eq!(code(&g, "2 H8 down QUA"), "natura.covered");
    assert_eq!(code(&g, "2 H9 down UA"), "natura.not-whole-word");
    assert_eq!(code(&g, "2 G8 across Q"), "natura.one-letter");
    // QUA down through C? H7 Q, H8 C is covered by C, not U.
    let broken = g.clone().play(mv("2 H7 down QUA")).unwrap_err();
    assert_eq!(broken, Broken::Place(PlaceError::Mismatch(sq("H8"))));
    assert_eq!(broken.rule(), "NS-3 (placing words)");
    // QUA through the C at H8 as the last letter ..., Q at H6, U at H7, the C: Q 10 + U 3 + C 2.
    assert_eq!(points(&g.play(mv("2 H6 down QUC")).unwrap()).0, 15);
}

/// NS-3: an exchange only while the bag holds 7 or more tiles; it scores nothing, the rack
/// keeps 7, and the tiles given back go to the bottom of the bag.
#[test]
fn ns3_exchange_needs_seven_in_the_bag() {
    let mut g = game(2, "CANTOREQUASIZE", Rules::default());
    let before = g.rack_text(0);
    g.play(mv("1 exchange CA")).unwrap();
    assert_eq!(g.rack_text(0).len(), 7);
    assert_ne!(g.rack_text(0), before);
    assert_eq!(g.bag_len(), 120 - 14);
    assert_eq!(
        g.clone().play(mv("2 exchange C")).unwrap_err().code(),
        "natura.not-on-rack"
    );
    let r = Rules::default();
    let six = [1u8; 6];
    let mut g =
        State::position(&r, Board::new(), &["CANTORE", "QUASIZE"], &six, &[0, 0], 0).unwrap();
    assert_eq!(
        g.clone().play(mv("1 exchange C")).unwrap_err(),
        Broken::BagLow(6)
    );
    let seven = [1u8; 7];
    g = State::position(
        &r,
        Board::new(),
        &["CANTORE", "QUASIZE"],
        &seven,
        &[0, 0],
        0,
    )
    .unwrap();
    assert!(g.play(mv("1 exchange C")).is_ok());
}

/// NS-4: three rounds of passes (an exchange counts as one) end the game; every rack's value
/// is taken off and nobody gains it.
#[test]
fn ns4_three_rounds_of_passes() {
    let mut g = game(3, "CANTOREQUASIZEAAAAAAA", Rules::default());
    for i in 0..8 {
        let seat = i % 3 + 1;
        let m = if i == 5 {
            format!("{seat} exchange A")
        } else {
            format!("{seat} pass")
        };
        g.play(mv(&m)).unwrap();
        assert!(!g.is_over(), "after {} turns", i + 1);
    }
    assert_eq!(
        g.play(mv("3 pass")).unwrap(),
        Outcome::Passed {
            seat: 2,
            over: true
        }
    );
    assert_eq!(g.end(), Some(End::Passes));
    // CANTORE 12, QUASIZE 10+3+1+2+1+8+1 = 26, seat 3's rack after its exchange.
    let adj = g.adjustment();
    assert_eq!(&adj[..2], &[-12, -26]);
    assert_eq!(adj[2], -g.rack_value(2));
    assert!(adj.iter().all(|&a| a <= 0));
}

fn lexicon(words: &[&'static str]) -> Words {
    let words: Vec<&'static str> = words.to_vec();
    Words(Arc::new(move |w: &str| words.contains(&w)))
}

/// NS-5: an unchallenged word missing from the lexicon stands (listed as missing); a
/// challenged one is withdrawn: 0 points, tiles back on the rack, drawn tiles back in the bag.
#[test]
fn ns5_phony_stands_until_challenged() {
    let rules = Rules {
        words: Some(lexicon(&["CANTORE", "CASA"])),
        ..Rules::default()
    };
    let mut g = game(2, "CNATOREQUASIZE", rules.clone());
    let start = g.clone();
    let o = g.play(mv("1 H8 across CNATORE")).unwrap();
    match &o {
        Outcome::Played {
            missing, points, ..
        } => {
            assert_eq!(missing, &["CNATORE"]);
            assert_eq!(*points, 76);
        }
        _ => panic!(),
    }
    let o = g.play(mv("2 challenge")).unwrap();
    assert_eq!(
        o,
        Outcome::Withdrawn {
            seat: 0,
            missing: vec!["CNATORE".into()],
            points: 76
        }
    );
    assert_eq!(g.scores(), &[0, 0]);
    assert!(g.board().is_empty());
    assert_eq!(g.rack_text(0), start.rack_text(0));
    assert_eq!(g.bag().collect::<Vec<_>>(), start.bag().collect::<Vec<_>>());
    assert_eq!(g.to_move(), Some(1), "the withdrawn play used its turn");
    assert_eq!(
        g.clone().play(mv("2 challenge")).unwrap_err().code(),
        "natura.challenge"
    );
    // Unchallenged, the phony stands.
    let mut g = start.clone();
    g.play(mv("1 H8 across CNATORE")).unwrap();
    g.play(mv("2 pass")).unwrap();
    assert_eq!(g.scores(), &[76, 0]);
    assert_eq!(
        g.clone().play(mv("1 challenge")).unwrap_err().code(),
        "natura.challenge"
    );
}

/// NS-5: a challenged play whose words are all valid stands; by default nobody loses anything,
/// with `challenge-penalty=5` its player gains 5. A play may not be challenged by its player.
#[test]
fn ns5_valid_play_survives_a_challenge() {
    for (penalty, expect) in [(0, 76), (5, 81)] {
        let rules = Rules {
            words: Some(lexicon(&["CANTORE"])),
            challenge_penalty: penalty,
            ..Rules::default()
        };
        let mut g = game(2, "CANTORE", rules);
        g.play(mv("1 H8 across CANTORE")).unwrap();
        assert_eq!(
            g.clone().play(mv("1 challenge")).unwrap_err().code(),
            "natura.challenge"
        );
        assert_eq!(
            g.play(mv("2 challenge")).unwrap(),
            Outcome::Upheld { seat: 0, penalty }
        );
        assert_eq!(g.scores(), &[expect, 0]);
        assert_eq!(g.to_move(), Some(1));
    }
}

/// NS-5 at the end: the play that went out may still be challenged; withdrawn, the game goes on.
#[test]
fn ns5_challenge_after_going_out() {
    let rules = Rules {
        words: Some(lexicon(&[])),
        ..Rules::default()
    };
    let mut g = State::position(&rules, Board::new(), &["CANTOR", "QE"], &[], &[0, 0], 0).unwrap();
    g.play(mv("1 H8 across CANTOR")).unwrap();
    assert!(g.is_over());
    g.play(mv("2 challenge")).unwrap();
    assert!(!g.is_over());
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.rack_text(0), "ACNORT");
}

/// The engine's own lists: every listed move is accepted, and a candidate is accepted exactly
/// when listed (the generic property test, run here on a few turns).
#[test]
fn legal_moves_agree_with_play() {
    let mut g = game(2, "CANTORE?QUASI", Rules::default());
    for _ in 0..3 {
        let legal = g.legal_moves();
        assert!(legal.len() > 3);
        for m in &legal {
            assert!(g.clone().play(m.clone()).is_ok(), "{m}");
        }
        let listed: std::collections::HashSet<String> =
            legal.iter().map(|m| m.to_string()).collect();
        for m in g.candidate_moves() {
            assert_eq!(
                g.clone().play(m.clone()).is_ok(),
                listed.contains(&m.to_string()),
                "{m}"
            );
        }
        let place = legal
            .iter()
            .find(|m| matches!(m, Move::Place { .. }))
            .unwrap()
            .clone();
        g.play(place).unwrap();
    }
}

#[test]
fn setups_are_checked() {
    let mut b = bag("");
    assert!(State::start(
        &Setup {
            players: 7,
            bag: b.clone()
        },
        &Rules::default()
    )
    .is_err());
    b.pop();
    assert!(State::start(
        &Setup {
            players: 2,
            bag: b.clone()
        },
        &Rules::default()
    )
    .is_err());
    b.push(30);
    assert!(State::start(&Setup { players: 2, bag: b }, &Rules::default()).is_err());
}
