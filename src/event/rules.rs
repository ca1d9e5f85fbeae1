//! How an event counts its games and ranks its players: the description's
//! `unfinished`, `illegal`, `tie-breaks` and `pairing` values, as data (each
//! documented in docs/events.md, "Results and standings").

use serde::{Deserialize, Serialize};

/// How a record whose game is not over counts (`unfinished = ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unfinished {
    /// As if the game ended now: the running scores decide; a game that
    /// keeps no score is a tie.
    #[default]
    AsPlayed,
    /// The player to move loses; the scores are those so far.
    LossToMove,
    /// Not counted (listed, never dropped silently).
    LeftOut,
}

/// How an illegal record counts (`illegal = ...`) when the game's own rules
/// do not decide it (MOON's MN-3 does: its ruling stands).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Illegal {
    /// The author of the first illegal move loses; the scores are those
    /// before it.
    #[default]
    LossToOffender,
    /// As if the game ended before the illegal move (the running scores decide).
    AsPlayed,
    /// Not counted.
    LeftOut,
}

/// One criterion of the standings, applied in the order written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// Games won (a tie is half a win), most first.
    Wins,
    /// Sum of each game's spread (own points minus the best opponent's), most first.
    Spread,
    /// Sum of own points, most first.
    Points,
    /// Duplicate: matchpoints as a percentage of the top, highest first.
    Percent,
    /// Solitaires: boards solved, most first.
    Solved,
    /// Solitaires: moves over the boards solved, fewest first.
    Moves,
    /// Among the players still tied: wins in the games between them.
    HeadToHead,
    /// The opponents' wins added, over every game played (a bye has no
    /// opponent and adds nothing), most first.
    Buchholz,
    /// Buchholz without the best and the worst opponent (with three
    /// opponents or more), most first.
    MedianBuchholz,
    /// Sonneborn-Berger: the wins of each opponent beaten added, and half
    /// those of each opponent tied, most first.
    SonnebornBerger,
    /// Cumulative (progressive) score: the player's wins after each round
    /// added up over the rounds, so early wins weigh more, most first.
    Cumulative,
}

impl Criterion {
    pub fn name(self) -> &'static str {
        match self {
            Criterion::Wins => "wins",
            Criterion::Spread => "spread",
            Criterion::Points => "points",
            Criterion::Percent => "percent",
            Criterion::Solved => "solved",
            Criterion::Moves => "moves",
            Criterion::HeadToHead => "head-to-head",
            Criterion::Buchholz => "buchholz",
            Criterion::MedianBuchholz => "median-buchholz",
            Criterion::SonnebornBerger => "sonneborn-berger",
            Criterion::Cumulative => "cumulative",
        }
    }
}

/// How the rounds of a section are paired (`pairing = ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pairing {
    /// Berger tables: everyone meets everyone once.
    RoundRobin,
    /// From the standings so far, no pair meeting twice while avoidable.
    Swiss,
}

impl Pairing {
    pub fn name(self) -> &'static str {
        match self {
            Pairing::RoundRobin => "round-robin",
            Pairing::Swiss => "swiss",
        }
    }
}

/// How a Swiss section pairs its last round (`last-round = ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LastRound {
    /// King of the hill: by the standings, 1 v 2, 3 v 4, ..., repeats allowed.
    KingOfTheHill,
}

impl LastRound {
    pub fn name(self) -> &'static str {
        match self {
            LastRound::KingOfTheHill => "king-of-the-hill",
        }
    }
}
