//! Property tests for Il Muro and Mosaico: every random legal game (`tavolo
//! play`) is accepted, and changing one move of it to an illegal one is rejected
//! at exactly that move, with the code the rules engine gives for it.

use crate::common;

use common::{judge, players_and_moves, random_game, replace_move, try_random_game};
use proptest::prelude::*;
use tavolo::deal::Provenance;
use tavolo::games::engine::{Broken as _, Engine};
use tavolo::games::fruit::mosaico::record as mosaico_record;
use tavolo::games::fruit::muro::record as muro_record;
use tavolo::games::fruit::{mosaico, muro, Tile};
use tavolo::record::Status;

fn assert_rejected_at(text: String, k: usize, code: &str) {
    let (exit, v) = judge(text);
    assert_eq!(exit, 1);
    assert_eq!(v.status, Status::Illegal);
    let ill = v.illegal.expect("illegal");
    assert_eq!(ill.number, k + 1);
    assert_eq!(ill.code, code);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// MU-2, MU-3: random legal play is accepted; one move made illegal is
    /// rejected at exactly that move.
    #[test]
    fn muro_random_games(seed in 0u32..1_000_000, six in any::<bool>(), pick in any::<u32>()) {
        let variant = if six { "six-down" } else { "standard" };
        let setup = muro_record::dealt(&Provenance::new("muro", variant, &seed.to_string(), 1));
        let text = match try_random_game("muro", Some(variant), &seed.to_string(), 1) {
            Ok(text) => text,
            Err(e) => {
                // About 1 wall in 200 has no legal first move (MU-2): nothing to record.
                prop_assert_eq!(e.code, "play.no-legal-move");
                let state = muro::State::new(&setup, muro_record::variant_of(variant));
                prop_assert!(state.wall_moves().is_empty());
                return Ok(());
            }
        };
        // The random player plays until the game ends: won, stuck or `stop`.
        let (exit, v) = judge(text.clone());
        prop_assert_eq!(exit, 0);
        prop_assert_eq!(v.status, Status::Complete);
        let moves = players_and_moves(&text).1;
        let k = pick as usize % moves.len();
        // Replay to move k with the engine.
        let mut state = muro::State::new(&setup, muro_record::variant_of(variant));
        for m in &moves[..k] {
            state.play(m["move"].as_str().unwrap().parse().unwrap()).unwrap();
        }
        // Every syntactically valid move the engine refuses here.
        let places: Vec<muro::Place> = (0..6u8).map(muro::Place::Column).chain([muro::Place::NewWall]).collect();
        let mut illegal: Vec<(muro::Move, &'static str)> = Vec::new();
        for c in 0..6u8 {
            if let Err(e) = state.check(muro::Move::Turn(c)) {
                illegal.push((muro::Move::Turn(c), e.code()));
            }
        }
        for tile in Tile::all() {
            for &from in &places {
                for &to in &places {
                    let mv = muro::Move::Shift { tile, from, to };
                    if let Err(e) = state.check(mv) {
                        illegal.push((mv, e.code()));
                    }
                }
            }
        }
        let (mv, code) = illegal[(pick / 7) as usize % illegal.len()];
        let fields = format!("move = \"{mv}\"\n");
        assert_rejected_at(replace_move(&text, k, &fields), k, code);
    }

    /// MO-2, MO-3, MO-4: the same for Mosaico.
    #[test]
    fn mosaico_random_games(seed in 0u32..1_000_000, hard in any::<bool>(), pick in any::<u32>()) {
        let variant = if hard { "hard" } else { "standard" };
        let text = random_game("mosaico", Some(variant), &seed.to_string(), 1);
        let (exit, v) = judge(text.clone());
        prop_assert_eq!(exit, 0);
        prop_assert_eq!(v.status, Status::Complete);
        let moves = players_and_moves(&text).1;
        let k = pick as usize % moves.len();
        let setup = mosaico_record::dealt(&Provenance::new("mosaico", variant, &seed.to_string(), 1));
        let mut state = mosaico::State::new(&setup, mosaico_record::variant_of(variant));
        let parse = |m: &toml::Table| -> mosaico::Move {
            match m.get("aside") {
                Some(t) => mosaico::Move::Aside { tile: t.as_str().unwrap().parse().unwrap() },
                None => mosaico::Move::Place {
                    tile: m["tile"].as_str().unwrap().parse().unwrap(),
                    cell: m["cell"].as_str().unwrap().parse().unwrap(),
                },
            }
        };
        for m in &moves[..k] {
            state.play(parse(m)).unwrap();
        }
        let mut illegal: Vec<(String, &'static str)> = Vec::new();
        // Half the time only the tile in play (placement errors), else any tile.
        let in_play = state.turn().expect("a move k exists").tile;
        for tile in Tile::all().filter(|&t| pick % 2 == 1 || t == in_play) {
            let mut probe = state;
            if let Err(e) = probe.play(mosaico::Move::Aside { tile }) {
                illegal.push((format!("aside = \"{tile}\"\n"), e.code()));
            }
            for file in 0..7u8 {
                for rank in 0..7u8 {
                    let cell = mosaico::Cell::new(file, rank);
                    let mut probe = state;
                    if let Err(e) = probe.play(mosaico::Move::Place { tile, cell }) {
                        illegal.push((format!("tile = \"{tile}\"\ncell = \"{cell}\"\n"), e.code()));
                    }
                }
            }
        }
        let (fields, code) = &illegal[(pick / 7) as usize % illegal.len()];
        assert_rejected_at(replace_move(&text, k, fields), k, code);
    }
}

/// A random Il Muro game is a real game (issue 27): the random player picks `stop`
/// rarely (once in 200 turns, never while it could turn a tile up), not like any other
/// move, so over seeds 1..100 the games are hundreds of moves long, not nearly all over
/// within 49 moves (97 of 100 were, picking `stop` uniformly). Every game still ends
/// (stopped, stuck or won: `complete`, MU-4), and the same seed plays the same game.
#[test]
fn mu4_random_muro_games_run_their_course() {
    let mut lengths = Vec::new();
    let mut stopped = 0;
    for seed in 1..=100 {
        let Ok(text) = try_random_game("muro", None, &seed.to_string(), 1) else {
            continue; // a wall with no first move (MU-2)
        };
        let (_, moves) = players_and_moves(&text);
        let (exit, v) = judge(text.clone());
        assert_eq!((exit, v.status), (0, Status::Complete), "seed {seed}");
        stopped += usize::from(moves.last().unwrap()["move"].as_str() == Some("stop"));
        lengths.push(moves.len());
        if seed <= 3 {
            assert_eq!(
                try_random_game("muro", None, &seed.to_string(), 1).unwrap(),
                text
            );
        }
    }
    lengths.sort_unstable();
    let n = lengths.len();
    assert!(n >= 98, "{n}");
    let short = lengths.iter().filter(|&&l| l <= 49).count();
    let median = lengths[n / 2];
    assert!(
        short <= n / 5,
        "{short} of {n} games within 49 moves: {lengths:?}"
    );
    assert!(median >= 100, "median {median}: {lengths:?}");
    // Most games are ended by the player, a few by a stuck wall; none runs away.
    assert!(stopped >= n / 2 && stopped < n, "{stopped} of {n} stopped");
    assert!(lengths[n - 1] < 5000, "{lengths:?}");
}
