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
//! [final]                       # after the game's end adjustment (NS-4), if any
//! Anna = 41
//! Bruno = 43
//! ```
//!
//! With `per = "deal"` each player's list holds their running total after
//! each deal, as a table keeps a Farfalia match's score: one row a deal.

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
    per: Option<Spanned<String>>,
    #[serde(rename = "final")]
    finals: Option<BTreeMap<String, Spanned<i64>>>,
}

/// A slip, read.
#[derive(Debug, Clone)]
pub struct Slip {
    pub board: String,
    pub table: i64,
    pub players: Vec<String>,
    /// By seat: the running totals, each with its place in the file.
    pub totals: Vec<Vec<(i64, std::ops::Range<usize>)>>,
    /// `per = "deal"`: a row a deal, every player's total after it.
    pub per_deal: bool,
    /// By seat: the totals after the end adjustment, if written (`[final]`).
    pub finals: Option<Vec<(i64, std::ops::Range<usize>)>>,
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
        let mut totals: Vec<Vec<(i64, std::ops::Range<usize>)>> = Vec::new();
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
        let per_deal = match &f.per {
            None => false,
            Some(p) if p.get_ref() == "deal" => true,
            Some(p) if p.get_ref() == "move" => false,
            Some(p) => {
                return Err(at(
                    p.span(),
                    format!("`per` is \"move\" or \"deal\", not {:?}", p.get_ref()),
                ))
            }
        };
        if per_deal {
            if let Some((i, t)) = totals
                .iter()
                .enumerate()
                .find(|(_, t)| t.len() != totals[0].len())
            {
                return Err(at(
                    f.totals[&players[i]].span(),
                    format!(
                        "a slip per deal has a row a deal: {} has {} totals, {} has {}",
                        players[0],
                        totals[0].len(),
                        players[i],
                        t.len()
                    ),
                ));
            }
        }
        let finals = match &f.finals {
            None => None,
            Some(map) => {
                if let Some((name, v)) = map.iter().find(|(n, _)| !players.contains(n)) {
                    return Err(at(
                        v.span(),
                        format!("[final] names `{name}`, who is not among the slip's players"),
                    ));
                }
                let mut out = Vec::new();
                for p in &players {
                    let v = map.get(p).ok_or_else(|| {
                        at(
                            f.players.span(),
                            format!("`{p}` has no total under [final]"),
                        )
                    })?;
                    out.push((*v.get_ref(), v.span()));
                }
                Some(out)
            }
        };
        Ok(Slip {
            board,
            table: *f.table.get_ref(),
            players,
            totals,
            per_deal,
            finals,
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

    /// Each player's final total: as written under `[final]`, else their
    /// last running total (0 for one with none written).
    pub fn finals(&self) -> Vec<i64> {
        if let Some(f) = &self.finals {
            return f.iter().map(|x| x.0).collect();
        }
        self.totals
            .iter()
            .map(|t| t.last().map_or(0, |x| x.0))
            .collect()
    }

    /// The first running total that the record's replay contradicts, in
    /// words with its place in the slip; `None` if every total agrees.
    /// `finals`: the record's scores at its end (after an end adjustment).
    /// A slip with `[final]`, or whose every running total is written, is
    /// also checked against them.
    pub fn check(
        &self,
        path: &Path,
        names: &[String],
        history: &[Played],
        finals: Option<&[i64]>,
    ) -> Option<Error> {
        let found = if self.per_deal {
            self.check_deals(path, names, history)
        } else {
            self.check_moves(path, names, history)
        };
        found.or_else(|| self.check_finals(path, names, history, finals))
    }

    fn check_moves(&self, path: &Path, names: &[String], history: &[Played]) -> Option<Error> {
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
            Some(&(t, _)) => crate::t!(
                "slip-total-differs",
                name = name.as_str(),
                number = k + 1,
                slip = total,
                record = t,
                mv = mv
            ),
            None => crate::t!(
                "slip-total-beyond",
                name = name.as_str(),
                number = k + 1,
                moves = replay[rseat].len()
            ),
        };
        Some(
            Error::failed("event.slip-disagrees", message)
                .at(Location::at_span(path, &self.text, span)),
        )
    }
}

impl Slip {
    /// A slip per deal: its rows against the record's, a row being every
    /// seat's total after a move that changed one. A deal where nobody scored
    /// changes nothing, so equal rows one after the other count as one (on
    /// the slip and in the record alike).
    fn check_deals(&self, path: &Path, names: &[String], history: &[Played]) -> Option<Error> {
        // The slip's seats in the record's order.
        let order: Vec<usize> = names
            .iter()
            .map(|n| self.players.iter().position(|p| p == n))
            .collect::<Option<_>>()?;
        let rows = self.totals.first().map_or(0, Vec::len);
        let mut written: Vec<(usize, Vec<i64>)> = Vec::new();
        let mut last = vec![0; names.len()];
        for k in 0..rows {
            let row: Vec<i64> = order.iter().map(|&s| self.totals[s][k].0).collect();
            if row != last {
                last.clone_from(&row);
                written.push((k, row));
            }
        }
        let mut replayed: Vec<(usize, Vec<i64>)> = Vec::new();
        let mut last = vec![0; names.len()];
        for p in history {
            if let Some(s) = p.scores.as_ref().filter(|s| **s != last) {
                last.clone_from(s);
                replayed.push((p.number, s.clone()));
            }
        }
        for (i, (k, row)) in written.iter().enumerate() {
            let Some((mv, want)) = replayed.get(i) else {
                let span = self.totals[order[0]][*k].1.clone();
                return Some(self.disagrees(
                    path,
                    span,
                    crate::t!("slip-row-beyond", row = k + 1, times = replayed.len()),
                ));
            };
            if let Some(seat) = (0..names.len()).find(|&s| row[s] != want[s]) {
                let span = self.totals[order[seat]][*k].1.clone();
                return Some(self.disagrees(
                    path,
                    span,
                    crate::t!(
                        "slip-row-differs",
                        name = names[seat].as_str(),
                        row = k + 1,
                        slip = row[seat],
                        record = want[seat],
                        mv = *mv
                    ),
                ));
            }
        }
        None
    }

    /// The slip's final totals against the record's end (where the slip
    /// writes `[final]`, or is per deal, or writes every move's total): the
    /// end adjustment (NS-4) is where a last running total and the final part.
    fn check_finals(
        &self,
        path: &Path,
        names: &[String],
        history: &[Played],
        finals: Option<&[i64]>,
    ) -> Option<Error> {
        let finals = finals?;
        let complete = self.per_deal
            || self.finals.is_some()
            || self.players.iter().enumerate().all(|(s, n)| {
                self.totals[s].len() == history.iter().filter(|p| p.player == *n).count()
            });
        if !complete {
            return None;
        }
        let written = self.finals();
        for (seat, name) in self.players.iter().enumerate() {
            let Some(want) = names
                .iter()
                .position(|n| n == name)
                .and_then(|r| finals.get(r))
            else {
                continue;
            };
            if written[seat] == *want {
                continue;
            }
            return Some(match &self.finals {
                Some(f) => self.disagrees(
                    path,
                    f[seat].1.clone(),
                    crate::t!(
                        "slip-final-differs",
                        name = name.as_str(),
                        slip = written[seat],
                        record = want
                    ),
                ),
                None => self.disagrees(
                    path,
                    self.totals[seat]
                        .last()
                        .map_or(self.players_span.clone(), |t| t.1.clone()),
                    crate::t!(
                        "slip-last-differs",
                        name = name.as_str(),
                        slip = written[seat],
                        record = want
                    ),
                ),
            });
        }
        None
    }

    fn disagrees(&self, path: &Path, span: std::ops::Range<usize>, message: String) -> Error {
        Error::failed("event.slip-disagrees", message).at(Location::at_span(path, &self.text, span))
    }
}

/// The slip a record's replay gives (what its table should have written):
/// its board and table from the record's `[meta]` (board 1, table 1 if none).
/// `per_deal`: a row a deal (every seat's total after each move that changed
/// one), else each player's total after each of their own moves; `[final]`
/// where the record's end differs from the last totals (an end adjustment).
pub fn from_record(path: &Path, text: &str, per_deal: bool) -> Result<String, Error> {
    use crate::record::{Record, Source};
    let src = Source::new(path, text);
    let record = Record::parse(&src, &crate::games::Registry)?;
    let tables = crate::games::session::find(record.game).ok_or_else(|| {
        Error::input("event.slip", format!("{} has no session", record.game)).in_file(path)
    })?;
    let (live, _) = tables.open(&record, &src)?;
    let names = record.player_names();
    let mut totals: Vec<Vec<i64>> = vec![Vec::new(); names.len()];
    let mut kept = false;
    let mut last = vec![0; names.len()];
    for p in live.history(crate::games::session::View::Director) {
        let Some(scores) = p.scores else { continue };
        kept = true;
        if per_deal {
            if scores != last {
                for (t, s) in totals.iter_mut().zip(&scores) {
                    t.push(*s);
                }
                last = scores;
            }
        } else if let Some(seat) = names.iter().position(|n| *n == p.player) {
            totals[seat].push(scores[seat]);
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
    let finals = live.scores().filter(|f| {
        f.iter()
            .zip(&totals)
            .any(|(f, t)| *f != t.last().copied().unwrap_or(0))
    });
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
    let mut s = slip_text(&board, table, &names, &totals);
    if per_deal {
        s = s.replacen("\n\n[totals]", "\nper = \"deal\"\n\n[totals]", 1);
    }
    if let Some(f) = finals {
        s.push_str("\n[final]\n");
        for (n, v) in names.iter().zip(f) {
            s.push_str(&format!("{} = {v}\n", crate::record::write::key(n)));
        }
    }
    Ok(s)
}

/// A slip's text: its board, table, players and each one's running totals.
pub fn slip_text(board: &str, table: i64, names: &[String], totals: &[Vec<i64>]) -> String {
    use crate::record::write;
    let mut s = format!(
        "format = {}\nboard = {}\ntable = {table}\nplayers = [{}]\n\n[totals]\n",
        write::string(FORMAT),
        write::string(board),
        names
            .iter()
            .map(|n| write::string(n))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (n, t) in names.iter().zip(totals) {
        let list: Vec<String> = t.iter().map(i64::to_string).collect();
        s.push_str(&format!("{} = [{}]\n", write::key(n), list.join(", ")));
    }
    s
}

/// `tavolo event score`: a result entered from a paper score slip, as a
/// slip file the results take like any other (checked against the record
/// where the table hands it in, else its last totals stand). `entries` are
/// `NAME=T1,T2,...`, each player's running totals as written, in seat order.
/// The board must be the event's, the table its section's, the players as
/// many as its seats (and entrants where the section names them), and the
/// game one that keeps a running score.
pub fn enter(
    d: &super::Description,
    board: &str,
    table: u32,
    entries: &[String],
) -> Result<String, Error> {
    let label: super::Label = board
        .parse()
        .map_err(|m: String| Error::input("event.no-such-board", m))?;
    let (_, section) = super::boards::labels(d)
        .into_iter()
        .find(|(l, _)| *l == label)
        .ok_or_else(|| {
            Error::input(
                "event.no-such-board",
                format!("the event has no board {label}"),
            )
        })?;
    if table < 1 || table > section.tables {
        return Err(Error::input(
            "event.no-such-table",
            format!(
                "board {label}'s section has tables 1 to {}, not {table}",
                section.tables
            ),
        ));
    }
    let b = super::Board {
        label,
        section,
        seed: "score".into(),
    };
    if !super::print::keeps_score(d, &b)? {
        return Err(Error::input(
            "event.slip",
            format!(
                "{} keeps no running score: its result is its record",
                section.game.name()
            ),
        ));
    }
    let mut names = Vec::new();
    let mut totals = Vec::new();
    for e in entries {
        let (name, list) = e.split_once('=').ok_or_else(|| {
            Error::input(
                "event.slip",
                format!("`{e}` is not NAME=TOTALS (e.g. Anna=12,30,45)"),
            )
        })?;
        let name = name.trim().to_string();
        let mut t = Vec::new();
        for x in list.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            t.push(x.parse::<i64>().map_err(|_| {
                Error::input(
                    "event.slip",
                    format!("{name}: `{x}` is not a whole number of points"),
                )
            })?);
        }
        if t.is_empty() {
            return Err(Error::input(
                "event.slip",
                format!("{name}: no total given"),
            ));
        }
        if let Some(c) = super::description::unsafe_char(&name) {
            return Err(Error::input(
                "event.slip",
                format!("the name {} holds U+{:04X}", name.escape_debug(), c as u32),
            ));
        }
        if names.contains(&name) {
            return Err(Error::input("event.slip", format!("{name} is given twice")));
        }
        names.push(name);
        totals.push(t);
    }
    if names.len() != section.names.len() {
        return Err(Error::input(
            "event.slip",
            format!(
                "board {label} is for {} players, {} given",
                section.names.len(),
                names.len()
            ),
        ));
    }
    if let Some(entrants) = &section.entrants {
        if let Some(who) = names.iter().find(|n| !entrants.contains(n)) {
            return Err(Error::input(
                "event.not-an-entrant",
                format!(
                    "`{who}` is not in the event: the entrants are {}",
                    entrants.join(", ")
                ),
            ));
        }
    }
    let text = slip_text(&label.to_string(), i64::from(table), &names, &totals);
    // What is written reads back as a slip.
    Slip::parse(Path::new("<entered>"), &text)?;
    Ok(text)
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
        let e = slip.check(p, &names, &history(), None).unwrap();
        assert_eq!(e.exit_code(), 1);
        assert!(
            e.message
                .contains("Bruno's total after their move 2 is 19 on the slip, 20"),
            "{e}"
        );
        assert!(e.message.contains("move 4"), "{e}");
        assert!(e.to_string().contains("s.toml:7:"), "{e}");
        let right = Slip::parse(p, &SLIP.replace("19]", "20]")).unwrap();
        assert!(right.check(p, &names, &history(), None).is_none());
        // A total the record has no move for.
        let long = Slip::parse(
            p,
            &SLIP
                .replace("[10, 25]", "[10, 25, 30]")
                .replace("19]", "20]"),
        )
        .unwrap();
        let e = long.check(p, &names, &history(), None).unwrap();
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

    /// NS-4 worked by hand: Anna and Bruno at 25 and 20 after their moves;
    /// Bruno goes out with Anna holding 3 points of tiles, so Anna ends at
    /// 25 - 3 = 22 and Bruno at 20 + 3 = 23. A slip whose last row is its
    /// running totals is checked against the end adjusted.
    #[test]
    fn the_last_row_is_checked_against_the_end_adjustment() {
        let p = Path::new("s.toml");
        let names = vec!["Anna".to_string(), "Bruno".to_string()];
        let finals = [22, 23];
        let full = SLIP.replace("19]", "20]");
        // Every total right, the end adjustment not written.
        let e = Slip::parse(p, &full)
            .unwrap()
            .check(p, &names, &history(), Some(&finals))
            .unwrap();
        assert!(
            e.message
                .contains("Anna's last total is 25 on the slip, but the record ends at 22"),
            "{e}"
        );
        let with = format!("{full}[final]\nAnna = 22\nBruno = 23\n");
        let slip = Slip::parse(p, &with).unwrap();
        assert_eq!(slip.finals(), [22, 23]);
        assert!(slip.check(p, &names, &history(), Some(&finals)).is_none());
        let wrong = Slip::parse(p, &with.replace("Bruno = 23", "Bruno = 20")).unwrap();
        let e = wrong.check(p, &names, &history(), Some(&finals)).unwrap();
        assert!(
            e.message
                .contains("Bruno's final total is 20 on the slip, 23 in the record"),
            "{e}"
        );
        assert!(e.to_string().contains("s.toml:10:"), "{e}");
        // A slip cut short is checked only as far as it goes.
        let short =
            Slip::parse(p, &SLIP.replace("[10, 25]", "[10]").replace(", 19]", "]")).unwrap();
        assert!(short.check(p, &names, &history(), Some(&finals)).is_none());
    }

    /// Three deals of a four-player match by hand: deal 1 gives N 6, E 3;
    /// deal 2 nobody scores; deal 3 gives S 10. The record's totals change
    /// at moves 12 and 36 only; the table writes a row for each deal.
    #[test]
    fn a_slip_per_deal_is_checked_row_by_row() {
        let p = Path::new("s.toml");
        let names: Vec<String> = ["N", "E", "S", "W"].map(String::from).to_vec();
        let mut h = Vec::new();
        for n in 1..=36 {
            let scores = match n {
                1..=11 => [0, 0, 0, 0],
                12..=35 => [6, 3, 0, 0],
                _ => [6, 3, 10, 0],
            };
            h.push(Played {
                number: n,
                player: names[(n - 1) % 4].clone(),
                notation: String::new(),
                explanation: String::new(),
                scores: Some(scores.to_vec()),
            });
        }
        let slip = "format = \"tavolo-slip-v1\"\nboard = \"1\"\ntable = 1\n\
                    players = [\"N\", \"E\", \"S\", \"W\"]\nper = \"deal\"\n[totals]\n\
                    N = [6, 6, 6]\nE = [3, 3, 3]\nS = [0, 0, 10]\nW = [0, 0, 0]\n";
        let right = Slip::parse(p, slip).unwrap();
        assert!(right.per_deal);
        assert_eq!(right.finals(), [6, 3, 10, 0]);
        assert!(right.check(p, &names, &h, Some(&[6, 3, 10, 0])).is_none());
        let e = Slip::parse(p, &slip.replace("S = [0, 0, 10]", "S = [0, 0, 12]"))
            .unwrap()
            .check(p, &names, &h, Some(&[6, 3, 10, 0]))
            .unwrap();
        assert!(
            e.message
                .contains("S's total in the slip's row 3 is 12 on the slip, 10 in the record's replay (after move 36)"),
            "{e}"
        );
        assert_eq!(e.exit_code(), 1);
        // A fourth deal the record does not have.
        let e = Slip::parse(
            p,
            &slip
                .replace("[6, 6, 6]", "[6, 6, 6, 9]")
                .replace("[3, 3, 3]", "[3, 3, 3, 3]")
                .replace("[0, 0, 10]", "[0, 0, 10, 10]")
                .replace("W = [0, 0, 0]", "W = [0, 0, 0, 0]"),
        )
        .unwrap()
        .check(p, &names, &h, Some(&[6, 3, 10, 0]))
        .unwrap();
        assert!(
            e.message
                .contains("row 4 is a deal the record does not have"),
            "{e}"
        );
        // Rows of unequal length do not read.
        let e = Slip::parse(p, &slip.replace("W = [0, 0, 0]", "W = [0, 0]")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message.contains("a row a deal"), "{e}");
        let e = Slip::parse(p, &slip.replace("\"deal\"", "\"hand\"")).unwrap_err();
        assert!(e.message.contains("`per` is"), "{e}");
    }
}
