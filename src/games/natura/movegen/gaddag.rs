//! The word graph the move generator walks: a GADDAG (Gordon, "A faster Scrabble move
//! generation algorithm", 1994). Every word `x1..xn` is stored as the strings
//! `rev(x1..xi) ◇ x(i+1)..xn` for `i` in `1..n` and `rev(x1..xn)` alone, so a walk can start
//! at any letter of a word (an anchor square), go left, then cross the separator `◇` and go
//! right. One graph serves both the placements and the cross-checks: no separate DAWG.
//!
//! Built with the `fst` crate's builder (already the lexicon's automaton; its builder
//! merges equal suffixes while inserting sorted keys, so the graph is close to minimal
//! without a hand-written minimiser), then copied into a flat array of arcs as wolges lays
//! out its KWG, because walking `fst`'s packed nodes costs a decode per step.
//!
//! An arc is one `u32`: bits 0-24 the index of the target node's first arc (0: no arcs),
//! bits 25-29 the tile (0 the separator, 1-26 the letters A-Z), bit 30 "a string ends
//! here", bit 31 "last arc of its node". A node is the run of arcs from its first to the one
//! marked last, sorted by tile.

use std::collections::HashMap;
use std::fmt;

use fst::raw::{CompiledAddr, Fst, Node};

/// The separator `◇` between the reversed prefix and the suffix.
pub const SEP: u8 = 0;

const TARGET: u32 = (1 << 25) - 1;
const TILE_SHIFT: u32 = 25;
const ACCEPTS: u32 = 1 << 30;
const LAST: u32 = 1 << 31;

/// One arc of the graph (see the module doc for the bits).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Arc(u32);

impl Arc {
    #[inline(always)]
    pub fn tile(self) -> u8 {
        ((self.0 >> TILE_SHIFT) & 0x1f) as u8
    }

    /// A string of the graph ends after this arc.
    #[inline(always)]
    pub fn accepts(self) -> bool {
        self.0 & ACCEPTS != 0
    }

    /// The node this arc leads to (0: none, nothing follows).
    #[inline(always)]
    pub fn target(self) -> u32 {
        self.0 & TARGET
    }

    /// The last arc of its node.
    #[inline(always)]
    pub fn last(self) -> bool {
        self.0 & LAST != 0
    }
}

/// A GADDAG over board words of the letters A-Z (tiles 1-26).
#[derive(Clone)]
pub struct Gaddag {
    arcs: Vec<u32>,
    root: u32,
    words: u64,
    skipped: u64,
}

impl fmt::Debug for Gaddag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gaddag({} words, {} arcs)", self.words, self.arcs.len())
    }
}

/// Why a graph could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildError {
    /// More arcs than 25 bits address.
    TooLarge(usize),
    /// The `fst` builder refused (cannot happen with sorted, distinct keys).
    Fst(String),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::TooLarge(n) => write!(f, "the word graph needs {n} arcs, over 32M"),
            BuildError::Fst(e) => write!(f, "cannot build the word graph: {e}"),
        }
    }
}

/// A board word as tiles, or `None` when it cannot stand on the board (not 2-15 letters
/// A-Z, as the lexicon's normalised words are).
fn tiles_of(word: &[u8]) -> Option<impl Iterator<Item = u8> + '_> {
    ((2..=super::SIZE).contains(&word.len()) && word.iter().all(u8::is_ascii_uppercase))
        .then(|| word.iter().map(|b| b - b'A' + 1))
}

impl Gaddag {
    /// The graph of these words (upper case A-Z, 2-15 letters; others are skipped and
    /// counted). Any order, duplicates allowed.
    pub fn from_words<W: AsRef<[u8]>>(
        words: impl IntoIterator<Item = W>,
    ) -> Result<Gaddag, BuildError> {
        // All words as tiles in one buffer: a few bytes a word instead of a Vec each.
        let mut buf: Vec<u8> = Vec::new();
        let mut ends: Vec<u32> = Vec::new();
        let mut skipped = 0;
        for w in words {
            match tiles_of(w.as_ref()) {
                Some(tiles) => {
                    buf.extend(tiles);
                    ends.push(buf.len() as u32);
                }
                None => skipped += 1,
            }
        }
        let mut builder = fst::SetBuilder::memory();
        // The keys in sorted order without sorting them all at once: a key starts with the
        // letter before its separator, so one pass per letter gives them in order, each pass
        // sorting only its own share.
        let mut keys: Vec<u8> = Vec::new();
        let mut spans: Vec<(u32, u8)> = Vec::new();
        let mut words = 0;
        for first in 1..=26u8 {
            keys.clear();
            spans.clear();
            let mut start = 0usize;
            for &end in &ends {
                let w = &buf[start..end as usize];
                start = end as usize;
                for i in 1..=w.len() {
                    if w[i - 1] != first {
                        continue;
                    }
                    let at = keys.len() as u32;
                    keys.extend(w[..i].iter().rev());
                    if i < w.len() {
                        keys.push(SEP);
                        keys.extend_from_slice(&w[i..]);
                    }
                    spans.push((at, (keys.len() - at as usize) as u8));
                }
            }
            let key = |&(at, len): &(u32, u8)| &keys[at as usize..at as usize + usize::from(len)];
            spans.sort_unstable_by(|a, b| key(a).cmp(key(b)));
            spans.dedup_by(|a, b| key(a) == key(b));
            // A word's key without a separator is the word reversed: one per distinct word.
            words += spans.iter().filter(|s| !key(s).contains(&SEP)).count() as u64;
            for s in &spans {
                builder
                    .insert(key(s))
                    .map_err(|e| BuildError::Fst(e.to_string()))?;
            }
        }
        let bytes = builder
            .into_inner()
            .map_err(|e| BuildError::Fst(e.to_string()))?;
        let fst = Fst::new(bytes).map_err(|e| BuildError::Fst(e.to_string()))?;
        let mut flat = Flatten {
            fst: &fst,
            arcs: vec![0],
            seen: HashMap::new(),
            distinct: HashMap::new(),
        };
        let root = flat.place(fst.root())?;
        let (arcs, root) = breadth_first(&flat.arcs, root);
        Ok(Gaddag {
            arcs,
            root,
            words,
            skipped,
        })
    }

    /// The distinct words held.
    pub fn words(&self) -> u64 {
        self.words
    }

    /// Words given to [`Gaddag::from_words`] that cannot stand on a board.
    pub fn skipped(&self) -> u64 {
        self.skipped
    }

    /// Arcs in the graph (4 bytes each).
    pub fn arcs(&self) -> usize {
        self.arcs.len()
    }

    #[inline(always)]
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The arc for `tile` out of `node`.
    #[inline(always)]
    pub fn child(&self, node: u32, tile: u8) -> Option<Arc> {
        self.view().child(node, tile)
    }

    /// The arcs by index, as a value the walk keeps in a register (see [`Arcs`]).
    #[inline(always)]
    pub fn view(&self) -> Arcs<'_> {
        Arcs(&self.arcs)
    }

    /// Every arc out of `node`, by tile.
    #[inline(always)]
    pub fn arcs_of(&self, node: u32) -> ArcIter<'_> {
        ArcIter {
            arcs: &self.arcs,
            next: node as usize,
        }
    }

    /// Walk `tiles` from `node`; the last arc taken.
    pub fn walk(&self, node: u32, tiles: impl IntoIterator<Item = u8>) -> Option<Arc> {
        let mut node = node;
        let mut last = None;
        for t in tiles {
            let a = self.child(node, t)?;
            node = a.target();
            last = Some(a);
        }
        last
    }

    /// Whether the graph holds a board word (upper case A-Z).
    pub fn contains(&self, word: &str) -> bool {
        let Some(tiles) = tiles_of(word.as_bytes()) else {
            return false;
        };
        let tiles: Vec<u8> = tiles.collect();
        self.walk(self.root, tiles.iter().rev().copied())
            .is_some_and(|a| a.accepts())
    }
}

/// The arc array borrowed: what the move generator's walk reads. A copy held in a local is
/// known not to change across the walk's calls, so the array's address is not read again
/// from the graph before each arc.
#[derive(Clone, Copy)]
pub struct Arcs<'g>(&'g [u32]);

impl Arcs<'_> {
    /// The arc at index `i`: the first of a node when `i` is a node, the next of the same
    /// node at `i + 1` unless this one is [`Arc::last`].
    #[inline(always)]
    pub fn arc(self, i: u32) -> Arc {
        Arc(self.0[i as usize])
    }

    /// The arc for `tile` out of `node` (as [`Gaddag::child`]).
    #[inline(always)]
    pub fn child(self, node: u32, tile: u8) -> Option<Arc> {
        if node == 0 {
            return None;
        }
        let mut i = node as usize;
        loop {
            let a = Arc(self.0[i]);
            if a.tile() == tile {
                return Some(a);
            }
            if a.last() || a.tile() > tile {
                return None;
            }
            i += 1;
        }
    }
}

/// The root's arcs indexed by tile (0: none): the first step of every walk from the root
/// in one read instead of a scan of up to 26 arcs.
#[derive(Clone, Copy)]
pub struct RootIndex([u32; 32]);

impl RootIndex {
    /// The arc for `tile` out of the root.
    #[inline(always)]
    pub fn child(&self, tile: u8) -> Option<Arc> {
        let a = self.0[usize::from(tile & 31)];
        (a != 0).then_some(Arc(a))
    }
}

impl Gaddag {
    /// The root's arcs by tile.
    pub fn root_index(&self) -> RootIndex {
        let mut index = [0; 32];
        for a in self.arcs_of(self.root) {
            // A letter's arc is never 0 (its tile bits are not), so 0 marks a missing tile;
            // no key starts with the separator, so the root has no arc for tile 0.
            index[usize::from(a.tile())] = a.0;
        }
        RootIndex(index)
    }
}

/// The first bytes of [`Gaddag::to_bytes`].
const MAGIC: &[u8; 8] = b"TVGADDAG";
/// Bumped whenever the byte layout or the arc layout changes (2: minimal graphs, 3: laid out
/// breadth first).
pub const BYTES_VERSION: u32 = 3;
/// Magic, version, root, words, skipped, arc count.
const HEADER: usize = 8 + 4 + 4 + 8 + 8 + 8;

/// Why bytes are not a graph [`Gaddag::to_bytes`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BytesError {
    /// Not the magic or another version.
    Format,
    /// Shorter or longer than the header says.
    Length { expected: usize, found: usize },
    /// The checksum differs: damaged.
    Checksum,
    /// An arc or the root points outside the array.
    Structure,
}

impl fmt::Display for BytesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BytesError::Format => write!(f, "not a word graph of this version"),
            BytesError::Length { expected, found } => {
                write!(f, "word graph of {found} bytes, expected {expected}")
            }
            BytesError::Checksum => write!(f, "word graph checksum mismatch"),
            BytesError::Structure => write!(f, "word graph arcs point outside the graph"),
        }
    }
}

/// A 64-bit checksum of the payload (not cryptographic: it catches a truncated or damaged
/// file, at memory speed, so a 20 MB graph verifies in milliseconds).
fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h: u64 = bytes.len() as u64 ^ K;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let x = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
        h = (h.rotate_left(23) ^ x).wrapping_mul(K);
    }
    for &b in chunks.remainder() {
        h = (h.rotate_left(23) ^ u64::from(b)).wrapping_mul(K);
    }
    h ^ (h >> 29)
}

impl Gaddag {
    /// The graph as bytes for a cache file: a header, the arcs (little-endian), and a
    /// checksum of all before it; [`Gaddag::from_bytes`] reads it back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.arcs.len() * 4 + 8);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&BYTES_VERSION.to_le_bytes());
        out.extend_from_slice(&self.root.to_le_bytes());
        out.extend_from_slice(&self.words.to_le_bytes());
        out.extend_from_slice(&self.skipped.to_le_bytes());
        out.extend_from_slice(&(self.arcs.len() as u64).to_le_bytes());
        for a in &self.arcs {
            out.extend_from_slice(&a.to_le_bytes());
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// A graph from [`Gaddag::to_bytes`], verified (length, checksum, every arc inside the
    /// array), so a damaged file is refused rather than walked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Gaddag, BytesError> {
        if bytes.len() < HEADER + 8 || &bytes[..8] != MAGIC {
            return Err(BytesError::Format);
        }
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let u64_at = |i: usize| u64::from(u32_at(i)) | (u64::from(u32_at(i + 4)) << 32);
        if u32_at(8) != BYTES_VERSION {
            return Err(BytesError::Format);
        }
        let root = u32_at(12);
        let words = u64_at(16);
        let skipped = u64_at(24);
        let n = usize::try_from(u64_at(32)).map_err(|_| BytesError::Format)?;
        let expected = n
            .checked_mul(4)
            .and_then(|b| b.checked_add(HEADER + 8))
            .ok_or(BytesError::Format)?;
        if bytes.len() != expected {
            return Err(BytesError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let body = &bytes[..expected - 8];
        if checksum(body) != u64_at(expected - 8) {
            return Err(BytesError::Checksum);
        }
        let arcs: Vec<u32> = body[HEADER..]
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        // Every walk stays inside: slot 0 is the empty node, targets and the root are in
        // the array, and the last arc ends its node, so no run of arcs runs off the end.
        let inside = |t: u32| (t as usize) < arcs.len();
        let sound = !arcs.is_empty()
            && arcs[0] == 0
            && inside(root)
            && (arcs.len() == 1 || Arc(arcs[arcs.len() - 1]).last())
            && arcs.iter().all(|&a| inside(Arc(a).target()));
        if !sound {
            return Err(BytesError::Structure);
        }
        Ok(Gaddag {
            arcs,
            root,
            words,
            skipped,
        })
    }
}

/// The arcs of one node.
pub struct ArcIter<'a> {
    arcs: &'a [u32],
    next: usize,
}

impl Iterator for ArcIter<'_> {
    type Item = Arc;
    #[inline(always)]
    fn next(&mut self) -> Option<Arc> {
        if self.next == 0 {
            return None;
        }
        let a = Arc(self.arcs[self.next]);
        self.next = if a.last() { 0 } else { self.next + 1 };
        Some(a)
    }
}

/// The same graph laid out breadth first from the root: the nodes a node leads to sit next
/// to each other, so a walk trying a node's arcs one after another reads nearby memory.
fn breadth_first(arcs: &[u32], root: u32) -> (Vec<u32>, u32) {
    const UNSEEN: u32 = u32::MAX;
    let mut out = vec![0u32];
    let mut at = vec![UNSEEN; arcs.len()];
    let mut queue = std::collections::VecDeque::new();
    let mut place = |node: u32, out: &mut Vec<u32>, queue: &mut std::collections::VecDeque<u32>| {
        if node == 0 {
            return 0;
        }
        if at[node as usize] == UNSEEN {
            at[node as usize] = out.len() as u32;
            let mut i = node as usize;
            loop {
                out.push(arcs[i]);
                if Arc(arcs[i]).last() {
                    break;
                }
                i += 1;
            }
            queue.push_back(node);
        }
        at[node as usize]
    };
    let new_root = place(root, &mut out, &mut queue);
    while let Some(node) = queue.pop_front() {
        let mut i = node as usize;
        let mut j = place(node, &mut out, &mut queue) as usize;
        loop {
            let a = arcs[i];
            let target = place(a & TARGET, &mut out, &mut queue);
            out[j] = (a & !TARGET) | target;
            if Arc(a).last() {
                break;
            }
            i += 1;
            j += 1;
        }
    }
    (out, new_root)
}

/// Copies an `fst` into the flat layout, each distinct node once. The `fst` builder merges
/// equal suffixes only within a bounded cache, so for a large list many equal nodes remain;
/// here a node is placed after its children and looked up by its arcs (tile, end mark and
/// target, all final by then), so equal nodes become one: a minimal graph, half the size or
/// less, which the walk reads with fewer cache misses.
struct Flatten<'f> {
    fst: &'f Fst<Vec<u8>>,
    arcs: Vec<u32>,
    seen: HashMap<CompiledAddr, u32>,
    distinct: HashMap<Box<[u32]>, u32>,
}

impl Flatten<'_> {
    /// The index of a node's first arc (0 for a node without arcs); depth is at most 16.
    fn place(&mut self, node: Node<'_>) -> Result<u32, BuildError> {
        if node.is_empty() {
            return Ok(0);
        }
        if let Some(&at) = self.seen.get(&node.addr()) {
            return Ok(at);
        }
        let n = node.len();
        let mut own = Vec::with_capacity(n);
        for (i, t) in node.transitions().enumerate() {
            let child = self.fst.node(t.addr);
            let target = self.place(child)?;
            let mut arc = target | (u32::from(t.inp) << TILE_SHIFT);
            if child.is_final() {
                arc |= ACCEPTS;
            }
            if i + 1 == n {
                arc |= LAST;
            }
            own.push(arc);
        }
        let own = own.into_boxed_slice();
        let at = match self.distinct.get(&own) {
            Some(&at) => at,
            None => {
                let at = self.arcs.len();
                if at + n > TARGET as usize {
                    return Err(BuildError::TooLarge(at + n));
                }
                self.arcs.extend_from_slice(&own);
                self.distinct.insert(own, at as u32);
                at as u32
            }
        };
        self.seen.insert(node.addr(), at);
        Ok(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_exactly_its_words() {
        let g = Gaddag::from_words(["CASA", "CASE", "CASA", "A", "città", "TRE"]).unwrap();
        assert_eq!(g.words(), 3);
        assert_eq!(g.skipped(), 2);
        for w in ["CASA", "CASE", "TRE"] {
            assert!(g.contains(w), "{w}");
        }
        for w in ["CAS", "CASAS", "ASA", "RE", "", "A"] {
            assert!(!g.contains(w), "{w}");
        }
        // CASA from its second letter: A, C, separator, S, A.
        let a = g.walk(g.root(), [1, 3, SEP, 19, 1]).unwrap();
        assert!(a.accepts());
        assert!(g
            .walk(g.root(), [1, 3, SEP, 19])
            .is_some_and(|a| !a.accepts()));
    }

    #[test]
    fn an_empty_list_gives_an_empty_graph() {
        let g = Gaddag::from_words(Vec::<&str>::new()).unwrap();
        assert_eq!(g.words(), 0);
        assert!(!g.contains("CASA"));
        assert_eq!(g.arcs_of(g.root()).count(), 0);
    }

    #[test]
    fn bytes_round_trip() {
        for words in [vec![], vec!["CASA", "CASE", "TRE", "ZAZZERA", "QUI"]] {
            let g = Gaddag::from_words(&words).unwrap();
            let back = Gaddag::from_bytes(&g.to_bytes()).unwrap();
            assert_eq!(back.arcs, g.arcs);
            assert_eq!(
                (back.root, back.words, back.skipped),
                (g.root, g.words, g.skipped)
            );
            for w in &words {
                assert!(back.contains(w));
            }
        }
    }

    #[test]
    fn damaged_bytes_are_refused() {
        let g = Gaddag::from_words(["CASA", "CASE", "TRE"]).unwrap();
        let bytes = g.to_bytes();
        // Every single flipped bit, every truncation: refused, never a wrong graph.
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x10;
            assert!(Gaddag::from_bytes(&b).is_err(), "bit flip at {i}");
            assert!(Gaddag::from_bytes(&bytes[..i]).is_err(), "cut at {i}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            Gaddag::from_bytes(&longer),
            Err(BytesError::Length { .. })
        ));
        assert_eq!(
            Gaddag::from_bytes(b"TVGADDAG").err(),
            Some(BytesError::Format)
        );
        // A sound checksum over arcs pointing outside is still refused.
        let mut bad = Gaddag::from_words(["CASA"]).unwrap();
        bad.arcs[1] = (bad.arcs[1] & !TARGET) | 12345;
        assert_eq!(
            Gaddag::from_bytes(&bad.to_bytes()).err(),
            Some(BytesError::Structure)
        );
    }

    #[test]
    fn every_node_is_stored_once() {
        let words = "CASA CASE CASO CASI COSA COSE CANE CANI PANE PANI RANE RANA TANA TANE \
                     CANTARE CANTATE CANTAVA PARLARE PARLATE PARLAVA MANGIARE MANGIATE";
        let g = Gaddag::from_words(words.split_whitespace()).unwrap();
        let mut nodes = std::collections::HashSet::new();
        let mut start = 1;
        for i in 1..g.arcs.len() {
            if Arc(g.arcs[i]).last() {
                assert!(nodes.insert(&g.arcs[start..=i]), "node at {start} twice");
                start = i + 1;
            }
        }
        assert_eq!(start, g.arcs.len());
        for w in words.split_whitespace() {
            assert!(g.contains(w), "{w}");
        }
        assert!(!g.contains("CANTA") && !g.contains("PARLAR"));
    }
}
