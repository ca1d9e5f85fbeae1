//! A paired section's crosstable and each player's scorecard, as tsh
//! prints them: made from the results (records counted, byes, missing
//! games), never from anything else.
//!
//! Crosstable: a line per player in the standings' order, numbered; for each
//! round a cell `W3` (won against line 3), `L3`, `T3` (tied), `bye`, `?3` (the
//! game against line 3 is missing), `x3` (played, not counted: annulled or
//! left out by the description), or empty (not due yet); a round of several
//! boards has a cell per board, space-separated.

use serde::Serialize;

use super::measure::{wins_text, Counted};
use super::results::{result_text, SectionResults};

/// One player's line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrossRow {
    pub line: usize,
    pub name: String,
    pub rank: String,
    pub rounds: Vec<String>,
    pub wins: String,
}

/// One game of a player's scorecard, in round order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardLine {
    pub round: u32,
    pub board: String,
    pub table: u32,
    pub opponent: String,
    /// 1: the first seat (moved first).
    pub seat: usize,
    /// `312 (won)`, `lost`, `bye (a win)`, `missing`, `not counted`.
    pub result: String,
    /// Wins so far, after this game.
    pub wins: String,
}

/// The crosstable of a paired section (empty for any other).
pub fn crosstable(sec: &SectionResults) -> Vec<CrossRow> {
    if sec.pairing.is_none() {
        return Vec::new();
    }
    let line_of = |name: &str| {
        sec.standings
            .iter()
            .position(|s| s.name == name)
            .map_or("?".to_string(), |i| (i + 1).to_string())
    };
    sec.standings
        .iter()
        .enumerate()
        .map(|(i, st)| {
            let rounds = (1..=sec.rounds)
                .map(|r| {
                    let mut cells = Vec::new();
                    for rec in sec.records.iter().filter(|x| x.round == r && x.is_fact()) {
                        let Some(seat) = rec.players.iter().position(|p| *p == st.name) else {
                            continue;
                        };
                        let other = rec.players.iter().find(|p| **p != st.name);
                        let line = other.map_or("?".to_string(), |o| line_of(o));
                        cells.push(match &rec.counted {
                            Counted::Yes { seats, .. } => {
                                let code = match seats.get(seat).map(|s| s.halves) {
                                    Some(2) => crate::t!("ev-cross-won"),
                                    Some(1) => crate::t!("ev-cross-tied"),
                                    _ => crate::t!("ev-cross-lost"),
                                };
                                format!("{code}{line}")
                            }
                            Counted::LeftOut { .. } => format!("x{line}"),
                        });
                    }
                    if sec.byes.iter().any(|b| b.round == r && b.player == st.name) {
                        cells.push(crate::t!("ev-cross-bye"));
                    }
                    for m in sec
                        .missing
                        .iter()
                        .filter(|m| m.round == r && m.players.contains(&st.name))
                    {
                        let other = m.players.iter().find(|p| **p != st.name);
                        let line = match (m.table, other) {
                            (0, _) | (_, None) => String::new(),
                            (_, Some(o)) => line_of(o),
                        };
                        cells.push(format!("?{line}"));
                    }
                    cells.join(" ")
                })
                .collect();
            CrossRow {
                line: i + 1,
                name: st.name.clone(),
                rank: format!("{}{}", st.rank, if st.tied { "=" } else { "" }),
                rounds,
                wins: wins_text(st.halves),
            }
        })
        .collect()
}

/// `name`'s scorecard: every game due, in round order, with the wins so far.
pub fn scorecard(sec: &SectionResults, name: &str) -> Vec<CardLine> {
    let mut lines: Vec<(CardLine, u32)> = Vec::new();
    for rec in sec.records.iter().filter(|x| x.is_fact()) {
        let Some(seat) = rec.players.iter().position(|p| p == name) else {
            continue;
        };
        let opponent = rec
            .players
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != seat)
            .map(|(_, p)| p.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let (result, halves) = match &rec.counted {
            Counted::Yes { seats, .. } => match seats.get(seat) {
                Some(s) => (result_text(s), s.halves),
                None => (crate::t!("ev-card-not-counted"), 0),
            },
            Counted::LeftOut { .. } => (crate::t!("ev-card-not-counted"), 0),
        };
        lines.push((
            CardLine {
                round: rec.round,
                board: rec.board.clone(),
                table: rec.table,
                opponent,
                seat: seat + 1,
                result,
                wins: String::new(),
            },
            halves,
        ));
    }
    for b in sec.byes.iter().filter(|b| b.player == name) {
        lines.push((
            CardLine {
                round: b.round,
                board: String::new(),
                table: 0,
                opponent: String::new(),
                seat: 0,
                result: crate::t!("ev-card-bye"),
                wins: String::new(),
            },
            2,
        ));
    }
    for m in sec
        .missing
        .iter()
        .filter(|m| m.players.iter().any(|p| p == name))
    {
        lines.push((
            CardLine {
                round: m.round,
                board: m.board.clone(),
                table: m.table,
                opponent: m
                    .players
                    .iter()
                    .filter(|p| *p != name)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", "),
                seat: m
                    .players
                    .iter()
                    .position(|p| p == name)
                    .map_or(0, |i| i + 1),
                result: crate::t!("ev-card-missing"),
                wins: String::new(),
            },
            0,
        ));
    }
    lines.sort_by(|a, b| {
        (a.0.round, &a.0.board, a.0.table).cmp(&(b.0.round, &b.0.board, b.0.table))
    });
    let mut halves = 0;
    lines
        .into_iter()
        .map(|(mut l, h)| {
            halves += h;
            l.wins = wins_text(halves);
            l
        })
        .collect()
}

/// The crosstable as text (nothing for a section that is not paired).
pub fn crosstable_text(sec: &SectionResults) -> String {
    let rows = crosstable(sec);
    if rows.is_empty() {
        return String::new();
    }
    let mut table: Vec<Vec<String>> = Vec::new();
    let mut head = vec![
        "#".to_string(),
        super::report::column_name("player"),
        super::report::column_name("rank"),
    ];
    head.extend((1..=sec.rounds).map(|r| crate::t!("ev-cross-round", round = r)));
    head.push(super::report::column_name("wins"));
    table.push(head);
    for r in rows {
        let mut cells = vec![r.line.to_string(), r.name, r.rank];
        cells.extend(r.rounds);
        cells.push(r.wins);
        table.push(cells);
    }
    let mut s = format!("{}\n", crate::t!("ev-cross-head"));
    s.push_str(&aligned(&table, 1));
    s
}

/// `name`'s scorecard as text.
pub fn scorecard_text(sec: &SectionResults, name: &str) -> String {
    let mut table = vec![[
        "round", "board", "table", "seat", "opponent", "result", "wins",
    ]
    .map(super::report::column_name)
    .to_vec()];
    for l in scorecard(sec, name) {
        let or_dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
        table.push(vec![
            l.round.to_string(),
            or_dash(l.board),
            if l.table == 0 {
                "-".into()
            } else {
                l.table.to_string()
            },
            if l.seat == 0 {
                "-".into()
            } else {
                l.seat.to_string()
            },
            or_dash(l.opponent),
            l.result,
            l.wins,
        ]);
    }
    format!(
        "{}\n{}",
        crate::t!("ev-scorecard-head", name = name, section = sec.section),
        aligned(&table, 4)
    )
}

/// Columns padded to their widest cell; the column `text` and after it set
/// flush left, the others flush right.
fn aligned(rows: &[Vec<String>], text: usize) -> String {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..n)
        .map(|i| {
            rows.iter()
                .map(|r| r.get(i).map_or(0, |c| c.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| {
                if i == text {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        s.push_str(&format!("  {}\n", cells.join("  ").trim_end()));
    }
    s
}
