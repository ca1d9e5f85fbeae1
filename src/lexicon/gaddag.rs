//! The word graph the move generator walks: a GADDAG (Gordon, "A faster Scrabble move
//! generation algorithm", 1994). Every word `x1..xn` is stored as the strings
//! `rev(x1..xi) ◇ x(i+1)..xn` for `i` in `1..n` and `rev(x1..xn)` alone, so a walk can start
//! at any letter of a word (an anchor square), go left, then cross the separator `◇` and go
//! right. One graph serves both the placements and the cross-checks: no separate DAWG.
//!
//! Stored as a flat array of arcs, as wolges lays out its KWG (walking `fst`'s packed nodes
//! would cost a decode per step), built minimal straight from the sorted keys by
//! [`Builder`], which keeps only the words and the distinct nodes in memory (the `fst`
//! builder it replaced, with a map over its nodes, peaked at twice the memory), then laid
//! out breadth first. The minimal graph is unique, so its bytes depend only on the words.
//!
//! An arc is one `u32`: bits 0-24 the index of the target node's first arc (0: no arcs),
//! bits 25-29 the tile (0 the separator, 1-26 the letters A-Z), bit 30 "a string ends
//! here", bit 31 "last arc of its node". A node is the run of arcs from its first to the one
//! marked last, sorted by tile.

use std::fmt;

use super::normalise::{MAX_LETTERS, MIN_LETTERS};

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
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::TooLarge(n) => write!(f, "the word graph needs {n} arcs, over 32M"),
        }
    }
}

/// A board word as tiles, or `None` when it cannot stand on the board (not 2-15 letters
/// A-Z, as the lexicon's normalised words are).
fn tiles_of(word: &[u8]) -> Option<impl Iterator<Item = u8> + '_> {
    ((MIN_LETTERS..=MAX_LETTERS).contains(&word.len()) && word.iter().all(u8::is_ascii_uppercase))
        .then(|| word.iter().map(|b| b - b'A' + 1))
}

impl Gaddag {
    /// The graph of these words (upper case A-Z, 2-15 letters; others are skipped and
    /// counted). Any order, duplicates allowed.
    pub fn from_words<W: AsRef<[u8]>>(
        words: impl IntoIterator<Item = W>,
    ) -> Result<Gaddag, BuildError> {
        let mut b = Builder::default();
        for w in words {
            b.push(w.as_ref());
        }
        b.build(&mut |_| {})
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

/// Builds a [`Gaddag`] from words pushed one by one, in any order, duplicates allowed.
///
/// The words are kept as tiles in one buffer (a few bytes a word). The graph's keys are then
/// made and added in sorted order, a share at a time: each key is packed into a `u128` (five
/// bits a tile), and a share is the keys whose first two tiles fall in a range of buckets
/// holding at most [`SHARE`] keys, so only one share is in memory, sorted, at a time. The
/// sorted keys go into a minimal automaton built directly (Daciuk, Mihov, Watson and Watson,
/// "Incremental construction of minimal acyclic finite-state automata", 2000): a node is
/// frozen once the keys have left it, and a frozen node equal to one stored before is that
/// one ([`Register`]). Only distinct nodes are ever stored, in the arc layout itself.
///
/// Progress is reported as keys added out of all keys made (duplicates counted).
pub struct Builder {
    buf: Vec<u8>,
    ends: Vec<u32>,
    skipped: u64,
    /// Keys sorted at once, at most ([`SHARE`]; smaller in tests).
    share: usize,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            buf: Vec::new(),
            ends: Vec::new(),
            skipped: 0,
            share: SHARE,
        }
    }
}

/// Keys sorted at once, at most (16 bytes each).
const SHARE: usize = 1 << 20;

/// A key's buckets: its first tile (a letter, 1-26) and its second (the separator or a
/// letter, 0-26).
const BUCKETS: usize = 27 * 27;

impl Builder {
    /// Add a word (upper case A-Z, 2-15 letters; another is skipped and counted).
    pub fn push(&mut self, word: &[u8]) {
        match tiles_of(word) {
            Some(tiles) => {
                self.buf.extend(tiles);
                self.ends.push(self.buf.len() as u32);
            }
            None => self.skipped += 1,
        }
    }

    /// The words pushed (duplicates counted) and their tiles.
    fn words(&self) -> impl Iterator<Item = &[u8]> + '_ {
        let mut start = 0usize;
        self.ends.iter().map(move |&end| {
            let w = &self.buf[start..end as usize];
            start = end as usize;
            w
        })
    }

    /// The graph; `progress(done, total)` is called after each share of keys.
    pub fn build(self, progress: &mut dyn FnMut(Progress)) -> Result<Gaddag, BuildError> {
        // A key of word `w` split after its `i`-th letter starts with `w[i-1]`, then
        // `w[i-2]` or the separator when `i` is 1.
        let bucket = |w: &[u8], i: usize| {
            let second = if i >= 2 { w[i - 2] } else { SEP };
            usize::from(w[i - 1]) * 27 + usize::from(second)
        };
        let mut counts = vec![0usize; BUCKETS];
        for w in self.words() {
            for i in 1..=w.len() {
                counts[bucket(w, i)] += 1;
            }
        }
        let total: usize = counts.iter().sum();
        progress(Progress {
            done: 0,
            total: total as u64,
        });
        let mut min = Minimal::default();
        let mut words = 0u64;
        let mut keys: Vec<u128> = Vec::new();
        let mut done = 0usize;
        let mut lo = 0;
        while lo < BUCKETS {
            // The next share: buckets lo..hi, at least one, at most `share` keys unless one
            // bucket alone holds more.
            let mut hi = lo + 1;
            let mut size = counts[lo];
            while hi < BUCKETS && size + counts[hi] <= self.share {
                size += counts[hi];
                hi += 1;
            }
            if size > 0 {
                keys.clear();
                keys.reserve(size);
                for w in self.words() {
                    for i in 1..=w.len() {
                        if (lo..hi).contains(&bucket(w, i)) {
                            keys.push(pack(w, i));
                        }
                    }
                }
                keys.sort_unstable();
                keys.dedup();
                for &k in &keys {
                    let (tiles, len) = unpack(k);
                    // A key without a separator is a word reversed whole: one per word.
                    words += u64::from(!tiles[..len].contains(&SEP));
                    min.add(&tiles[..len])?;
                }
                done += size;
                progress(Progress {
                    done: done as u64,
                    total: total as u64,
                });
            }
            lo = hi;
        }
        drop(keys);
        let (arcs, root) = min.finish()?;
        let (arcs, root) = breadth_first(&arcs, root);
        Ok(Gaddag {
            arcs,
            root,
            words,
            skipped: self.skipped,
        })
    }
}

/// How far a [`Builder::build`] is: keys added out of all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

/// Key `rev(w[..i]) ◇ w[i..]` (the separator left out when `i` is the whole word) packed into
/// a `u128`: tile `t` as `t + 1` in five bits, the first tile highest, zeros after the last,
/// so that the integers sort as the keys do (a key before its extensions).
fn pack(w: &[u8], i: usize) -> u128 {
    let mut k = 0u128;
    let mut shift = 123;
    let mut put = |t: u8| {
        k |= u128::from(t + 1) << shift;
        shift -= 5;
    };
    for &t in w[..i].iter().rev() {
        put(t);
    }
    if i < w.len() {
        put(SEP);
        for &t in &w[i..] {
            put(t);
        }
    }
    k
}

/// The tiles of a [`pack`]ed key and how many there are.
fn unpack(k: u128) -> ([u8; 16], usize) {
    let mut tiles = [0u8; 16];
    let mut len = 0;
    while len < 16 {
        let v = ((k >> (123 - 5 * len)) & 31) as u8;
        if v == 0 {
            break;
        }
        tiles[len] = v - 1;
        len += 1;
    }
    (tiles, len)
}

/// The minimal automaton under construction: the nodes of the last key's path not yet
/// frozen, each with its arcs so far (the last arc's target is the next node on the path,
/// set when that one is frozen), and the frozen nodes in the arc layout.
struct Minimal {
    path: Vec<Vec<u32>>,
    last: Vec<u8>,
    arcs: Vec<u32>,
    register: Register,
}

impl Default for Minimal {
    fn default() -> Self {
        Minimal {
            path: vec![Vec::new()],
            last: Vec::new(),
            arcs: vec![0],
            register: Register::default(),
        }
    }
}

impl Minimal {
    /// Add a key greater than the one before.
    fn add(&mut self, key: &[u8]) -> Result<(), BuildError> {
        let common = key
            .iter()
            .zip(&self.last)
            .take_while(|(a, b)| a == b)
            .count();
        self.freeze_below(common)?;
        for (d, &t) in key.iter().enumerate().skip(common) {
            self.path[d].push(u32::from(t) << TILE_SHIFT);
            self.path.push(Vec::new());
        }
        if let Some(arc) = self.path[key.len() - 1].last_mut() {
            *arc |= ACCEPTS;
        }
        self.last.clear();
        self.last.extend_from_slice(key);
        Ok(())
    }

    /// Freeze the path's nodes deeper than `depth`, deepest first, each becoming the target
    /// of its parent's last arc.
    fn freeze_below(&mut self, depth: usize) -> Result<(), BuildError> {
        while self.path.len() > depth + 1 {
            let node = self.path.pop().unwrap_or_default();
            let at = self.freeze(node)?;
            if let Some(arc) = self.path.last_mut().and_then(|p| p.last_mut()) {
                *arc |= at;
            }
        }
        Ok(())
    }

    /// The index of a node's first arc, stored once (0 for a node without arcs).
    fn freeze(&mut self, mut node: Vec<u32>) -> Result<u32, BuildError> {
        let Some(last) = node.last_mut() else {
            return Ok(0);
        };
        *last |= LAST;
        if let Some(at) = self.register.find(&self.arcs, &node) {
            return Ok(at);
        }
        let at = self.arcs.len();
        if at + node.len() > TARGET as usize {
            return Err(BuildError::TooLarge(at + node.len()));
        }
        self.arcs.extend_from_slice(&node);
        self.register.insert(&self.arcs, at as u32);
        Ok(at as u32)
    }

    /// The arcs and the root.
    fn finish(mut self) -> Result<(Vec<u32>, u32), BuildError> {
        self.freeze_below(0)?;
        let root = self.path.pop().unwrap_or_default();
        let root = self.freeze(root)?;
        Ok((self.arcs, root))
    }
}

/// The nodes stored, found by their arcs: open addressing over the index of each node's first
/// arc (0 an empty slot), so a node costs a few bytes here beyond its arcs.
#[derive(Default)]
struct Register {
    slots: Vec<u32>,
    len: usize,
}

/// The arcs of the node at `at`: up to and including the one marked last.
fn node_at(arcs: &[u32], at: u32) -> &[u32] {
    let at = at as usize;
    let n = arcs[at..]
        .iter()
        .position(|&a| a & LAST != 0)
        .map_or(0, |i| i + 1);
    &arcs[at..at + n]
}

fn node_hash(node: &[u32]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    node.iter().fold(node.len() as u64, |h, &a| {
        (h.rotate_left(26) ^ u64::from(a)).wrapping_mul(K)
    })
}

impl Register {
    fn find(&self, arcs: &[u32], node: &[u32]) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = node_hash(node) as usize & mask;
        loop {
            match self.slots[i] {
                0 => return None,
                at if node_at(arcs, at) == node => return Some(at),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Store the node at `at` (known to be new).
    fn insert(&mut self, arcs: &[u32], at: u32) {
        if 2 * (self.len + 1) > self.slots.len() {
            let old = std::mem::take(&mut self.slots);
            self.slots = vec![0; (2 * old.len()).max(1 << 16)];
            for at in old.into_iter().filter(|&a| a != 0) {
                self.place(arcs, at);
            }
        }
        self.place(arcs, at);
        self.len += 1;
    }

    fn place(&mut self, arcs: &[u32], at: u32) {
        let mask = self.slots.len() - 1;
        let mut i = node_hash(node_at(arcs, at)) as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = at;
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

    /// Every string the graph accepts, walking it whole.
    fn strings(g: &Gaddag) -> Vec<Vec<u8>> {
        fn walk(g: &Gaddag, node: u32, prefix: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for a in g.arcs_of(node) {
                prefix.push(a.tile());
                if a.accepts() {
                    out.push(prefix.clone());
                }
                walk(g, a.target(), prefix, out);
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        walk(g, g.root(), &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn the_graph_holds_every_key_of_every_word_and_nothing_else() {
        let words = [
            "CASA", "CASE", "CASO", "ASSE", "ESSA", "ZZ", "ZAZZERA", "CASACCA",
        ];
        let g = Gaddag::from_words(words).unwrap();
        let mut expected: Vec<Vec<u8>> = Vec::new();
        for w in words {
            let t: Vec<u8> = w.bytes().map(|b| b - b'A' + 1).collect();
            for i in 1..=t.len() {
                let mut key: Vec<u8> = t[..i].iter().rev().copied().collect();
                if i < t.len() {
                    key.push(SEP);
                    key.extend_from_slice(&t[i..]);
                }
                assert_eq!(unpack(pack(&t, i)), (key_array(&key), key.len()));
                expected.push(key);
            }
        }
        expected.sort();
        expected.dedup();
        // The walk meets keys in sorted order (arcs sorted by tile, shorter first).
        assert_eq!(strings(&g), expected);
    }

    fn key_array(key: &[u8]) -> [u8; 16] {
        let mut a = [0; 16];
        a[..key.len()].copy_from_slice(key);
        a
    }

    #[test]
    fn shares_of_any_size_make_the_same_bytes() {
        // The memory bound (a share of the keys sorted at a time) changes nothing: the
        // minimal graph is unique and laid out from the root.
        let words = "CASA CASE CASO CASI COSA COSE CANE CANI PANE PANI RANE RANA TANA TANE \
                     CANTARE CANTATE CANTAVA PARLARE PARLATE PARLAVA MANGIARE MANGIATE ZAINO";
        let whole = Gaddag::from_words(words.split_whitespace()).unwrap();
        for share in [1, 2, 7, 50] {
            let mut b = Builder {
                share,
                ..Builder::default()
            };
            for w in words.split_whitespace() {
                b.push(w.as_bytes());
            }
            let mut reports = Vec::new();
            let g = b.build(&mut |p| reports.push(p)).unwrap();
            assert_eq!(g.to_bytes(), whole.to_bytes(), "share {share}");
            // Progress goes up to the total, which counts every key made.
            let last = reports.last().unwrap();
            assert_eq!(last.done, last.total);
            assert!(reports.windows(2).all(|w| w[0].done <= w[1].done));
            if share == 1 {
                assert!(reports.len() > 20, "{} reports", reports.len());
            }
        }
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
