//! The transposition table: what the search learned of each position, in a fixed array of
//! 16-byte entries found by the position's Zobrist key (two entries a bucket: one kept for
//! the deepest or proved search, one always replaced), so memory is fixed from the start.

/// What a stored value says of the position's true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    /// At least the value (a cut-off: some move reached beta).
    Lower,
    /// At most the value (no move reached alpha).
    Upper,
}

/// An entry: the points still to come for the player to move (a bound of them), how deep
/// they were searched, whether no leaf under them was cut by the depth (then they hold at
/// any depth), and the best move's [`super::pos::Mv::id`] (0 for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Hit {
    pub value: i32,
    pub bound: Bound,
    pub depth: u8,
    pub proved: bool,
    pub best: u32,
}

/// An entry packed in a word: the best move (bits 32-63), the value (16-31), the depth
/// (8-15), the bound (0-1, 0 empty) and proved (bit 2). Kept beside its key, in arrays of
/// plain words, so a large table costs memory only where it is written.
#[derive(Clone, Copy)]
struct Slot(u64);

impl Slot {
    fn pack(hit: &Hit) -> Slot {
        // Values are points: far inside i16 (the clamp only guards the sentinel).
        let value = hit.value.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16;
        let bound: u64 = match hit.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        Slot(
            u64::from(hit.best) << 32
                | u64::from(value as u16) << 16
                | u64::from(hit.depth) << 8
                | bound
                | if hit.proved { 4 } else { 0 },
        )
    }

    fn hit(self) -> Option<Hit> {
        let bound = match self.0 & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Hit {
            value: i32::from((self.0 >> 16) as u16 as i16),
            bound,
            depth: (self.0 >> 8) as u8,
            proved: self.0 & 4 != 0,
            best: (self.0 >> 32) as u32,
        })
    }

    /// Which of two entries to keep when a bucket is full: proved ones, then the deepest.
    fn worth(self) -> u16 {
        if self.0 & 4 != 0 {
            u16::MAX
        } else {
            ((self.0 >> 8) & 0xff) as u16
        }
    }
}

pub(super) struct Table {
    keys: Vec<u64>,
    slots: Vec<u64>,
    /// Buckets less one (a power of two).
    mask: usize,
}

/// Bytes an entry takes: its key and its packed word.
pub(super) const ENTRY_BYTES: usize = 16;

impl Table {
    /// A table of at most `bytes` (at least one bucket).
    pub fn new(bytes: usize) -> Table {
        let mut buckets = 1usize;
        while buckets * 4 * ENTRY_BYTES <= bytes {
            buckets *= 2;
        }
        Table {
            keys: vec![0; buckets * 2],
            slots: vec![0; buckets * 2],
            mask: buckets - 1,
        }
    }

    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize & self.mask) * 2
    }

    pub fn get(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        (b..b + 2)
            .find(|&i| self.keys[i] == key && self.slots[i] != 0)
            .and_then(|i| Slot(self.slots[i]).hit())
    }

    pub fn put(&mut self, key: u64, hit: Hit) {
        let slot = Slot::pack(&hit);
        let b = self.bucket(key);
        let i = if let Some(i) = (b..b + 2).find(|&i| self.keys[i] == key) {
            i
        } else if slot.worth() >= Slot(self.slots[b]).worth() {
            self.keys[b + 1] = self.keys[b];
            self.slots[b + 1] = self.slots[b];
            b
        } else {
            b + 1
        };
        self.keys[i] = key;
        self.slots[i] = slot.0;
    }
}
