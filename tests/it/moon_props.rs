//! Property tests: every random legal MOON game is accepted, and changing one
//! move of it to an illegal one is rejected at exactly that move, with the
//! rule the engine names (and the MN-3 consequence).

use crate::common;

use std::path::Path;

use common::{players_and_moves, random_game, replace_move};
use proptest::prelude::*;
use tavolo::games::check::{check_text, Outcome};
use tavolo::games::engine::{Broken, Engine};
use tavolo::games::moon::{Move, Position, Setup, Solitaire, Square, Tile};
use tavolo::record::Status;

/// The moves of a record as (player index, tile, square).
fn moves_of(text: &str) -> (Vec<String>, Vec<(usize, Tile, Square)>) {
    let (players, tables) = players_and_moves(text);
    let moves = tables
        .iter()
        .map(|m| {
            let p = players
                .iter()
                .position(|n| n == m["player"].as_str().unwrap())
                .unwrap();
            (
                p,
                Tile::parse(m["tile"].as_str().unwrap()).unwrap(),
                Square::parse(m["square"].as_str().unwrap()).unwrap(),
            )
        })
        .collect();
    (players, moves)
}

/// The record with move `k` (0-based) given another tile and square.
fn replace_tile_move(text: &str, k: usize, tile: Tile, square: Square) -> String {
    let fields = format!("tile = \"{tile}\"\nsquare = \"{square}\"\n");
    replace_move(text, k, &fields)
}

fn setup_of(text: &str, players: usize) -> Setup {
    let doc: toml::Table = toml::from_str(text).unwrap();
    let s = &doc["setup"];
    let names: Vec<&str> = doc["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let hands = (0..players)
        .map(|p| {
            s["hands"][names[p]]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| Tile::parse(t.as_str().unwrap()).unwrap())
                .collect()
        })
        .collect();
    Setup {
        centre: Tile::parse(s["centre"].as_str().unwrap()).unwrap(),
        hands,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_legal_games_are_accepted(seed in "[a-z0-9]{1,12}", players in 2usize..=4) {
        let text = random_game("moon", None, &seed, players);
        let r = check_text(Path::new("random.toml"), text);
        prop_assert_eq!(r.exit_code(), 0);
        let Outcome::Judged { verdict, .. } = r.outcome else { panic!("unreadable") };
        prop_assert_eq!(verdict.status, Status::Complete);
        let result = verdict.result.unwrap();
        prop_assert!(result.winner().is_some());
        prop_assert_eq!(result.losers.len(), players - 1);
    }

    #[test]
    fn random_solitaires_are_accepted_mn5(seed in "[a-z0-9]{1,12}") {
        let text = random_game("moon", Some("solitaire"), &seed, 1);
        let r = check_text(Path::new("random.toml"), text);
        prop_assert_eq!(r.exit_code(), 0);
        let Outcome::Judged { verdict, .. } = r.outcome else { panic!("unreadable") };
        prop_assert_eq!(verdict.status, Status::Complete);
        prop_assert!(verdict.result.unwrap().solved.is_some());
    }

    #[test]
    fn one_illegal_move_is_rejected_at_exactly_that_move_mn3(
        seed in "[a-z0-9]{1,12}",
        players in 2usize..=4,
        at in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let text = random_game("moon", None, &seed, players);
        let (_, moves) = moves_of(&text);
        let k = at.index(moves.len());
        let mut pos = Position::new(&setup_of(&text, players)).unwrap();
        for &(player, tile, square) in &moves[..k] {
            pos.play(Move { player, tile, square }).unwrap();
        }
        // Every (tile, square) the recorded mover may not play here.
        let mover = moves[k].0;
        let illegal: Vec<(Tile, Square, &'static str)> = Tile::all()
            .flat_map(|t| Square::all().map(move |s| (t, s)))
            .filter_map(|(tile, square)| {
                pos.check(Move { player: mover, tile, square }).err().map(|e| (tile, square, e.code()))
            })
            .collect();
        let (tile, square, code) = illegal[pick.index(illegal.len())];
        let bad = replace_tile_move(&text, k, tile, square);
        let r = check_text(Path::new("bad.toml"), bad);
        prop_assert_eq!(r.exit_code(), 1);
        let Outcome::Judged { verdict, .. } = r.outcome else { panic!("unreadable") };
        prop_assert_eq!(verdict.status, Status::Illegal);
        let i = verdict.illegal.unwrap();
        prop_assert_eq!(i.number, k + 1);
        prop_assert_eq!(i.code, code);
        let result = verdict.result.unwrap();
        // MN-3: the last move loses for its author; an earlier one annuls the game.
        prop_assert_eq!(result.annulled, k + 1 < moves.len());
    }

    #[test]
    fn one_illegal_solitaire_move_is_rejected_at_exactly_that_move_mn5(
        seed in "[a-z0-9]{1,12}",
        at in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let text = random_game("moon", Some("solitaire"), &seed, 1);
        let (_, moves) = moves_of(&text);
        let k = at.index(moves.len());
        let doc: toml::Table = toml::from_str(&text).unwrap();
        let centre = Tile::parse(doc["setup"]["centre"].as_str().unwrap()).unwrap();
        let draw: Vec<Tile> = moves.iter().map(|m| m.1).collect();
        let mut sol = Solitaire::new(centre, Some(draw)).unwrap();
        for &(player, tile, square) in &moves[..k] {
            sol.play(Move { player, tile, square }).unwrap();
        }
        let illegal: Vec<(Tile, Square, &'static str)> = Tile::all()
            .flat_map(|t| Square::all().map(move |s| (t, s)))
            .filter_map(|(tile, square)| {
                sol.check(Move { player: 0, tile, square }).err().map(|e| (tile, square, e.code()))
            })
            .collect();
        let (tile, square, code) = illegal[pick.index(illegal.len())];
        let r = check_text(Path::new("bad.toml"), replace_tile_move(&text, k, tile, square));
        prop_assert_eq!(r.exit_code(), 1);
        let Outcome::Judged { verdict, .. } = r.outcome else { panic!("unreadable") };
        let i = verdict.illegal.unwrap();
        prop_assert_eq!((i.number, i.code), (k + 1, code));
    }
}
