//! Each move's facts as data, for `tavolo check --json` (`details`; every
//! field is documented in `docs/records.md`, Farfalia): a completed trick
//! (who played what, the winner or none, the burned cards: FA-2, FA-6,
//! FA-9), a collection choice (FA-3), the dummies' cards turned up after it
//! (FA-8), and a deal's end with its points and the next dealer (FA-4,
//! FA-7).

use serde_json::{json, Map, Value};

use super::{Card, CardSet, Deal, Family, Move, Table};
use crate::record::MoveDetail;

/// The move a fact belongs to: its number in the record, who made it, and
/// the deal it falls in (from 1).
pub(super) struct At<'a> {
    pub number: usize,
    pub player: &'a str,
    pub deal: usize,
}

fn detail(at: &At, fields: Value) -> MoveDetail {
    let fields = match fields {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    MoveDetail {
        number: at.number,
        player: at.player.to_string(),
        fields,
    }
}

/// A place's name: its player's, or "Anna's dummy".
pub(super) fn place_name(deal: &Deal, place: usize, names: &[String]) -> String {
    let name = &names[deal.seat_of(place)];
    if deal.is_dummy(place) {
        format!("{name}'s dummy")
    } else {
        name.clone()
    }
}

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

/// The dummies' cards turned face up between `before` and `after` (FA-8).
fn revealed(before: &Deal, after: &Deal, names: &[String]) -> Vec<Value> {
    (0..before.places())
        .filter(|&p| before.is_dummy(p))
        .flat_map(|p| {
            let new = CardSet(after.face_up(p).0 & !before.face_up(p).0 & after.hand(p).0);
            new.iter()
                .map(|c| json!({ "dummy": place_name(before, p, names), "card": c.to_string() }))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The facts of a legal move `mv` that took the deal from `before` to
/// `after`: a trick it completed, or the collection choice it made. Other
/// moves have none.
pub(super) fn of_move(
    at: &At,
    before: &Deal,
    mv: Move,
    after: &Deal,
    names: &[String],
) -> Option<MoveDetail> {
    let k = at.deal;
    match mv {
        Move::Play { .. } | Move::Jolly { .. } if before.trick().len() + 1 == before.places() => {
            let mut played = before.trick();
            let place = before.place_to_move()?;
            let last: Result<Card, Family> = match mv {
                Move::Play { card, .. } => Ok(card),
                Move::Jolly { family, .. } => Err(family),
                _ => return None,
            };
            played.push((place, last));
            let led = played.first().and_then(|(_, c)| c.ok()).map(|c| c.suit());
            let list: Vec<Value> = played
                .iter()
                .map(|&(p, c)| {
                    json!({
                        "place": place_name(before, p, names),
                        "player": names[before.seat_of(p)],
                        "card": c.ok().map(|c| c.to_string()),
                        "jolly": c.err().map(|f| f.to_string()),
                    })
                })
                .collect();
            let winner = after.last_winner();
            let collection = after.awaits_collection();
            let next = (!after.is_over()).then(|| place_name(after, after.next_leader(), names));
            Some(detail(
                at,
                json!({
                    "kind": "trick",
                    "deal": k,
                    "trick": after.tricks_done(),
                    "led": led.map(|s| s.to_string()),
                    "trump": before.trump().map(|t| t.to_string()),
                    "cards": list,
                    "winner": winner.map(|w| place_name(after, w, names)),
                    "winner_player": winner.map(|w| names[after.seat_of(w)].clone()),
                    "burned": cards(after.last_burned()),
                    "collection": collection,
                    "leads_next": next,
                    "revealed": if collection { Vec::new() } else { revealed(before, after, names) },
                }),
            ))
        }
        Move::Take { .. } | Move::Decline { .. } => {
            let place = before.place_to_move()?;
            let taken = match mv {
                Move::Take { card, .. } => Some(card),
                _ => None,
            };
            let team = before.team_of(place);
            Some(detail(
                at,
                json!({
                    "kind": "collection",
                    "deal": k,
                    "trick": before.tricks_done(),
                    "place": place_name(before, place, names),
                    "taken": taken.map(|c| c.to_string()),
                    "family": taken.map(|c| c.family().to_string()),
                    "matched": after.matched(team),
                    "revealed": revealed(before, after, names),
                }),
            ))
        }
        _ => None,
    }
}

/// The end of the deal, after the move `at`: each side's collection and
/// points (FA-4), DoubleYou (FA-10), the totals, and who deals next (FA-5,
/// FA-7; `None` after the match's last deal).
pub(super) fn deal_end(
    at: &At,
    table: &Table,
    deal: &Deal,
    totals: &[u32],
    next_dealer: Option<usize>,
    names: &[String],
) -> MoveDetail {
    let sides: Vec<Value> = (0..table.teams())
        .map(|team| {
            let collected = (0..deal.places())
                .filter(|&p| deal.team_of(p) == team)
                .fold(CardSet::EMPTY, |a, p| CardSet(a.0 | deal.collected(p).0));
            let players: Vec<&str> = table.team_seats(team).map(|s| names[s].as_str()).collect();
            json!({
                "players": players,
                "dummy": table.places.iter().any(|p| p.team == team && p.dummy),
                "collected": cards(collected),
                "matched": deal.matched(team),
                "points": deal.team_points(team),
            })
        })
        .collect();
    let scores = deal.scores();
    let points: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(s, n)| {
            json!({
                "player": n,
                "points": scores[s],
                "doubled": deal.doubled(s),
                "total": totals[s],
            })
        })
        .collect();
    detail(
        at,
        json!({
            "kind": "deal-end",
            "deal": at.deal,
            "dealer": names[table.dealer()],
            "trump": deal.trump().map(|t| t.to_string()),
            "proposal": deal.proposal().iter().map(|f| f.to_string()).collect::<Vec<_>>(),
            "multiplier": table.multiplier,
            "sides": sides,
            "points": points,
            "next_dealer": next_dealer.map(|d| names[d].clone()),
        }),
    )
}
