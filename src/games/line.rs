//! A dealt board as one line, for the games without a hand-made one-line
//! form (`tavolo deal --format line`): the deal's JSON flattened into
//! `path:value` fields separated by single spaces, in the JSON's order.
//!
//! - A path is the object keys (and, for a list of objects, the item's number
//!   from 1) joined by `.`: `hands.P1`, `round.2.grid.a1`.
//! - A value is a piece or a list of pieces joined by `,`; a list whose items
//!   are themselves groups (a row `C1 F1 F2`) joins the items by `/` and each
//!   item's pieces by `,`: `C1,F1,F2/P6,P2,M5`.
//! - Spaces in a key become `_`; an empty or null value is `-`.
//!
//! Every piece the JSON holds is written once, so the line is the deal.

use std::fmt::Display;
use std::io::Write as _;

use serde_json::Value;

use crate::deal::Provenance;
use crate::error::Error;
use crate::games::fruit;

/// `deal` (a game's deal JSON) as one line, without the newline.
pub fn flat(deal: &Value) -> String {
    let mut out = String::with_capacity(256);
    fields(&mut String::new(), deal, &mut out);
    out
}

fn fields(path: &mut String, v: &Value, out: &mut String) {
    let nested = |items: &[Value]| items.iter().any(|i| i.is_object() || i.is_array());
    match v {
        Value::Object(map) => {
            for (k, item) in map {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.extend(k.chars().map(|c| if c.is_whitespace() { '_' } else { c }));
                fields(path, item, out);
                path.truncate(len);
            }
        }
        Value::Array(items) if nested(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&(i + 1).to_string());
                fields(path, item, out);
                path.truncate(len);
            }
        }
        _ => {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(path);
            out.push(':');
            let start = out.len();
            value(v, out);
            if out.len() == start {
                out.push('-');
            }
        }
    }
}

/// A leaf or a list of leaves.
fn value(v: &Value, out: &mut String) {
    match v {
        Value::Null => {}
        Value::String(s) => pieces(s, out),
        Value::Array(items) => {
            let grouped = items.iter().any(|i| {
                i.as_str()
                    .is_some_and(|s| s.split_whitespace().nth(1).is_some())
            });
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(if grouped { '/' } else { ',' });
                }
                value(item, out);
            }
        }
        other => out.push_str(&other.to_string()),
    }
}

/// A string's pieces (separated by whitespace) joined by `,`.
fn pieces(s: &str, out: &mut String) {
    for (i, p) in s.split_whitespace().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(p);
    }
}

/// Writes board `b` of a batch as its line (with the newline) into a buffer.
pub type Writer = Box<dyn Fn(u32, &mut Vec<u8>) -> Result<(), Error> + Send + Sync>;

/// For batches of many boards (`tavolo deal --boards A..B --format line`):
/// a writer that writes each board's line straight from the game's setup,
/// the same bytes as [`flat`] of its deal's JSON, without building the
/// deal's JSON, text and TOML. `None`: the game has none (its lines go
/// through `Game::deal`). The caller deals one board with `Game::deal`
/// first, so the variant and players are known to be good.
pub fn writer(game: &str, variant: &str, players: &[String], seed: &str) -> Option<Writer> {
    let (variant, seed) = (variant.to_string(), seed.to_string());
    let names: Vec<String> = players.iter().map(|n| key_text(n)).collect();
    let n = players.len();
    if game == "moon" {
        return Some(super::moon::line::writer(variant, seed, names));
    }
    let p = move |game: &str, b: u32| Provenance::new(game, &variant, &seed, b);
    Some(match game {
        "scalafrutta" => Box::new(move |b, out| {
            let order = fruit::scalafrutta::hand_order(&p("scalafrutta", b), 1);
            out.extend_from_slice(b"square:");
            for (r, row) in order[..9].chunks(3).enumerate() {
                if r > 0 {
                    out.push(b'/');
                }
                list(out, row.iter());
            }
            out.push(b'\n');
            Ok(())
        }),
        "domino" => Box::new(move |b, out| {
            let order = fruit::record::deal_order(&p("domino", b));
            let setup = fruit::domino::Setup::deal(n, &order)
                .map_err(|e| Error::failed("domino.internal", e.to_string()))?;
            out.extend_from_slice(b"set-aside:");
            list(out, setup.set_aside.iter());
            for (name, hand) in names.iter().zip(&setup.hands) {
                let _ = write!(out, " hands.{name}:");
                list(out, hand.iter());
            }
            out.push(b'\n');
            Ok(())
        }),
        "muro" => Box::new(move |b, out| {
            let setup = fruit::muro::record::dealt(&p("muro", b));
            out.extend_from_slice(b"columns:");
            for (c, column) in setup.columns.iter().enumerate() {
                if c > 0 {
                    out.push(b'/');
                }
                list(out, column.iter());
            }
            out.push(b'\n');
            Ok(())
        }),
        "mosaico" => Box::new(move |b, out| {
            let setup = fruit::mosaico::record::dealt(&p("mosaico", b));
            out.extend_from_slice(b"draw:");
            list(out, setup.draw.iter());
            out.extend_from_slice(b" start:");
            list(out, setup.start.iter());
            out.push(b'\n');
            Ok(())
        }),
        _ => return None,
    })
}

/// A name as a path's key: white space as `_` (as [`flat`] writes it).
pub fn key_text(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}

/// Pieces joined by `,` (an empty list is `-`, as [`flat`] writes it).
pub fn list<T: Display>(out: &mut Vec<u8>, items: impl Iterator<Item = T>) {
    let start = out.len();
    for (i, t) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let _ = write!(out, "{t}");
    }
    if out.len() == start {
        out.push(b'-');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The fast writers write exactly what `flat` writes of the deal's JSON,
    /// for every variant and number of players (and a name with a space);
    /// the deals are `tavolo-deal-v1`'s, whose golden vectors are in `deal`.
    #[test]
    fn fast_writers_write_the_flattened_deal() {
        let mut covered = 0;
        for game in crate::games::GAMES {
            for &variant in game.variants() {
                for n in game.player_counts(variant) {
                    let mut names: Vec<String> = (1..=n).map(|i| format!("P{i}")).collect();
                    names[0] = "Anna Rossi".into();
                    let Some(w) = writer(game.name(), variant, &names, "fast seed") else {
                        continue;
                    };
                    for b in 1..=60 {
                        let p = Provenance::new(game.name(), variant, "fast seed", b);
                        let deal = game.deal(variant, &names, &p).unwrap();
                        let mut out = Vec::new();
                        w(b, &mut out).unwrap();
                        let want = format!("{}\n", game.deal_line(&deal));
                        assert_eq!(
                            String::from_utf8(out).unwrap(),
                            want,
                            "{} {variant} {n} board {b}",
                            game.name()
                        );
                    }
                    covered += 1;
                }
            }
        }
        assert!(covered >= 10, "{covered}");
    }

    #[test]
    fn json_flattens_to_paths_and_pieces() {
        let deal = json!({
            "centre": "AB",
            "hands": {"P 1": ["BR", "BG"], "P2": []},
            "square": ["C1 F1", "P6 P2"],
            "round": [{"dealer": "P1", "grid": {"a1": "AM"}}, {"dealer": null}],
            "n": 3
        });
        assert_eq!(
            flat(&deal),
            "centre:AB hands.P_1:BR,BG hands.P2:- square:C1,F1/P6,P2 \
             round.1.dealer:P1 round.1.grid.a1:AM round.2.dealer:- n:3"
        );
    }
}
