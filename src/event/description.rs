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

use super::rules::{Criterion, Illegal, LastRound, Pairing, Unfinished};
use super::spans::{self, Step};
use crate::error::Error;
use crate::games::{self, Game};
use crate::record::range_text;

/// Most boards an event may have (main and reserve together): far more than
/// any tournament plays, and small enough that a typo cannot fill a disk.
pub const MAX_BOARDS: u32 = 100_000;

/// Most records an event deals (each board, main and reserve, at each of its
/// section's tables): `event deal --out` writes one file each.
pub const MAX_RECORDS: u64 = 100_000;

/// The first character of a name it may not hold: [`crate::names`], the one home of that rule
/// (a line break would end a record's comment line; terminal escapes would be printed raw).
pub use crate::names::unsafe_char;

/// Why `name` may not be used, in words, or `None`.
fn name_fault(what: &str, name: &str) -> Option<String> {
    unsafe_char(name).map(|c| {
        format!(
            "{what} {} holds the character U+{:04X}: names hold no control characters or \
             direction overrides",
            name.escape_debug(),
            c as u32
        )
    })
}

/// A description as written in its file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DescriptionFile {
    pub format: String,
    pub event: String,
    pub public_value_name: String,
    /// The language of everything the event prints (`it`, `en`; issue 42): results, slips,
    /// standings, sheets. `--lang` overrides it; absent, the locale's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
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
    /// The sides of a partnership game, by seat name (`[["N", "S"], ["E", "W"]]`):
    /// scored together, one standings line a side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partnerships: Option<Vec<Vec<String>>>,
    /// The entrants' ratings (`{ Anna = 1620, Bruno = 1480 }`): the seeding,
    /// highest first, for a Swiss round 1 and the standings' last ties.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<std::collections::BTreeMap<String, i64>>,
    /// A Swiss section: the Gibson rule (a leader nobody can catch meets the
    /// highest-ranked player out of contention; docs/events.md, "Gibson rule").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gibson: Option<bool>,
    /// The most spread a chaser is taken to win a round by, with 1, 2, 3 ...
    /// rounds left (the last value for more): default tsh's `[250, 175, 150]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gibson_spread: Option<Vec<i64>>,
    /// A Swiss section: how its last round is paired (`"king-of-the-hill"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_round: Option<LastRound>,
    /// A partnership section's movement (`"mitchell"`): its `pairs` change
    /// tables round by round (docs/events.md, "Movements").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<super::movement::Kind>,
    /// The pairs a movement moves, each pair's members in its side's seat order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairs: Option<Vec<Vec<String>>>,
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
    /// The sides of a partnership game, as seat indices (every seat in one).
    pub partnerships: Option<Vec<Vec<usize>>>,
    /// The entrants in seeding order: by rating, highest first (those
    /// without one after, in the entrants' order); else the entrants' order.
    pub seeding: Vec<String>,
    /// The Gibson rule's spread a round by rounds left (`None`: no Gibson rule).
    pub gibson: Option<Vec<i64>>,
    /// How the last round is paired, if not by the section's method.
    pub last_round: Option<LastRound>,
    /// Rounds paired by hand or with fixed tables (the pairings file beside
    /// the description, [`super::manual`]; empty from [`Description::parse`]).
    pub manual: Vec<super::manual::ManualRound>,
    /// A partnership section's movement: its entrants are the pairs' members,
    /// its rounds and tables the movement's.
    pub movement: Option<super::movement::Movement>,
}

impl Section {
    /// Main boards per round.
    pub fn boards_per_round(&self) -> u32 {
        self.boards / self.rounds.max(1)
    }

    /// Its tables change players from round to round: a `pairing` or a
    /// `movement` (`event pair` pairs it, round by round).
    pub fn is_paired(&self) -> bool {
        self.pairing.is_some() || self.movement.is_some()
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
    /// The language the event prints in (`lang = "it"`), if it names one.
    pub lang: Option<crate::lang::Lang>,
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
        let mut d = Description::parse(path, text)?;
        super::manual::read_beside(&mut d, path)?;
        Ok(d)
    }

    pub fn parse(path: &Path, text: String) -> Result<Description, Error> {
        let file: DescriptionFile =
            toml::from_str(&text).map_err(|e| Error::toml("event.description", path, &text, &e))?;
        // Each check names the value at fault, by its line and column.
        let bad = |key: &str, m: String| {
            Error::input("event.description", m).at(spans::locate(path, &text, &[Step::Key(key)]))
        };
        if file.format != super::ALGORITHM {
            return Err(bad(
                "format",
                format!(
                    "unknown event format `{}`; this tavolo reads `{}`",
                    file.format,
                    super::ALGORITHM
                ),
            ));
        }
        if file.event.trim().is_empty() {
            return Err(bad("event", "the event's name is empty".into()));
        }
        if let Some(m) = name_fault("the event's name", &file.event) {
            return Err(bad("event", m));
        }
        if file.public_value_name.trim().is_empty() {
            return Err(bad(
                "public-value-name",
                "`public-value-name` is empty: say which public value is to come".into(),
            ));
        }
        let lang = match &file.lang {
            None => None,
            Some(l) => Some(
                crate::lang::Lang::parse(l)
                    .filter(|l| *l != crate::lang::Lang::Pseudo)
                    .ok_or_else(|| {
                        bad(
                            "lang",
                            format!("`lang = \"{l}\"` is not a language tavolo speaks: it or en"),
                        )
                    })?,
            ),
        };
        let key_sha256 = match &file.key_sha256 {
            None => None,
            Some(h) => Some(super::unhex32(h).ok_or_else(|| {
                bad(
                    "key-sha256",
                    format!("`key-sha256` is not 64 hex digits: `{h}`"),
                )
            })?),
        };
        if file.sections.is_empty() {
            return Err(bad("section", "the event has no [[section]]".into()));
        }
        let mut sections = Vec::new();
        let mut total: u64 = 0;
        let mut records: u64 = 0;
        for (i, s) in file.sections.iter().enumerate() {
            let at = |key: &str, item: Option<usize>| {
                let mut steps = vec![Step::Key("section"), Step::Item(i), Step::Key(key)];
                steps.extend(item.map(Step::Item));
                spans::locate(path, &text, &steps)
            };
            let section = resolve_at(s).map_err(|Fault { error, key, item }| {
                let mut e = error.at(at(key, item));
                e.message = format!("section {}: {}", i + 1, e.message);
                e
            })?;
            total += u64::from(section.boards) + u64::from(section.reserve);
            if total > u64::from(MAX_BOARDS) {
                let key = if s.reserve > 0 { "reserve" } else { "boards" };
                return Err(Error::input(
                    "event.description",
                    format!(
                        "section {}: {total} boards in all so far: an event has at most {MAX_BOARDS}",
                        i + 1
                    ),
                )
                .at(at(key, None)));
            }
            records += (u64::from(section.boards) + u64::from(section.reserve))
                * u64::from(section.tables);
            if records > MAX_RECORDS {
                return Err(Error::input(
                    "event.description",
                    format!(
                        "section {}: {records} records in all so far (boards and reserve boards \
                         times tables): an event deals at most {MAX_RECORDS}",
                        i + 1
                    ),
                )
                .at(at("tables", None)));
            }
            sections.push(section);
        }
        Ok(Description {
            event: file.event,
            public_value_name: file.public_value_name,
            key_sha256,
            lang,
            sections,
            sha256: super::sha256(text.as_bytes()),
            text,
        })
    }

    pub fn sha256_hex(&self) -> String {
        super::hex(&self.sha256)
    }
}

/// A section's check that failed, and the value at fault: its key in the
/// section and, in a list, its place (for the error's line and column).
pub struct Fault {
    pub error: Error,
    pub key: &'static str,
    pub item: Option<usize>,
}

fn fault(key: &'static str, item: Option<usize>, message: String) -> Fault {
    Fault {
        error: Error::input("event.description", message),
        key,
        item,
    }
}

/// A section checked against the registry: the game, variant, players.
pub fn resolve(s: &SectionFile) -> Result<Section, Error> {
    resolve_at(s).map_err(|f| f.error)
}

/// [`resolve`], naming the value at fault.
pub fn resolve_at(s: &SectionFile) -> Result<Section, Fault> {
    let on = |key: &'static str| {
        move |error: Error| Fault {
            error,
            key,
            item: None,
        }
    };
    let game = games::require(&s.game).map_err(on("game"))?;
    let variant = games::require_variant(game, s.variant.as_deref()).map_err(on("variant"))?;
    let counts = game.player_counts(&variant);
    let n = s
        .players
        .or(s.names.as_ref().map(Vec::len))
        .unwrap_or(*counts.start());
    if !counts.contains(&n) {
        return Err(fault(
            if s.players.is_some() {
                "players"
            } else {
                "names"
            },
            None,
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
                return Err(fault(
                    "names",
                    None,
                    format!("`names` gives {} names for {n} players", names.len()),
                ));
            }
            for (i, name) in names.iter().enumerate() {
                if name.trim().is_empty() || names[..i].contains(name) {
                    return Err(fault(
                        "names",
                        Some(i),
                        format!("`names`: `{name}` is empty or given twice"),
                    ));
                }
                if let Some(m) = name_fault("`names`:", name) {
                    return Err(fault("names", Some(i), m));
                }
            }
            names.clone()
        }
    };
    if s.boards == 0 {
        return Err(fault("boards", None, "`boards` must be at least 1".into()));
    }
    if s.tables == 0 {
        return Err(fault("tables", None, "`tables` must be at least 1".into()));
    }
    let entrants = match &s.entrants {
        None => None,
        Some(list) => {
            for (i, name) in list.iter().enumerate() {
                if name.trim().is_empty() || list[..i].contains(name) {
                    return Err(fault(
                        "entrants",
                        Some(i),
                        format!("`entrants`: `{name}` is empty or given twice"),
                    ));
                }
                if let Some(m) = name_fault("`entrants`:", name) {
                    return Err(fault("entrants", Some(i), m));
                }
            }
            if list.len() < n {
                return Err(fault(
                    "entrants",
                    None,
                    format!(
                        "`entrants` names {} people for a {n}-player game",
                        list.len()
                    ),
                ));
            }
            Some(list.clone())
        }
    };
    let (entrants, movement) = match resolve_movement(s)? {
        Some(m) => (Some(m.pairs.concat()), Some(m)),
        None => (entrants, None),
    };
    let rounds = match &movement {
        Some(m) => m.tables(),
        None => resolve_rounds(s, n, entrants.as_deref())?,
    };
    let tie_breaks = match &s.tie_breaks {
        None => vec![Criterion::Wins, Criterion::Spread],
        Some(list) => {
            if list.is_empty() {
                return Err(fault(
                    "tie-breaks",
                    None,
                    "`tie-breaks` is empty: name at least one criterion".into(),
                ));
            }
            if let Some((i, c)) = list
                .iter()
                .enumerate()
                .find(|(i, c)| list[..*i].contains(c))
            {
                return Err(fault(
                    "tie-breaks",
                    Some(i),
                    format!("`tie-breaks` names `{}` twice", c.name()),
                ));
            }
            list.clone()
        }
    };
    let seeding = match (&s.ratings, &entrants) {
        (None, e) => e.clone().unwrap_or_default(),
        (Some(_), None) => {
            return Err(fault(
                "ratings",
                None,
                "`ratings` rates the `entrants`: name them".into(),
            ))
        }
        (Some(r), Some(e)) => {
            if let Some(who) = r.keys().find(|k| !e.contains(k)) {
                return Err(fault(
                    "ratings",
                    None,
                    format!("`ratings`: `{who}` is not among the entrants"),
                ));
            }
            let mut order: Vec<(usize, &String)> = e.iter().enumerate().collect();
            order.sort_by_key(|(i, n)| (r.get(*n).map(|x| std::cmp::Reverse(*x)), *i));
            // Rated first (highest first), then the unrated in entry order.
            order.sort_by_key(|(_, n)| !r.contains_key(*n));
            order.into_iter().map(|(_, n)| n.clone()).collect()
        }
    };
    let partnerships = match &s.partnerships {
        None => None,
        Some(sides) => {
            let mut seen = vec![false; names.len()];
            let mut out = Vec::new();
            for (i, side) in sides.iter().enumerate() {
                let mut seats = Vec::new();
                for who in side {
                    let Some(seat) = names.iter().position(|n| n == who) else {
                        return Err(fault(
                            "partnerships",
                            Some(i),
                            format!(
                                "`partnerships`: `{who}` is not a seat; the seats are {}",
                                names.join(", ")
                            ),
                        ));
                    };
                    if std::mem::replace(&mut seen[seat], true) {
                        return Err(fault(
                            "partnerships",
                            Some(i),
                            format!("`partnerships`: `{who}` is on two sides"),
                        ));
                    }
                    seats.push(seat);
                }
                out.push(seats);
            }
            if let Some(seat) = seen.iter().position(|s| !s) {
                return Err(fault(
                    "partnerships",
                    None,
                    format!("`partnerships`: `{}` is on no side", names[seat]),
                ));
            }
            if out.len() < 2 || out.iter().any(Vec::is_empty) {
                return Err(fault(
                    "partnerships",
                    None,
                    "`partnerships` needs two sides or more, none empty".into(),
                ));
            }
            Some(out)
        }
    };
    let seeding = match &movement {
        Some(m) => (0..m.pairs.len()).map(|i| m.pair_name(i)).collect(),
        None => seeding,
    };
    if let Some(m) = &movement {
        // Two sides of as many seats as each pair has members.
        let fits = partnerships
            .as_ref()
            .is_some_and(|p| p.len() == 2 && p.iter().all(|side| side.len() == m.pairs[0].len()));
        if !fits {
            return Err(fault(
                "movement",
                None,
                format!(
                    "a movement moves pairs of {}: it needs two `partnerships` sides of {} seats \
                     each, e.g. [[\"N\", \"S\"], [\"E\", \"W\"]]",
                    m.pairs[0].len(),
                    m.pairs[0].len()
                ),
            ));
        }
    }
    let swiss_only = |key: &'static str, what: &str| {
        if s.pairing != Some(Pairing::Swiss) {
            return Err(fault(
                key,
                None,
                format!("`{key}` {what}: it needs `pairing = \"swiss\"`"),
            ));
        }
        Ok(())
    };
    let gibson = match (s.gibson, &s.gibson_spread) {
        (None | Some(false), None) => None,
        (None | Some(false), Some(_)) => {
            return Err(fault(
                "gibson-spread",
                None,
                "`gibson-spread` is for the Gibson rule: add `gibson = true`".into(),
            ))
        }
        (Some(true), caps) => {
            swiss_only("gibson", "pairs a leader nobody can catch")?;
            let caps = caps.clone().unwrap_or_else(|| vec![250, 175, 150]);
            if caps.is_empty() {
                return Err(fault(
                    "gibson-spread",
                    None,
                    "`gibson-spread` is empty: give the spread a round, e.g. [250, 175, 150]"
                        .into(),
                ));
            }
            if let Some(i) = caps.iter().position(|&c| c < 0) {
                return Err(fault(
                    "gibson-spread",
                    Some(i),
                    format!("`gibson-spread`: {} is below 0", caps[i]),
                ));
            }
            Some(caps)
        }
    };
    if s.last_round.is_some() {
        swiss_only("last-round", "pairs the last round by the standings")?;
    }
    Ok(Section {
        gibson,
        last_round: s.last_round,
        manual: Vec::new(),
        movement,
        seeding,
        partnerships,
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

/// A section's movement (`movement` and `pairs`), checked: the pairs'
/// members named once each, at least two pairs of one size, `tables` and
/// `rounds` (if given) the movement's, boards that share out over its rounds.
fn resolve_movement(s: &SectionFile) -> Result<Option<super::movement::Movement>, Fault> {
    let (kind, pairs) = match (s.movement, &s.pairs) {
        (None, None) => return Ok(None),
        (None, Some(_)) => {
            return Err(fault(
                "pairs",
                None,
                "`pairs` are moved by a movement: add `movement = \"mitchell\"`".into(),
            ))
        }
        (Some(_), None) => {
            return Err(fault(
                "movement",
                None,
                "a movement moves `pairs`: name them, e.g. [[\"Anna\", \"Bruno\"], ...]".into(),
            ))
        }
        (Some(k), Some(p)) => (k, p),
    };
    if s.pairing.is_some() {
        return Err(fault(
            "movement",
            None,
            "a section has a `pairing` or a `movement`, not both".into(),
        ));
    }
    if s.entrants.is_some() {
        return Err(fault(
            "entrants",
            None,
            "with a movement the entrants are the `pairs`' members: leave `entrants` out".into(),
        ));
    }
    if pairs.len() < 2 {
        return Err(fault(
            "pairs",
            None,
            format!("a movement needs two pairs or more, not {}", pairs.len()),
        ));
    }
    let mut seen: Vec<&String> = Vec::new();
    for (i, pair) in pairs.iter().enumerate() {
        if pair.is_empty() || pair.len() != pairs[0].len() {
            return Err(fault(
                "pairs",
                Some(i),
                format!(
                    "`pairs`: pair {} has {} members, pair 1 {}: every pair as many",
                    i + 1,
                    pair.len(),
                    pairs[0].len()
                ),
            ));
        }
        for name in pair {
            if name.trim().is_empty() || seen.contains(&name) {
                return Err(fault(
                    "pairs",
                    Some(i),
                    format!("`pairs`: `{name}` is empty or given twice"),
                ));
            }
            if let Some(m) = name_fault("`pairs`:", name) {
                return Err(fault("pairs", Some(i), m));
            }
            seen.push(name);
        }
    }
    let m = super::movement::Movement {
        kind,
        pairs: pairs.clone(),
    };
    let t = m.tables();
    if s.tables != t {
        return Err(fault(
            "tables",
            None,
            format!(
                "{} pairs in a {} movement play at {t} tables: `tables = {t}`",
                pairs.len(),
                kind.name()
            ),
        ));
    }
    if let Some(r) = s.rounds.filter(|&r| r != t) {
        return Err(fault(
            "rounds",
            None,
            format!(
                "the movement of {} pairs has {t} rounds, not {r}",
                pairs.len()
            ),
        ));
    }
    if !s.boards.is_multiple_of(t) {
        return Err(fault(
            "boards",
            None,
            format!(
                "{} boards do not share out over the movement's {t} rounds",
                s.boards
            ),
        ));
    }
    Ok(Some(m))
}

/// The rounds of a section: 1 unless it is paired; a paired section needs
/// two-player games, its entrants, enough tables, and boards that share out
/// evenly over its rounds.
fn resolve_rounds(
    s: &SectionFile,
    players: usize,
    entrants: Option<&[String]>,
) -> Result<u32, Fault> {
    let bad = |key, m: String| Err(fault(key, None, m));
    let Some(pairing) = s.pairing else {
        return match s.rounds {
            None | Some(1) => Ok(1),
            Some(r) => bad(
                "rounds",
                format!("`rounds = {r}` needs a `pairing` (\"swiss\" or \"round-robin\")"),
            ),
        };
    };
    let name = pairing.name();
    if players != 2 {
        return bad(
            "pairing",
            format!("`pairing = \"{name}\"` pairs two-player games, not {players}-player ones"),
        );
    }
    let Some(entrants) = entrants else {
        return bad(
            "pairing",
            format!("`pairing = \"{name}\"` needs the `entrants` to pair"),
        );
    };
    let Some(rounds) = s.rounds.filter(|&r| r >= 1) else {
        // `rounds = 0` is at fault; no `rounds` at all, the pairing that needs it.
        let key = if s.rounds.is_some() {
            "rounds"
        } else {
            "pairing"
        };
        return bad(
            key,
            format!("`pairing = \"{name}\"` needs `rounds` (at least 1)"),
        );
    };
    let n = entrants.len() as u32;
    if pairing == Pairing::RoundRobin && rounds > n - 1 + n % 2 {
        return bad(
            "rounds",
            format!(
                "a round robin of {n} entrants has {} rounds, not {rounds}",
                n - 1 + n % 2
            ),
        );
    }
    if !s.boards.is_multiple_of(rounds) {
        return bad(
            "boards",
            format!(
                "{} boards do not share out evenly over {rounds} rounds",
                s.boards
            ),
        );
    }
    if s.tables < n / 2 {
        return bad(
            "tables",
            format!(
                "{n} entrants need {} tables a round, the section has {}",
                n / 2,
                s.tables
            ),
        );
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
            lang: None,
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
                partnerships: None,
                ratings: None,
                ..SectionFile::default()
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

    /// Issue 28, bad input: every check made after the TOML is read names the
    /// value at fault by line and column (exit 2), as the TOML errors do.
    #[test]
    fn semantic_errors_name_the_line_and_column_of_the_value_at_fault() {
        const BASE: &str = "format = \"tavolo-event-v1\"\nevent = \"Club\"\n\
                            public-value-name = \"lottery\"\n\n[[section]]\n\
                            game = \"moon\"\nboards = 4\ntables = 2\n";
        let add = |extra: &str| format!("{BASE}{extra}\n");
        let swap = |from: &str, to: &str| {
            assert!(BASE.contains(from));
            BASE.replace(from, to)
        };
        let four = "entrants = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\"]";
        let six = "entrants = [\"A\", \"B\", \"C\", \"D\", \"E\", \"F\"]";
        let cases: Vec<(String, (usize, usize), &str)> = vec![
            (swap("v1\"", "v0\""), (1, 10), "unknown event format"),
            (swap("\"Club\"", "\" \""), (2, 9), "name is empty"),
            (swap("\"lottery\"", "\"\""), (3, 21), "is empty"),
            (
                swap("\n\n[[", "\nkey-sha256 = \"xyz\"\n[["),
                (4, 14),
                "64 hex",
            ),
            (swap("\"moon\"", "\"mon\""), (6, 8), "unknown game `mon`"),
            (add("variant = \"nope\""), (9, 11), "no variant `nope`"),
            (add("players = 7"), (9, 11), "not 7"),
            (add("names = [\"A\"]"), (9, 9), "not 1"),
            (
                add("players = 2\nnames = [\"A\", \"A\"]"),
                (10, 15),
                "given twice",
            ),
            (swap("boards = 4", "boards = 0"), (7, 10), "at least 1"),
            (swap("tables = 2", "tables = 0"), (8, 10), "at least 1"),
            (
                add("entrants = [\"Anna\", \"Bruno\", \"Anna\"]"),
                (9, 30),
                "`Anna` is empty or given twice",
            ),
            (add("entrants = [\"Anna\"]"), (9, 12), "1 people"),
            (add("rounds = 3"), (9, 10), "needs a `pairing`"),
            (add("pairing = \"swiss\""), (9, 11), "needs the `entrants`"),
            (
                add(&format!("{four}\npairing = \"swiss\"")),
                (10, 11),
                "needs `rounds`",
            ),
            (
                add(&format!("{four}\npairing = \"swiss\"\nrounds = 0")),
                (11, 10),
                "needs `rounds`",
            ),
            (
                add(&format!("{four}\npairing = \"round-robin\"\nrounds = 4")),
                (11, 10),
                "has 3 rounds, not 4",
            ),
            (
                add(&format!("{four}\npairing = \"swiss\"\nrounds = 3")),
                (7, 10),
                "do not share out evenly",
            ),
            (
                add(&format!("{six}\npairing = \"swiss\"\nrounds = 2")),
                (8, 10),
                "need 3 tables",
            ),
            (add("tie-breaks = []"), (9, 14), "is empty"),
            (
                add("tie-breaks = [\"wins\", \"spread\", \"wins\"]"),
                (9, 33),
                "names `wins` twice",
            ),
            (
                swap("boards = 4", "boards = 100001"),
                (7, 10),
                "at most 100000",
            ),
            (
                add("[[section]]\ngame = \"moon\"\nboards = 0"),
                (11, 10),
                "section 2: `boards` must be at least 1",
            ),
            // Issue 38: tables are capped with boards; names hold no
            // control characters or direction overrides.
            (
                swap("tables = 2", "tables = 1000000000"),
                (8, 10),
                "at most 100000",
            ),
            (swap("\"Club\"", "\"Club\\nnight\""), (2, 9), "U+000A"),
            (
                add("entrants = [\"Anna\", \"\\u001b]0;x\\u0007\"]"),
                (9, 21),
                "U+001B",
            ),
            (
                add("players = 2\nnames = [\"A\", \"\\u202eB\"]"),
                (10, 15),
                "U+202E",
            ),
        ];
        Description::parse(Path::new("e.toml"), BASE.into()).unwrap();
        for (text, (line, column), words) in cases {
            let e = Description::parse(Path::new("e.toml"), text.clone()).unwrap_err();
            // The registry's own codes for a game or variant it does not have.
            let codes = [
                "event.description",
                "cli.unknown-game",
                "cli.unknown-variant",
            ];
            assert!(codes.contains(&e.code) && e.exit_code() == 2, "{e}");
            let loc = e.location.as_deref().unwrap();
            assert_eq!(loc.file, Path::new("e.toml"));
            assert_eq!(
                (loc.line, loc.column),
                (Some(line), Some(column)),
                "{e}\n{text}"
            );
            assert!(e.message.contains(words), "{e}");
        }
    }
}
