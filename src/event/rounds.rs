//! The next round of a paired section (`tavolo event pair`): the history of
//! the rounds played, read from the results, and the pairing the section's
//! method gives ([`super::pairing`]).

use serde::Serialize;

use std::collections::BTreeSet;

use super::boards::Label;
use super::pairing::{self, History};
use super::results::{Bye, Missing, RecordLine, Results};
use super::rules::{LastRound, Pairing};
use super::standings;
use super::{Description, Section};
use crate::error::Error;

/// One round's pairings.
#[derive(Debug, Clone, Serialize)]
pub struct Round {
    pub section: usize,
    pub game: &'static str,
    pub pairing: &'static str,
    pub round: u32,
    pub rounds: u32,
    /// The boards every table plays this round.
    pub boards: Vec<String>,
    pub tables: Vec<Table>,
    pub bye: Option<String>,
    /// What made the round so, where not the method alone: a round paired
    /// by hand, fixed tables, the Gibson rule, king of the hill.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One table: the first seat moves first.
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    pub table: u32,
    pub first: String,
    pub second: String,
    /// A movement's table: the players by seat (`first` and `second` are
    /// then the N-S and the E-W pair); empty for a two-player table.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
}

impl Table {
    /// The players in seat order.
    pub fn players(&self) -> Vec<String> {
        if self.seats.is_empty() {
            vec![self.first.clone(), self.second.clone()]
        } else {
            self.seats.clone()
        }
    }
}

/// A round of a movement: each table's N-S and E-W pair and their players by
/// seat; the pair that sits out (with an odd number of pairs) as the bye.
fn movement_round(
    s: &Section,
    si: usize,
    m: &super::movement::Movement,
    sides: &[Vec<usize>],
    round: u32,
    boards: Vec<String>,
) -> Round {
    let mut tables = Vec::new();
    let mut bye = None;
    for seat in m.round(round) {
        match (seat.ns, seat.ew) {
            (Some(ns), Some(ew)) => tables.push(Table {
                table: seat.table,
                first: m.pair_name(ns),
                second: m.pair_name(ew),
                seats: m
                    .players(round, seat.table, sides, s.names.len())
                    .unwrap_or_default(),
            }),
            (Some(p), None) | (None, Some(p)) => bye = Some(m.pair_name(p)),
            (None, None) => {}
        }
    }
    let side = |i: usize| {
        sides[i]
            .iter()
            .map(|&k| s.names[k].as_str())
            .collect::<Vec<_>>()
            .join("-")
    };
    Round {
        section: si + 1,
        game: s.game.name(),
        pairing: m.kind.name(),
        round,
        rounds: s.rounds,
        boards,
        tables,
        bye,
        notes: vec![format!(
            "the first pair named at each table sits {} and stays; the second sits {} and moves \
             up a table next round",
            side(0),
            side(1)
        )],
    }
}

/// The paired section `section` (1-based; `None`: the only paired one).
pub fn paired_section(d: &Description, section: Option<usize>) -> Result<usize, Error> {
    let moves = |s: &Section| s.is_paired();
    let paired: Vec<usize> = (0..d.sections.len())
        .filter(|&i| moves(&d.sections[i]))
        .collect();
    match section {
        Some(n) if n >= 1 && n <= d.sections.len() => {
            if !moves(&d.sections[n - 1]) {
                return Err(Error::input(
                    "event.not-paired",
                    format!(
                        "section {n} has no `pairing` or `movement`: its tables keep their players"
                    ),
                ));
            }
            Ok(n - 1)
        }
        Some(n) => Err(Error::input(
            "event.no-such-section",
            format!("the event has sections 1 to {}, not {n}", d.sections.len()),
        )),
        None => match paired[..] {
            [one] => Ok(one),
            [] => Err(Error::input(
                "event.not-paired",
                "no section of the event has a `pairing`",
            )
            .help("add `pairing = \"swiss\"` or `\"round-robin\"`, `entrants` and `rounds`")),
            _ => Err(Error::input(
                "event.which-section",
                "several sections are paired: say which (--section N)",
            )),
        },
    }
}

/// Pair round `round` of section index `si` from the results of the rounds
/// before it. Records of this round or a later one already given: the
/// round is paired once (exit 2), and the error points at where the first of
/// them names its board (`records`, as the results read them). A round before
/// it with results missing: refused (exit 1, the missing tables named) unless
/// `allow_missing`; a missing game then counts nothing, and is never a bye.
pub fn pair(
    d: &Description,
    si: usize,
    results: &Results,
    records: &[(std::path::PathBuf, String)],
    round: u32,
    allow_missing: bool,
) -> Result<Round, Error> {
    let s = &d.sections[si];
    let method = s.pairing.unwrap_or(Pairing::Swiss);
    let entrants = s.entrants.clone().unwrap_or_default();
    if round < 1 || round > s.rounds {
        return Err(Error::input(
            "event.no-such-round",
            format!(
                "section {} has rounds 1 to {}, not {round}",
                si + 1,
                s.rounds
            ),
        ));
    }
    let sec = &results.sections[si];
    if let Some(r) = sec.records.iter().find(|r| r.round >= round) {
        return Err(Error::input(
            "event.round-paired",
            format!(
                "round {round} is being paired but {} is a record of round {}: a round is paired \
                 once, before it is played",
                r.file, r.round
            ),
        )
        .at(super::results::board_at(records, &r.file))
        .help("give only the records of the rounds before it"));
    }
    let missing: Vec<&Missing> = sec.missing.iter().filter(|m| m.round < round).collect();
    if !missing.is_empty() && !allow_missing {
        let each: Vec<String> = missing.iter().map(|m| m.to_string()).collect();
        return Err(Error::failed(
            "event.round-incomplete",
            format!(
                "round {round} is paired from the rounds before it, and {} missing: {}",
                super::report::count(missing.len() as u64, "result is", "results are"),
                each.join("; ")
            ),
        )
        .help(
            "hand in the missing records (or score slips, `tavolo event score`), \
             or pair anyway with --allow-missing: a missing game counts nothing",
        ));
    }
    let first: u32 = d.sections[..si].iter().map(|x| x.boards).sum();
    let k = s.boards_per_round();
    let boards = (1..=k)
        .map(|b| Label::Main(first + (round - 1) * k + b).to_string())
        .collect();
    if let (Some(m), Some(sides)) = (&s.movement, &s.partnerships) {
        return Ok(movement_round(s, si, m, sides, round, boards));
    }
    let before: Vec<&RecordLine> = sec.records.iter().collect();
    let Paired { pairs, bye, notes } = explained(s, &entrants, &before, &sec.byes, round);
    Ok(Round {
        section: si + 1,
        game: s.game.name(),
        pairing: method.name(),
        round,
        rounds: s.rounds,
        boards,
        tables: pairs
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| Table {
                table: i as u32 + 1,
                first: entrants[a].clone(),
                second: entrants[b].clone(),
                seats: Vec::new(),
            })
            .collect(),
        bye: bye.map(|b| entrants[b].clone()),
        notes,
    })
}

/// The pairing of round `round` of section `s` (pairs of entrant indices,
/// first seat first, in table order, and the bye) from the records of the
/// rounds before it (`before`: those of other rounds and those not counted
/// as facts are passed over) and their byes. `event pair` makes it, and
/// `event results` makes it again to know who was to play where.
pub fn pairing_of(
    s: &Section,
    entrants: &[String],
    before: &[&RecordLine],
    byes: &[Bye],
    round: u32,
) -> (Vec<(usize, usize)>, Option<usize>) {
    let p = explained(s, entrants, before, byes, round);
    (p.pairs, p.bye)
}

/// A round's pairing and what made it so, in words (a round paired by hand,
/// fixed tables, the Gibson rule, king of the hill).
#[derive(Debug, Clone, Default)]
pub struct Paired {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    pub notes: Vec<String>,
}

/// [`pairing_of`], with the notes: the section's method, and before it the
/// pairings file's round ([`super::manual`]), the Gibson rule
/// ([`super::gibson`]) and a king-of-the-hill last round.
pub fn explained(
    s: &Section,
    entrants: &[String],
    before: &[&RecordLine],
    byes: &[Bye],
    round: u32,
) -> Paired {
    let method = s.pairing.unwrap_or(Pairing::Swiss);
    let manual = s.manual.iter().find(|m| m.round == round);
    if let Some(m) = manual.filter(|m| m.whole) {
        return Paired {
            pairs: m.tables.clone(),
            bye: m.bye,
            notes: vec![format!(
                "round {round} is paired by hand ({})",
                super::manual::FILE
            )],
        };
    }
    if method == Pairing::RoundRobin {
        let (pairs, bye) = pairing::berger(entrants.len(), round as usize - 1);
        return Paired {
            pairs,
            bye,
            notes: Vec::new(),
        };
    }
    let index = |name: &str| entrants.iter().position(|e| e == name);
    let lines: Vec<&RecordLine> = before
        .iter()
        .copied()
        .filter(|r| r.is_fact() && r.round > 0 && r.round < round)
        .collect();
    let byes: Vec<&Bye> = byes.iter().filter(|b| b.round < round).collect();
    let mut h = History::new(entrants.len());
    let mut seen: BTreeSet<(u32, u32)> = BTreeSet::new();
    for r in &lines {
        let seats: Vec<usize> = r.players.iter().filter_map(|p| index(p)).collect();
        if let [a, b] = seats[..] {
            // One game a table and round, however many boards it holds.
            if seen.insert((r.round, r.table)) {
                h.played(a, b);
            }
        }
    }
    for b in &byes {
        if let Some(i) = index(&b.player) {
            h.byes.insert(i);
        }
    }
    let games = super::results::games_of(&lines, &byes);
    let table = standings::standings(&games, &s.seeding, &s.tie_breaks);
    let ranked: Vec<usize> = table.iter().filter_map(|st| index(&st.name)).collect();
    let mut out = Paired::default();
    // Fixed tables first; the others are paired from the players left.
    let mut pool = ranked.clone();
    if let Some(m) = manual {
        out.pairs.extend(m.tables.iter().copied());
        pool.retain(|p| !m.tables.iter().any(|&(a, b)| a == *p || b == *p) && m.bye != Some(*p));
        out.bye = m.bye;
        let each: Vec<String> = m
            .tables
            .iter()
            .map(|&(a, b)| format!("{} v {}", entrants[a], entrants[b]))
            .collect();
        out.notes.push(format!(
            "fixed by hand ({}): {}",
            super::manual::FILE,
            if each.is_empty() {
                "no table".to_string()
            } else {
                each.join(", ")
            }
        ));
    }
    if let Some(caps) = &s.gibson {
        let left = s.rounds.saturating_sub(round) + 1;
        let g = super::gibson::pair(
            &table,
            &ranked,
            entrants,
            &mut pool,
            out.bye.is_none(),
            &h,
            left,
            caps,
        );
        out.pairs.extend(g.pairs);
        out.bye = out.bye.or(g.bye);
        out.notes.extend(g.notes);
    }
    let koth = s.last_round == Some(LastRound::KingOfTheHill) && round == s.rounds;
    let (pairs, bye) = if koth {
        out.notes.push(format!(
            "king of the hill: round {round} is paired 1 v 2, 3 v 4 by the standings"
        ));
        pairing::king_of_the_hill(&pool, &h)
    } else {
        pairing::swiss(&pool, &h)
    };
    out.pairs.extend(pairs);
    if out.bye.is_none() {
        out.bye = bye;
    }
    out
}

/// The players a pairing known before any game seats at `table` of board
/// `b` (first seat first): a round robin's every round, a Swiss round 1; else
/// `None` (a later Swiss round is paired by `event pair`, from the results).
pub fn dealt_players(d: &Description, b: &super::Board, table: u32) -> Option<Vec<String>> {
    let s = b.section;
    let round = super::results::round_of(d, b);
    if let (Some(m), Some(sides)) = (&s.movement, &s.partnerships) {
        return m.players(round, table, sides, s.names.len());
    }
    let entrants = s.entrants.as_ref()?;
    let known = match s.pairing? {
        Pairing::RoundRobin => round >= 1,
        Pairing::Swiss => round == 1,
    };
    if !known {
        return None;
    }
    let (pairs, _) = pairing_of(s, entrants, &[], &[], round);
    let &(a, b) = pairs.get(table.checked_sub(1)? as usize)?;
    Some(vec![entrants[a].clone(), entrants[b].clone()])
}

/// The players at `table` of board `b` as dealt ([`dealt_players`]), else the
/// section's seat names; `None` where a movement's table sits the board's round
/// out: it plays nothing (no record, no score slip).
pub fn dealt_seats(d: &Description, b: &super::Board, table: u32) -> Option<Vec<String>> {
    match dealt_players(d, b, table) {
        Some(players) => Some(players),
        None if b.section.movement.is_some() && matches!(b.label, Label::Main(_)) => None,
        None => Some(b.section.names.clone()),
    }
}

/// The round as text.
pub fn round_text(r: &Round) -> String {
    let mut s = format!(
        "{}\n",
        crate::t!(
            "round-head",
            section = r.section,
            game = r.game,
            pairing = super::report::pairing_name(r.pairing),
            round = r.round,
            rounds = r.rounds,
            count = r.boards.len(),
            boards = r.boards.join(", ")
        )
    );
    for t in &r.tables {
        s.push_str(&format!(
            "  {}\n",
            crate::t!(
                "round-table",
                table = t.table,
                first = t.first.as_str(),
                second = t.second.as_str()
            )
        ));
    }
    let movement = r.tables.iter().any(|t| !t.seats.is_empty());
    if let Some(b) = &r.bye {
        if movement {
            s.push_str(&format!(
                "  {}\n",
                crate::t!("round-sits-out", player = b.as_str())
            ));
        } else {
            s.push_str(&format!(
                "  {}\n",
                crate::t!("round-bye", player = b.as_str())
            ));
        }
    }
    for n in &r.notes {
        s.push_str(&format!("{n}\n"));
    }
    if !movement {
        s.push_str(&format!("{}\n", crate::t!("round-first-named")));
    }
    s
}
