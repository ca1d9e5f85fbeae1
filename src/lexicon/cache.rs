//! The on-disk cache of built automata: one `fst` file per list, named by the list and a
//! hash of its bytes, the normaliser's version and the expander's, so a changed list (or a
//! changed filter) is rebuilt and an unchanged one is read back in milliseconds.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::normalise::NORMALISER_VERSION;

/// Bumped whenever the hunspell expansion or the file layout changes.
pub const FORMAT_VERSION: u32 = 1;

/// The environment variable that overrides the cache directory.
pub const CACHE_ENV: &str = "TAVOLO_CACHE_DIR";

/// `$TAVOLO_CACHE_DIR`, else `$XDG_CACHE_HOME/tavolo`, else `~/.cache/tavolo`.
pub fn default_dir() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var(CACHE_ENV)
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("tavolo")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("tavolo")))
}

/// The cache key of a list: its kind, its files' bytes and both versions.
pub fn key(tag: &str, files: &[Vec<u8>]) -> String {
    let mut h = Sha256::new();
    h.update(b"tavolo-lexicon\0");
    h.update(FORMAT_VERSION.to_be_bytes());
    h.update(NORMALISER_VERSION.to_be_bytes());
    h.update((tag.len() as u64).to_be_bytes());
    h.update(tag.as_bytes());
    for f in files {
        h.update((f.len() as u64).to_be_bytes());
        h.update(f);
    }
    let digest: [u8; 32] = h.finalize().into();
    digest[..12].iter().map(|b| format!("{b:02x}")).collect()
}

/// `DIR/NAME-KEY.fst`, the name reduced to safe characters.
pub fn path(dir: &Path, name: &str, key: &str) -> PathBuf {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    dir.join(format!("{safe}-{key}.fst"))
}

/// The cache key of the word graph over lists: their keys in order and the graph's byte
/// version, so a changed list or a changed graph layout is rebuilt.
pub fn graph_key(list_keys: &[&str], bytes_version: u32) -> String {
    let mut h = Sha256::new();
    h.update(b"tavolo-gaddag\0");
    h.update(FORMAT_VERSION.to_be_bytes());
    h.update(bytes_version.to_be_bytes());
    for k in list_keys {
        h.update((k.len() as u64).to_be_bytes());
        h.update(k.as_bytes());
    }
    let digest: [u8; 32] = h.finalize().into();
    digest[..12].iter().map(|b| format!("{b:02x}")).collect()
}

/// `DIR/gaddag-KEY.bin`: the word graph beside the lists' automata.
pub fn graph_path(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!("gaddag-{key}.bin"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_follows_bytes_and_kind() {
        let a = key("plain UTF-8", &[b"casa\n".to_vec()]);
        assert_eq!(a.len(), 24);
        assert_eq!(a, key("plain UTF-8", &[b"casa\n".to_vec()]));
        assert_ne!(a, key("plain UTF-8", &[b"casa\ncane\n".to_vec()]));
        assert_ne!(a, key("plain ISO8859-1", &[b"casa\n".to_vec()]));
        // The split between files matters.
        assert_ne!(
            key("h", &[b"ab".to_vec(), b"c".to_vec()]),
            key("h", &[b"a".to_vec(), b"bc".to_vec()])
        );
    }

    #[test]
    fn path_is_safe() {
        let p = path(Path::new("/c"), "it IT/x.dic", "k");
        assert_eq!(p, Path::new("/c/it_IT_x.dic-k.fst"));
    }

    #[test]
    fn graph_key_follows_lists_order_and_version() {
        let a = graph_key(&["k1", "k2"], 1);
        assert_eq!(a.len(), 24);
        assert_eq!(a, graph_key(&["k1", "k2"], 1));
        assert_ne!(a, graph_key(&["k2", "k1"], 1));
        assert_ne!(a, graph_key(&["k1", "k2"], 2));
        assert_ne!(a, graph_key(&["k1k2"], 1));
        assert_eq!(
            graph_path(Path::new("/c"), "k"),
            Path::new("/c/gaddag-k.bin")
        );
    }
}
