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

use serde_json::Value;

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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
