//! Property tests for Scalafrutta and Domino della Frutta: every random legal
//! game is accepted, and changing one move of it to an illegal one is rejected
//! at exactly that move, with the code the rules engine gives for it.

use crate::common;

use common::{judge, players_and_moves, random_game, replace_move};
use proptest::prelude::*;
use tavolo::deal::Provenance;
use tavolo::games::engine::{Broken as _, Engine};
use tavolo::games::fruit::domino::{self, State as DState};
use tavolo::games::fruit::record::deal_order;
use tavolo::games::fruit::scalafrutta::record::{hand_deal, square_of};
use tavolo::games::fruit::scalafrutta::scoring::{best_partition, check_partition, PartitionError};
use tavolo::games::fruit::scalafrutta::{Insertion, Move, Setup, State};
use tavolo::games::fruit::{Tile, TileSet};
use tavolo::record::Status;

fn tile(v: &toml::Value) -> Tile {
    v.as_str().unwrap().parse().unwrap()
}

fn tiles(s: &str) -> Vec<Tile> {
    s.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn text_of(ts: &[Tile]) -> String {
    ts.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------- Scalafrutta

/// Replays a Scalafrutta record with the engine up to move `k` (0-based,
/// excluded).
fn sf_state_before(text: &str, k: usize) -> State {
    let doc: toml::Table = toml::from_str(text).unwrap();
    let seed = doc["deal"]["seed"].as_str().unwrap();
    let deal = Provenance::new("scalafrutta", "standard", seed, 1);
    let (players, moves) = players_and_moves(text);
    let setup = Setup {
        players: players.len(),
        square: square_of(&deal_order(&hand_deal(&deal, 1))),
        deal: Some(deal),
    };
    let mut state = State::start(&setup, &()).unwrap();
    for m in &moves[..k] {
        state.play(sf_move(m, &players)).unwrap();
    }
    state
}

fn sf_move(m: &toml::Table, players: &[String]) -> Move {
    let seat = |v: &toml::Value| {
        players
            .iter()
            .position(|x| x == v.as_str().unwrap())
            .unwrap()
    };
    let player = seat(&m["player"]);
    match m.get("combinations") {
        Some(c) => Move::Recombine {
            player,
            combinations: c
                .as_array()
                .unwrap()
                .iter()
                .map(|c| tiles(c.as_str().unwrap()))
                .collect(),
        },
        None => Move::Insert {
            player,
            tile: tile(&m["tile"]),
            at: m["at"].as_str().unwrap().parse().unwrap(),
            gift: m.get("gift").map(seat),
            square: None,
        },
    }
}

/// Illegal declarations for `held`, each with the code the referee gives.
fn illegal_partitions(held: TileSet) -> Vec<(Vec<Vec<Tile>>, &'static str)> {
    let best: Vec<Vec<Tile>> = best_partition(held)
        .combinations
        .iter()
        .map(|c| c.tiles().iter().collect())
        .collect();
    let mut candidates: Vec<Vec<Vec<Tile>>> = Vec::new();
    if let Some(first) = best.first() {
        let mut twice = best.clone();
        twice.push(first.clone());
        candidates.push(twice);
    }
    // A set of one number that uses a tile the player lacks.
    for n in 1..=6u8 {
        let col: Vec<Tile> = Tile::all().filter(|t| t.number() == n).collect();
        if let Some(&missing) = col.iter().find(|t| !held.contains(**t)) {
            let mut set: Vec<Tile> = col
                .iter()
                .copied()
                .filter(|&t| t != missing)
                .take(2)
                .collect();
            set.push(missing);
            candidates.push(vec![set]);
            break;
        }
    }
    // Three held tiles that are no combination.
    let h: Vec<Tile> = held.iter().collect();
    if h.len() >= 3 {
        candidates.push(vec![h[..3].to_vec()]);
    }
    candidates
        .into_iter()
        .filter_map(|c| match check_partition(held, &c) {
            Ok(_) => None,
            Err(PartitionError::NotACombination { .. }) => {
                Some((c, "scalafrutta.not-a-combination"))
            }
            Err(PartitionError::NotHeld { .. }) => Some((c, "scalafrutta.tile-not-held")),
            Err(PartitionError::UsedTwice { .. }) => Some((c, "scalafrutta.tile-used-twice")),
        })
        .collect()
}

// -------------------------------------------------------------------- Domino

fn dom_state_before(text: &str, k: usize) -> DState {
    let doc: toml::Table = toml::from_str(text).unwrap();
    let seed = doc["deal"]["seed"].as_str().unwrap();
    let variant = doc["variant"].as_str().unwrap();
    let (players, moves) = players_and_moves(text);
    let order = deal_order(&Provenance::new("domino", variant, seed, 1));
    let setup = domino::Setup::deal(players.len(), &order).unwrap();
    let mut s = DState::start(&setup, &domino::record::rules_of(variant)).unwrap();
    for m in &moves[..k] {
        let p = players
            .iter()
            .position(|x| x == m["player"].as_str().unwrap())
            .unwrap();
        for mv in dom_moves(m, p) {
            s.play(mv).unwrap();
        }
    }
    s
}

/// The engine moves of one `[[move]]`: the call of open play, if any, then
/// the move, if any.
fn dom_moves(m: &toml::Table, player: usize) -> Vec<domino::Move> {
    let row = m.get("row").map(|r| r.as_integer().unwrap() as i32);
    let mut out = Vec::new();
    if m.get("open").is_some() {
        out.push(domino::Move::Open { player });
    }
    if let Some(t) = m.get("tile") {
        out.push(domino::Move::Place {
            player,
            tile: tile(t),
            row: row.unwrap(),
        });
    } else if let Some(t) = m.get("turn") {
        out.push(domino::Move::Turn {
            player,
            tile: tile(t),
        });
    } else if let Some(t) = m.get("draw") {
        out.push(domino::Move::Draw {
            player,
            tile: tile(t),
            row,
        });
    } else if m.get("out").is_some() {
        out.push(domino::Move::Out { player });
    }
    out
}

fn dom_fields(mv: domino::Move) -> String {
    match mv {
        domino::Move::Place { tile, row, .. } => format!("tile = \"{tile}\"\nrow = {row}\n"),
        domino::Move::Turn { tile, .. } => format!("turn = \"{tile}\"\n"),
        domino::Move::Draw {
            tile, row: None, ..
        } => format!("draw = \"{tile}\"\n"),
        domino::Move::Draw {
            tile,
            row: Some(row),
            ..
        } => format!("draw = \"{tile}\"\nrow = {row}\n"),
        domino::Move::Out { .. } => "out = true\n".to_string(),
        domino::Move::Open { .. } => "open = true\n".to_string(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// SF-1..SF-6: a random legal game to 1001 is accepted and complete.
    #[test]
    fn scalafrutta_random_games_are_accepted(seed in "[a-z0-9]{1,10}", players in 2usize..=4) {
        let (code, v) = judge(random_game("scalafrutta", None, &seed, players));
        prop_assert_eq!(code, 0);
        prop_assert_eq!(v.status, Status::Complete);
        let result = v.result.unwrap();
        prop_assert!(result.scores.iter().any(|s| s.points >= 1001));
    }

    #[test]
    fn scalafrutta_one_illegal_move_is_rejected_at_exactly_that_move(
        seed in "[a-z0-9]{1,10}",
        players in 2usize..=4,
        at in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let text = random_game("scalafrutta", None, &seed, players);
        let (names, moves) = players_and_moves(&text);
        let k = at.index(moves.len());
        let state = sf_state_before(&text, k);
        let player = state.to_move().unwrap();
        let (fields, code) = if moves[k].contains_key("combinations") {
            let options = illegal_partitions(state.hand().held(player));
            prop_assume!(!options.is_empty());
            let (combos, code) = &options[pick.index(options.len())];
            let list: Vec<String> = combos.iter().map(|c| format!("\"{}\"", text_of(c))).collect();
            (format!("combinations = [{}]\n", list.join(", ")), *code)
        } else {
            // Every insertion the engine rejects here.
            let mut illegal = Vec::new();
            for t in Tile::all() {
                for at in Insertion::all() {
                    for gift in std::iter::once(None).chain((0..players).map(Some)) {
                        let mv = Move::Insert { player, tile: t, at, gift, square: None };
                        if let Err(e) = state.clone().play(mv) {
                            illegal.push(((t, at, gift), e.code()));
                        }
                    }
                }
            }
            let ((t, at, gift), code) = illegal[pick.index(illegal.len())];
            let mut f = format!("tile = \"{t}\"\nat = \"{at}\"\n");
            if let Some(g) = gift {
                f += &format!("gift = \"{}\"\n", names[g]);
            }
            (f, code)
        };
        let (exit, v) = judge(replace_move(&text, k, &fields));
        prop_assert_eq!(exit, 1);
        prop_assert_eq!(v.status, Status::Illegal);
        let i = v.illegal.unwrap();
        prop_assert_eq!((i.number, i.code), (k + 1, code));
    }

    /// DF-1..DF-7: a random legal game is accepted and complete.
    #[test]
    fn domino_random_games_are_accepted(seed in "[a-z0-9]{1,10}", players in 2usize..=4, loose in any::<bool>()) {
        let variant = if loose { "loose-contact" } else { "standard" };
        let (code, v) = judge(random_game("domino", Some(variant), &seed, players));
        prop_assert_eq!(code, 0);
        prop_assert_eq!(v.status, Status::Complete);
        prop_assert!(!v.result.unwrap().reason.is_empty());
    }

    #[test]
    fn domino_one_illegal_move_is_rejected_at_exactly_that_move(
        seed in "[a-z0-9]{1,10}",
        players in 2usize..=4,
        loose in any::<bool>(),
        at in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let variant = if loose { "loose-contact" } else { "standard" };
        let text = random_game("domino", Some(variant), &seed, players);
        let (_, moves) = players_and_moves(&text);
        let k = at.index(moves.len());
        let state = dom_state_before(&text, k);
        let player = state.turn();
        let mut candidates = state.candidate_moves();
        for t in Tile::all() {
            candidates.push(domino::Move::Turn { player, tile: t });
            candidates.push(domino::Move::Draw { player, tile: t, row: None });
            for row in -40..=40 {
                candidates.push(domino::Move::Place { player, tile: t, row });
                candidates.push(domino::Move::Draw { player, tile: t, row: Some(row) });
            }
        }
        let illegal: Vec<(domino::Move, &'static str)> = candidates
            .into_iter()
            .filter_map(|mv| state.clone().play(mv).err().map(|e| (mv, e.code())))
            .collect();
        let (mv, code) = illegal[pick.index(illegal.len())];
        let (exit, v) = judge(replace_move(&text, k, &dom_fields(mv)));
        prop_assert_eq!(exit, 1);
        prop_assert_eq!(v.status, Status::Illegal);
        let i = v.illegal.unwrap();
        prop_assert_eq!((i.number, i.code), (k + 1, code));
    }
}
