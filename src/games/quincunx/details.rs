//! Each move's facts as data, for `tavolo check --json` (`details`, fields
//! documented in `docs/records.md`, Quincunx): a placement's score by
//! component, its draws and, under sempliciotto, the announced and the true
//! score; a round's end with each player's points, cards left in hand and
//! penalty (QX-3).

use serde_json::{json, Map, Value};

use super::round::{Move, Outcome, RoundResult};
use super::score::{Breakdown, Kind};
use crate::record::MoveDetail;

/// The score categories of a placement, as the fields name them.
const CATEGORIES: [&str; 6] = ["base", "pairs", "runs", "sets", "ace_crown", "colour"];

fn category(kind: &Kind) -> &'static str {
    match kind {
        Kind::Base { .. } => "base",
        Kind::Pair => "pairs",
        Kind::Run => "runs",
        Kind::Set => "sets",
        Kind::AceCrown { .. } => "ace_crown",
        Kind::ColourLine { .. } | Kind::ColourSquare { .. } => "colour",
    }
}

fn detail(number: usize, player: &str, fields: Value) -> MoveDetail {
    let fields = match fields {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    MoveDetail {
        number,
        player: player.to_string(),
        fields,
    }
}

/// The points of each category of a breakdown; they add up to its points.
pub fn by_category(b: &Breakdown) -> Map<String, Value> {
    let mut out = Map::new();
    for name in CATEGORIES {
        let sum: i32 = b
            .components
            .iter()
            .filter(|c| category(&c.kind) == name)
            .map(|c| c.points)
            .sum();
        out.insert(name.to_string(), json!(sum));
    }
    out
}

/// A legal placement (`round` from 0).
pub fn placement(
    number: usize,
    round: usize,
    o: &Outcome,
    mv: &Move,
    names: &[String],
) -> MoveDetail {
    let b = &o.breakdown;
    let mut fields = Map::new();
    let mut put = |k: &str, v: Value| {
        fields.insert(k.to_string(), v);
    };
    put("kind", json!("placement"));
    put("round", json!(round + 1));
    put("card", json!(b.card));
    put("cell", json!(b.cell));
    for (k, v) in by_category(b) {
        put(&k, v);
    }
    put("points", json!(b.points));
    put("draws", json!(b.draws));
    put("drawn", json!(o.drawn));
    put("draws_lost", json!(o.draws_lost));
    put("announced", json!(mv.announced));
    put("noticed", json!(mv.noticed_by.map(|n| &names[n])));
    put("credited", json!(o.credited));
    put("stolen", json!(o.stolen.map_or(0, |(_, k)| k)));
    put("components", json!(b.components));
    detail(number, &names[o.player], Value::Object(fields))
}

/// The end of a round, after move `number` by `mover`.
pub fn round_end(number: usize, mover: usize, r: &RoundResult, names: &[String]) -> MoveDetail {
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(p, name)| {
            json!({
                "player": name,
                "points": r.points[p],
                "left_in_hand": r.left_in_hand[p],
                "penalty": r.penalties[p],
                "total": r.totals[p],
            })
        })
        .collect();
    detail(
        number,
        &names[mover],
        json!({
            "kind": "round-end",
            "round": r.round + 1,
            "dealer": names[r.dealer],
            "grid_full": r.grid_full,
            "players": players,
            "rating": r.rating.map(|x| x.band()),
        }),
    )
}
