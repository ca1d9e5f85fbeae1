//! Leave files on disk (issue 25): where a lexicon's leaves are kept, reading them with a
//! clear refusal for a file learned on another lexicon or tile set, or damaged, and the
//! learning run's checkpoint (so a run of hours goes on after a stop).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use sha2::{Digest, Sha256};

use super::layout::TileSet;
use super::learn::Tally;
use super::leaves::{tiles_id, LeaveKey, Leaves};
use crate::error::Error;
use crate::lexicon::Lexicon;

/// The command that learns a lexicon's leaves, for messages.
pub const RELEARN: &str = "tavolo lexicon leaves learn";

/// How the command line chose the run's leave values (`tavolo play --leaves FILE` or
/// `--rank score`), once, as it chooses the lexicon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// These values, checked against the lexicon.
    File(PathBuf),
    /// No values: moves ranked by score alone.
    Score,
    /// The lexicon's own values, which must exist.
    Equity,
}

static CHOSEN: OnceLock<Choice> = OnceLock::new();

/// Make `choice` the run's (the first choice stays).
pub fn choose(choice: Choice) {
    let _ = CHOSEN.set(choice);
}

/// The run's choice, if the command line made one.
pub fn chosen() -> Option<&'static Choice> {
    CHOSEN.get()
}

/// The leave values tavolo ships: learned on NS-2's default lists (it_IT.dic + italian) from
/// a million self-played games; `data/README.md` says how they were made and how to make them
/// again.
pub static BUNDLED: &[u8] = include_bytes!("../../../data/natura-it.leaves");

/// Where a run's leave values came from, for what it prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Named on the command line.
    File(PathBuf),
    /// Learned by the user for this lexicon, found in the cache folder.
    Learned(PathBuf),
    /// tavolo's own, for NS-2's default lists.
    Bundled,
}

impl Source {
    /// What a listing says of the values, e.g. "tavolo's own values".
    pub fn describe(&self) -> String {
        match self {
            Source::File(p) => format!("the values of {}", p.display()),
            Source::Learned(p) => format!("the values learned for this lexicon ({})", p.display()),
            Source::Bundled => "tavolo's own values".to_string(),
        }
    }
}

/// Leave values and where they came from.
#[derive(Debug, Clone)]
pub struct Found {
    pub leaves: Arc<Leaves>,
    pub source: Source,
}

/// The bundled values, read once (`None` only if they were refused, which a test rules out).
pub fn bundled() -> Option<Arc<Leaves>> {
    static B: OnceLock<Option<Arc<Leaves>>> = OnceLock::new();
    B.get_or_init(|| {
        Leaves::from_bytes(&TileSet::italian(), BUNDLED)
            .ok()
            .map(Arc::new)
    })
    .clone()
}

/// The values for `lex` when the command line names no file: those the user learned for this
/// lexicon (`tavolo lexicon leaves learn` keeps them in the cache folder), else tavolo's own
/// when `lex` is the lexicon they were learned on, else none (moves are then ranked by score).
pub fn default_for(lex: &Lexicon, cache_dir: Option<&Path>) -> Result<Option<Found>, Error> {
    if let Some(p) = default_path(lex, cache_dir).filter(|p| p.exists()) {
        let leaves = read_shared(&p, lex)?;
        return Ok(Some(Found {
            leaves,
            source: Source::Learned(p),
        }));
    }
    // The bundled values were learned on NS-2's lists in permissive mode; until they are
    // learned again for NS-9's tournament lexicon (an hour of CPU), they serve it too: the
    // two lexicons share their tiles and all but the refused forms.
    let ids = [lexicon_id(lex), permissive_lexicon_id(lex)];
    Ok(bundled()
        .filter(|b| ids.contains(&b.stamp.lexicon))
        .map(|leaves| Found {
            leaves,
            source: Source::Bundled,
        }))
}

/// The values a command ranks by: `file` if named, else the run's choice (`--leaves`,
/// `--rank score`), else [`default_for`].
pub fn for_lexicon(
    lex: &Lexicon,
    file: Option<&Path>,
    cache_dir: Option<&Path>,
) -> Result<Option<Found>, Error> {
    let named = file.map(Path::to_path_buf).or_else(|| match chosen() {
        Some(Choice::File(p)) => Some(p.clone()),
        _ => None,
    });
    if let Some(p) = named {
        let leaves = read_shared(&p, lex)?;
        return Ok(Some(Found {
            leaves,
            source: Source::File(p),
        }));
    }
    if chosen() == Some(&Choice::Score) {
        return Ok(None);
    }
    default_for(lex, cache_dir)
}

/// [`read`], once per file and lexicon in a process (a table's machine seats and its hints,
/// a server's many tables): a file of 350,000 leaves takes a noticeable fraction of a second
/// to read. A file changed on disk is read again.
fn read_shared(path: &Path, lex: &Lexicon) -> Result<Arc<Leaves>, Error> {
    type Key = (PathBuf, String, Option<std::time::SystemTime>, u64);
    static READ: Mutex<Vec<(Key, Arc<Leaves>)>> = Mutex::new(Vec::new());
    let meta = std::fs::metadata(path).ok();
    let key: Key = (
        path.to_path_buf(),
        lexicon_id(lex),
        meta.as_ref().and_then(|m| m.modified().ok()),
        meta.as_ref().map_or(0, |m| m.len()),
    );
    let mut read_ = READ.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, l)) = read_.iter().find(|(k, _)| *k == key) {
        return Ok(l.clone());
    }
    let leaves = Arc::new(read(path, Some(lex))?);
    read_.push((key, leaves.clone()));
    Ok(leaves)
}

/// What names a lexicon in a leave file: a hash of its lists' keys (each a hash of the
/// list's bytes and the normaliser's version), so another word list, or the same list
/// folded otherwise, is another lexicon.
pub fn lexicon_id(lex: &Lexicon) -> String {
    let mut h = Sha256::new();
    h.update(b"tavolo-leaves-lexicon\0");
    for l in &lex.lists {
        h.update((l.key.len() as u64).to_be_bytes());
        h.update(l.key.as_bytes());
    }
    h.finalize()[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// [`lexicon_id`] of the same lists read in permissive mode (NS-9).
pub fn permissive_lexicon_id(lex: &Lexicon) -> String {
    let mut h = Sha256::new();
    h.update(b"tavolo-leaves-lexicon\0");
    for l in &lex.lists {
        h.update((l.permissive_key.len() as u64).to_be_bytes());
        h.update(l.permissive_key.as_bytes());
    }
    h.finalize()[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The lexicon's lists by name, as a leave file's head names them.
pub fn lexicon_names(lex: &Lexicon) -> String {
    let names: Vec<&str> = lex.lists.iter().map(|l| l.name.as_str()).collect();
    names.join(" + ")
}

/// Where `tavolo lexicon leaves learn` keeps a lexicon's leaves unless told otherwise:
/// `leaves-ID.bin` in the lexicon's cache folder, where later commands find them.
pub fn default_path(lex: &Lexicon, cache_dir: Option<&Path>) -> Option<PathBuf> {
    let dir = cache_dir
        .map(Path::to_path_buf)
        .or_else(crate::lexicon::cache::default_dir)?;
    Some(dir.join(format!("leaves-{}.bin", lexicon_id(lex))))
}

/// Read a leave file and check it was learned on `lex` with the Italian tiles.
pub fn read(path: &Path, lex: Option<&Lexicon>) -> Result<Leaves, Error> {
    let bytes = crate::input::read(path, crate::input::SETTINGS)
        .map_err(|e| Error::io("leaves.read", path, &e))?;
    let set = TileSet::italian();
    let relearn = format!("learn them again with `{RELEARN}` (the same --lexicon options)");
    let leaves = Leaves::from_bytes(&set, &bytes).map_err(|e| {
        Error::input("leaves.damaged", e.to_string())
            .in_file(path)
            .help(relearn.clone())
    })?;
    if leaves.stamp.tiles != tiles_id(&set) {
        return Err(Error::input(
            "leaves.other-tiles",
            "these leaves were learned on another tile set than Natura Shakerata's (NS-1)",
        )
        .in_file(path)
        .help(relearn));
    }
    if let Some(lex) = lex {
        let id = lexicon_id(lex);
        // Values learned on the same lists read permissively serve NS-9's tournament
        // lexicon too (see `default_for`).
        if leaves.stamp.lexicon != id && leaves.stamp.lexicon != permissive_lexicon_id(lex) {
            return Err(Error::input(
                "leaves.other-lexicon",
                format!(
                    "these leaves were learned on the lexicon {} ({}), not on this one: {} ({id})",
                    leaves.stamp.lexicon_names,
                    leaves.stamp.lexicon,
                    lexicon_names(lex)
                ),
            )
            .in_file(path)
            .help(relearn));
        }
    }
    Ok(leaves)
}

/// A learning run under way: the settings it was started with, the iteration it is in, the
/// values it plays with, and the samples of the games played so far in the iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkpoint {
    pub seed: String,
    pub games: u64,
    pub iterations: u32,
    pub lexicon: String,
    pub iteration: u32,
    /// The values of the previous iteration (all zero in the first), as a leave file.
    pub playing: Vec<u8>,
    /// How far each finished iteration moved the values (points).
    pub changes: Vec<f64>,
    pub tally: Tally,
}

const PARTIAL: &str = "tavolo-leaves-partial 1";

impl Checkpoint {
    pub fn to_bytes(&self) -> Vec<u8> {
        let changes: Vec<String> = self.changes.iter().map(|c| format!("{c}")).collect();
        let mut out = format!(
            "{PARTIAL}\nseed {}\ngames {}\niterations {}\nlexicon {}\niteration {}\nchanges {}\nplaying {}\n\n",
            self.seed,
            self.games,
            self.iterations,
            self.lexicon,
            self.iteration,
            changes.join(","),
            self.playing.len()
        )
        .into_bytes();
        out.extend(&self.playing);
        let t = &self.tally;
        for x in [t.games, t.turns, t.points as u64, t.leaves.len() as u64] {
            out.extend(x.to_le_bytes());
        }
        let mut keys: Vec<&LeaveKey> = t.leaves.keys().collect();
        keys.sort();
        for k in keys {
            let (s, n) = t.leaves[k];
            out.extend(k.to_le_bytes());
            out.extend(s.to_le_bytes());
            out.extend(n.to_le_bytes());
        }
        out
    }

    /// Read a checkpoint; `None` for anything damaged (the run then starts over).
    pub fn from_bytes(bytes: &[u8]) -> Option<Checkpoint> {
        let end = bytes.windows(2).position(|w| w == b"\n\n")?;
        let head = std::str::from_utf8(&bytes[..end]).ok()?;
        let mut lines = head.lines();
        if lines.next()? != PARTIAL {
            return None;
        }
        let mut f = HashMap::new();
        for line in lines {
            let (k, v) = line.split_once(' ').unwrap_or((line, ""));
            f.insert(k, v);
        }
        let num = |k: &str| f.get(k)?.parse::<u64>().ok();
        let playing_len = usize::try_from(num("playing")?).ok()?;
        let mut rest = &bytes[end + 2..];
        let playing = rest.get(..playing_len)?.to_vec();
        rest = &rest[playing_len..];
        let mut word = || -> Option<u64> {
            let (w, r) = rest.split_first_chunk::<8>()?;
            rest = r;
            Some(u64::from_le_bytes(*w))
        };
        let mut tally = Tally {
            games: word()?,
            turns: word()?,
            points: word()? as i64,
            ..Tally::default()
        };
        let n = word()?;
        for _ in 0..n {
            let k = word()?;
            let s = word()? as i64;
            let c = word()?;
            tally.leaves.insert(k, (s, c));
        }
        let changes = match f.get("changes")? {
            &"" => Vec::new(),
            list => list
                .split(',')
                .map(|c| c.parse().ok())
                .collect::<Option<Vec<f64>>>()?,
        };
        Some(Checkpoint {
            seed: f.get("seed")?.to_string(),
            games: num("games")?,
            iterations: u32::try_from(num("iterations")?).ok()?,
            lexicon: f.get("lexicon")?.to_string(),
            iteration: u32::try_from(num("iteration")?).ok()?,
            playing,
            changes,
            tally,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_whole_and_a_cut_one_is_none() {
        let mut tally = Tally {
            games: 12,
            turns: 300,
            points: -5,
            ..Tally::default()
        };
        tally.leaves.insert(0x0501, (-40, 3));
        tally.leaves.insert(0x01, (900, 31));
        let c = Checkpoint {
            seed: "s 1".into(),
            games: 1000,
            iterations: 3,
            lexicon: "abc".into(),
            iteration: 1,
            playing: b"leaves\n\nbody".to_vec(),
            changes: vec![1.25],
            tally,
        };
        let bytes = c.to_bytes();
        assert_eq!(Checkpoint::from_bytes(&bytes), Some(c));
        assert_eq!(Checkpoint::from_bytes(&bytes[..bytes.len() - 1]), None);
    }
}
