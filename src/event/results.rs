//! `tavolo event results`: the records of an event, each checked as `check`
//! does and against the board it claims (as `verify` does), counted as the
//! description says ([`super::measure`]), compared board by board where
//! several tables played it ([`super::matchpoints`]), and ranked
//! ([`super::standings`]). Same inputs, same bytes, whatever order the files
//! come in: records are taken in order of board, table and file name.
//!
//! Bad input is exit 2 (an unreadable record, a board the event does not
//! have, a table it does not have, two records of one board and table, a
//! player not among the entrants, one player at two tables in a round); a
//! record that is illegal or not its board's is listed and exit 1.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::boards::{self, Board, Label};
use super::matchpoints;
use super::measure::{self, Counted, SeatResult};
use super::spans::Step;
use super::standings::{self, Standing};
use super::verify::{self, Judged};
use super::{Description, Key, Section};
use crate::error::{Error, Location};
use crate::games;
use crate::games::replay::Kept;
use crate::games::session::Played;
use crate::record::{Record, Source, Status};

/// Everything `tavolo event results` reports.
#[derive(Debug, Clone, Serialize)]
pub struct Results {
    pub algorithm: &'static str,
    pub event: String,
    pub description_sha256: String,
    pub public_value: String,
    pub sections: Vec<SectionResults>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SectionResults {
    /// 1-based, in the description's order.
    pub section: usize,
    pub game: &'static str,
    pub variant: String,
    pub players: usize,
    pub pairing: Option<&'static str>,
    pub rounds: u32,
    pub unfinished: super::rules::Unfinished,
    pub illegal: super::rules::Illegal,
    pub tie_breaks: Vec<&'static str>,
    pub records: Vec<RecordLine>,
    /// Paired sections: who had the pairing's bye in a round that was played
    /// (a win). A player whose game is missing has no bye.
    pub byes: Vec<Bye>,
    /// The games due and not handed in (a record of their board and table
    /// that is its board's, or a score slip): they count nothing.
    pub missing: Vec<Missing>,
    /// Some results are missing: the standings may still change.
    pub provisional: bool,
    /// The boards played at two tables or more, compared seat by seat.
    pub boards: Vec<BoardTable>,
    pub standings: Vec<Standing>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Bye {
    pub round: u32,
    pub player: String,
}

/// A game due and not handed in: its round, table and board, and who was
/// to play it (a table of 0 and no board: a player the round's records and
/// pairing do not place).
#[derive(Debug, Clone, Serialize)]
pub struct Missing {
    pub round: u32,
    pub table: u32,
    pub board: String,
    pub players: Vec<String>,
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.table == 0 {
            return f.write_str(&crate::t!(
                "ev-missing-no-game",
                round = self.round,
                players = self.players.join(", ")
            ));
        }
        f.write_str(&crate::t!(
            "ev-missing-game",
            round = self.round,
            table = self.table,
            board = self.board.as_str(),
            players = self.players.join(" v ")
        ))
    }
}

/// One record: where it was played, what the referee said, how it counts.
#[derive(Debug, Clone, Serialize)]
pub struct RecordLine {
    pub file: String,
    pub board: String,
    pub table: u32,
    /// The round its board belongs to (0 for a reserve board).
    pub round: u32,
    /// As `verify` says it: `ok`, `wrong-board`, `tampered`, `wrong-event`.
    pub status: &'static str,
    pub message: Option<String>,
    /// `complete`, `legal-so-far`, `illegal` (for a record of its board).
    pub verdict: Option<&'static str>,
    /// The first illegal move, in words.
    pub illegal: Option<String>,
    /// Who played, by seat: the entrants, or each table's seats.
    pub players: Vec<String>,
    #[serde(flatten)]
    pub counted: Counted,
    /// Matchpoints and top by seat, where the board was compared.
    pub matchpoints: Vec<Option<(u32, u32)>>,
    /// A score slip handed in beside the record: `agrees`, or its first
    /// wrong running total (then the results exit 1).
    pub slip: Option<String>,
    /// A record of its board with no move, its game not over: a game not
    /// begun (the record handed out to the table, handed back unplayed) is
    /// no result: it is listed, and its game is missing.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub not_begun: bool,
}

/// A board as bridge hand records print it: each table's result by seat,
/// with its matchpoints.
#[derive(Debug, Clone, Serialize)]
pub struct BoardTable {
    pub board: String,
    pub top: u32,
    pub tables: Vec<BoardRow>,
}

#[derive(Debug, Clone, Serialize)]
pub struct BoardRow {
    pub table: u32,
    pub seats: Vec<BoardSeat>,
}

#[derive(Debug, Clone, Serialize)]
pub struct BoardSeat {
    pub seat: String,
    pub player: String,
    pub result: String,
    pub matchpoints: u32,
    pub percent: Option<f64>,
}

impl Results {
    /// 0 if every record is its board's and legal and no result is missing
    /// (or `provisional`: missing results are expected), else 1.
    pub fn exit_code(&self, provisional: bool) -> u8 {
        let bad = self.sections.iter().flat_map(|s| &s.records).any(|r| {
            !matches!(r.status, "ok" | "slip")
                || r.verdict == Some("illegal")
                || r.slip.as_deref().is_some_and(|s| s != "agrees")
        });
        let missing = self.sections.iter().any(|s| !s.missing.is_empty());
        u8::from(bad || (missing && !provisional))
    }
}

impl RecordLine {
    /// The record is a fact of its board and table: its board's (`ok`), or
    /// a score slip standing for it. Any other is listed and never counts,
    /// and its game is missing.
    pub fn is_fact(&self) -> bool {
        matches!(self.status, "ok" | "slip") && !self.not_begun
    }

    /// The record makes its round due: a fact, or its board's record handed
    /// out and not begun. A round whose tables are all not begun is not
    /// complete: each of its tables is missing (issue 41).
    pub fn makes_due(&self) -> bool {
        matches!(self.status, "ok" | "slip")
    }
}

/// A record read and placed on its board and table.
struct Placed<'d> {
    path: PathBuf,
    board: &'d Board<'d>,
    table: u32,
    line: RecordLine,
    seats: Option<Vec<SeatResult>>,
    /// The record's names and moves replayed, to check a slip against.
    /// With the scores at its end (after any end adjustment).
    replay: Option<Replay>,
    /// A paired section's record whose seats have the section's seat names
    /// (`P1`, `P2`: made at a table from `event deal`'s record): its players
    /// are the pairing's at its table and board.
    unnamed: bool,
}

/// A record's names, its moves replayed and its scores at the end.
type Replay = (Vec<String>, Vec<Played>, Option<Vec<i64>>);

/// The results of the event from `records` (path, text). `due`: section
/// index and round through which a paired section's games are due even
/// without a record of a later round (`event pair` of the next round).
pub fn results(
    d: &Description,
    key: &Key,
    public: &str,
    records: &[(PathBuf, String)],
    due: Option<(usize, u32)>,
) -> Result<Results, Error> {
    let all = boards::all(d, key, public);
    let mut inputs: Vec<&(PathBuf, String)> = records.iter().collect();
    inputs.sort_by(|a, b| a.0.cmp(&b.0));
    let mut placed: Vec<Placed> = Vec::new();
    let mut seen: BTreeMap<(Label, u32), PathBuf> = BTreeMap::new();
    let (slips, inputs): (Vec<_>, Vec<_>) = inputs
        .into_iter()
        .partition(|(_, t)| super::slip::is_slip(t));
    // Each record is checked on its own, on every core; they come back in
    // the files' order, so the first error and the bytes do not depend on
    // the threads.
    // Each move explained is kept only for a score slip to be checked against.
    let history = !slips.is_empty();
    let checked = crate::kit::par::map(&inputs, |_, (path, text)| {
        place(d, &all, path, text, history)
    });
    for (p, (path, text)) in checked.into_iter().zip(&inputs) {
        let p = p?;
        // A record not its board's is listed and left out: it takes no
        // place, so a second one at the table is not an error.
        if !p.line.is_fact() {
            placed.push(p);
            continue;
        }
        if let Some(first) = seen.insert((p.board.label, p.table), path.clone()) {
            return Err(Error::input(
                "event.same-board-twice",
                format!(
                    "two records of board {} at table {}: {} and {}",
                    p.board.label,
                    p.table,
                    first.display(),
                    path.display()
                ),
            )
            .at(meta_at(path, text, "board"))
            .help("hand in one record per board and table"));
        }
        placed.push(p);
    }
    let mut slips_seen: BTreeMap<(Label, u32), PathBuf> = BTreeMap::new();
    for (path, text) in slips {
        let slip = super::slip::Slip::parse(path, text)?;
        let (board, table) = slip_place(&all, path, &slip)?;
        if let Some(first) = slips_seen.insert((board.label, table), path.clone()) {
            return Err(Error::input(
                "event.same-board-twice",
                format!(
                    "two score slips of board {} at table {table}: {} and {}",
                    board.label,
                    first.display(),
                    path.display()
                ),
            )
            .at(Location::at_span(path, text, slip.board_span.clone())));
        }
        match placed
            .iter_mut()
            .filter(|p| p.board.label == board.label && p.table == table)
            .max_by_key(|p| p.line.is_fact())
        {
            Some(p) => {
                let verdict = match &p.replay {
                    Some((names, history, finals)) => {
                        match slip.check(path, names, history, finals.as_deref()) {
                            None => "agrees".to_string(),
                            Some(e) => e.to_string(),
                        }
                    }
                    None => crate::t!("ev-slip-not-checked"),
                };
                p.line.slip = Some(verdict);
            }
            None => placed.push(from_slip(d, board, table, path, &slip)?),
        }
    }
    placed
        .sort_by(|a, b| (a.board.label, a.table, &a.path).cmp(&(b.board.label, b.table, &b.path)));
    let mut accounts = Vec::new();
    for (i, s) in d.sections.iter().enumerate() {
        let through = due.filter(|(si, _)| *si == i).map_or(0, |(_, r)| r);
        accounts.push(account(d, &all, s, &mut placed, records, through)?);
    }
    once_a_round(&placed, records)?;
    compare_boards(&mut placed);
    let sections = d
        .sections
        .iter()
        .zip(accounts)
        .enumerate()
        .map(|(i, (s, a))| section_results(i, s, &placed, a))
        .collect();
    Ok(Results {
        algorithm: super::ALGORITHM,
        event: d.event.clone(),
        description_sha256: d.sha256_hex(),
        public_value: super::normalise_public(public).to_string(),
        sections,
    })
}

/// Check one record and place it on its board and table, keeping its moves
/// explained if `history`.
fn place<'d>(
    d: &Description,
    all: &'d [Board<'d>],
    path: &Path,
    text: &str,
    history: bool,
) -> Result<Placed<'d>, Error> {
    let mut judged: Option<Judged> = None;
    let report = verify::check_and_judge(d, all, path, text, history, &mut judged);
    if report.status == "unreadable" {
        return Err(Error::input(
            "event.record-unreadable",
            report.message.unwrap_or_default(),
        )
        .in_file(path)
        .help("`tavolo check FILE` says where"));
    }
    let board = report
        .board
        .as_deref()
        .and_then(|l| l.parse::<Label>().ok())
        .and_then(|l| all.iter().find(|b| b.label == l))
        .ok_or_else(|| {
            Error::input(
                "event.no-such-board",
                report
                    .message
                    .clone()
                    .unwrap_or_else(|| "the record names no board of this event".into()),
            )
            .at(meta_at(path, text, "board"))
        })?;
    let section = board.section;
    let table = match report.table {
        None if section.tables == 1 => 1,
        None => {
            return Err(Error::input(
                "event.no-table",
                format!(
                    "the record of board {} names no table; the section has {} tables",
                    board.label, section.tables
                ),
            )
            .at(meta_at(path, text, "table"))
            .help("add `table = N` to its [meta]"))
        }
        Some(t) if t >= 1 && t <= i64::from(section.tables) => t as u32,
        Some(t) => {
            return Err(Error::input(
                "event.no-such-table",
                format!(
                    "the record names table {t}; board {}'s section has tables 1 to {}",
                    board.label, section.tables
                ),
            )
            .at(meta_at(path, text, "table")))
        }
    };
    let round = round_of(d, board);
    // Who sat where: as the referee read them, or (a record not its board's,
    // never judged) from the record read again.
    // The text as a source only when it is read again (rarely): a copy per record.
    let judged_text = judged.as_mut().map(|j| std::mem::take(&mut j.text));
    let read_again = std::cell::OnceCell::new();
    let src =
        || read_again.get_or_init(|| Source::new(path, judged_text.as_deref().unwrap_or(text)));
    let parse = || Record::parse(src(), &games::Registry).ok();
    let names: Option<Vec<String>> = match &judged {
        Some(j) => Some(j.players.clone()),
        None => parse().as_ref().map(Record::player_names),
    };
    // Seat names in a section with a movement: the movement names the players.
    let names = super::movement::seat_names_taken(section, round, table, names);
    // Seat names in a paired section: the pairing names the players.
    let unnamed = section.pairing.is_some()
        && names.as_ref().is_some_and(|n| *n == section.names)
        && round > 0;
    let players = match (&section.entrants, names.as_ref()) {
        (Some(_), Some(names)) if unnamed => names.clone(),
        (Some(entrants), Some(names)) => {
            if let Some(seat) = names.iter().position(|n| !entrants.contains(n)) {
                // Where the name is written (the record is read again only now).
                let at = parse().and_then(|r| r.players.get(seat).map(|p| p.span.clone()));
                return Err(Error::input(
                    "event.not-an-entrant",
                    format!(
                        "`{}` is not in the event: the entrants are {}",
                        names[seat],
                        entrants.join(", ")
                    ),
                )
                .at(match at {
                    Some(span) => Location::at_span(path, &src().text, span),
                    None => Location::file(path),
                }));
            }
            names.clone()
        }
        _ if section.tables == 1 => names.clone().unwrap_or_default(),
        _ => names
            .iter()
            .flatten()
            .map(|n| format!("{n} at table {table}"))
            .collect(),
    };
    let judged_ok = report.status == "ok";
    super::movement::check_seats(section, round, if judged_ok { table } else { 0 }, &players)
        .map_err(|m| {
            let at = parse().and_then(|r| r.players.first().map(|p| p.span.clone()));
            Error::input("event.not-the-movement", m)
                .at(match at {
                    Some(span) => Location::at_span(path, &src().text, span),
                    None => Location::file(path),
                })
                .help("`tavolo event pair --round N` prints who plays at which table")
        })?;
    let names = names.unwrap_or_default();
    let mut line = RecordLine {
        file: path.display().to_string(),
        board: board.label.to_string(),
        table,
        round,
        status: report.status,
        message: report.message.clone(),
        verdict: None,
        illegal: None,
        players,
        counted: Counted::LeftOut {
            why: crate::t!(
                "ev-why-not-counted",
                status = super::report::status_text(report.status)
            ),
        },
        matchpoints: Vec::new(),
        slip: None,
        not_begun: false,
    };
    let mut seats = None;
    let mut replay = None;
    if let Some(j) = judged.filter(|_| report.status == "ok") {
        line.verdict = Some(match j.verdict.status {
            Status::Complete => "complete",
            Status::LegalSoFar => "legal-so-far",
            Status::Illegal => "illegal",
        });
        line.illegal = j.verdict.illegal.as_ref().map(|i| {
            crate::t!(
                "ev-illegal-move",
                number = i.number,
                player = i.player.as_str(),
                message = i.message.as_str(),
                rule = crate::lang::rule(i.rule)
            )
        });
        // The running scores and the seat to move, from the referee's own replay;
        // a session opened on the record where the referee stopped its replay itself.
        let kept = j.kept.or_else(|| {
            let record = parse()?;
            let (live, _) = games::session::find(record.game)?
                .open(&record, src())
                .ok()?;
            Some(Kept::of(live.as_ref()))
        });
        let (running, to_move) = match kept {
            Some(kept) => {
                replay = history.then(|| (names.clone(), kept.history, kept.scores.clone()));
                (kept.scores, kept.to_move)
            }
            None => (None, None),
        };
        let to_move = to_move.or_else(|| {
            j.verdict
                .to_move
                .as_ref()
                .and_then(|n| names.iter().position(|x| x == n))
        });
        line.counted = match &section.partnerships {
            None => measure::count(
                &names,
                &j.verdict,
                running.as_deref(),
                to_move,
                section.unfinished,
                section.illegal,
            ),
            Some(sides) => {
                line.players = side_players(section, sides, &line.players, table);
                measure::count_sides(
                    &names,
                    sides,
                    &j.verdict,
                    running.as_deref(),
                    to_move,
                    section.unfinished,
                    section.illegal,
                )
            }
        };
        if j.verdict.moves == 0 && j.verdict.status == Status::LegalSoFar {
            line.not_begun = true;
            line.counted = Counted::LeftOut {
                why: crate::t!("ev-why-no-move"),
            };
        }
        if let Counted::Yes { seats: s, .. } = &line.counted {
            seats = Some(s.clone());
        }
    }
    Ok(Placed {
        path: path.to_path_buf(),
        board,
        table,
        line,
        seats,
        replay,
        unnamed,
    })
}

/// Where a record's `[meta]` value `key` is written (else its `[meta]`, else
/// the file): read again only for an error.
fn meta_at(path: &Path, text: &str, key: &str) -> Location {
    super::spans::locate(path, text, &[Step::Key("meta"), Step::Key(key)])
}

/// The board and table a slip names (exit 2 if the event has neither).
fn slip_place<'d>(
    all: &'d [Board<'d>],
    path: &Path,
    slip: &super::slip::Slip,
) -> Result<(&'d Board<'d>, u32), Error> {
    let board = slip
        .board
        .parse::<Label>()
        .ok()
        .and_then(|l| all.iter().find(|b| b.label == l))
        .ok_or_else(|| {
            slip.error_at(
                path,
                slip.board_span.clone(),
                "event.no-such-board",
                format!(
                    "the slip names board {}, which this event does not have",
                    slip.board
                ),
            )
        })?;
    let tables = board.section.tables;
    if slip.table < 1 || slip.table > i64::from(tables) {
        return Err(slip.error_at(
            path,
            slip.table_span.clone(),
            "event.no-such-table",
            format!(
                "the slip names table {}; board {}'s section has tables 1 to {tables}",
                slip.table, board.label
            ),
        ));
    }
    if slip.players.len() != board.section.names.len() {
        return Err(slip.error_at(
            path,
            slip.players_span.clone(),
            "event.slip",
            format!(
                "the slip names {} players; board {} is for {}",
                slip.players.len(),
                board.label,
                board.section.names.len()
            ),
        ));
    }
    Ok((board, slip.table as u32))
}

/// A slip handed in without its record: its final totals stand for the game.
fn from_slip<'d>(
    d: &Description,
    board: &'d Board<'d>,
    table: u32,
    path: &Path,
    slip: &super::slip::Slip,
) -> Result<Placed<'d>, Error> {
    let section = board.section;
    let players = match &section.entrants {
        Some(entrants) => {
            if let Some(i) = slip.players.iter().position(|p| !entrants.contains(p)) {
                return Err(slip.error_at(
                    path,
                    slip.player_spans[i].clone(),
                    "event.not-an-entrant",
                    format!(
                        "`{}` is not in the event: the entrants are {}",
                        slip.players[i],
                        entrants.join(", ")
                    ),
                ));
            }
            slip.players.clone()
        }
        None if section.tables == 1 => slip.players.clone(),
        None => slip
            .players
            .iter()
            .map(|n| format!("{n} at table {table}"))
            .collect(),
    };
    let moves = slip.totals.iter().map(Vec::len).sum();
    let (players, seats) = match &section.partnerships {
        None => (
            players,
            measure::as_played(&slip.players, Some(&slip.finals()), moves),
        ),
        Some(sides) => {
            let finals = slip.finals();
            let sums: Vec<i64> = sides
                .iter()
                .map(|m| m.iter().map(|&i| finals.get(i).copied().unwrap_or(0)).sum())
                .collect();
            (
                side_players(section, sides, &players, table),
                measure::as_played(
                    &measure::side_names(&slip.players, sides),
                    Some(&sums),
                    moves,
                ),
            )
        }
    };
    let line = RecordLine {
        file: path.display().to_string(),
        board: board.label.to_string(),
        table,
        round: round_of(d, board),
        status: "slip",
        message: Some(crate::t!("ev-slip-without-record")),
        verdict: None,
        illegal: None,
        players,
        counted: Counted::Yes {
            how: crate::t!("ev-how-slip"),
            seats: seats.clone(),
        },
        matchpoints: Vec::new(),
        slip: None,
        not_begun: false,
    };
    Ok(Placed {
        path: path.to_path_buf(),
        board,
        table,
        line,
        seats: Some(seats),
        replay: None,
        unnamed: false,
    })
}

/// Who plays for each side: the entrants of a side joined (`Anna & Carla`),
/// else the side's seat names (`N-S`, `N-S at table 2`).
fn side_players(
    section: &Section,
    sides: &[Vec<usize>],
    players: &[String],
    table: u32,
) -> Vec<String> {
    let seat_names = measure::side_names(&section.names, sides);
    sides
        .iter()
        .zip(seat_names)
        .map(|(m, seats)| {
            if section.entrants.is_some() {
                m.iter()
                    .filter_map(|&i| players.get(i).map(String::as_str))
                    .collect::<Vec<_>>()
                    .join(" & ")
            } else if section.tables == 1 {
                seats
            } else {
                format!("{seats} at table {table}")
            }
        })
        .collect()
}

/// The round of a main board: its place among the section's boards, shared
/// out evenly over the rounds; 0 for a reserve board.
pub(crate) fn round_of(d: &Description, board: &Board) -> u32 {
    let Label::Main(n) = board.label else {
        return 0;
    };
    let first: u32 = d
        .sections
        .iter()
        .take_while(|s| !std::ptr::eq(*s, board.section))
        .map(|s| s.boards)
        .sum();
    (n - first - 1) / board.section.boards_per_round().max(1) + 1
}

/// In a paired section, nobody plays at two tables in one round. The error
/// points at the name in the second file.
fn once_a_round(placed: &[Placed], records: &[(PathBuf, String)]) -> Result<(), Error> {
    let mut at: BTreeMap<(*const Section, u32, &str), (u32, &Path)> = BTreeMap::new();
    for p in placed {
        if p.board.section.entrants.is_none() || p.line.round == 0 || !p.line.is_fact() {
            continue;
        }
        for (seat, who) in p.line.players.iter().enumerate() {
            let k = (
                p.board.section as *const Section,
                p.line.round,
                who.as_str(),
            );
            if let Some((t, other)) = at.insert(k, (p.table, &p.path)) {
                if t != p.table {
                    return Err(Error::input(
                        "event.twice-in-a-round",
                        format!(
                            "{who} plays at table {t} ({}) and table {} in round {}",
                            other.display(),
                            p.table,
                            p.line.round
                        ),
                    )
                    .at(player_at(records, &p.path, seat)));
                }
            }
        }
    }
    Ok(())
}

/// The text handed in as `path` (the records and slips of the results).
fn text_of<'r>(records: &'r [(PathBuf, String)], path: &Path) -> Option<&'r str> {
    records
        .iter()
        .find(|(p, _)| p == path)
        .map(|(_, t)| t.as_str())
}

/// Where the player in seat `seat` is named in the record or slip `path`
/// (read again, for an error only), else the file.
fn player_at(records: &[(PathBuf, String)], path: &Path, seat: usize) -> Location {
    let Some(text) = text_of(records, path) else {
        return Location::file(path);
    };
    let span = if super::slip::is_slip(text) {
        super::slip::Slip::parse(path, text)
            .ok()
            .and_then(|s| s.player_spans.get(seat).cloned())
    } else {
        Record::parse(&Source::new(path, text), &games::Registry)
            .ok()
            .and_then(|r| r.players.get(seat).map(|p| p.span.clone()))
    };
    span.map_or_else(
        || Location::file(path),
        |s| Location::at_span(path, text, s),
    )
}

/// Where the record or slip `file` names its board (read again, for an
/// error only), else the file: the board says which round a file is of.
pub(crate) fn board_at(records: &[(PathBuf, String)], file: &str) -> Location {
    let path = Path::new(file);
    let Some(text) = text_of(records, path) else {
        return Location::file(path);
    };
    if super::slip::is_slip(text) {
        if let Ok(s) = super::slip::Slip::parse(path, text) {
            return Location::at_span(path, text, s.board_span);
        }
        return Location::file(path);
    }
    meta_at(path, text, "board")
}

/// Matchpoints, seat by seat, on every board counted at two tables or more
/// of a section whose tables keep their players (a duplicate): in a paired
/// section the tables of a board hold other players, and are not compared.
fn compare_boards(placed: &mut [Placed]) {
    let mut by_board: BTreeMap<Label, Vec<usize>> = BTreeMap::new();
    for (i, p) in placed.iter().enumerate() {
        if p.seats.is_some() && p.board.section.pairing.is_none() {
            by_board.entry(p.board.label).or_default().push(i);
        }
    }
    for idx in by_board.values() {
        let n = idx.len();
        let seats = placed[idx[0]].seats.as_ref().map_or(0, Vec::len);
        for &i in idx {
            placed[i].line.matchpoints = vec![None; seats];
        }
        if n < 2 {
            continue;
        }
        for s in 0..seats {
            let keys: Vec<(i64, i64)> = idx
                .iter()
                .map(|&i| placed[i].seats.as_ref().map_or((0, 0), |v| v[s].key()))
                .collect();
            let mp = matchpoints::matchpoints(&keys);
            for (k, &i) in idx.iter().enumerate() {
                placed[i].line.matchpoints[s] = Some((mp[k], matchpoints::top(n)));
            }
        }
    }
}

/// What a section's records account for: the byes the pairing gave, and
/// the games due and not handed in.
#[derive(Default)]
struct Account {
    byes: Vec<Bye>,
    missing: Vec<Missing>,
}

/// The games of section `s` that were due, against the records handed in.
/// A paired section's rounds are paired again, round by round from the
/// records of the rounds before (as `event pair` paired them): a table of
/// the pairing without a record of its board is missing, the pairing's bye
/// is a bye (only if its player played in no record of the round), and a
/// record with seat names takes the pairing's players at its table. Due:
/// every round up to the last one with a record of its board, begun or not
/// ([`RecordLine::makes_due`]), or `through`. A section
/// whose tables keep their players is due every main board at every table.
fn account<'d>(
    d: &Description,
    all: &'d [Board<'d>],
    s: &Section,
    placed: &mut [Placed<'d>],
    records: &[(PathBuf, String)],
    through: u32,
) -> Result<Account, Error> {
    let mine = |p: &Placed| std::ptr::eq(p.board.section, s);
    let facts: BTreeSet<(Label, u32)> = placed
        .iter()
        .filter(|p| mine(p) && p.line.is_fact())
        .map(|p| (p.board.label, p.table))
        .collect();
    let fact_at = |label: Label, table: u32| facts.contains(&(label, table));
    let boards_of = |round: u32| -> Vec<Label> {
        all.iter()
            .filter(|b| {
                std::ptr::eq(b.section, s)
                    && matches!(b.label, Label::Main(_))
                    && round_of(d, b) == round
            })
            .map(|b| b.label)
            .collect()
    };
    let mut out = Account::default();
    let (Some(entrants), Some(_)) = (&s.entrants, s.pairing) else {
        let last = placed
            .iter()
            .filter(|p| mine(p) && p.line.makes_due())
            .map(|p| p.line.round)
            .max()
            .unwrap_or(0)
            .max(through);
        if let Some(m) = super::movement::missing(d, all, s, &fact_at, last) {
            out.missing = m;
            return Ok(out);
        }
        // The tables keep their players: every main board at every table.
        for b in all
            .iter()
            .filter(|b| std::ptr::eq(b.section, s) && matches!(b.label, Label::Main(_)))
        {
            for t in 1..=s.tables {
                if !fact_at(b.label, t) {
                    let players = if s.entrants.is_some() || s.tables == 1 {
                        s.names.clone()
                    } else {
                        s.names
                            .iter()
                            .map(|n| format!("{n} at table {t}"))
                            .collect()
                    };
                    out.missing.push(Missing {
                        round: round_of(d, b),
                        table: t,
                        board: b.label.to_string(),
                        players,
                    });
                }
            }
        }
        return Ok(out);
    };
    let last = placed
        .iter()
        .filter(|p| mine(p) && p.line.makes_due())
        .map(|p| p.line.round)
        .max()
        .unwrap_or(0)
        .max(through);
    for round in 1..=last {
        let before: Vec<&RecordLine> = placed
            .iter()
            .filter(|p| mine(p) && p.line.round < round)
            .map(|p| &p.line)
            .collect();
        let (pairs, bye) = super::rounds::pairing_of(s, entrants, &before, &out.byes, round);
        for p in placed
            .iter_mut()
            .filter(|p| p.unnamed && p.line.round == round && std::ptr::eq(p.board.section, s))
        {
            let Some(&(a, b)) = pairs.get(p.table as usize - 1) else {
                return Err(Error::input(
                    "event.not-an-entrant",
                    format!(
                        "the record has the seat names {} and round {round}'s pairing has no \
                         table {}: its players are not known",
                        p.line.players.join(", "),
                        p.table
                    ),
                )
                .at(player_at(records, &p.path, 0))
                .help("write the players' names in the record's `players`"));
            };
            p.line.players = vec![entrants[a].clone(), entrants[b].clone()];
            p.unnamed = false;
        }
        let played: BTreeSet<&str> = placed
            .iter()
            .filter(|p| mine(p) && p.line.round == round && p.line.is_fact())
            .flat_map(|p| p.line.players.iter().map(String::as_str))
            .collect();
        let mut placed_here: BTreeSet<&str> = played.clone();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            let table = i as u32 + 1;
            for label in boards_of(round) {
                if !fact_at(label, table) {
                    out.missing.push(Missing {
                        round,
                        table,
                        board: label.to_string(),
                        players: vec![entrants[a].clone(), entrants[b].clone()],
                    });
                    placed_here.insert(&entrants[a]);
                    placed_here.insert(&entrants[b]);
                }
            }
        }
        if let Some(b) = bye.filter(|&b| !played.contains(entrants[b].as_str())) {
            out.byes.push(Bye {
                round,
                player: entrants[b].clone(),
            });
            placed_here.insert(&entrants[b]);
        }
        // Anyone neither in a record, nor at a missing table, nor the bye
        // (the round was paired from other results than these).
        let unplaced: Vec<String> = entrants
            .iter()
            .filter(|e| !placed_here.contains(e.as_str()))
            .cloned()
            .collect();
        if !unplaced.is_empty() {
            out.missing.push(Missing {
                round,
                table: 0,
                board: String::new(),
                players: unplaced,
            });
        }
    }
    Ok(out)
}

/// The games the standings count: each record counted, and each bye (a
/// win, with no points and no spread).
pub(crate) fn games_of(lines: &[&RecordLine], byes: &[&Bye]) -> Vec<standings::Game> {
    let mut games: Vec<standings::Game> = lines
        .iter()
        .filter_map(|l| match &l.counted {
            Counted::Yes { seats, .. } => Some(standings::Game {
                round: l.round,
                competitors: l.players.clone(),
                seats: seats.clone(),
                matchpoints: if l.matchpoints.is_empty() {
                    vec![None; seats.len()]
                } else {
                    l.matchpoints.clone()
                },
            }),
            Counted::LeftOut { .. } => None,
        })
        .collect();
    for b in byes {
        games.push(standings::Game {
            round: b.round,
            competitors: vec![b.player.clone()],
            seats: vec![SeatResult {
                name: b.player.clone(),
                halves: 2,
                points: None,
                spread: None,
                solved: None,
                moves: 0,
            }],
            matchpoints: vec![None],
        });
    }
    games
}

fn section_results(i: usize, s: &Section, placed: &[Placed], account: Account) -> SectionResults {
    let mine: Vec<&Placed> = placed
        .iter()
        .filter(|p| std::ptr::eq(p.board.section, s))
        .collect();
    let lines: Vec<&RecordLine> = mine.iter().map(|p| &p.line).collect();
    let Account { byes, missing } = account;
    let games = games_of(&lines, &byes.iter().collect::<Vec<_>>());
    let mut boards: Vec<BoardTable> = Vec::new();
    for p in &mine {
        let (Some(seats), Some(Some((_, top)))) = (&p.seats, p.line.matchpoints.first()) else {
            continue;
        };
        if boards.last().is_none_or(|b| b.board != p.line.board) {
            boards.push(BoardTable {
                board: p.line.board.clone(),
                top: *top,
                tables: Vec::new(),
            });
        }
        let row = BoardRow {
            table: p.table,
            seats: seats
                .iter()
                .zip(&p.line.players)
                .zip(&p.line.matchpoints)
                .map(|((r, who), mp)| {
                    let (mp, top) = mp.unwrap_or((0, 0));
                    BoardSeat {
                        seat: r.name.clone(),
                        player: who.clone(),
                        result: result_text(r),
                        matchpoints: mp,
                        percent: matchpoints::percent(mp, top),
                    }
                })
                .collect(),
        };
        if let Some(b) = boards.last_mut() {
            b.tables.push(row);
        }
    }
    SectionResults {
        section: i + 1,
        game: s.game.name(),
        variant: s.variant.clone(),
        players: s.names.len(),
        pairing: s.pairing.map(|p| p.name()),
        rounds: s.rounds,
        unfinished: s.unfinished,
        illegal: s.illegal,
        tie_breaks: s.tie_breaks.iter().map(|c| c.name()).collect(),
        records: mine.iter().map(|p| p.line.clone()).collect(),
        byes,
        provisional: !missing.is_empty(),
        missing,
        boards,
        standings: standings::standings(&games, &s.seeding, &s.tie_breaks),
    }
}

/// One seat's result in words: `312 (won)`, `solved in 34 moves`, `lost`.
pub fn result_text(r: &SeatResult) -> String {
    let outcome = match r.halves {
        2 => crate::t!("ev-result-won"),
        1 => crate::t!("ev-result-tied"),
        _ => crate::t!("ev-result-lost"),
    };
    match (r.solved, r.points) {
        (Some(true), _) => crate::t!("ev-result-solved", moves = r.moves),
        (Some(false), _) => crate::t!("ev-result-not-solved", moves = r.moves),
        (None, Some(p)) => crate::t!("ev-result-points", points = p, outcome = outcome),
        (None, None) => outcome,
    }
}
