//! The solvers' shared, game-agnostic core: bounds, the visited table and the
//! three answers. The solvers themselves live with their games
//! (`games/fruit/muro/solve.rs`, `games/fruit/mosaico/solve.rs`).
//!
//! A solver knows the whole deal (Il Muro's face-down tiles and Mosaico's
//! drawing order are fixed by the seed), so it decides *the deal* (is there a
//! winning line for someone who could see every tile?), not a player's strategy
//! under hidden information.
//!
//! Every solver gives one of three distinct answers ([`Answer`]): a winning
//! sequence of moves; a proof that none exists, which is an exhaustive search of
//! every position reachable under pruning rules that are each shown (in the
//! solver's module) never to discard the last way to win; or that it gave up at a
//! stated bound on nodes or memory. Visited positions are kept as exact
//! encodings, not hashes, so a transposition can never be mistaken for another
//! position.

use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Bounds on a search. When one is reached the answer is [`Answer::GaveUp`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Positions generated, at most.
    pub max_nodes: u64,
    /// Bytes held by the table of visited positions and the search stack, at most.
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: 2_000_000,
            max_memory: 512 << 20,
        }
    }
}

/// The bound a search gave up at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Nodes(u64),
    Memory(u64),
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Nodes(n) => write!(f, "the node bound ({n} positions)"),
            Bound::Memory(b) => write!(f, "the memory bound ({} MiB)", b >> 20),
        }
    }
}

/// The three answers of a solver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer<M> {
    /// A winning sequence of moves from the start.
    Solved(Vec<M>),
    /// No sequence of moves wins: the search was exhaustive.
    Unsolvable,
    /// Undecided: the search stopped at this bound.
    GaveUp(Bound),
}

impl<M> Answer<M> {
    /// `solved`, `unsolvable` or `undecided`, as reports print it.
    pub fn verdict(&self) -> &'static str {
        match self {
            Answer::Solved(_) => "solved",
            Answer::Unsolvable => "unsolvable",
            Answer::GaveUp(_) => "undecided",
        }
    }
}

/// What a search did, for reports and benchmarks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions generated.
    pub nodes: u64,
    /// Distinct positions stored in the table of visited positions.
    pub stored: u64,
    /// The deepest the search stack went.
    pub max_depth: u64,
}

/// FxHash-style hasher for the fixed-size keys of visited positions: the keys are
/// exact encodings, so the hash only spreads them over buckets.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

pub(crate) type KeySet<K> = std::collections::HashSet<K, BuildHasherDefault<KeyHasher>>;

/// Bytes a hash set of `K` holds at its current capacity (entries plus one
/// control byte each).
fn set_bytes<K>(set: &KeySet<K>) -> u64 {
    (set.capacity() * (std::mem::size_of::<K>() + 1)) as u64
}

/// The table of visited positions of one search, and the bounds the search
/// stops at: every solver checks them the same way.
pub(crate) struct Visited<K> {
    set: KeySet<K>,
    limits: Limits,
}

impl<K: Eq + Hash> Visited<K> {
    /// A table holding the start position's key.
    pub(crate) fn new(start: K, limits: Limits) -> Self {
        let mut set = KeySet::default();
        set.insert(start);
        Visited { set, limits }
    }

    /// The node bound, once `nodes` positions have been generated.
    pub(crate) fn node_bound(&self, nodes: u64) -> Option<Bound> {
        (nodes >= self.limits.max_nodes).then_some(Bound::Nodes(self.limits.max_nodes))
    }

    /// Store `key`: `Ok(true)` if it is new, `Ok(false)` if already visited, or
    /// the memory bound when the table is full and doubling it, plus the `held`
    /// bytes of the search's own stack or node list, would pass the bound.
    pub(crate) fn insert(&mut self, key: K, held: u64) -> Result<bool, Bound> {
        if self.set.len() == self.set.capacity() {
            // The next insertion may double the table.
            let after = 2 * set_bytes(&self.set).max(1 << 16) + held;
            if after > self.limits.max_memory {
                return Err(Bound::Memory(self.limits.max_memory));
            }
        }
        Ok(self.set.insert(key))
    }

    /// End the search with `answer`, counting the positions stored.
    pub(crate) fn finish<M>(&self, answer: Answer<M>, mut stats: Stats) -> (Answer<M>, Stats) {
        stats.stored = self.set.len() as u64;
        (answer, stats)
    }
}
