//! The boards of an event: main boards numbered 1, 2, ... on through the
//! sections, reserve boards R1, R2, ... likewise; each dealt from its own
//! seed (module doc of [`super`]), and written as one record skeleton per
//! board and table.

use std::fmt;
use std::str::FromStr;

use super::{board_seed, Description, Key, Section};
use crate::deal::Provenance;
use crate::error::Error;
use crate::record::{write, Deal};

/// A board's label: main board `3` or reserve board `R2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    Main(u32),
    Reserve(u32),
}

impl Label {
    /// The board number the deal is keyed by (3 for `3`, 2 for `R2`).
    pub fn number(self) -> u32 {
        match self {
            Label::Main(n) | Label::Reserve(n) => n,
        }
    }

    /// For file names: `board-03`, `reserve-02`, zero-padded to `width`.
    pub fn file_stem(self, width: usize) -> String {
        match self {
            Label::Main(n) => format!("board-{n:0width$}"),
            Label::Reserve(n) => format!("reserve-{n:0width$}"),
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Main(n) => write!(f, "{n}"),
            Label::Reserve(n) => write!(f, "R{n}"),
        }
    }
}

impl FromStr for Label {
    type Err = String;

    fn from_str(s: &str) -> Result<Label, String> {
        let s = s.trim();
        let (reserve, digits) = match s.strip_prefix(['R', 'r']) {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let n = digits
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1 && digits.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                format!("`{s}` is not a board (3 for board 3, R2 for reserve board 2)")
            })?;
        Ok(if reserve {
            Label::Reserve(n)
        } else {
            Label::Main(n)
        })
    }
}

/// One board of the event, with the section it belongs to.
#[derive(Debug, Clone)]
pub struct Board<'d> {
    pub label: Label,
    pub section: &'d Section,
    /// The board's seed (64 hex digits).
    pub seed: String,
}

impl Board<'_> {
    /// The `tavolo-deal-v1` inputs of this board.
    pub fn provenance(&self) -> Provenance {
        Provenance::new(
            self.section.game.name(),
            &self.section.variant,
            &self.seed,
            self.label.number(),
        )
    }

    /// The board dealt for `players` (the section's seat names by default).
    pub fn deal(&self, players: &[String]) -> Result<Deal, Error> {
        self.section
            .game
            .deal(&self.section.variant, players, &self.provenance())
    }

    /// The record skeleton of this board at `table` for `players` (the
    /// section's seat names, or the entrants a pairing seats there): header,
    /// `[deal]`, `[setup]` and `[meta]` naming the event, board and table.
    pub fn skeleton(
        &self,
        d: &Description,
        table: u32,
        players: &[String],
    ) -> Result<String, Error> {
        let deal = self.deal(players)?;
        let mut text = format!(
            "# Event {}, board {}, table {table}. Add the moves as [[move]] tables\n\
             # (docs/records.md); `tavolo event verify` checks this board.\n",
            write::string(&d.event),
            self.label
        );
        text.push_str(&write::header(&self.provenance(), players));
        text.push('\n');
        text.push_str(&deal.setup_toml);
        text.push_str(&format!(
            "\n[meta]\nevent = {}\nevent-sha256 = {}\nboard = {}\ntable = {table}\n",
            write::string(&d.event),
            write::string(&d.sha256_hex()),
            write::string(&self.label.to_string()),
        ));
        Ok(text)
    }
}

/// Every board of the event for the public value `public`, main boards
/// first, in order.
pub fn all<'d>(d: &'d Description, key: &Key, public: &str) -> Vec<Board<'d>> {
    labels(d)
        .into_iter()
        .map(|(label, section)| Board {
            label,
            section,
            seed: board_seed(key, &d.sha256, public, &label.to_string()),
        })
        .collect()
}

/// The labels of the event's boards and their sections, main boards first.
pub fn labels(d: &Description) -> Vec<(Label, &Section)> {
    let mut out = Vec::new();
    let mut n = 0;
    for s in &d.sections {
        for _ in 0..s.boards {
            n += 1;
            out.push((Label::Main(n), s));
        }
    }
    let mut r = 0;
    for s in &d.sections {
        for _ in 0..s.reserve {
            r += 1;
            out.push((Label::Reserve(r), s));
        }
    }
    out
}

/// The board `label`, if the event has it.
pub fn find<'d>(d: &'d Description, key: &Key, public: &str, label: Label) -> Option<Board<'d>> {
    labels(d)
        .into_iter()
        .find(|(l, _)| *l == label)
        .map(|(label, section)| Board {
            label,
            section,
            seed: board_seed(key, &d.sha256, public, &label.to_string()),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_and_print() {
        assert_eq!("3".parse(), Ok(Label::Main(3)));
        assert_eq!("R2".parse(), Ok(Label::Reserve(2)));
        assert_eq!("r12".parse(), Ok(Label::Reserve(12)));
        for bad in ["0", "R0", "R", "", "x", "-1", "+3", "R+2"] {
            assert!(bad.parse::<Label>().is_err(), "{bad}");
        }
        assert_eq!(Label::Reserve(2).to_string(), "R2");
        assert_eq!(Label::Main(3).file_stem(2), "board-03");
        assert_eq!(Label::Reserve(12).file_stem(2), "reserve-12");
    }
}
