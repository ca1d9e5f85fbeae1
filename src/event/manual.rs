//! Pairings given by hand: the pairings file beside the event's description
//! (`pairings.toml` in its folder), read with it by [`Description::read`].
//! A round is either paired by hand whole (`tables`, and the `bye` when the
//! entrants are odd: every entrant once) or has some tables fixed (`fixed`:
//! those pairs meet, at the first tables, and the others are paired by the
//! section's method). The file is made during the event, so it is not part
//! of the published description; `event pair` and `event results` both read
//! it, so they agree on who was to play where.
//!
//! ```toml
//! format = "tavolo-pairings-v1"
//!
//! [[round]]
//! round = 3
//! tables = [["Anna", "Bruno"], ["Carla", "Dario"]]
//! bye = "Elena"
//!
//! [[round]]
//! section = 1                      # optional: the only paired section
//! round = 2
//! fixed = [["Anna", "Bruno"]]
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::spans::{self, Step};
use super::Description;
use crate::error::Error;

/// The pairings file's name, in the description's folder.
pub const FILE: &str = "pairings.toml";

/// The pairings file's format.
pub const FORMAT: &str = "tavolo-pairings-v1";

/// One round paired by hand (entrant indices; first seat first, in table
/// order). `whole`: every table given (else the tables are fixed and the
/// others are paired by the section's method).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualRound {
    pub round: u32,
    pub tables: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    pub whole: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: String,
    #[serde(default)]
    round: Vec<RoundFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundFile {
    section: Option<usize>,
    round: u32,
    tables: Option<Vec<Vec<String>>>,
    fixed: Option<Vec<Vec<String>>>,
    bye: Option<String>,
}

/// The pairings file beside the description at `path`, if there is one,
/// checked against it and put into its sections.
pub fn read_beside(d: &mut Description, path: &Path) -> Result<(), Error> {
    let file = beside(path);
    match std::fs::read_to_string(&file) {
        Ok(text) => apply(d, &file, &text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io("event.pairings", &file, &e)),
    }
}

/// Where the pairings file of the description at `path` is.
pub fn beside(path: &Path) -> PathBuf {
    path.parent().unwrap_or_else(|| Path::new("")).join(FILE)
}

/// The pairings file `text` (read from `file`), checked against `d` and put
/// into its sections (exit 2, the value at fault by line and column).
pub fn apply(d: &mut Description, file: &Path, text: &str) -> Result<(), Error> {
    let parsed: File =
        toml::from_str(text).map_err(|e| Error::toml("event.pairings", file, text, &e))?;
    let at = |steps: &[Step]| spans::locate(file, text, steps);
    if parsed.format != FORMAT {
        return Err(Error::input(
            "event.pairings",
            format!(
                "unknown pairings format `{}`; this tavolo reads `{FORMAT}`",
                parsed.format
            ),
        )
        .at(at(&[Step::Key("format")])));
    }
    for (i, r) in parsed.round.iter().enumerate() {
        let here = |key: &'static str| [Step::Key("round"), Step::Item(i), Step::Key(key)];
        let bad = |key: &'static str, m: String| {
            Error::input("event.pairings", format!("round entry {}: {m}", i + 1)).at(at(&here(key)))
        };
        let paired: Vec<usize> = (0..d.sections.len())
            .filter(|&k| d.sections[k].pairing.is_some())
            .collect();
        let si = match (r.section, paired.as_slice()) {
            (Some(n), _) if paired.contains(&n.wrapping_sub(1)) => n - 1,
            (Some(n), _) => {
                return Err(bad(
                    "section",
                    format!("section {n} is not a paired section of the event"),
                ))
            }
            (None, [one]) => *one,
            (None, []) => {
                return Err(bad(
                    "round",
                    "the event has no paired section to pair by hand".into(),
                ))
            }
            (None, _) => {
                return Err(bad(
                    "round",
                    "the event has several paired sections: say which (`section = N`)".into(),
                ))
            }
        };
        let s = &d.sections[si];
        if r.round < 1 || r.round > s.rounds {
            return Err(bad(
                "round",
                format!(
                    "section {} has rounds 1 to {}, not {}",
                    si + 1,
                    s.rounds,
                    r.round
                ),
            ));
        }
        if s.manual.iter().any(|m| m.round == r.round) {
            return Err(bad(
                "round",
                format!("round {} of section {} is given twice", r.round, si + 1),
            ));
        }
        let entrants = s.entrants.clone().unwrap_or_default();
        let (key, list, whole) = match (&r.tables, &r.fixed) {
            (Some(t), None) => ("tables", t, true),
            (None, Some(f)) => ("fixed", f, false),
            _ => {
                return Err(bad(
                    "round",
                    "give either `tables` (the whole round) or `fixed` (some tables)".into(),
                ))
            }
        };
        if !whole && s.pairing == Some(super::rules::Pairing::RoundRobin) {
            return Err(bad(
                "fixed",
                "a round robin's tables are set: give the whole round (`tables`) to change it"
                    .into(),
            ));
        }
        let mut seen = vec![false; entrants.len()];
        let mut take = |name: &str, steps: &[Step]| -> Result<usize, Error> {
            let Some(e) = entrants.iter().position(|x| x == name) else {
                return Err(Error::input(
                    "event.pairings",
                    format!(
                        "round entry {}: `{name}` is not an entrant of section {}",
                        i + 1,
                        si + 1
                    ),
                )
                .at(at(steps)));
            };
            if std::mem::replace(&mut seen[e], true) {
                return Err(Error::input(
                    "event.pairings",
                    format!(
                        "round entry {}: `{name}` is paired twice in round {}",
                        i + 1,
                        r.round
                    ),
                )
                .at(at(steps)));
            }
            Ok(e)
        };
        let mut tables = Vec::new();
        for (j, pair) in list.iter().enumerate() {
            let step = |k: usize| {
                [
                    Step::Key("round"),
                    Step::Item(i),
                    Step::Key(key),
                    Step::Item(j),
                    Step::Item(k),
                ]
            };
            let [a, b] = pair.as_slice() else {
                return Err(Error::input(
                    "event.pairings",
                    format!(
                        "round entry {}: a table is two players, first seat first, not {}",
                        i + 1,
                        pair.len()
                    ),
                )
                .at(at(&[
                    Step::Key("round"),
                    Step::Item(i),
                    Step::Key(key),
                    Step::Item(j),
                ])));
            };
            let a = take(a, &step(0))?;
            let b = take(b, &step(1))?;
            tables.push((a, b));
        }
        let bye = match &r.bye {
            Some(name) => Some(take(name, &here("bye"))?),
            None => None,
        };
        if tables.len() as u32 > s.tables {
            return Err(bad(
                key,
                format!(
                    "{} tables, and section {} has {}",
                    tables.len(),
                    si + 1,
                    s.tables
                ),
            ));
        }
        if whole {
            let left: Vec<&str> = entrants
                .iter()
                .zip(&seen)
                .filter(|(_, s)| !**s)
                .map(|(e, _)| e.as_str())
                .collect();
            if !left.is_empty() {
                return Err(bad(
                    "tables",
                    format!(
                        "round {} leaves out {}: every entrant plays at a table or has the bye",
                        r.round,
                        left.join(", ")
                    ),
                ));
            }
        } else if bye.is_some() && entrants.len().is_multiple_of(2) {
            return Err(bad(
                "bye",
                format!(
                    "section {} has an even number of entrants: nobody has a bye",
                    si + 1
                ),
            ));
        }
        d.sections[si].manual.push(ManualRound {
            round: r.round,
            tables,
            bye,
            whole,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event() -> Description {
        let text = "format = \"tavolo-event-v1\"\nevent = \"E\"\npublic-value-name = \"p\"\n\n\
                    [[section]]\ngame = \"moon\"\nboards = 3\ntables = 2\n\
                    entrants = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\", \"Elena\"]\n\
                    pairing = \"swiss\"\nrounds = 3\n";
        Description::parse(Path::new("e.toml"), text.to_string()).unwrap()
    }

    fn apply_text(text: &str) -> Result<Description, Error> {
        let mut d = event();
        apply(&mut d, Path::new("pairings.toml"), text)?;
        Ok(d)
    }

    #[test]
    fn a_whole_round_and_fixed_tables_read() {
        let d = apply_text(
            "format = \"tavolo-pairings-v1\"\n\
             [[round]]\nround = 2\ntables = [[\"Elena\", \"Anna\"], [\"Bruno\", \"Dario\"]]\nbye = \"Carla\"\n\
             [[round]]\nround = 3\nfixed = [[\"Anna\", \"Bruno\"]]\n",
        )
        .unwrap();
        let m = &d.sections[0].manual;
        assert_eq!(
            m[0],
            ManualRound {
                round: 2,
                tables: vec![(4, 0), (1, 3)],
                bye: Some(2),
                whole: true
            }
        );
        assert_eq!((m[1].tables.clone(), m[1].whole), (vec![(0, 1)], false));
    }

    /// Each fault names the value by line and column.
    #[test]
    fn bad_pairings_are_refused_where_they_are_written() {
        let head = "format = \"tavolo-pairings-v1\"\n[[round]]\nround = 2\n";
        let cases = [
            // An unknown name: line 4, column 22 (the second name of the first table).
            (
                "tables = [[\"Anna\", \"Zeno\"], [\"Bruno\", \"Dario\"]]\nbye = \"Carla\"\n",
                "`Zeno` is not an entrant",
                (4, 20),
            ),
            (
                "tables = [[\"Anna\", \"Elena\"], [\"Bruno\", \"Anna\"]]\nbye = \"Carla\"\n",
                "`Anna` is paired twice",
                (4, 40),
            ),
            (
                "tables = [[\"Anna\", \"Elena\"], [\"Bruno\", \"Dario\"]]\n",
                "leaves out Carla",
                (4, 10),
            ),
            (
                "tables = [[\"Anna\", \"Elena\", \"Carla\"], [\"Bruno\", \"Dario\"]]\n",
                "a table is two players",
                (4, 11),
            ),
        ];
        for (body, says, (line, col)) in cases {
            let e = apply_text(&format!("{head}{body}")).unwrap_err();
            assert!(e.message.contains(says), "{}", e.message);
            let l = e.location.as_ref().expect("a location");
            assert_eq!((l.line, l.column), (Some(line), Some(col)), "{says}");
        }
        let e = apply_text(&format!(
            "{head}fixed = [[\"Anna\", \"Bruno\"]]\ntables = []\n"
        ))
        .unwrap_err();
        assert!(e.message.contains("either `tables`"), "{}", e.message);
        let e = apply_text("format = \"tavolo-pairings-v1\"\n[[round]]\nround = 4\nfixed = []\n")
            .unwrap_err();
        assert!(e.message.contains("rounds 1 to 3, not 4"), "{}", e.message);
    }
}
