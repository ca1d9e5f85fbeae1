//! The generator against the engine: every move it finds is one the engine accepts with the
//! same points and no word missing (NS-3, NS-5), and on small racks a brute-force search
//! that asks the engine about every string of rack tiles on every line finds exactly the
//! same moves. Word lists are data here, so no Debian list is needed.

use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

use super::*;
use crate::games::engine::Engine;
use crate::games::natura::game::{Outcome, Rules, Setup, Words};

/// Common Italian words of 2-8 letters, with the long ones the hand-made positions need.
const WORDS: &str = "AI AL DA DI ED IN LA LE LO MA MI NE NO SE SI SU TE TI TU UN VA VI \
    ACE ALA ALE ANO ARE ASA ATE CAI DAI DIO ERA ERE ETA IRA ITA LAI MAI MEI NOI ODE ORA ORE \
    OSA OSO RAI RE RIO ROSA SAI SEI SIA SOL SUA SUO TAO TRE TUA TUO UNA UNO USO VIA ZIO \
    ACRE ALTO AMO ANTE ARTE ASSE CANE CANI CANTO CARA CARE CARO CASA CASE COSA COSE CORO \
    DENTE DORO EROE IDEA LANA LATO LEONE LUNA MARE MARI MESE MONTE NASO NOTTE ORTO \
    PANE PERO RATA RESTO RIDE ROSE SALE SANO SERA SETA SOLE TANA TARE TESTA TORO TORTA \
    VOTO ZONA AMORE CANTORE CANTIERE ATTORE INCOMPRENSIBILE ISOLANO ORIENTA SCRITTO";

fn words() -> Vec<&'static str> {
    WORDS.split_whitespace().collect()
}

pub(crate) fn graph() -> Gaddag {
    Gaddag::from_words(words()).unwrap()
}

fn rules() -> Rules {
    let set: HashSet<String> = words().iter().map(|w| w.to_string()).collect();
    Rules {
        words: Some(Words(Arc::new(move |w| set.contains(w)))),
        ..Rules::default()
    }
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A board with letters on it (upper case a tile, lower case a jolly).
fn board_with(rows: &[(&str, Dir, &str)]) -> Board {
    let set = TileSet::italian();
    let mut b = Board::new();
    for &(at, dir, word) in rows {
        let mut s = sq(at);
        for c in word.chars() {
            if c != ' ' {
                b.set(s, set.parse(c).unwrap());
            }
            s = match dir {
                Dir::Across => Square {
                    row: s.row,
                    col: s.col + 1,
                },
                Dir::Down => Square {
                    row: s.row + 1,
                    col: s.col,
                },
            };
        }
    }
    b
}

/// A rack as counts by kind (`?` a jolly).
fn rack(text: &str) -> Vec<u8> {
    let set = TileSet::italian();
    let mut c = vec![0u8; set.kinds()];
    for ch in text.chars() {
        let k = if ch == '?' {
            JOLLY
        } else {
            set.parse(ch).unwrap()
        };
        c[usize::from(k)] += 1;
    }
    c
}

fn notation(p: &Placement) -> String {
    Move::Place {
        seat: 0,
        play: p.clone(),
    }
    .to_string()
}

/// A small deterministic generator for the property tests (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// A full Italian bag in a seeded order.
fn shuffled_bag(seed: u64) -> Vec<u8> {
    let set = TileSet::italian();
    let mut bag = Vec::new();
    for (k, &n) in set.full_counts().iter().enumerate() {
        bag.extend(std::iter::repeat_n(k as u8, usize::from(n)));
    }
    let mut rng = Rng(seed | 1);
    for i in (1..bag.len()).rev() {
        bag.swap(i, rng.below(i + 1));
    }
    bag
}

/// NS-3, NS-5: every generated placement, played through the engine with the same word
/// list, is accepted, scores what the generator says and lacks no word. Ten seeded games,
/// each move chosen at random among the generated ones.
#[test]
fn every_generated_move_is_legal_with_the_engines_score() {
    let g = graph();
    let mut checked = 0;
    for seed in 1..=10u64 {
        let mut state = State::start(
            &Setup {
                players: 2,
                bag: shuffled_bag(seed),
            },
            &rules(),
        )
        .unwrap();
        let mut rng = Rng(seed * 7919);
        for _turn in 0..20 {
            let Some(seat) = state.to_move() else { break };
            let moves = placements(state.board(), state.set(), state.rack(seat), &g);
            for w in moves.windows(2) {
                assert_ne!(rank(&w[0], &w[1]), Ordering::Greater);
            }
            for m in &moves {
                let mut s = state.clone();
                match s.play(Move::Place {
                    seat,
                    play: m.play.clone(),
                }) {
                    Ok(Outcome::Played {
                        points, missing, ..
                    }) => {
                        assert_eq!(points, m.score, "{}", notation(&m.play));
                        assert!(missing.is_empty(), "{}: {missing:?}", notation(&m.play));
                    }
                    other => panic!("{}: {other:?}", notation(&m.play)),
                }
                checked += 1;
            }
            let mv = if moves.is_empty() {
                Move::Pass { seat }
            } else {
                Move::Place {
                    seat,
                    play: moves[rng.below(moves.len())].play.clone(),
                }
            };
            state.play(mv).unwrap();
        }
    }
    assert!(checked > 1000, "only {checked} moves checked");
}

/// The walk's own scorer against the referee: on every move generated in twelve seeded
/// games played greedily to their end (jollies, premiums, cross words, the end's short
/// racks and their bonus, NS-1), the score [`each_found`] gives equals [`Board::score`]'s
/// words plus [`rack_bonus`]; and the three ways to get the moves agree.
#[test]
fn the_fast_score_equals_board_score_on_every_move() {
    let g = graph();
    let mut checked = 0;
    let mut with_jolly = 0;
    let mut with_cross = 0;
    for seed in 100..112u64 {
        let mut state = State::start(
            &Setup {
                players: 2,
                bag: shuffled_bag(seed),
            },
            &rules(),
        )
        .unwrap();
        while let Some(seat) = state.to_move() {
            let (board, set, rack) = (state.board(), state.set(), state.rack(seat));
            let size: usize = rack.iter().map(|&n| usize::from(n)).sum();
            let mut found = Vec::new();
            each_found(board, set, rack, &g, &mut |f: &Found| found.push(*f));
            for f in &found {
                let play = f.placement();
                let scored = board.score(set, &play).unwrap();
                let bonus = if usize::from(f.tiles) == size {
                    rack_bonus(size)
                } else {
                    0
                };
                assert_eq!(f.score, scored.words_total() + bonus, "{}", notation(&play));
                assert_eq!(usize::from(f.tiles), scored.placed.len());
                with_jolly += usize::from(f.word().iter().any(|&t| t != THROUGH && t & BLANK != 0));
                with_cross += usize::from(scored.words.len() > 1);
                checked += 1;
            }
            let mut one_by_one = Vec::new();
            each_placement(board, set, rack, &g, &mut |m| one_by_one.push(m));
            let mut sorted = placements(board, set, rack, &g);
            let best = best_placement(&state, &g);
            assert_eq!(best.as_ref(), sorted.first());
            one_by_one.sort_by(rank);
            assert_eq!(one_by_one, sorted);
            let mut from_found: Vec<Generated> = found.iter().map(Found::generated).collect();
            from_found.sort_by(rank);
            sorted.dedup();
            assert_eq!(from_found, sorted, "no move found twice");
            let mv = match best {
                Some(b) => Move::Place { seat, play: b.play },
                None => Move::Pass { seat },
            };
            state.play(mv).unwrap();
        }
    }
    assert!(checked > 3000, "only {checked} moves checked");
    assert!(
        with_jolly > 500 && with_cross > 500,
        "{with_jolly} {with_cross}"
    );
}

/// Every placement the engine accepts with all its words in `list`, found by trying every
/// line, every span, and every arrangement of rack tiles (a jolly as each letter) on the
/// span's empty squares: the generator's answer without the generator.
fn brute_force(board: &Board, rack: &[u8], list: &HashSet<String>) -> BTreeSet<(String, u32)> {
    let set = TileSet::italian();
    let size: usize = rack.iter().map(|&n| usize::from(n)).sum();
    let mut out = BTreeSet::new();
    for dir in [Dir::Across, Dir::Down] {
        for line in 0..SIZE {
            for lo in 0..SIZE {
                for hi in lo + 1..SIZE {
                    let squares: Vec<Square> = (lo..=hi).map(|p| square(dir, line, p)).collect();
                    let empty = squares.iter().filter(|&&s| board.get(s).is_none()).count();
                    if empty == 0 || empty > size {
                        continue;
                    }
                    let mut word = vec![0u8; squares.len()];
                    let mut counts = rack.to_vec();
                    fill(board, &squares, 0, &mut word, &mut counts, &mut |w| {
                        let play = Placement {
                            at: squares[0],
                            dir,
                            word: w.to_vec(),
                        };
                        let Ok(scored) = board.score(&set, &play) else {
                            return;
                        };
                        if scored.words.iter().all(|w| list.contains(&w.upper(&set))) {
                            let bonus = if empty == size { rack_bonus(size) } else { 0 };
                            out.insert((notation(&play), scored.words_total() + bonus));
                        }
                    });
                }
            }
        }
    }
    out
}

/// Every way to put rack tiles on the empty squares of `squares` from index `i`.
fn fill(
    board: &Board,
    squares: &[Square],
    i: usize,
    word: &mut [u8],
    counts: &mut [u8],
    found: &mut dyn FnMut(&[u8]),
) {
    if i == squares.len() {
        found(word);
        return;
    }
    if board.get(squares[i]).is_some() {
        word[i] = THROUGH;
        fill(board, squares, i + 1, word, counts, found);
        return;
    }
    for k in 0..counts.len() {
        if counts[k] == 0 {
            continue;
        }
        counts[k] -= 1;
        let letters: Vec<u8> = if k == usize::from(JOLLY) {
            (1..=26).map(|l| l | BLANK).collect()
        } else {
            vec![k as u8]
        };
        for t in letters {
            word[i] = t;
            fill(board, squares, i + 1, word, counts, found);
        }
        counts[k] += 1;
    }
}

fn generated(board: &Board, rack: &[u8], g: &Gaddag) -> BTreeSet<(String, u32)> {
    let set = TileSet::italian();
    let moves = placements(board, &set, rack, g);
    let out: BTreeSet<(String, u32)> = moves.iter().map(|m| (notation(&m.play), m.score)).collect();
    assert_eq!(out.len(), moves.len(), "a placement generated twice");
    out
}

/// The generator finds exactly what brute force finds: on the empty board (the star), and
/// on boards with words on them, racks of up to five tiles with and without a jolly.
#[test]
fn generator_equals_brute_force() {
    let g = graph();
    let list: HashSet<String> = words().iter().map(|w| w.to_string()).collect();
    let boards = [
        Board::new(),
        board_with(&[("H8", Dir::Across, "CASA")]),
        board_with(&[("F8", Dir::Across, "MARE"), ("G6", Dir::Down, "CAR O")]),
        board_with(&[
            ("E8", Dir::Across, "SOLE"),
            ("H4", Dir::Down, "TESTA"),
            ("A1", Dir::Across, "ROSa"),
            ("O11", Dir::Down, "TORO"),
        ]),
        // Runs of tiles one and two squares apart on a line, at both edges, and a lone tile
        // near the left edge: the bounds between the walks (each placement found once).
        board_with(&[
            ("A5", Dir::Across, "RE ORA  SOLE  A"),
            ("B9", Dir::Across, "O"),
            ("C3", Dir::Down, "TE"),
            ("N6", Dir::Down, "CASA"),
        ]),
    ];
    let racks = ["ARE", "OTNA", "SEIAL", "EO?", "C?SA"];
    let mut total = 0;
    for b in &boards {
        for r in racks {
            let want = brute_force(b, &rack(r), &list);
            let got = generated(b, &rack(r), &g);
            let missing: Vec<_> = want.difference(&got).take(5).collect();
            let extra: Vec<_> = got.difference(&want).take(5).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "rack {r} on\n{b:?}missing {missing:?}\nextra {extra:?}"
            );
            total += want.len();
        }
    }
    assert!(total > 200, "only {total} moves compared");
}

/// NS-1: a word over three triple word squares scores x27. INCOMPRENSIBILE on row 1 through
/// NCOM and NSIB, the rack's seven tiles on A1, F1, G1, H1, M1, N1, O1: the letters sum to
/// 34 (no letter premium under a new tile), x27 = 918, plus 50 for the whole rack.
#[test]
fn finds_the_27x_word() {
    let b = board_with(&[("B1", Dir::Across, "NCOM"), ("I1", Dir::Across, "NSIB")]);
    let moves = placements(&b, &TileSet::italian(), &rack("IPREILE"), &graph());
    let top = &moves[0];
    assert_eq!(notation(&top.play), "1 A1 across I....PRE....ILE");
    assert_eq!(top.score, 34 * 27 + 50);
    assert_eq!(top.tiles, 7);
}

/// A bingo through a letter on the board: CANTIERE down column J through the R of MARE,
/// C on the triple letter J2 (6), I on J6 (3): 19 points and 50 for the rack.
#[test]
fn finds_the_bingo_through_a_letter() {
    let b = board_with(&[("H8", Dir::Across, "MARE")]);
    let moves = placements(&b, &TileSet::italian(), &rack("CANTIEE"), &graph());
    assert_eq!(notation(&moves[0].play), "1 J2 down CANTIE.E");
    assert_eq!(moves[0].score, 19 + 50);
    // With a jolly for the T it is still the top, the T's 2 points lost.
    let moves = placements(&b, &TileSet::italian(), &rack("CANEI?E"), &graph());
    assert_eq!(notation(&moves[0].play), "1 J2 down CANtIE.E");
    assert_eq!(moves[0].score, 17 + 50);
}

/// The first move covers the star, across and down (two placements to the engine). The top
/// of CANTORE is the bingo from B8 across (or H2 down): N on the double letter D8, the star
/// doubling, 2 x 15 + 50 = 80.
#[test]
fn first_move_covers_the_star() {
    let set = TileSet::italian();
    let moves = placements(&Board::new(), &set, &rack("CANTORE"), &graph());
    assert!(!moves.is_empty());
    let star = sq("H8");
    for m in &moves {
        let cells: Vec<Square> = (0..m.play.word.len())
            .map(|i| match m.play.dir {
                Dir::Across => Square {
                    row: m.play.at.row,
                    col: m.play.at.col + i,
                },
                Dir::Down => Square {
                    row: m.play.at.row + i,
                    col: m.play.at.col,
                },
            })
            .collect();
        assert!(cells.contains(&star), "{}", notation(&m.play));
    }
    let top: Vec<(String, u32)> = moves[..3]
        .iter()
        .map(|m| (notation(&m.play), m.score))
        .collect();
    assert_eq!(
        top,
        [
            ("1 H2 down CANTORE".to_string(), 80),
            ("1 B8 across CANTORE".to_string(), 80),
            ("1 H4 down CANTORE".to_string(), 78),
        ]
    );
}

/// An empty rack or a word list without words gives no placement.
#[test]
fn nothing_to_place() {
    let b = board_with(&[("H8", Dir::Across, "CASA")]);
    let set = TileSet::italian();
    assert!(placements(&b, &set, &rack(""), &graph()).is_empty());
    let none = Gaddag::from_words(Vec::<&str>::new()).unwrap();
    assert!(placements(&b, &set, &rack("ARE?"), &none).is_empty());
}

/// The ranked list: placements best first, then exchanges (bag of 7 or more), then the pass.
#[test]
fn ranked_moves_end_with_exchanges_and_the_pass() {
    let b = board_with(&[("H8", Dir::Across, "CASA")]);
    let bag: Vec<u8> = (0..10).map(|_| 1).collect();
    let state = State::position(&rules(), b.clone(), &["ARE", "OCA"], &bag, &[0, 0], 0).unwrap();
    let b2 = b.clone();
    let ranked = ranked_moves(&state, &graph());
    let places = ranked
        .iter()
        .take_while(|r| matches!(r.mv, Move::Place { .. }))
        .count();
    assert!(places > 0);
    assert_eq!(
        places,
        placements(&b2, state.set(), state.rack(0), &graph()).len()
    );
    // A, R, E distinct: 7 exchanges.
    assert_eq!(ranked.len(), places + 7 + 1);
    assert_eq!(ranked.last().unwrap().mv, Move::Pass { seat: 0 });
    let best = best_placement(&state, &graph()).unwrap();
    assert_eq!(
        Move::Place {
            seat: 0,
            play: best.play
        },
        ranked[0].mv
    );
    let low = State::position(&rules(), b, &["ARE", "OCA"], &bag[..6], &[0, 0], 0).unwrap();
    assert_eq!(
        ranked_moves(&low, &graph()).len(),
        places + 1,
        "no exchange with 6 in the bag (NS-3)"
    );
}

/// The engine's legal_moves with a word graph in the rules lists the generator's placements,
/// long ones included, each accepted by play; the candidates include them all.
#[test]
fn legal_moves_use_the_generator() {
    let g = Arc::new(graph());
    let rules = Rules {
        graph: Some(g.clone()),
        ..rules()
    };
    let b = board_with(&[("H8", Dir::Across, "MARE")]);
    let bag: Vec<u8> = (0..10).map(|_| 1).collect();
    let state = State::position(&rules, b, &["CANTIEE", "OCA"], &bag, &[0, 0], 0).unwrap();
    let legal = state.legal_moves();
    let want: Vec<Move> = placements(state.board(), state.set(), state.rack(0), &g)
        .into_iter()
        .map(|m| Move::Place {
            seat: 0,
            play: m.play,
        })
        .collect();
    let listed: Vec<&Move> = legal
        .iter()
        .filter(|m| matches!(m, Move::Place { .. }))
        .collect();
    assert_eq!(listed.len(), want.len());
    assert!(want.iter().all(|m| legal.contains(m)));
    assert!(legal.contains(&"1 J2 down CANTIE.E".parse().unwrap()));
    for m in &legal {
        assert!(state.clone().play(m.clone()).is_ok(), "{m}");
    }
    let candidates = state.candidate_moves();
    assert!(legal.iter().all(|m| candidates.contains(m)));
}

/// `tavolo solve natura`'s list: the top N of the ranked moves, the best placement first.
#[test]
fn top_moves_for_a_rack() {
    let b = board_with(&[("H8", Dir::Across, "MARE")]);
    let bag: Vec<u8> = (0..10).map(|_| 1).collect();
    let state = State::position(&rules(), b, &["OCA", "CANTIEE"], &bag, &[0, 0], 1).unwrap();
    let top = top_moves(&state, &graph(), 3);
    assert_eq!(top.len(), 3);
    assert_eq!(top[0].mv.to_string(), "2 J2 down CANTIE.E");
    assert_eq!((top[0].score, top[0].tiles), (69, 7));
    assert!(top[1].score <= 69 && top[2].score <= top[1].score);
    assert_eq!(
        top_moves(&state, &graph(), 100_000).len(),
        ranked_moves(&state, &graph()).len()
    );
}
