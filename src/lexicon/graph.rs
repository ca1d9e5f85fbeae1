//! The lexicon as a word graph for Natura Shakerata's move generation (issue 14): one GADDAG
//! over the words of every list. The one place the CLI gets a graph from.
//!
//! Building the graph of the default lists takes some 4 s of CPU (tens of seconds on a busy
//! machine, shown as progress through [`progress`]), so the flat arc array is kept in the cache directory beside the lists' automata, keyed by the lists' keys
//! and the graph's byte version ([`cache::graph_key`]), written atomically and verified on
//! reading ([`Gaddag::from_bytes`]: length, checksum, arcs inside); a missing or damaged
//! file is rebuilt and rewritten. The lexicon's options reach here through its lists: a
//! list opened without a cache (`no_cache`) means no graph cache either, and a list built
//! now (`rebuild`, or its cache was missing) means the graph is rebuilt too.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fst::Streamer;

use super::gaddag::{Builder, Gaddag, Progress, BYTES_VERSION};
use super::{cache, progress, Lexicon, Origin};
use crate::error::Error;

/// How the graph was obtained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphOrigin {
    /// Read back from this cache file.
    Cached(PathBuf),
    /// Built from the lists now, in this time; `saved` says where the cache file was
    /// written, or why not.
    Built {
        time: Duration,
        saved: Result<PathBuf, String>,
    },
}

/// The word graph of every word the lexicon holds.
pub fn gaddag(lexicon: &Lexicon) -> Result<Arc<Gaddag>, Error> {
    open(lexicon).map(|(g, _)| g)
}

/// [`gaddag`], saying how it was obtained: the first call on a lexicon reads the cache file
/// or builds (and saves) the graph; every later call hands back that same graph and origin,
/// never building or writing again (issue 38: a hint on a cold cache rebuilt the graph and
/// rewrote its file every time). Concurrent first calls wait for one build.
pub fn open(lexicon: &Lexicon) -> Result<(Arc<Gaddag>, GraphOrigin), Error> {
    let mut held = lexicon.graph.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((g, origin)) = held.as_ref() {
        return Ok((g.clone(), origin.clone()));
    }
    let (g, origin) = open_once(lexicon)?;
    *held = Some((g.clone(), origin.clone()));
    Ok((g, origin))
}

/// The word graph of the run's lexicon ([`super::choice::run_choice`]), made ready now: a
/// server calls this before it listens, so that on a cold cache the lists and the graph are
/// built at start (with progress) and not inside the first hint while a table waits.
/// `Ok(None)` when no Italian list is installed (Natura's words are then not checked).
pub fn prepare_run() -> Result<Option<GraphOrigin>, Error> {
    let choice = super::choice::run_choice();
    let lex = match super::choice::open(&choice) {
        Ok(lex) => lex,
        Err(e) if e.code == "lexicon.no-default" => return Ok(None),
        Err(e) => return Err(e),
    };
    open(&lex).map(|(_, origin)| Some(origin))
}

/// Read the cached graph, or build and save it.
fn open_once(lexicon: &Lexicon) -> Result<(Arc<Gaddag>, GraphOrigin), Error> {
    let path = cache_file(lexicon);
    let rebuild = lexicon
        .lists
        .iter()
        .any(|l| matches!(l.origin, Origin::Built { .. }));
    if let (Some(path), false) = (&path, rebuild) {
        if let Some(g) = read(path) {
            return Ok((Arc::new(g), GraphOrigin::Cached(path.clone())));
        }
    }
    let start = Instant::now();
    let result = progress::cached_in(path.as_ref().and_then(|p| p.parent()));
    // Begun once the builder knows how many keys it makes.
    let mut step: Option<Box<dyn progress::Step>> = None;
    let g = build(lexicon, &mut |p| {
        step.get_or_insert_with(|| {
            progress::begin("building the word graph (once)", &result, p.total)
        })
        .at(p.done)
    })?;
    let time = start.elapsed();
    let saved = match &path {
        Some(path) => write(path, &g).map(|()| path.clone()),
        None => Err("no cache directory".into()),
    };
    drop(step);
    Ok((Arc::new(g), GraphOrigin::Built { time, saved }))
}

/// Where the lexicon's graph is cached and its size in bytes when the file is there (not
/// read: `lexicon info` lists it without loading 6 MB), or `None` without a cache.
pub fn cached(lexicon: &Lexicon) -> Option<(PathBuf, Option<u64>)> {
    let path = cache_file(lexicon)?;
    let size = std::fs::metadata(&path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    Some((path, size))
}

/// The cache file of the lexicon's graph: beside its lists' automata, `None` when a list has
/// no cache file (opened with `no_cache`) or there is no list.
fn cache_file(lexicon: &Lexicon) -> Option<PathBuf> {
    let dir = lexicon.lists.first()?.cache_path.as_ref()?.parent()?;
    let keys: Option<Vec<&str>> = lexicon
        .lists
        .iter()
        .map(|l| l.cache_path.as_ref().map(|_| l.key.as_str()))
        .collect();
    Some(cache::graph_path(
        dir,
        &cache::graph_key(&keys?, BYTES_VERSION),
    ))
}

/// A cached graph, verified; `None` if missing or damaged.
fn read(path: &Path) -> Option<Gaddag> {
    Gaddag::from_bytes(&std::fs::read(path).ok()?).ok()
}

fn write(path: &Path, g: &Gaddag) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)
        .and_then(|()| crate::output::write_atomic(path, &g.to_bytes()))
        .map_err(|e| format!("{}: {}", path.display(), crate::error::io_reason(&e)))
}

/// The graph of every word of the lexicon's lists, each word once (their union streamed
/// straight into the builder: no list of words is made).
fn build(lexicon: &Lexicon, progress: &mut dyn FnMut(Progress)) -> Result<Gaddag, Error> {
    let mut b = Builder::default();
    let mut op = fst::set::OpBuilder::new();
    for l in &lexicon.lists {
        op = op.add(l.set.stream());
    }
    let mut union = op.union();
    let removes = lexicon.removes_words();
    while let Some(w) = union.next() {
        if removes && std::str::from_utf8(w).is_ok_and(|w| lexicon.removed_by(w).is_some()) {
            continue;
        }
        b.push(w);
    }
    b.build(progress)
        .map_err(|e| Error::input("lexicon.graph", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::{Options, Source};

    fn lexicon(dir: &Path, list: &Path, opts: Options) -> Lexicon {
        let source = Source::from_arg(list.to_str().unwrap()).unwrap();
        let opts = Options {
            cache_dir: Some(dir.to_path_buf()),
            ..opts
        };
        Lexicon::open(&[source], &opts).unwrap()
    }

    #[test]
    fn cached_built_and_damaged() {
        let tmp = tempfile::tempdir().unwrap();
        let list = tmp.path().join("parole.txt");
        std::fs::write(&list, "casa\ncane\ncittà\ntre\n").unwrap();
        let cache = tmp.path().join("cache");

        // First: built and saved.
        let (g, origin) = open(&lexicon(&cache, &list, Options::default())).unwrap();
        let GraphOrigin::Built {
            saved: Ok(path), ..
        } = origin
        else {
            panic!("built first: {origin:?}");
        };
        assert!(path.starts_with(&cache));
        assert_eq!(g.words(), 4);
        assert!(g.contains("CITTA"));

        // Then read back, equal.
        let (again, origin) = open(&lexicon(&cache, &list, Options::default())).unwrap();
        assert_eq!(origin, GraphOrigin::Cached(path.clone()));
        assert_eq!(again.to_bytes(), g.to_bytes());

        // A damaged file is rebuilt, not trusted, and rewritten whole.
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0xff;
        std::fs::write(&path, &bytes).unwrap();
        let (fixed, origin) = open(&lexicon(&cache, &list, Options::default())).unwrap();
        assert!(matches!(origin, GraphOrigin::Built { saved: Ok(_), .. }));
        assert_eq!(fixed.to_bytes(), g.to_bytes());
        assert_eq!(std::fs::read(&path).unwrap(), g.to_bytes());
        // A truncated one too.
        std::fs::write(&path, &bytes[..mid]).unwrap();
        let (_, origin) = open(&lexicon(&cache, &list, Options::default())).unwrap();
        assert!(matches!(origin, GraphOrigin::Built { .. }));

        // `rebuild` rebuilds the graph with the lists; `no_cache` neither reads nor writes.
        let rebuild = Options {
            rebuild: true,
            ..Options::default()
        };
        let (_, origin) = open(&lexicon(&cache, &list, rebuild)).unwrap();
        assert!(matches!(origin, GraphOrigin::Built { saved: Ok(_), .. }));
        let no_cache = Options {
            no_cache: true,
            ..Options::default()
        };
        let (_, origin) = open(&lexicon(&cache, &list, no_cache)).unwrap();
        assert!(matches!(origin, GraphOrigin::Built { saved: Err(_), .. }));

        // A changed list is a new key: built, not the old graph.
        std::fs::write(&list, "casa\n").unwrap();
        let (g2, origin) = open(&lexicon(&cache, &list, Options::default())).unwrap();
        assert!(matches!(origin, GraphOrigin::Built { .. }));
        assert_eq!(g2.words(), 1);
    }

    /// Issue 38: on a cold cache the lists are built, and every hint used to rebuild the
    /// graph and rewrite its file. Now a lexicon builds its graph once: a second call hands
    /// back the same graph, and the file is not written again (same inode, same mtime).
    #[test]
    fn a_cold_cache_builds_the_graph_once() {
        use std::os::unix::fs::MetadataExt;
        let tmp = tempfile::tempdir().unwrap();
        let list = tmp.path().join("parole.txt");
        std::fs::write(&list, "casa\ncane\ntre\n").unwrap();
        let cache = tmp.path().join("cache");
        let lex = lexicon(&cache, &list, Options::default());
        assert!(matches!(lex.lists[0].origin, Origin::Built { .. }), "cold");
        let (first, origin) = open(&lex).unwrap();
        let GraphOrigin::Built {
            saved: Ok(path), ..
        } = origin.clone()
        else {
            panic!("built first: {origin:?}");
        };
        let before = std::fs::metadata(&path).unwrap();
        for _ in 0..3 {
            let (again, again_origin) = open(&lex).unwrap();
            assert!(Arc::ptr_eq(&first, &again), "the graph was built again");
            assert_eq!(again_origin, origin);
        }
        let after = std::fs::metadata(&path).unwrap();
        assert_eq!(after.ino(), before.ino(), "the cache file was rewritten");
        assert_eq!(after.modified().unwrap(), before.modified().unwrap());
    }
}
