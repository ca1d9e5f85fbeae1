//! The Italian lexicon of Natura Shakerata (NS-2): word lists -> board words -> a compact
//! automaton (an [`fst::Set`]), built once and cached on disk.
//!
//! - [`source`]: where a list comes from (one word a line in a declared encoding, or a
//!   hunspell `.dic`/`.aff` pair that [`hunspell`] expands itself) and the default lists;
//! - [`normalise`]: NS-2's filter from a raw form to a board word (its doc gives the rules);
//! - [`cache`]: where built automata are kept and how they are keyed;
//! - [`choice`]: which lists judge (the command line's, a record's, NS-2's default);
//! - [`anagram`]: the words a rack makes;
//! - [`gaddag`]: the word graph (a GADDAG) and its builder;
//! - [`graph`]: the lexicon's word graph, built once and cached, for move generation;
//! - [`progress`]: how long builds report to the command line.
//!
//! Several lists combine as a union that still knows which list accepts a word, as the
//! referee names the list that accepted or lacked each word (NS-2).

pub mod anagram;
pub mod cache;
pub mod choice;
pub mod encoding;
pub mod gaddag;
pub mod graph;
pub mod hunspell;
pub mod normalise;
pub mod progress;
pub mod source;
pub mod tournament;
pub mod why;
pub mod witness;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use fst::Set;

use crate::error::Error;
pub use anagram::{Rack, Span};
pub use source::Source;
pub use tournament::Mode;

/// How [`Lexicon::open`] uses the cache.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The cache directory; `None` for [`cache::default_dir`].
    pub cache_dir: Option<PathBuf>,
    /// Rebuild even when a cached automaton exists.
    pub rebuild: bool,
    /// Build in memory only: read no cache, write none.
    pub no_cache: bool,
    /// NS-9: hunspell dictionaries filtered by the federation's rules, or not.
    pub mode: Mode,
}

/// Which lists to use: NS-2's default lists (hunspell-it and witalian, see
/// [`Source::debian_defaults`]) plus `extra`, or `extra` alone with `replace`.
pub fn sources(extra: &[Source], replace: bool) -> Result<Vec<Source>, Error> {
    let mut out = Vec::new();
    if !replace {
        let defaults = Source::debian_defaults();
        if defaults.is_empty() && extra.is_empty() {
            return Err(Error::input(
                "lexicon.no-default",
                format!(
                    "no Italian word list found: neither {} nor {}",
                    source::DEBIAN_HUNSPELL_DIC,
                    source::DEBIAN_WITALIAN
                ),
            )
            .help("install Debian's hunspell-it and witalian, or give --lexicon FILE"));
        }
        out.extend(defaults);
    }
    for s in extra {
        if !out.contains(s) {
            out.push(s.clone());
        }
    }
    if out.is_empty() {
        return Err(Error::input(
            "lexicon.usage",
            "--lexicon-only needs at least one --lexicon FILE",
        ));
    }
    Ok(out)
}

/// How a list's automaton was obtained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Read back from the cache file.
    Cached,
    /// Built from the list now, in this time; `saved` says whether the cache file was
    /// written, or why not.
    Built {
        time: Duration,
        forms: u64,
        saved: Result<(), String>,
    },
}

/// One list, ready for look-ups.
pub struct List {
    pub source: Source,
    /// The file name, unique within a lexicon.
    pub name: String,
    /// The cache key (see [`cache::key`]); also names the list's exact contents.
    pub key: String,
    pub set: Set<Vec<u8>>,
    pub cache_path: Option<PathBuf>,
    pub origin: Origin,
    /// The words the list takes out of the lexicon (`-WORD` lines of a club's list, NS-9),
    /// sorted board words.
    pub removed: Vec<String>,
    /// The key the list has in permissive mode (NS-9): the same as `key` except for a
    /// hunspell dictionary read in tournament mode. Names the lexicon the bundled leave
    /// values were learned on.
    pub permissive_key: String,
}

impl List {
    /// Read (or build) one list.
    pub fn open(source: &Source, opts: &Options) -> Result<List, Error> {
        let bytes = source.read()?;
        let key = cache::key(&source.tag(opts.mode), &bytes);
        let removed = source.removals(&bytes)?;
        let permissive_key = cache::key(&source.tag(Mode::Permissive), &bytes);
        let name = source.name();
        let dir = if opts.no_cache {
            None
        } else {
            opts.cache_dir.clone().or_else(cache::default_dir)
        };
        let cache_path = dir.as_ref().map(|d| cache::path(d, &name, &key));
        if let (Some(path), false) = (&cache_path, opts.rebuild) {
            if let Some(set) = read_cached(path) {
                return Ok(List {
                    source: source.clone(),
                    name,
                    key,
                    set,
                    cache_path,
                    origin: Origin::Cached,
                    removed,
                    permissive_key,
                });
            }
        }
        let start = Instant::now();
        let result = progress::cached_in(cache_path.as_ref().and_then(|p| p.parent()));
        let step = progress::begin(&format!("building the word list {name} (once)"), &result, 0);
        let words = source.words_in(&bytes, opts.mode)?;
        let set = Set::from_iter(words.words.iter()).map_err(|e| {
            Error::input("lexicon.build", format!("cannot build the automaton: {e}"))
                .in_file(source.paths()[0])
        })?;
        let time = start.elapsed();
        let saved = match (&dir, &cache_path) {
            (Some(dir), Some(path)) => std::fs::create_dir_all(dir)
                .and_then(|()| crate::output::write_atomic(path, set.as_fst().as_bytes()))
                .map_err(|e| format!("{}: {}", path.display(), crate::error::io_reason(&e))),
            _ => Err("no cache directory".into()),
        };
        drop(step);
        Ok(List {
            source: source.clone(),
            name,
            key,
            set,
            cache_path,
            origin: Origin::Built {
                time,
                forms: words.raw,
                saved,
            },
            removed,
            permissive_key,
        })
    }

    /// The size of the automaton in bytes (as cached).
    pub fn bytes(&self) -> usize {
        self.set.as_fst().as_bytes().len()
    }
}

/// A cached automaton, verified; `None` if missing or damaged (then it is rebuilt).
fn read_cached(path: &std::path::Path) -> Option<Set<Vec<u8>>> {
    let bytes = std::fs::read(path).ok()?;
    let set = Set::new(bytes).ok()?;
    set.as_fst().verify().ok()?;
    Some(set)
}

/// The combined lists.
pub struct Lexicon {
    pub lists: Vec<List>,
    /// How hunspell dictionaries were read (NS-9).
    pub mode: Mode,
    /// The word graph over the lists, once it has been asked for ([`graph::open`]): built or
    /// read once per lexicon, so once per process for a lexicon opened through
    /// [`choice::open`], however many hints, solves or machine moves ask for it.
    pub(crate) graph:
        std::sync::Mutex<Option<(std::sync::Arc<gaddag::Gaddag>, graph::GraphOrigin)>>,
}

/// What `check` says about one word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The word as given.
    pub given: String,
    /// Its board form (NS-2: accents and case folded), if it has one.
    pub word: Option<String>,
    /// The names of the lists that accept it, in lexicon order.
    pub accepted_by: Vec<String>,
    /// The club list that removes it (`-WORD`), if one does.
    pub removed_by: Option<String>,
}

impl Verdict {
    pub fn accepted(&self) -> bool {
        !self.accepted_by.is_empty()
    }
}

impl Lexicon {
    /// Open every list, each from its cache when it can.
    pub fn open(sources: &[Source], opts: &Options) -> Result<Lexicon, Error> {
        let mut lists: Vec<List> = Vec::new();
        for s in sources {
            let mut list = List::open(s, opts)?;
            // Two files with one name (dir1/words, dir2/words) keep apart in messages.
            if lists.iter().any(|l| l.name == list.name) {
                list.name = s.paths()[0].display().to_string();
            }
            lists.push(list);
        }
        Ok(Lexicon {
            lists,
            mode: opts.mode,
            graph: std::sync::Mutex::new(None),
        })
    }

    /// Whether some list holds `word` (a board word: A-Z, as [`normalise::fold`] gives) and
    /// no list removes it.
    pub fn contains(&self, word: &str) -> bool {
        self.lists.iter().any(|l| l.set.contains(word)) && self.removed_by(word).is_none()
    }

    /// The lists holding `word`, none when a list removes it.
    pub fn accepting<'a>(&'a self, word: &'a str) -> impl Iterator<Item = &'a List> + 'a {
        let removed = self.removed_by(word).is_some();
        self.lists
            .iter()
            .filter(move |l| !removed && l.set.contains(word))
    }

    /// The first list that removes `word` (a `-WORD` line), if any.
    pub fn removed_by(&self, word: &str) -> Option<&List> {
        self.lists
            .iter()
            .find(|l| l.removed.binary_search_by(|w| w.as_str().cmp(word)).is_ok())
    }

    /// Whether any list removes words.
    pub fn removes_words(&self) -> bool {
        self.lists.iter().any(|l| !l.removed.is_empty())
    }

    /// Look up a word as a player writes it (`città`, `Casa`).
    pub fn check(&self, given: &str) -> Verdict {
        let word = normalise::fold(given.trim()).filter(|w| !w.is_empty());
        let accepted_by = word
            .as_deref()
            .map(|w| self.accepting(w).map(|l| l.name.clone()).collect())
            .unwrap_or_default();
        let removed_by = word
            .as_deref()
            .and_then(|w| self.removed_by(w))
            .map(|l| l.name.clone());
        Verdict {
            given: given.to_string(),
            word,
            accepted_by,
            removed_by,
        }
    }

    /// The words of every list that `rack` makes, sorted: word -> as played.
    pub fn anagrams(&self, rack: &Rack, span: Span) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        for l in &self.lists {
            anagram::collect(l.set.as_fst(), rack, span, &mut out);
        }
        if self.removes_words() {
            out.retain(|w, _| self.removed_by(w).is_none());
        }
        out
    }

    /// For each list, the words no other list holds: what it alone adds to the union
    /// (`lexicon info`; NS-2 unites hunspell-it and witalian because each lacks words the
    /// other has).
    pub fn sole_words(&self) -> Vec<u64> {
        use fst::Streamer;
        (0..self.lists.len())
            .map(|i| {
                let others: Vec<&List> = self
                    .lists
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, l)| l)
                    .collect();
                if others.is_empty() {
                    return self.lists[i].set.len() as u64;
                }
                let mut op = fst::set::OpBuilder::new().add(self.lists[i].set.stream());
                for l in others {
                    op = op.add(l.set.stream());
                }
                let mut only = op.difference();
                let mut n = 0;
                while only.next().is_some() {
                    n += 1;
                }
                n
            })
            .collect()
    }

    /// Distinct words over all lists.
    pub fn distinct_words(&self) -> u64 {
        match self.lists.as_slice() {
            [one] => one.set.len() as u64,
            lists => {
                use fst::Streamer;
                let mut op = fst::set::OpBuilder::new();
                for l in lists {
                    op = op.add(l.set.stream());
                }
                let mut union = op.union();
                let mut n = 0;
                while union.next().is_some() {
                    n += 1;
                }
                n
            }
        }
    }
}
