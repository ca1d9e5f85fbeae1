//! Which lists judge the words (NS-2): NS-2's default lists, lists added to them, or lists
//! alone; as the command line chooses it (`--lexicon`, `--lexicon-only`) and as a record
//! names it (`lexicon = "default"`, or `lexicon = ["default", "parole.txt"]`).
//!
//! The command line sets the run's choice once ([`choose`]); every record judged in the run,
//! every machine player and every solver then uses it: a club adjudicates an existing record
//! with its own lists. Each lexicon is opened once per process ([`open`]), however many
//! records name it.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use serde::ser::{Serialize, SerializeSeq, Serializer};

use super::{Lexicon, Mode, Options, Source};
use crate::error::Error;

/// A lexicon as named: NS-2's default lists or not, then the lists added, in order, and how
/// hunspell dictionaries are read (NS-9's mode).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub default: bool,
    pub lists: Vec<Source>,
    pub mode: Mode,
}

/// The word a record and the command line use for NS-2's default lists.
pub const DEFAULT: &str = "default";

impl Default for Choice {
    /// NS-2's default lists.
    fn default() -> Self {
        Choice {
            default: true,
            lists: Vec::new(),
            mode: Mode::default(),
        }
    }
}

impl Choice {
    /// NS-2's default lists alone.
    pub fn is_default(&self) -> bool {
        *self == Choice::default()
    }

    /// The lists to open, the default ones first (see [`super::sources`]).
    pub fn sources(&self) -> Result<Vec<Source>, Error> {
        super::sources(&self.lists, !self.default)
    }

    /// A record's single name for NS-2's lists: `"default"` (the default mode, NS-9's
    /// tournament lexicon), `"tournament"` or `"permissive"`.
    pub fn named(name: &str) -> Option<Choice> {
        let mode = if name == DEFAULT {
            Mode::default()
        } else {
            Mode::parse(name)?
        };
        Some(Choice {
            mode,
            ..Choice::default()
        })
    }

    /// A record's `lexicon = [...]` entries: `"default"`, `"tournament"` or `"permissive"`
    /// for NS-2's lists (in that mode, NS-9), or a list as
    /// `--lexicon` takes it (FILE, ENCODING:FILE, a `.dic` or `.aff`), a relative path
    /// being relative to `base` (the record's folder). The error names the entry at fault.
    pub fn from_entries<'a>(
        entries: impl IntoIterator<Item = &'a str>,
        base: &Path,
    ) -> Result<Choice, (usize, String)> {
        let mut choice = Choice {
            default: false,
            lists: Vec::new(),
            mode: Mode::default(),
        };
        for (i, entry) in entries.into_iter().enumerate() {
            if let Some(named) = Choice::named(entry) {
                choice.default = true;
                choice.mode = named.mode;
                continue;
            }
            if entry.trim().is_empty() || entry == "none" {
                return Err((
                    i,
                    format!("`{entry}` names no word list: \"tournament\" or \"permissive\" (NS-2's lists, NS-9) or a file"),
                ));
            }
            let source = Source::from_arg(entry).map_err(|e| (i, e.message.clone()))?;
            choice.lists.push(source.rebased(base));
        }
        if !choice.default && choice.lists.is_empty() {
            return Err((0, "an empty lexicon: name \"default\" or a file".into()));
        }
        Ok(choice)
    }

    /// How a record writes it: the mode's name for NS-2's lists (NS-9: the record names the
    /// mode), then the files (as absolute paths when they could be made so, so the record
    /// reads back from anywhere).
    pub fn entries(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.default {
            out.push(self.mode.name().to_string());
        }
        out.extend(self.lists.iter().map(|s| s.absolute().arg()));
        out
    }
}

/// The mode's name (`"tournament"`, `"permissive"`) for NS-2's lists alone, else an array
/// of [`Choice::entries`].
impl Serialize for Choice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.default && self.lists.is_empty() {
            return s.serialize_str(self.mode.name());
        }
        let entries = self.entries();
        let mut seq = s.serialize_seq(Some(entries.len()))?;
        for e in &entries {
            seq.serialize_element(e)?;
        }
        seq.end()
    }
}

/// The run's choice and how its lists are opened.
struct Run {
    /// `Some` when the command line named lists (`--lexicon`, `--lexicon-only`): then it
    /// replaces whatever a record names.
    choice: Option<Choice>,
    options: Options,
}

static RUN: OnceLock<Run> = OnceLock::new();

/// Set the run's lexicon (`None`: each record's own, NS-2's default unless it names one)
/// and cache options, before anything is opened; the first call stays.
pub fn choose(choice: Option<Choice>, options: Options) {
    let _ = RUN.set(Run { choice, options });
}

/// The lists the command line chose for the run, which replace a record's.
pub fn chosen() -> Option<&'static Choice> {
    RUN.get().and_then(|r| r.choice.as_ref())
}

/// The run's lexicon: the command line's choice, else NS-2's default lists.
pub fn run_choice() -> Choice {
    chosen().cloned().unwrap_or_default()
}

/// The run's cache options.
pub fn options() -> Options {
    RUN.get().map(|r| r.options.clone()).unwrap_or_default()
}

/// The lexicon of a choice, opened once per process with the run's options.
pub fn open(choice: &Choice) -> Result<Arc<Lexicon>, Error> {
    static OPENED: Mutex<Vec<(Choice, Arc<Lexicon>)>> = Mutex::new(Vec::new());
    // Held while opening: two records naming one lexicon open it once.
    let mut opened = OPENED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, lex)) = opened.iter().find(|(c, _)| c == choice) {
        return Ok(lex.clone());
    }
    let opts = Options {
        mode: choice.mode,
        ..options()
    };
    let lex = Arc::new(Lexicon::open(&choice.sources()?, &opts)?);
    opened.push((choice.clone(), lex.clone()));
    Ok(lex)
}

/// A path as written, made absolute against the working folder when it can be.
pub(super) fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_entries_read_and_write_back() {
        let c = Choice::from_entries(
            ["default", "parole.txt", "latin1:vecchie.txt"],
            Path::new("/club"),
        )
        .unwrap();
        assert!(c.default);
        assert_eq!(
            c.entries(),
            [
                "tournament",
                "/club/parole.txt",
                "ISO8859-1:/club/vecchie.txt"
            ]
        );
        let back =
            Choice::from_entries(c.entries().iter().map(String::as_str), Path::new("/x")).unwrap();
        assert_eq!(back, c);
        let only = Choice::from_entries(["/usr/share/dict/italian"], Path::new("/club")).unwrap();
        assert!(!only.default);
        assert_eq!(
            Choice::from_entries(["default", "none"], Path::new("/"))
                .unwrap_err()
                .0,
            1
        );
        assert!(Choice::from_entries([], Path::new("/")).is_err());
        #[derive(serde::Serialize)]
        struct Doc {
            lexicon: Choice,
        }
        let doc = |c: Choice| toml::to_string(&Doc { lexicon: c }).unwrap();
        assert_eq!(doc(Choice::default()), "lexicon = \"tournament\"\n");
        let permissive = Choice::named("permissive").unwrap();
        assert_eq!(permissive.mode, Mode::Permissive);
        assert_eq!(doc(permissive), "lexicon = \"permissive\"\n");
        assert_eq!(doc(only), "lexicon = [\"/usr/share/dict/italian\"]\n");
    }
}
