//! A duplicate movement for a partnership game of two sides (Farfalia for
//! four): who plays which boards at which table in each round, as a bridge
//! director's Mitchell.
//!
//! With `n` pairs (`pairs` in the description, each pair's members in the
//! seat order of its side: `["Anna", "Bruno"]` sits Anna at N and Bruno at S,
//! or at E and W), there are `t = ⌈n/2⌉` tables and `t` rounds. Pairs 1 to
//! `t` sit N-S, one at each table, and stay there all event; the others sit
//! E-W and move up one table each round: in round `r` (1-based) the E-W pair
//! `e` (1-based among the E-W pairs) sits at table `((e − 1 + r − 1) mod t) + 1`.
//! With an odd number of pairs the last E-W place is empty (a phantom), and
//! the N-S pair it meets sits out that round. Each round every table plays
//! the round's boards (the section's boards shared out evenly over the
//! rounds), so a board of the round is played at every table by different
//! N-S pairs and by different E-W pairs: those are the comparisons, and only
//! those (no pair plays a board twice, and N-S is never compared with E-W).
//! Every E-W pair meets every N-S pair once.

use serde::{Deserialize, Serialize};

use super::boards::{Board, Label};
use super::results::Missing;
use super::{Description, Section};

/// The movement a section names (`movement = ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// N-S stationary, E-W moving up a table a round.
    Mitchell,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Mitchell => "mitchell",
        }
    }
}

/// A section's movement, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movement {
    pub kind: Kind,
    /// Each pair's members, in the seat order of its side.
    pub pairs: Vec<Vec<String>>,
}

/// One table of a round: the N-S and the E-W pair (indices into `pairs`);
/// `None` where the phantom sits (the other pair sits out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seating {
    pub table: u32,
    pub ns: Option<usize>,
    pub ew: Option<usize>,
}

impl Movement {
    /// Tables, and rounds: `⌈n/2⌉`.
    pub fn tables(&self) -> u32 {
        self.pairs.len().div_ceil(2) as u32
    }

    /// A pair's name: its members joined (`Anna & Bruno`), as the standings
    /// name a side.
    pub fn pair_name(&self, i: usize) -> String {
        self.pairs[i].join(" & ")
    }

    /// Round `round` (1-based): each table's pairs.
    pub fn round(&self, round: u32) -> Vec<Seating> {
        let t = self.tables() as usize;
        let n = self.pairs.len();
        let r = round.max(1) as usize - 1;
        (0..t)
            .map(|table| {
                // The E-W pair at `table`: e with (e + r) mod t == table.
                let e = (table + t - r % t) % t;
                let ew = t + e;
                Seating {
                    table: table as u32 + 1,
                    ns: Some(table),
                    ew: (ew < n).then_some(ew),
                }
            })
            .collect()
    }

    /// The players of a table of round `round` by seat (`names` the seat
    /// names, `sides` the partnership's seats: N-S first, then E-W), or
    /// `None` if the table sits out or the section has no such table.
    pub fn players(
        &self,
        round: u32,
        table: u32,
        sides: &[Vec<usize>],
        seats: usize,
    ) -> Option<Vec<String>> {
        let s = self.round(round).into_iter().find(|s| s.table == table)?;
        let (ns, ew) = (s.ns?, s.ew?);
        let mut out = vec![String::new(); seats];
        for (side, pair) in sides.iter().zip([ns, ew]) {
            for (&seat, who) in side.iter().zip(&self.pairs[pair]) {
                out[seat] = who.clone();
            }
        }
        Some(out)
    }
}

/// A record's seat names (`N`, `E`, ...: made at a table from a record of
/// another program, or unnamed) in a section with a movement: the movement's
/// players at its table and round; any other names as they are.
pub fn seat_names_taken(
    section: &Section,
    round: u32,
    table: u32,
    names: Option<Vec<String>>,
) -> Option<Vec<String>> {
    match (&section.movement, &section.partnerships, names) {
        (Some(m), Some(sides), Some(n)) if n == section.names && round > 0 => {
            m.players(round, table, sides, n.len()).or(Some(n))
        }
        (_, _, n) => n,
    }
}

/// In a section with a movement, a record's players (a record judged its
/// board's; `table` 0: not checked) must be the movement's
/// at its table and round (else comparisons would set a pair against one in
/// the other direction, or against itself): the fault in words.
pub fn check_seats(
    section: &Section,
    round: u32,
    table: u32,
    players: &[String],
) -> Result<(), String> {
    let (Some(m), Some(sides)) = (&section.movement, &section.partnerships) else {
        return Ok(());
    };
    if round == 0 || table == 0 {
        return Ok(());
    }
    match m.players(round, table, sides, section.names.len()) {
        Some(due) if due == players => Ok(()),
        Some(due) => Err(format!(
            "round {round}, table {table}: the movement seats {} there, and the record names {}",
            due.join(", "),
            players.join(", ")
        )),
        None => Err(format!(
            "round {round}, table {table}: the table sits out this round (its E-W place is empty), \
             and the record names {}",
            players.join(", ")
        )),
    }
}

/// The games a section with a movement is due and lacks: each main board at
/// each table of its round where two pairs sit (a table that sits out is
/// due nothing), in the rounds up to `last` (the last with a record, or the
/// round before the one being paired); `None` for a section without a movement.
pub fn missing(
    d: &Description,
    all: &[Board],
    s: &Section,
    fact_at: &dyn Fn(Label, u32) -> bool,
    last: u32,
) -> Option<Vec<Missing>> {
    let m = s.movement.as_ref()?;
    let mut out = Vec::new();
    for b in all
        .iter()
        .filter(|b| std::ptr::eq(b.section, s) && matches!(b.label, Label::Main(_)))
    {
        let round = super::results::round_of(d, b);
        if round > last {
            continue;
        }
        for seat in m.round(round) {
            let (Some(ns), Some(ew)) = (seat.ns, seat.ew) else {
                continue;
            };
            if !fact_at(b.label, seat.table) {
                out.push(Missing {
                    round,
                    table: seat.table,
                    board: b.label.to_string(),
                    players: vec![m.pair_name(ns), m.pair_name(ew)],
                });
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn movement(n: usize) -> Movement {
        Movement {
            kind: Kind::Mitchell,
            pairs: (0..n)
                .map(|i| vec![format!("a{i}"), format!("b{i}")])
                .collect(),
        }
    }

    /// Three pairs, worked by hand: two tables, two rounds; pair 3 sits E-W
    /// and moves; the phantom (E-W pair 2) sits out with N-S pair 2 in
    /// round 1, with N-S pair 1 in round 2.
    #[test]
    fn three_pairs_have_a_sit_out() {
        let m = movement(3);
        assert_eq!(m.tables(), 2);
        let seat = |r| {
            m.round(r)
                .iter()
                .map(|s| (s.table, s.ns, s.ew))
                .collect::<Vec<_>>()
        };
        assert_eq!(seat(1), [(1, Some(0), Some(2)), (2, Some(1), None)]);
        assert_eq!(seat(2), [(1, Some(0), None), (2, Some(1), Some(2))]);
        let sides = [vec![0, 2], vec![1, 3]];
        assert_eq!(
            m.players(1, 1, &sides, 4).unwrap(),
            ["a0", "a2", "b0", "b2"]
        );
        assert!(m.players(1, 2, &sides, 4).is_none());
    }

    /// Every E-W pair meets every N-S pair once, and each round every pair
    /// sits once, for 2 to 12 pairs.
    #[test]
    fn every_ew_pair_meets_every_ns_pair_once() {
        for n in 2..=12 {
            let m = movement(n);
            let t = m.tables();
            let mut met = std::collections::BTreeSet::new();
            for r in 1..=t {
                let round = m.round(r);
                let mut seen = std::collections::BTreeSet::new();
                for s in &round {
                    for p in [s.ns, s.ew].into_iter().flatten() {
                        assert!(seen.insert(p), "n {n} round {r}: pair {p} twice");
                    }
                    if let (Some(a), Some(b)) = (s.ns, s.ew) {
                        assert!(met.insert((a, b)), "n {n}: {a} meets {b} twice");
                    }
                }
                assert_eq!(seen.len(), n, "n {n} round {r}");
            }
            let ns = t as usize;
            assert_eq!(met.len(), ns * (n - ns), "n {n}");
        }
    }
}
