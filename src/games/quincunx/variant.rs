//! Variant names: the sheet's options joined by `+` in any combination
//! (QX-12), read in any order and written back in one canonical order, so
//! that `colour-bonus+start-from-zero` and `start-from-zero+colour-bonus`
//! are one variant everywhere (records, deals, events).
//!
//! Canonical order: `solitaire`, `start-from-zero`, the deck (`extended`,
//! or `excuse` or `pawns` alone), `colour-bonus`, `sempliciotto`,
//! `overcall-true`, `v-run-once`; `standard` is the name of none of them.
//! Two combinations truly exclude each other (QX-11): the solitaire is
//! dealt on its fixed 4x4 grid (no `start-from-zero`) and has nobody to
//! notice a wrong announcement (no `sempliciotto`).

use std::fmt;

use super::Rules;

/// The variants `--help` lists: the name of each option alone, and the
/// combinations tavolo always had. Every other combination is accepted too.
pub const LISTED: &[&str] = &[
    "standard",
    "start-from-zero",
    "extended",
    "excuse",
    "pawns",
    "colour-bonus",
    "sempliciotto",
    "sempliciotto+overcall-true",
    "v-run-once",
    "solitaire",
    "solitaire+extended",
    "solitaire+colour-bonus",
    "solitaire+extended+colour-bonus",
];

/// The options in canonical order. `excuse` and `pawns` together are
/// written `extended`.
pub const PARTS: &[&str] = &[
    "solitaire",
    "start-from-zero",
    "extended",
    "excuse",
    "pawns",
    "colour-bonus",
    "sempliciotto",
    "overcall-true",
    "v-run-once",
];

/// What a variant name is, for error messages.
pub const HELP: &str = "a Quincunx variant is `standard`, or options joined by `+` in any order \
    (QX-12): solitaire, start-from-zero, extended (the Excuse and the Pawns; or `excuse` or \
    `pawns` alone), colour-bonus, sempliciotto, overcall-true (with sempliciotto), v-run-once; \
    e.g. `start-from-zero+colour-bonus`";

/// Why a name is no variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// A part between two `+` is empty.
    Empty,
    /// `standard` joined to another name.
    Standard,
    /// Not one of [`PARTS`].
    Unknown(String),
    Twice(String),
    /// `extended` with `excuse` or `pawns`.
    Deck,
    /// `overcall-true` without `sempliciotto` (QX-10).
    Overcall,
    /// The solitaire with `start-from-zero` (QX-11).
    SolitaireFromZero,
    /// The solitaire with `sempliciotto` (QX-11).
    SolitaireAnnounced,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Empty => write!(f, "an option between two `+` is empty"),
            Refused::Standard => write!(
                f,
                "`standard` is the game without options: name the options alone"
            ),
            Refused::Unknown(part) => write!(f, "`{part}` is not one of its options"),
            Refused::Twice(part) => write!(f, "`{part}` is given twice"),
            Refused::Deck => write!(
                f,
                "`extended` is the Excuse and the Pawns both: name it alone, or `excuse` or `pawns`"
            ),
            Refused::Overcall => write!(
                f,
                "`overcall-true` changes how sempliciotto settles an overcall (QX-10): add `sempliciotto`"
            ),
            Refused::SolitaireFromZero => write!(
                f,
                "the solitaire is dealt on its fixed 4x4 grid, so it cannot start from zero (QX-11)"
            ),
            Refused::SolitaireAnnounced => write!(
                f,
                "the solitaire has nobody to notice an announced score, so no sempliciotto (QX-11)"
            ),
        }
    }
}

/// A variant read: its rules and whether it is the solitaire.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Variant {
    pub rules: Rules,
    pub solitaire: bool,
}

impl Variant {
    /// Read a variant name (options in any order), or say what is wrong.
    pub fn parse(name: &str) -> Result<Variant, Refused> {
        if name == "standard" {
            return Ok(Variant::default());
        }
        let mut seen: Vec<&str> = Vec::new();
        let deck = ["extended", "excuse", "pawns"];
        for part in name.split('+') {
            if part.is_empty() {
                return Err(Refused::Empty);
            }
            if part == "standard" {
                return Err(Refused::Standard);
            }
            if !PARTS.contains(&part) {
                return Err(Refused::Unknown(part.to_string()));
            }
            if seen.contains(&part) {
                return Err(Refused::Twice(part.to_string()));
            }
            if deck.contains(&part) && seen.contains(&"extended")
                || part == "extended" && seen.iter().any(|s| deck.contains(s))
            {
                return Err(Refused::Deck);
            }
            seen.push(part);
        }
        let has = |p: &str| seen.contains(&p);
        let v = Variant {
            solitaire: has("solitaire"),
            rules: Rules {
                start_from_zero: has("start-from-zero"),
                excuse: has("extended") || has("excuse"),
                pawns: has("extended") || has("pawns"),
                colour_bonus: has("colour-bonus"),
                sempliciotto: has("sempliciotto"),
                overcall_true: has("overcall-true"),
                v_run_once: has("v-run-once"),
            },
        };
        if v.rules.overcall_true && !v.rules.sempliciotto {
            return Err(Refused::Overcall);
        }
        if v.solitaire && v.rules.start_from_zero {
            return Err(Refused::SolitaireFromZero);
        }
        if v.solitaire && v.rules.sempliciotto {
            return Err(Refused::SolitaireAnnounced);
        }
        Ok(v)
    }

    /// The canonical name (options in canonical order; `standard` for none).
    pub fn name(&self) -> String {
        let r = &self.rules;
        let deck = match (r.excuse, r.pawns) {
            (true, true) => Some("extended"),
            (true, false) => Some("excuse"),
            (false, true) => Some("pawns"),
            (false, false) => None,
        };
        let parts: Vec<&str> = [
            self.solitaire.then_some("solitaire"),
            r.start_from_zero.then_some("start-from-zero"),
            deck,
            r.colour_bonus.then_some("colour-bonus"),
            r.sempliciotto.then_some("sempliciotto"),
            r.overcall_true.then_some("overcall-true"),
            r.v_run_once.then_some("v-run-once"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            "standard".into()
        } else {
            parts.join("+")
        }
    }

    /// Every variant tavolo accepts, by canonical name: the sheet's game and
    /// the solitaire, each with every combination of its options.
    pub fn all() -> Vec<String> {
        let mut out = Vec::new();
        for bits in 0u32..1 << 8 {
            let on = |i: u32| bits & 1 << i != 0;
            let v = Variant {
                solitaire: on(0),
                rules: Rules {
                    start_from_zero: on(1),
                    excuse: on(2),
                    pawns: on(3),
                    colour_bonus: on(4),
                    sempliciotto: on(5),
                    overcall_true: on(6),
                    v_run_once: on(7),
                },
            };
            // Only the combinations `parse` accepts.
            if Variant::parse(&v.name()) == Ok(v) {
                out.push(v.name());
            }
        }
        out.sort_by_key(|n| {
            (
                n != "standard",
                n.starts_with("solitaire"),
                n.len(),
                n.clone(),
            )
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QX-12: options combine in any order; the name written back is canonical.
    #[test]
    fn options_combine_in_any_order_qx12() {
        let canon = |s: &str| Variant::parse(s).map(|v| v.name());
        assert_eq!(
            canon("colour-bonus+start-from-zero").unwrap(),
            "start-from-zero+colour-bonus"
        );
        assert_eq!(
            canon("v-run-once+sempliciotto+extended+start-from-zero+colour-bonus").unwrap(),
            "start-from-zero+extended+colour-bonus+sempliciotto+v-run-once"
        );
        assert_eq!(canon("pawns+excuse").unwrap(), "extended");
        assert_eq!(canon("extended+solitaire").unwrap(), "solitaire+extended");
        for listed in LISTED {
            assert_eq!(canon(listed).as_deref(), Ok(*listed), "{listed}");
        }
        let v = Variant::parse("pawns+solitaire+v-run-once").unwrap();
        assert!(v.solitaire && v.rules.pawns && !v.rules.excuse && v.rules.v_run_once);
    }

    /// Duplicates, unknown parts and the exclusions each say why.
    #[test]
    fn bad_names_say_why_qx12() {
        for (name, why) in [
            ("colour-bonus+colour-bonus", "`colour-bonus` is given twice"),
            ("colour-bonsu", "`colour-bonsu` is not one of its options"),
            (
                "extended+pawns",
                "`extended` is the Excuse and the Pawns both",
            ),
            (
                "excuse+extended",
                "`extended` is the Excuse and the Pawns both",
            ),
            (
                "standard+extended",
                "`standard` is the game without options",
            ),
            ("extended+", "empty"),
            ("overcall-true", "add `sempliciotto`"),
            ("solitaire+start-from-zero", "QX-11"),
            ("sempliciotto+solitaire", "QX-11"),
        ] {
            let e = Variant::parse(name).unwrap_err().to_string();
            assert!(e.contains(why), "{name}: {e}");
        }
        assert!(HELP.contains("colour-bonus, sempliciotto"));
    }

    /// Every combination once: 2 starts x 4 decks x 2 colour x 3 announcing
    /// x 2 runs for 2-4 players, 4 decks x 2 x 2 for the solitaire.
    #[test]
    fn every_combination_is_listed_once() {
        let all = Variant::all();
        assert_eq!(all.len(), 2 * 4 * 2 * 3 * 2 + 4 * 2 * 2);
        assert_eq!(all[0], "standard");
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), all.len());
        for listed in LISTED {
            assert!(all.iter().any(|a| a == listed), "{listed}");
        }
    }
}
