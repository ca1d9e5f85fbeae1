//! The next round of a paired section (`tavolo event pair`): the history of
//! the rounds played, read from the results, and the pairing the section's
//! method gives ([`super::pairing`]).

use serde::Serialize;

use super::boards::Label;
use super::pairing::{self, History};
use super::results::Results;
use super::rules::Pairing;
use super::Description;
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
}

/// One table: the first seat moves first.
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    pub table: u32,
    pub first: String,
    pub second: String,
}

/// The paired section `section` (1-based; `None`: the only paired one).
pub fn paired_section(d: &Description, section: Option<usize>) -> Result<usize, Error> {
    let paired: Vec<usize> = (0..d.sections.len())
        .filter(|&i| d.sections[i].pairing.is_some())
        .collect();
    match section {
        Some(n) if n >= 1 && n <= d.sections.len() => {
            if d.sections[n - 1].pairing.is_none() {
                return Err(Error::input(
                    "event.not-paired",
                    format!("section {n} has no `pairing`: its tables keep their players"),
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
/// them names its board (`records`, as the results read them).
pub fn pair(
    d: &Description,
    si: usize,
    results: &Results,
    records: &[(std::path::PathBuf, String)],
    round: u32,
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
    let index = |name: &str| entrants.iter().position(|e| e == name);
    let mut h = History::new(entrants.len());
    let mut in_round = vec![vec![false; entrants.len()]; round as usize];
    for r in sec
        .records
        .iter()
        .filter(|r| matches!(r.status, "ok" | "slip") && r.round > 0)
    {
        let seats: Vec<usize> = r.players.iter().filter_map(|p| index(p)).collect();
        if let [a, b] = seats[..] {
            // One game a table and round, however many boards it holds.
            if !in_round[r.round as usize - 1][a] {
                h.played(a, b);
            }
            in_round[r.round as usize - 1][a] = true;
            in_round[r.round as usize - 1][b] = true;
        }
    }
    for (r, played) in in_round.iter().enumerate().take(round as usize - 1) {
        if method == Pairing::Swiss && !played.iter().any(|&p| p) {
            return Err(Error::input(
                "event.round-missing",
                format!(
                    "round {} has no records: a Swiss round is paired from the ones before",
                    r + 1
                ),
            ));
        }
        for (p, &was) in played.iter().enumerate() {
            if !was {
                h.byes.insert(p);
            }
        }
    }
    let (pairs, bye) = match method {
        Pairing::RoundRobin => pairing::berger(entrants.len(), round as usize - 1),
        Pairing::Swiss => {
            let ranked: Vec<usize> = sec
                .standings
                .iter()
                .filter_map(|st| index(&st.name))
                .collect();
            pairing::swiss(&ranked, &h)
        }
    };
    let first: u32 = d.sections[..si].iter().map(|x| x.boards).sum();
    let k = s.boards_per_round();
    let boards = (1..=k)
        .map(|b| Label::Main(first + (round - 1) * k + b).to_string())
        .collect();
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
            })
            .collect(),
        bye: bye.map(|b| entrants[b].clone()),
    })
}

/// The round as text.
pub fn round_text(r: &Round) -> String {
    let mut s = format!(
        "section {}: {}, {}, round {} of {}: board{} {}\n",
        r.section,
        r.game,
        r.pairing,
        r.round,
        r.rounds,
        if r.boards.len() == 1 { "" } else { "s" },
        r.boards.join(", ")
    );
    for t in &r.tables {
        s.push_str(&format!(
            "  table {}: {} v {}\n",
            t.table, t.first, t.second
        ));
    }
    if let Some(b) = &r.bye {
        s.push_str(&format!("  bye: {b}\n"));
    }
    s.push_str("the first named at each table has the first seat and moves first\n");
    s
}
