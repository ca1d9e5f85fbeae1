//! Score slips: each player's running totals as written at the table, as tsh
//! checks them. A slip alone stands for its game in the results; beside a
//! record of the same board and table, its totals are checked against the
//! record's replay and the first wrong one is reported with its move.
//!
//! ```toml
//! format = "tavolo-slip-v1"
//! board = "2"
//! table = 1
//! players = ["Anna", "Bruno"]   # in seat order
//! [totals]                      # each player's total after each of their own moves
//! Anna = [12, 30, 45]
//! Bruno = [8, 20, 41]
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::error::{Error, Location};
use crate::games::session::Played;

pub const FORMAT: &str = "tavolo-slip-v1";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SlipFile {
    #[allow(dead_code)]
    format: String,
    board: Spanned<toml::Value>,
    table: Spanned<i64>,
    players: Spanned<Vec<Spanned<String>>>,
    totals: BTreeMap<String, Spanned<Vec<Spanned<i64>>>>,
}

/// A slip, read.
#[derive(Debug, Clone)]
pub struct Slip {
    pub board: String,
    pub table: i64,
    pub players: Vec<String>,
    /// By seat: the running totals, each with its place in the file.
    pub totals: Vec<Vec<(i64, std::ops::Range<usize>)>>,
    pub text: String,
    /// Where `board`, `table`, `players` and each player are written, for the
    /// errors of the results that check them against the event.
    pub board_span: std::ops::Range<usize>,
    pub table_span: std::ops::Range<usize>,
    pub players_span: std::ops::Range<usize>,
    pub player_spans: Vec<std::ops::Range<usize>>,
}

/// Whether a file's text is a slip (its `format`).
pub fn is_slip(text: &str) -> bool {
    // A record holds no `tavolo-slip-v1` (and is not parsed a second time).
    text.contains(FORMAT)
        && toml::from_str::<toml::Table>(text)
            .ok()
            .and_then(|t| {
                t.get("format")
                    .and_then(|f| f.as_str())
                    .map(|f| f == FORMAT)
            })
            .unwrap_or(false)
}

impl Slip {
    /// Read a slip (exit 2 for anything amiss, at its line and column).
    pub fn parse(path: &Path, text: &str) -> Result<Slip, Error> {
        let f: SlipFile =
            toml::from_str(text).map_err(|e| Error::toml("event.slip", path, text, &e))?;
        let at = |span: std::ops::Range<usize>, m: String| {
            Error::input("event.slip", m).at(Location::at_span(path, text, span))
        };
        let board = match f.board.get_ref() {
            toml::Value::String(s) => s.clone(),
            toml::Value::Integer(n) => n.to_string(),
            _ => {
                return Err(at(
                    f.board.span(),
                    "`board` is a board: \"3\" or \"R1\"".into(),
                ))
            }
        };
        let players: Vec<String> = f
            .players
            .get_ref()
            .iter()
            .map(|p| p.get_ref().clone())
            .collect();
        let mut totals = Vec::new();
        for p in &players {
            let Some(list) = f.totals.get(p) else {
                return Err(at(
                    f.players.span(),
                    format!("`{p}` has no running totals under [totals]"),
                ));
            };
            totals.push(
                list.get_ref()
                    .iter()
                    .map(|t| (*t.get_ref(), t.span()))
                    .collect(),
            );
        }
        if let Some((name, list)) = f.totals.iter().find(|(n, _)| !players.contains(n)) {
            return Err(at(
                list.span(),
                format!("[totals] names `{name}`, who is not among the slip's players"),
            ));
        }
        Ok(Slip {
            board,
            table: *f.table.get_ref(),
            players,
            totals,
            text: text.to_string(),
            board_span: f.board.span(),
            table_span: f.table.span(),
            players_span: f.players.span(),
            player_spans: f.players.get_ref().iter().map(Spanned::span).collect(),
        })
    }

    /// The error `code` with `message`, at `span` of the slip `path`.
    pub fn error_at(
        &self,
        path: &Path,
        span: std::ops::Range<usize>,
        code: &'static str,
        message: String,
    ) -> Error {
        Error::input(code, message).at(Location::at_span(path, &self.text, span))
    }

    /// Each player's final total (0 for one with none written).
    pub fn finals(&self) -> Vec<i64> {
        self.totals
            .iter()
            .map(|t| t.last().map_or(0, |x| x.0))
            .collect()
    }

    /// The first running total that the record's replay contradicts, in
    /// words with its place in the slip; `None` if every total agrees.
    pub fn check(&self, path: &Path, names: &[String], history: &[Played]) -> Option<Error> {
        // Each seat's total after each of its own moves, with the move number.
        let mut replay: Vec<Vec<(i64, usize)>> = vec![Vec::new(); names.len()];
        for p in history {
            if let (Some(seat), Some(scores)) =
                (names.iter().position(|n| *n == p.player), &p.scores)
            {
                replay[seat].push((scores[seat], p.number));
            }
        }
        // Walk the moves in order; the first seat whose written total is wrong.
        let mut wrong: Option<(usize, usize, usize)> = None; // (move, seat, k)
        for (seat, written) in self.totals.iter().enumerate() {
            let Some(name) = self.players.get(seat) else {
                continue;
            };
            let Some(rseat) = names.iter().position(|n| n == name) else {
                continue;
            };
            for (k, (total, _)) in written.iter().enumerate() {
                let bad = match replay[rseat].get(k) {
                    Some(&(t, _)) => t != *total,
                    None => true,
                };
                if bad {
                    let mv = replay[rseat].get(k).map_or(usize::MAX, |r| r.1);
                    if wrong.is_none_or(|w| mv < w.0) {
                        wrong = Some((mv, seat, k));
                    }
                    break;
                }
            }
        }
        let (mv, seat, k) = wrong?;
        let name = &self.players[seat];
        let (total, span) = self.totals[seat][k].clone();
        let rseat = names.iter().position(|n| n == name).unwrap_or(0);
        let message = match replay[rseat].get(k) {
            Some(&(t, _)) => format!(
                "{name}'s total after their move {} is {total} on the slip, {t} in the \
                 record's replay (move {mv} of the record)",
                k + 1
            ),
            None => format!(
                "the slip has a total after {name}'s move {}, but the record has only {} \
                 of their moves",
                k + 1,
                replay[rseat].len()
            ),
        };
        Some(
            Error::failed("event.slip-disagrees", message)
                .at(Location::at_span(path, &self.text, span)),
        )
    }
}

/// The slip a record's replay gives (what its table should have written):
/// its board and table from the record's `[meta]` (board 1, table 1 if none).
pub fn from_record(path: &Path, text: &str) -> Result<String, Error> {
    use crate::record::{write, Record, Source};
    let src = Source::new(path, text);
    let record = Record::parse(&src, &crate::games::Registry)?;
    let tables = crate::games::session::find(record.game).ok_or_else(|| {
        Error::input("event.slip", format!("{} has no session", record.game)).in_file(path)
    })?;
    let (live, _) = tables.open(&record, &src)?;
    let names = record.player_names();
    let mut totals: Vec<Vec<i64>> = vec![Vec::new(); names.len()];
    let mut kept = false;
    for p in live.history(crate::games::session::View::Director) {
        if let (Some(seat), Some(scores)) = (names.iter().position(|n| *n == p.player), p.scores) {
            totals[seat].push(scores[seat]);
            kept = true;
        }
    }
    if !kept
        && !live
            .history(crate::games::session::View::Director)
            .is_empty()
    {
        return Err(Error::input(
            "event.slip",
            format!(
                "{} keeps no running score: it has no score slip",
                record.game
            ),
        )
        .in_file(path));
    }
    let doc: toml::Table = toml::from_str(text).unwrap_or_default();
    let meta = doc.get("meta").and_then(|m| m.as_table());
    let board = meta
        .and_then(|m| m.get("board"))
        .map(|b| b.as_str().map_or(b.to_string(), String::from))
        .unwrap_or_else(|| "1".into());
    let table = meta
        .and_then(|m| m.get("table"))
        .and_then(|t| t.as_integer())
        .unwrap_or(1);
    let mut s = format!(
        "format = {}\nboard = {}\ntable = {table}\nplayers = [{}]\n\n[totals]\n",
        write::string(FORMAT),
        write::string(&board),
        names
            .iter()
            .map(|n| write::string(n))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (n, t) in names.iter().zip(&totals) {
        let list: Vec<String> = t.iter().map(i64::to_string).collect();
        s.push_str(&format!("{} = [{}]\n", write::key(n), list.join(", ")));
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(number: usize, player: &str, scores: [i64; 2]) -> Played {
        Played {
            number,
            player: player.into(),
            notation: String::new(),
            explanation: String::new(),
            scores: Some(scores.to_vec()),
        }
    }

    const SLIP: &str = "format = \"tavolo-slip-v1\"\nboard = \"1\"\ntable = 1\n\
                        players = [\"Anna\", \"Bruno\"]\n[totals]\nAnna = [10, 25]\nBruno = [7, 19]\n";

    fn history() -> Vec<Played> {
        vec![
            played(1, "Anna", [10, 0]),
            played(2, "Bruno", [10, 7]),
            played(3, "Anna", [25, 7]),
            played(4, "Bruno", [25, 20]),
        ]
    }

    #[test]
    fn the_first_wrong_running_total_is_reported_with_its_move() {
        let p = Path::new("s.toml");
        let names = vec!["Anna".to_string(), "Bruno".to_string()];
        let slip = Slip::parse(p, SLIP).unwrap();
        assert_eq!(slip.finals(), [25, 19]);
        // Bruno's second total: 19 written, 20 in the replay, move 4.
        let e = slip.check(p, &names, &history()).unwrap();
        assert_eq!(e.exit_code(), 1);
        assert!(
            e.message
                .contains("Bruno's total after their move 2 is 19 on the slip, 20"),
            "{e}"
        );
        assert!(e.message.contains("move 4"), "{e}");
        assert!(e.to_string().contains("s.toml:7:"), "{e}");
        let right = Slip::parse(p, &SLIP.replace("19]", "20]")).unwrap();
        assert!(right.check(p, &names, &history()).is_none());
        // A total the record has no move for.
        let long = Slip::parse(
            p,
            &SLIP
                .replace("[10, 25]", "[10, 25, 30]")
                .replace("19]", "20]"),
        )
        .unwrap();
        let e = long.check(p, &names, &history()).unwrap();
        assert!(e.message.contains("only 2 of their moves"), "{e}");
    }

    #[test]
    fn bad_slips_are_exit_2_where_they_are_wrong() {
        let p = Path::new("s.toml");
        let e = Slip::parse(p, &SLIP.replace("Bruno = [7, 19]\n", "")).unwrap_err();
        assert!(e.message.contains("`Bruno` has no running totals"), "{e}");
        let e = Slip::parse(p, &SLIP.replace("Bruno = [7", "Bruna = [7")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        let e = Slip::parse(p, &SLIP.replace("[10, 25]", "[10, \"x\"]")).unwrap_err();
        assert!(e.to_string().contains("s.toml:6:"), "{e}");
        assert!(is_slip(SLIP) && !is_slip("game = \"moon\"\n"));
    }
}
