//! The machine at an empty seat (issue 43): it sees only what its seat sees. For every
//! game that can make a world for a seat ([`Table::seen`]), another real game with the
//! same view (its hidden pieces dealt otherwise) gets the same choice at every strength,
//! and that choice is legal on the real game.

use super::engine::Engine;
use super::fruit::domino::record::Domino;
use super::machine_seat::{self, Level, Seats};
use super::moon::record::Moon;
use super::natura::record::Natura;
use super::session::{EngineOf, MoveOf, Table, View};
use crate::deal::{DealRng, Provenance};

/// Walk random games of `table` from `seeds`; at each ply of `at`, for a few other games
/// made from the real one for the seat to move (the same view, the hidden pieces dealt
/// otherwise), the machine's move at each of `levels` is legal on the real game and the
/// same (as `key` names it) on the other.
fn same_choice_whatever_is_hidden<T: Table>(
    table: &'static T,
    variant: &str,
    players: usize,
    seeds: &[&str],
    at: &[usize],
    levels: &[Level],
    key: impl Fn(&MoveOf<T>) -> String,
) {
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    let director = |a: &EngineOf<T>, b: &EngineOf<T>| {
        table.position(a, &names, View::Director) != table.position(b, &names, View::Director)
    };
    same_choice_hidden_otherwise(table, variant, players, seeds, at, levels, key, director);
}

/// [`same_choice_whatever_is_hidden`], `differ` telling whether two games hide different
/// pieces (where the director's view does not show them all: Mosaico's draw order).
#[allow(clippy::too_many_arguments)]
fn same_choice_hidden_otherwise<T: Table>(
    table: &'static T,
    variant: &str,
    players: usize,
    seeds: &[&str],
    at: &[usize],
    levels: &[Level],
    key: impl Fn(&MoveOf<T>) -> String,
    differ: impl Fn(&EngineOf<T>, &EngineOf<T>) -> bool,
) {
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    let (mut differed, mut compared) = (0, 0);
    let last = at.iter().copied().max().unwrap_or(0);
    for seed in seeds {
        let deal = Provenance::new(table.name(), variant, seed, 1);
        let mut game = table.begin(variant, &names, &deal).unwrap();
        let mut walk = DealRng::new("machine-test", "walk", seed, 1);
        for ply in 0..=last {
            let Some(seat) = game.to_move() else { break };
            if at.contains(&ply) {
                // A piece the seat draws before it chooses (Scalafrutta's tile) is part of
                // its view once drawn: the other games hold it face down too.
                let mut draw = DealRng::new("machine-test", "draw", seed, ply as u32 + 1);
                let drawn = table.draw(&game, seat, &mut draw);
                let seen_from = drawn.as_ref().unwrap_or(&game);
                for k in 0..3 {
                    let mut deal_again = DealRng::new("machine-test", "other", seed, k);
                    let other = table
                        .seen(seen_from, seat, &mut deal_again)
                        .expect("a world");
                    assert_eq!(
                        table.position(&game, &names, View::Seat(seat)),
                        table.position(&other, &names, View::Seat(seat)),
                        "{seed} ply {ply}: the other game looks the same from seat {}",
                        seat + 1
                    );
                    if differ(&game, &other) {
                        differed += 1;
                    }
                    for &level in levels {
                        let stream =
                            || machine_seat::stream(table.name(), variant, seed, ply + 1, seat);
                        let mine =
                            machine_seat::choose(table, seen_from, seat, level, &mut stream());
                        let theirs =
                            machine_seat::choose(table, &other, seat, level, &mut stream());
                        assert!(
                            game.clone().play(mine.clone()).is_ok(),
                            "{seed} ply {ply} {level}: `{mine}` is legal on the real game"
                        );
                        assert_eq!(
                            key(&mine),
                            key(&theirs),
                            "{seed} ply {ply} {level}: the same choice whatever is hidden"
                        );
                        compared += 1;
                    }
                }
            }
            let legal = game.legal_moves();
            let mv = table.choose(&game, &legal, &mut walk);
            game.play(mv).unwrap();
        }
    }
    assert!(compared > 0, "some choices were compared");
    assert!(differed > 0, "some other games hid other pieces");
}

#[test]
fn moon_with_three_the_machine_chooses_on_what_its_seat_sees() {
    same_choice_whatever_is_hidden(
        &Moon,
        "standard",
        3,
        &["m1", "m2"],
        &[0, 2, 4],
        &Level::ALL,
        |m| m.to_string(),
    );
}

#[test]
fn domino_the_machine_chooses_on_what_its_seat_sees() {
    // A draw takes the real pile's tile: the same choice is to draw.
    let key = |m: &super::fruit::domino::Move| match m {
        super::fruit::domino::Move::Draw { .. } => "draw".to_string(),
        m => m.to_string(),
    };
    same_choice_whatever_is_hidden(
        &Domino,
        "standard",
        2,
        &["d1", "d2"],
        &[0, 1, 3, 6, 9],
        &Level::ALL,
        key,
    );
}

#[test]
fn natura_the_machine_chooses_on_what_its_seat_sees() {
    same_choice_whatever_is_hidden(&Natura, "standard", 2, &["n1"], &[0, 3], &Level::ALL, |m| {
        m.to_string()
    });
}

#[test]
fn seats_read_as_written_and_a_bad_one_is_refused_with_the_strengths() {
    let seats = Seats::parse("4:random, 2", Level::Strong, 4).unwrap();
    assert_eq!(seats, vec![(1, Level::Strong), (3, Level::Random)]);
    let written = Seats {
        seats,
        seed: "s".into(),
    }
    .written();
    assert_eq!(written, ["2:strong", "4:random"]);
    let e = Seats::parse("2:clever", Level::Greedy, 4).unwrap_err();
    assert!(e.contains("random, greedy, strong"), "{e}");
    assert!(Seats::parse("5", Level::Greedy, 4).is_err());
    assert!(Seats::parse("2,2", Level::Greedy, 4).is_err());
    assert!(Seats::parse("", Level::Greedy, 4).is_err());
}

#[test]
fn farfalia_the_machine_chooses_on_what_its_seat_sees() {
    // Four players in sides of two; three with the dealer's dummy; two with two dummies
    // (their face-down cards dealt again under the same face-up cards); five with the
    // dealer's discard and DoubleYou (FA-5, FA-8, FA-10).
    use super::farfalia::record::Farfalia;
    let plies = [0, 1, 5, 9, 14, 22, 31, 40];
    for players in [4, 3, 2, 5] {
        same_choice_whatever_is_hidden(
            &Farfalia,
            "standard",
            players,
            &["f1", "f2"],
            &plies,
            &Level::ALL,
            |m| m.to_string(),
        );
    }
}

#[test]
fn muro_the_machine_chooses_on_what_the_player_sees() {
    // A turned tile comes from the real wall: the same choice is to turn that column.
    same_choice_whatever_is_hidden(
        &super::fruit::muro::record::Muro,
        "standard",
        1,
        &["w1", "w2", "w3"],
        &[0, 2, 5, 9, 14],
        &Level::ALL,
        |m| m.to_string(),
    );
}

#[test]
fn mosaico_the_machine_chooses_on_what_the_player_sees() {
    // The director's view shows no draw order: the draws themselves differ.
    same_choice_hidden_otherwise(
        &super::fruit::mosaico::record::Mosaico,
        "standard",
        1,
        &["o1", "o2"],
        &[0, 3, 8, 15],
        &Level::ALL,
        |m| m.to_string(),
        |a, b| a.draw_order() != b.draw_order(),
    );
}

#[test]
fn quincunx_the_machine_chooses_on_what_its_seat_sees() {
    for players in [2, 3] {
        same_choice_whatever_is_hidden(
            &super::quincunx::record::QuincunxGame,
            "standard",
            players,
            &["q1", "q2"],
            &[0, 3, 8, 15],
            &Level::ALL,
            |m| m.to_string(),
        );
    }
}

#[test]
fn scalafrutta_the_machine_chooses_on_what_its_seat_sees() {
    // The others' tiles, out of sight, and the pile are dealt again; the tile drawn is the
    // seat's to see. Plies into the first recombinations (a 27-tile pile, SF-2).
    use super::fruit::scalafrutta::record::Scalafrutta;
    for players in [2, 3, 4] {
        same_choice_whatever_is_hidden(
            &Scalafrutta,
            "standard",
            players,
            &["s1", "s2"],
            &[0, 1, 4, 9, 17, 26, 27, 28, 29, 31],
            &Level::ALL,
            |m| m.to_string(),
        );
    }
}

#[test]
fn scalafrutta_s_machine_draws_from_the_real_pile_and_plays_that_tile() {
    // SF-1: the tile a move names is the one drawn, face down on the real table; the
    // machine chooses only where it goes.
    use super::fruit::scalafrutta::record::Scalafrutta;
    use super::fruit::scalafrutta::Move;
    let names: Vec<String> = (1..=3).map(|i| format!("P{i}")).collect();
    let deal = Provenance::new("scalafrutta", "standard", "sd", 1);
    let game = Scalafrutta.begin("standard", &names, &deal).unwrap();
    let pile = game.hand().pile();
    let mut tiles = std::collections::BTreeSet::new();
    for n in 1..=12 {
        for level in Level::ALL {
            let mut rng = machine_seat::stream("scalafrutta", "standard", "sd", n, 0);
            let mv = machine_seat::choose(&Scalafrutta, &game, 0, level, &mut rng);
            let Move::Insert { tile, .. } = mv else {
                panic!("an insertion first, not {mv}");
            };
            assert!(pile.contains(tile), "{tile} is face down");
            assert!(game.clone().play(mv.clone()).is_ok(), "{mv} is legal");
            tiles.insert(tile.to_string());
        }
    }
    assert!(
        tiles.len() > 3,
        "the draws differ from stream to stream: {tiles:?}"
    );
}

#[test]
fn every_game_offers_every_strength() {
    use super::fruit::scalafrutta::record::Scalafrutta;
    let names: Vec<String> = (1..=4).map(|i| format!("P{i}")).collect();
    let deal = Provenance::new("scalafrutta", "standard", "f", 1);
    let game = Scalafrutta.begin("standard", &names[..2], &deal).unwrap();
    assert_eq!(machine_seat::levels(&Scalafrutta, &game, 0), Level::ALL);
    let deal = Provenance::new("moon", "standard", "f", 1);
    let game = Moon.begin("standard", &names[..3], &deal).unwrap();
    assert_eq!(machine_seat::levels(&Moon, &game, 0), Level::ALL);
}
