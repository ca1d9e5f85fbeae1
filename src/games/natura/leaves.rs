//! Leave values (issue 25): what the tiles kept on a rack after a move are worth, in points,
//! learned from self-play ([`super::learn`]). A move's *equity* is its score plus the value
//! of its leave; a machine that ranks by equity keeps good tiles (a jolly, balanced vowels)
//! and gives up a few points now for more later.
//!
//! A leave is a multiset of 0 to 6 tiles ([`LeaveKey`]); [`every_leave`] lists each one the
//! tile set can make. The values travel in a small file ([`Leaves::to_bytes`]): a text head
//! that names the tile set and the lexicon they were learned on, then an `fst` map from the
//! leave's text (`?` a jolly, then the letters in order: `?EIS`) to its value in hundredths of
//! a point. A file for another tile set or lexicon, or a damaged one, is refused
//! ([`FormatError`]), never used.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use super::board::THROUGH;
use super::layout::{TileSet, JOLLY, RACK};
use super::moves::tile_char;

/// The most tiles a leave holds: a play or an exchange takes at least one of the seven.
pub const MAX_LEAVE: usize = RACK - 1;

/// The file format's version, the number on its first line.
pub const FORMAT: u32 = 1;

const MAGIC: &str = "tavolo-leaves";

/// A leave as a number: its tile kinds in ascending order, a byte each (kind + 1), the
/// first kind in the lowest byte; equal multisets have equal keys, the empty leave is 0.
pub type LeaveKey = u64;

/// The key of a leave given as counts by kind (index 0 the jollies); `None` past 6 tiles.
pub fn key_of_counts(counts: &[u8]) -> Option<LeaveKey> {
    let mut key = 0u64;
    let mut shift = 0;
    for (kind, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            if shift >= 8 * MAX_LEAVE {
                return None;
            }
            key |= (kind as u64 + 1) << shift;
            shift += 8;
        }
    }
    Some(key)
}

/// The kinds of a leave, in ascending order.
pub fn kinds_of(key: LeaveKey) -> impl Iterator<Item = u8> {
    (0..MAX_LEAVE)
        .map(move |i| ((key >> (8 * i)) & 0xFF) as u8)
        .take_while(|&b| b != 0)
        .map(|b| b - 1)
}

/// How many tiles a leave holds.
pub fn size_of(key: LeaveKey) -> usize {
    kinds_of(key).count()
}

/// A leave as players write it: `?` for each jolly, then the letters (`?EIS`; `-` for none).
pub fn key_text(key: LeaveKey) -> String {
    if key == 0 {
        return "-".into();
    }
    kinds_of(key).map(tile_char).collect()
}

/// The key of a leave written as [`key_text`] writes it (any order; `-` or empty for none).
pub fn key_from_text(set: &TileSet, text: &str) -> Option<LeaveKey> {
    let mut counts = vec![0u8; set.kinds()];
    for c in text.chars().filter(|&c| c != '-') {
        let kind = if c == '?' {
            JOLLY
        } else {
            let t = set.parse(c.to_ascii_uppercase())?;
            TileSet::rack_tile(t)
        };
        counts[usize::from(kind)] += 1;
    }
    key_of_counts(&counts)
}

/// Every leave of 0 to 6 tiles the set can make (no kind more often than the bag holds
/// it), in the order of their text's bytes (the file's order).
pub fn every_leave(set: &TileSet) -> Vec<LeaveKey> {
    fn walk(full: &[u8], kind: usize, counts: &mut Vec<u8>, left: usize, out: &mut Vec<u64>) {
        if kind == full.len() {
            if let Some(k) = key_of_counts(counts) {
                out.push(k);
            }
            return;
        }
        for n in 0..=usize::from(full[kind]).min(left) {
            counts[kind] = n as u8;
            walk(full, kind + 1, counts, left - n, out);
        }
        counts[kind] = 0;
    }
    let full = set.full_counts();
    let mut out = Vec::new();
    walk(&full, 0, &mut vec![0; full.len()], MAX_LEAVE, &mut out);
    out.sort_by_cached_key(|&k| key_text(k));
    out
}

/// Whether the bag holds every tile of a leave (no `K` in the Italian bag: NS-1).
pub fn fits(set: &TileSet, key: LeaveKey) -> bool {
    let full = set.full_counts();
    let mut counts = vec![0u8; full.len()];
    for kind in kinds_of(key) {
        match counts.get_mut(usize::from(kind)) {
            Some(c) => *c += 1,
            None => return false,
        }
    }
    counts.iter().zip(&full).all(|(c, f)| c <= f)
}

/// What names a tile set in a leave file: a hash of its letters, values, counts and jollies.
pub fn tiles_id(set: &TileSet) -> String {
    let mut h = Sha256::new();
    h.update(b"tavolo-tiles\0");
    h.update([set.jollies]);
    for l in &set.letters {
        h.update(l.upper.to_string().as_bytes());
        h.update(l.value.to_be_bytes());
        h.update([l.count]);
    }
    hex(&h.finalize()[..12])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What a leave file says it was learned on and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    /// [`tiles_id`] of the tile set.
    pub tiles: String,
    /// The lexicon's id (a hash of its lists' contents: see `lexicon_id`).
    pub lexicon: String,
    /// The lexicon's lists by name, for messages (`hunspell-it + witalian`).
    pub lexicon_names: String,
    /// Self-play games learned from, over every iteration.
    pub games: u64,
    pub iterations: u32,
}

/// Why a leave file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// Not a leave file at all.
    NotLeaves,
    /// Another version of the format.
    Version(u32),
    /// A head line missing or malformed, the body cut short or changed, a leave that is no
    /// leave of the tile set.
    Damaged(String),
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::NotLeaves => write!(f, "not a leave file (no `{MAGIC}` first line)"),
            FormatError::Version(v) => {
                write!(f, "a leave file of format {v}; this tavolo reads {FORMAT}")
            }
            FormatError::Damaged(why) => write!(f, "a damaged leave file: {why}"),
        }
    }
}

/// Leave values in hundredths of a point, by leave.
#[derive(Debug, Clone)]
pub struct Leaves {
    pub stamp: Stamp,
    values: HashMap<LeaveKey, i32, KeyHash>,
}

/// A leave key is already a well-spread `u64` of up to six tile bytes: one multiply mixes
/// it, where the default hasher's rounds cost the machine player a tenth of its turn.
#[derive(Debug, Clone, Copy, Default)]
pub struct KeyHash;

impl std::hash::BuildHasher for KeyHash {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

#[derive(Debug, Clone, Copy)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 29;
    }
}

/// Stored values are offset so they are unsigned in the map.
const OFFSET: i64 = 1 << 31;

impl Leaves {
    pub fn new(stamp: Stamp, values: HashMap<LeaveKey, i32>) -> Leaves {
        Leaves {
            stamp,
            values: values.into_iter().collect(),
        }
    }

    /// All zero: the first self-play iteration, which ranks by score alone.
    pub fn zero(stamp: Stamp) -> Leaves {
        Leaves::new(stamp, HashMap::new())
    }

    /// A leave's value in hundredths of a point (0 for one the table does not hold).
    pub fn value(&self, key: LeaveKey) -> i32 {
        self.values.get(&key).copied().unwrap_or(0)
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every leave with its value, in the file's order.
    pub fn sorted(&self) -> Vec<(LeaveKey, i32)> {
        let mut all: Vec<(LeaveKey, i32)> = self.values.iter().map(|(&k, &v)| (k, v)).collect();
        all.sort_by_cached_key(|&(k, _)| key_text(k));
        all
    }

    /// The file: the head (text lines), a blank line, the `fst` map.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut map = fst::MapBuilder::memory();
        for (k, v) in self.sorted() {
            map.insert(key_text(k), (i64::from(v) + OFFSET) as u64)
                .expect("keys in order");
        }
        let body = map.into_inner().expect("an in-memory map");
        let s = &self.stamp;
        let mut out = format!(
            "{MAGIC} {FORMAT}\ntiles {}\nlexicon {}\nlists {}\ngames {}\niterations {}\nleaves {}\nsha256 {}\n\n",
            s.tiles,
            s.lexicon,
            s.lexicon_names,
            s.games,
            s.iterations,
            self.values.len(),
            hex(&Sha256::digest(&body)),
        )
        .into_bytes();
        out.extend(body);
        out
    }

    /// Read a file [`Leaves::to_bytes`] wrote, checked whole: head, checksum, every leave a
    /// leave of `set`.
    pub fn from_bytes(set: &TileSet, bytes: &[u8]) -> Result<Leaves, FormatError> {
        let damaged = |why: &str| FormatError::Damaged(why.to_string());
        let end = bytes.windows(2).position(|w| w == b"\n\n").ok_or_else(|| {
            if bytes.starts_with(MAGIC.as_bytes()) {
                damaged("its head never ends (no blank line)")
            } else {
                FormatError::NotLeaves
            }
        })?;
        let head = std::str::from_utf8(&bytes[..end]).map_err(|_| FormatError::NotLeaves)?;
        let body = &bytes[end + 2..];
        let mut lines = head.lines();
        let first = lines.next().unwrap_or("");
        let version = first
            .strip_prefix(MAGIC)
            .and_then(|v| v.trim().parse::<u32>().ok())
            .ok_or(FormatError::NotLeaves)?;
        if version != FORMAT {
            return Err(FormatError::Version(version));
        }
        let mut field = HashMap::new();
        for line in lines {
            let (k, v) = line.split_once(' ').unwrap_or((line, ""));
            field.insert(k, v);
        }
        let get = |k: &str| {
            field
                .get(k)
                .map(|v| v.to_string())
                .ok_or_else(|| FormatError::Damaged(format!("no `{k}` line in its head")))
        };
        let number = |k: &str| {
            get(k)?
                .parse::<u64>()
                .map_err(|_| FormatError::Damaged(format!("its `{k}` line is not a number")))
        };
        let stamp = Stamp {
            tiles: get("tiles")?,
            lexicon: get("lexicon")?,
            lexicon_names: get("lists")?,
            games: number("games")?,
            iterations: number("iterations")? as u32,
        };
        let count = number("leaves")?;
        if get("sha256")? != hex(&Sha256::digest(body)) {
            return Err(damaged(
                "its values do not match their checksum (cut short or changed)",
            ));
        }
        let map = fst::Map::new(body.to_vec()).map_err(|e| damaged(&e.to_string()))?;
        if map.len() as u64 != count {
            return Err(damaged(
                "it holds another number of leaves than its head says",
            ));
        }
        let mut values = HashMap::with_capacity_and_hasher(map.len(), KeyHash);
        let mut stream = map.stream();
        while let Some((text, v)) = fst::Streamer::next(&mut stream) {
            let text = std::str::from_utf8(text).map_err(|_| damaged("a leave is not text"))?;
            let key = key_from_text(set, text)
                .filter(|&k| key_text(k) == text && fits(set, k))
                .ok_or_else(|| damaged(&format!("`{text}` is not a leave of the tile set")))?;
            let v =
                i32::try_from(v as i64 - OFFSET).map_err(|_| damaged("a value is out of range"))?;
            values.insert(key, v);
        }
        Ok(Leaves { stamp, values })
    }
}

/// The leaves of one rack, for ranking its moves: the value of every leave the rack can
/// keep, found once a turn (at most 128), then read by the tiles a move uses.
pub struct RackLeaves {
    /// Per kind, what one tile of it used adds to the index (0 for kinds not on the rack).
    weight: [u16; 32],
    /// By the index of the tiles used: the leave's value (0 for a full rack kept).
    values: Vec<i32>,
    /// By the same index: the leave.
    keys: Vec<LeaveKey>,
    /// The rack's kinds and how many of each, in kind order.
    kinds: Vec<(u8, u8)>,
    /// The highest of `values`.
    best: i32,
}

impl RackLeaves {
    /// Every leave of `rack` (counts by kind) valued by `leaves`.
    pub fn new(leaves: &Leaves, rack: &[u8]) -> RackLeaves {
        let mut weight = [0u16; 32];
        let mut radix = 1usize;
        let kinds: Vec<usize> = (0..rack.len().min(32)).filter(|&k| rack[k] > 0).collect();
        for &k in &kinds {
            weight[k] = radix as u16;
            radix *= usize::from(rack[k]) + 1;
        }
        let mut values = Vec::with_capacity(radix);
        let mut keys = Vec::with_capacity(radix);
        // Index i uses `used[j]` tiles of the j-th kind, the first kind the fastest digit;
        // the leave's key is the kept tiles in kind order, as `key_of_counts` writes it.
        let mut used = vec![0u8; kinds.len()];
        for _ in 0..radix {
            let mut key = 0u64;
            let mut shift = 0;
            for (j, &k) in kinds.iter().enumerate() {
                for _ in 0..rack[k] - used[j] {
                    key |= (k as u64 + 1) << shift;
                    shift += 8;
                }
            }
            let key = (shift <= 8 * MAX_LEAVE).then_some(key);
            keys.push(key.unwrap_or(u64::MAX));
            values.push(key.map_or(0, |k| leaves.value(k)));
            for (j, &k) in kinds.iter().enumerate() {
                if used[j] < rack[k] {
                    used[j] += 1;
                    break;
                }
                used[j] = 0;
            }
        }
        RackLeaves {
            weight,
            best: values.iter().copied().max().unwrap_or(0),
            values,
            keys,
            kinds: kinds.iter().map(|&k| (k as u8, rack[k])).collect(),
        }
    }

    /// The highest value any leave of the rack has: what bounds a move's equity above.
    pub fn best_value(&self) -> i32 {
        self.best
    }

    /// Every index of tiles a whole exchange can give back (at least one tile), in the order
    /// [`super::movegen::exchanges`] lists those tiles: the first kind's count most significant.
    pub fn exchange_indices(&self) -> Vec<usize> {
        let mut digits = vec![0u8; self.kinds.len()];
        let mut out = Vec::new();
        loop {
            let index: usize = digits
                .iter()
                .zip(&self.kinds)
                .map(|(&d, &(k, _))| usize::from(d) * usize::from(self.weight[usize::from(k)]))
                .sum();
            if index != 0 {
                out.push(index);
            }
            let mut j = digits.len();
            loop {
                if j == 0 {
                    return out;
                }
                j -= 1;
                if digits[j] < self.kinds[j].1 {
                    digits[j] += 1;
                    break;
                }
                digits[j] = 0;
            }
        }
    }

    /// The tiles of an index (kinds in order, each repeated), as an exchange gives them back.
    pub fn tiles_of(&self, index: usize) -> Vec<u8> {
        let mut rest = index;
        let mut out = Vec::new();
        for &(k, n) in &self.kinds {
            let c = rest % (usize::from(n) + 1);
            rest /= usize::from(n) + 1;
            out.extend(std::iter::repeat_n(k, c));
        }
        out
    }

    /// The index of the tiles a placement's word takes from the rack ([`THROUGH`] squares
    /// take none; a jolly on the board is a jolly from the rack).
    pub fn index_of_word(&self, word: &[u8]) -> usize {
        word.iter()
            .filter(|&&t| t != THROUGH)
            .map(|&t| usize::from(self.weight[usize::from(TileSet::rack_tile(t)) & 31]))
            .sum()
    }

    /// The index of rack tiles given back (an exchange: kinds, 0 a jolly).
    pub fn index_of_tiles(&self, tiles: &[u8]) -> usize {
        tiles
            .iter()
            .map(|&t| usize::from(self.weight[usize::from(t) & 31]))
            .sum()
    }

    /// The value of the leave after using the tiles of `index`.
    pub fn value(&self, index: usize) -> i32 {
        self.values.get(index).copied().unwrap_or(0)
    }

    /// The leave itself (`None` for a full rack kept: no leave).
    pub fn key(&self, index: usize) -> Option<LeaveKey> {
        self.keys.get(index).copied().filter(|&k| k != u64::MAX)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A stamp for values made in tests.
    pub(crate) fn stamp() -> Stamp {
        Stamp {
            tiles: tiles_id(&TileSet::italian()),
            lexicon: "test".into(),
            lexicon_names: "test".into(),
            games: 3,
            iterations: 1,
        }
    }

    #[test]
    fn exchange_indices_list_the_exchanges_in_movegens_order() {
        use crate::games::natura::movegen::exchanges;
        let set = TileSet::italian();
        let zero = Leaves::zero(stamp());
        for text in ["?AEIST", "EEEOOTT", "Q", "??ZZ"] {
            let mut rack = vec![0u8; set.kinds()];
            for c in text.chars() {
                rack[usize::from(if c == '?' { 0 } else { set.parse(c).unwrap() })] += 1;
            }
            let r = RackLeaves::new(&zero, &rack);
            let by_index: Vec<Vec<u8>> = r
                .exchange_indices()
                .into_iter()
                .map(|i| {
                    let tiles = r.tiles_of(i);
                    assert_eq!(r.index_of_tiles(&tiles), i, "{text}");
                    tiles
                })
                .collect();
            assert_eq!(by_index, exchanges(&rack, 100), "{text}");
        }
    }

    #[test]
    fn keys_are_multisets_and_read_back_from_their_text() {
        let set = TileSet::italian();
        let a = key_from_text(&set, "SEI?").unwrap();
        let b = key_from_text(&set, "?ies").unwrap();
        assert_eq!(a, b);
        assert_eq!(key_text(a), "?EIS");
        assert_eq!(size_of(a), 4);
        assert_eq!(key_from_text(&set, "-"), Some(0));
        assert_eq!(key_text(0), "-");
        assert_eq!(key_from_text(&set, "AAAAAAA"), None, "7 tiles are no leave");
    }

    #[test]
    fn every_leave_is_distinct_sorted_and_within_the_bag() {
        let set = TileSet::italian();
        let all = every_leave(&set);
        let full = set.full_counts();
        let mut seen = std::collections::HashSet::new();
        for &k in &all {
            assert!(seen.insert(k));
            let mut counts = vec![0u8; full.len()];
            for kind in kinds_of(k) {
                counts[usize::from(kind)] += 1;
            }
            assert!(
                counts.iter().zip(&full).all(|(c, f)| c <= f),
                "{}",
                key_text(k)
            );
        }
        let texts: Vec<String> = all.iter().map(|&k| key_text(k)).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        assert_eq!(texts, sorted);
        // J K W X Y are not in the Italian bag (NS-1): no leave holds them.
        assert!(texts.iter().all(|t| !t.contains(['J', 'K', 'W', 'X', 'Y'])));
        // Two jollies at most; `??` is a leave, `???` is not.
        assert!(texts.contains(&"??".to_string()) && !texts.iter().any(|t| t.contains("???")));
        assert!(texts.contains(&"-".to_string()));
    }

    #[test]
    fn a_file_reads_back_the_values_it_was_written_with() {
        let set = TileSet::italian();
        let mut values = HashMap::new();
        for (i, k) in every_leave(&set).into_iter().take(500).enumerate() {
            values.insert(k, i as i32 * 7 - 1500);
        }
        let leaves = Leaves::new(stamp(), values.clone());
        let bytes = leaves.to_bytes();
        let back = Leaves::from_bytes(&set, &bytes).unwrap();
        assert_eq!(back.stamp, stamp());
        assert_eq!(back.sorted(), leaves.sorted());
        assert_eq!(bytes, back.to_bytes(), "written twice, the same bytes");
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused() {
        let set = TileSet::italian();
        let mut values = HashMap::new();
        values.insert(key_from_text(&set, "?E").unwrap(), 950);
        let bytes = Leaves::new(stamp(), values).to_bytes();
        let cut = &bytes[..bytes.len() - 3];
        assert!(matches!(
            Leaves::from_bytes(&set, cut),
            Err(FormatError::Damaged(_))
        ));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert!(matches!(
            Leaves::from_bytes(&set, &flipped),
            Err(FormatError::Damaged(_))
        ));
        assert_eq!(
            Leaves::from_bytes(&set, b"hello\n\nworld").unwrap_err(),
            FormatError::NotLeaves
        );
        let v2 = String::from_utf8_lossy(&bytes).replacen("tavolo-leaves 1", "tavolo-leaves 2", 1);
        assert_eq!(
            Leaves::from_bytes(&set, v2.as_bytes()).unwrap_err(),
            FormatError::Version(2)
        );
        // A leave the Italian set cannot make (K is not in its bag).
        let mut values = HashMap::new();
        values.insert(key_from_text(&TileSet::english(), "K").unwrap(), 1);
        let english = Leaves::new(stamp(), values).to_bytes();
        assert!(matches!(
            Leaves::from_bytes(&set, &english),
            Err(FormatError::Damaged(_))
        ));
    }

    #[test]
    fn a_racks_leaves_are_indexed_by_the_tiles_a_move_uses() {
        let set = TileSet::italian();
        let mut values = HashMap::new();
        for (text, v) in [("?S", 2500), ("E", 300), ("-", -100), ("?", 2000)] {
            values.insert(key_from_text(&set, text).unwrap(), v);
        }
        let leaves = Leaves::new(stamp(), values);
        // Rack CASE?S? has 7 tiles: C A S E ? S -> counts.
        let mut rack = vec![0u8; set.kinds()];
        for c in "CASES?E".chars() {
            let k = if c == '?' {
                JOLLY
            } else {
                set.parse(c).unwrap()
            };
            rack[usize::from(k)] += 1;
        }
        let r = RackLeaves::new(&leaves, &rack);
        let word = |s: &str| -> Vec<u8> { s.chars().map(|c| set.parse(c).unwrap()).collect() };
        // CASE placed (E from the rack): keeps ? S E... rack C A S E S ? E minus C A S E = S ? E.
        let i = r.index_of_word(&word("CASE"));
        assert_eq!(key_text(r.key(i).unwrap()), "?ES");
        // CASES and a jolly for another E: keeps E only.
        let mut w = word("CASES");
        w.push(set.parse('e').unwrap());
        let i = r.index_of_word(&w);
        assert_eq!(key_text(r.key(i).unwrap()), "E");
        assert_eq!(r.value(i), 300);
        // Giving back C A E E S keeps ? S.
        let i = r.index_of_tiles(&word("CAEES"));
        assert_eq!(r.value(i), 2500);
        assert_eq!(r.key(0), None, "nothing used: the full rack, no leave");
        assert_eq!(r.value(0), 0);
    }
}
