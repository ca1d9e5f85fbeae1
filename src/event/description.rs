//! The event's description: the public file that names the event, its
//! sections (game, variant, players, boards, reserve boards, tables), the
//! public value to come and the key's commitment. Its SHA-256, byte for byte,
//! is the published fingerprint of the event.
//!
//! ```toml
//! format = "tavolo-event-v1"
//! event = "Club night, 14 March"
//! public-value-name = "the five numbers of the Bari lottery draw of 14 March, in order"
//! key-sha256 = "…64 hex digits…"
//!
//! [[section]]
//! game = "moon"
//! variant = "standard"   # optional: the game's first
//! players = 2            # optional: the fewest the variant takes
//! names = ["N", "S"]     # optional: seat names in the records (default P1, P2, ...)
//! boards = 8             # main boards, numbered on through the sections
//! reserve = 2            # optional, default 0: reserve boards R1, R2, ...
//! tables = 4             # optional, default 1: one record per board and table
//! # Optional, for results (docs/events.md, "Results and standings"):
//! entrants = ["Anna", "Bruno", "Carla", "Dario"]
//! pairing = "swiss"      # or "round-robin"; needs entrants, rounds, 2 players
//! rounds = 4             # the boards are shared out evenly over the rounds
//! unfinished = "as-played"        # or "loss-to-move", "left-out"
//! illegal = "loss-to-offender"    # or "as-played", "left-out"
//! tie-breaks = ["wins", "spread", "head-to-head"]
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::rules::{Criterion, Illegal, Pairing, Unfinished};
use crate::error::Error;
use crate::games::{self, Game};
use crate::record::range_text;

/// Most boards an event may have (main and reserve together): far more than
/// any tournament plays, and small enough that a typo cannot fill a disk.
pub const MAX_BOARDS: u32 = 100_000;

/// A description as written in its file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DescriptionFile {
    pub format: String,
    pub event: String,
    pub public_value_name: String,
    /// Absent in a draft (`tavolo event new --from DRAFT`), required to deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_sha256: Option<String>,
    #[serde(rename = "section")]
    pub sections: Vec<SectionFile>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SectionFile {
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Vec<String>>,
    pub boards: u32,
    #[serde(default)]
    pub reserve: u32,
    #[serde(default = "one")]
    pub tables: u32,
    /// The people who play, when they change tables or seats (a paired event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entrants: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing: Option<Pairing>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<Unfinished>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<Illegal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_breaks: Option<Vec<Criterion>>,
}

fn one() -> u32 {
    1
}

/// One section, resolved against the registry.
#[derive(Clone)]
pub struct Section {
    pub game: &'static dyn Game,
    pub variant: String,
    /// Seat names, in turn order.
    pub names: Vec<String>,
    pub boards: u32,
    pub reserve: u32,
    pub tables: u32,
    /// The people who play, if named; else each table's seats are its own.
    pub entrants: Option<Vec<String>>,
    pub pairing: Option<Pairing>,
    /// Rounds (1 unless paired): round `r` plays the `r`-th share of the boards.
    pub rounds: u32,
    pub unfinished: Unfinished,
    pub illegal: Illegal,
    /// The standings' criteria, in order.
    pub tie_breaks: Vec<Criterion>,
}

impl Section {
    /// Main boards per round.
    pub fn boards_per_round(&self) -> u32 {
        self.boards / self.rounds.max(1)
    }
}

impl std::fmt::Debug for Section {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Section")
            .field("game", &self.game.name())
            .field("variant", &self.variant)
            .field("names", &self.names)
            .field("boards", &self.boards)
            .field("reserve", &self.reserve)
            .field("tables", &self.tables)
            .field("entrants", &self.entrants)
            .field("pairing", &self.pairing)
            .field("rounds", &self.rounds)
            .finish()
    }
}

/// A description, read and checked.
#[derive(Debug, Clone)]
pub struct Description {
    pub event: String,
    pub public_value_name: String,
    /// The key's commitment (`None` in a draft).
    pub key_sha256: Option<[u8; 32]>,
    pub sections: Vec<Section>,
    /// SHA-256 of the file's bytes.
    pub sha256: [u8; 32],
    /// The file's text.
    pub text: String,
}

impl DescriptionFile {
    /// The file's text (the description as `tavolo event new` writes it).
    pub fn to_text(&self) -> Result<String, Error> {
        let body = toml::to_string(self)
            .map_err(|e| Error::failed("event.internal", format!("description: {e}")))?;
        Ok(format!(
            "# A tavolo event description ({}): publish this file, unchanged, with its\n\
             # SHA-256 before the event (docs/events.md).\n{body}",
            super::ALGORITHM
        ))
    }
}

impl Description {
    /// Read a description file (exit 2 if missing, unreadable or invalid).
    pub fn read(path: &Path) -> Result<Description, Error> {
        let bytes = std::fs::read(path).map_err(|e| Error::io("event.unreadable", path, &e))?;
        let text = String::from_utf8(bytes).map_err(|_| {
            Error::input("event.unreadable", "the description is not UTF-8 text").in_file(path)
        })?;
        Description::parse(path, text)
    }

    pub fn parse(path: &Path, text: String) -> Result<Description, Error> {
        let file: DescriptionFile =
            toml::from_str(&text).map_err(|e| Error::toml("event.description", path, &text, &e))?;
        let bad = |m: String| Error::input("event.description", m).in_file(path);
        if file.format != super::ALGORITHM {
            return Err(bad(format!(
                "unknown event format `{}`; this tavolo reads `{}`",
                file.format,
                super::ALGORITHM
            )));
        }
        if file.event.trim().is_empty() {
            return Err(bad("the event's name is empty".into()));
        }
        if file.public_value_name.trim().is_empty() {
            return Err(bad(
                "`public-value-name` is empty: say which public value is to come".into(),
            ));
        }
        let key_sha256 = match &file.key_sha256 {
            None => None,
            Some(h) => Some(
                super::unhex32(h)
                    .ok_or_else(|| bad(format!("`key-sha256` is not 64 hex digits: `{h}`")))?,
            ),
        };
        if file.sections.is_empty() {
            return Err(bad("the event has no [[section]]".into()));
        }
        let mut sections = Vec::new();
        let mut total: u64 = 0;
        for (i, s) in file.sections.iter().enumerate() {
            let section = resolve(s).map_err(|e| {
                let mut e = e.in_file(path);
                e.message = format!("section {}: {}", i + 1, e.message);
                e
            })?;
            total += u64::from(section.boards) + u64::from(section.reserve);
            sections.push(section);
        }
        if total > u64::from(MAX_BOARDS) {
            return Err(bad(format!(
                "{total} boards in all: an event has at most {MAX_BOARDS}"
            )));
        }
        Ok(Description {
            event: file.event,
            public_value_name: file.public_value_name,
            key_sha256,
            sections,
            sha256: super::sha256(text.as_bytes()),
            text,
        })
    }

    pub fn sha256_hex(&self) -> String {
        super::hex(&self.sha256)
    }
}

/// A section checked against the registry: the game, variant, players.
pub fn resolve(s: &SectionFile) -> Result<Section, Error> {
    let game = games::require(&s.game)?;
    let variant = games::require_variant(game, s.variant.as_deref())?;
    let counts = game.player_counts(&variant);
    let n = s
        .players
        .or(s.names.as_ref().map(Vec::len))
        .unwrap_or(*counts.start());
    if !counts.contains(&n) {
        return Err(Error::input(
            "event.description",
            format!(
                "{} ({variant}) is for {}, not {n}",
                game.name(),
                range_text(&counts)
            ),
        ));
    }
    let names = match &s.names {
        None => (1..=n).map(|i| format!("P{i}")).collect(),
        Some(names) => {
            if names.len() != n {
                return Err(Error::input(
                    "event.description",
                    format!("`names` gives {} names for {n} players", names.len()),
                ));
            }
            for (i, name) in names.iter().enumerate() {
                if name.trim().is_empty() || names[..i].contains(name) {
                    return Err(Error::input(
                        "event.description",
                        format!("`names`: `{name}` is empty or given twice"),
                    ));
                }
            }
            names.clone()
        }
    };
    if s.boards == 0 {
        return Err(Error::input(
            "event.description",
            "`boards` must be at least 1",
        ));
    }
    if s.tables == 0 {
        return Err(Error::input(
            "event.description",
            "`tables` must be at least 1",
        ));
    }
    let entrants = match &s.entrants {
        None => None,
        Some(list) => {
            for (i, name) in list.iter().enumerate() {
                if name.trim().is_empty() || list[..i].contains(name) {
                    return Err(Error::input(
                        "event.description",
                        format!("`entrants`: `{name}` is empty or given twice"),
                    ));
                }
            }
            if list.len() < n {
                return Err(Error::input(
                    "event.description",
                    format!(
                        "`entrants` names {} people for a {n}-player game",
                        list.len()
                    ),
                ));
            }
            Some(list.clone())
        }
    };
    let rounds = resolve_rounds(s, n, entrants.as_deref())?;
    let tie_breaks = match &s.tie_breaks {
        None => vec![Criterion::Wins, Criterion::Spread],
        Some(list) => {
            if list.is_empty() {
                return Err(Error::input(
                    "event.description",
                    "`tie-breaks` is empty: name at least one criterion",
                ));
            }
            if let Some(c) = list
                .iter()
                .enumerate()
                .find(|(i, c)| list[..*i].contains(c))
            {
                return Err(Error::input(
                    "event.description",
                    format!("`tie-breaks` names `{}` twice", c.1.name()),
                ));
            }
            list.clone()
        }
    };
    Ok(Section {
        game,
        variant,
        names,
        boards: s.boards,
        reserve: s.reserve,
        tables: s.tables,
        entrants,
        pairing: s.pairing,
        rounds,
        unfinished: s.unfinished.unwrap_or_default(),
        illegal: s.illegal.unwrap_or_default(),
        tie_breaks,
    })
}

/// The rounds of a section: 1 unless it is paired; a paired section needs
/// two-player games, its entrants, enough tables, and boards that share out
/// evenly over its rounds.
fn resolve_rounds(
    s: &SectionFile,
    players: usize,
    entrants: Option<&[String]>,
) -> Result<u32, Error> {
    let bad = |m: String| Err(Error::input("event.description", m));
    let Some(pairing) = s.pairing else {
        return match s.rounds {
            None | Some(1) => Ok(1),
            Some(r) => bad(format!(
                "`rounds = {r}` needs a `pairing` (\"swiss\" or \"round-robin\")"
            )),
        };
    };
    let name = pairing.name();
    if players != 2 {
        return bad(format!(
            "`pairing = \"{name}\"` pairs two-player games, not {players}-player ones"
        ));
    }
    let Some(entrants) = entrants else {
        return bad(format!(
            "`pairing = \"{name}\"` needs the `entrants` to pair"
        ));
    };
    let Some(rounds) = s.rounds.filter(|&r| r >= 1) else {
        return bad(format!(
            "`pairing = \"{name}\"` needs `rounds` (at least 1)"
        ));
    };
    let n = entrants.len() as u32;
    if pairing == Pairing::RoundRobin && rounds > n - 1 + n % 2 {
        return bad(format!(
            "a round robin of {n} entrants has {} rounds, not {rounds}",
            n - 1 + n % 2
        ));
    }
    if !s.boards.is_multiple_of(rounds) {
        return bad(format!(
            "{} boards do not share out evenly over {rounds} rounds",
            s.boards
        ));
    }
    if s.tables < n / 2 {
        return bad(format!(
            "{n} entrants need {} tables a round, the section has {}",
            n / 2,
            s.tables
        ));
    }
    Ok(rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> DescriptionFile {
        DescriptionFile {
            format: super::super::ALGORITHM.into(),
            event: "Club night".into(),
            public_value_name: "the lottery".into(),
            key_sha256: Some("ab".repeat(32)),
            sections: vec![SectionFile {
                game: "moon".into(),
                variant: None,
                players: Some(2),
                names: None,
                boards: 4,
                reserve: 1,
                tables: 2,
                entrants: None,
                pairing: None,
                rounds: None,
                unfinished: None,
                illegal: None,
                tie_breaks: None,
            }],
        }
    }

    #[test]
    fn a_written_description_reads_back() {
        let text = file().to_text().unwrap();
        let d = Description::parse(Path::new("e.toml"), text.clone()).unwrap();
        assert_eq!(d.event, "Club night");
        assert_eq!(d.sections[0].game.name(), "moon");
        assert_eq!(d.sections[0].variant, "standard");
        assert_eq!(d.sections[0].names, ["P1", "P2"]);
        assert_eq!(d.sha256, super::super::sha256(text.as_bytes()));
    }

    #[test]
    fn bad_descriptions_are_exit_2_with_a_reason() {
        type Change = Box<dyn Fn(&mut DescriptionFile)>;
        let cases: Vec<(Change, &str)> = vec![
            (
                Box::new(|f| f.sections[0].game = "mon".into()),
                "unknown game",
            ),
            (Box::new(|f| f.sections[0].players = Some(7)), "not 7"),
            (Box::new(|f| f.sections[0].boards = 0), "at least 1"),
            (Box::new(|f| f.sections.clear()), "no [[section]]"),
            (
                Box::new(|f| f.key_sha256 = Some("xyz".into())),
                "key-sha256",
            ),
            (Box::new(|f| f.format = "v0".into()), "unknown event format"),
            (Box::new(|f| f.sections[0].boards = MAX_BOARDS), "at most"),
        ];
        for (change, expect) in cases {
            let mut f = file();
            change(&mut f);
            let e = Description::parse(Path::new("e.toml"), f.to_text().unwrap()).unwrap_err();
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains(expect), "{e}");
        }
        let e =
            Description::parse(Path::new("e.toml"), "event = 1\nnope = 2\n".into()).unwrap_err();
        assert_eq!((e.code, e.exit_code()), ("event.description", 2));
    }
}
