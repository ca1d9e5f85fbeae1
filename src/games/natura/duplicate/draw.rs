//! The duplicate bag: the 120 tiles of NS-1 as counts by kind, drawn one tile at a time from a
//! `tavolo-deal-v1` stream, and the rule on a rack's vowels and consonants.
//!
//! # The draw, `tavolo-duplicate-v1`
//!
//! The stream is [`DealRng`] keyed by `("natura", "duplicate", seed, board)`. The bag is kept as
//! counts in canonical order (the jollies, then A..Z). One tile is drawn by taking `r =
//! below(tiles in the bag)` and walking the kinds in canonical order until their running count
//! passes `r`: a uniform draw, and one that does not depend on where returned tiles would lie
//! in a physical bag (they are counts again at once). Any change here is a new algorithm name.
//!
//! # A rack's vowels and consonants
//!
//! A, E, I, O, U are the vowels, the other letters the consonants, and a jolly is neither (as in
//! FISF practice). Up to round [`STRICT_ROUNDS`] a rack must hold 2 vowels and 2 consonants, after
//! it 1 and 1; when the tiles left (the tiles kept plus the bag) hold fewer of a kind, the
//! minimum for that kind is what they hold. A rack short of the minimum goes back to the bag
//! whole, kept tiles included, and 7 are drawn afresh. When the tiles left hold no vowel or no
//! consonant, the game is over.

use crate::deal::DealRng;

use super::super::layout::{TileSet, JOLLY, RACK};
use super::super::moves::tile_char;

/// The draw's name, written in every duplicate output beside the deal algorithm.
pub const ALGORITHM: &str = "tavolo-duplicate-v1";
/// The deal key's variant for a duplicate bag.
pub const DEAL_VARIANT: &str = "duplicate";
/// The rounds whose racks need 2 vowels and 2 consonants; later ones need 1 and 1.
pub const STRICT_ROUNDS: usize = 15;
/// Redraws in one round after which the rack drawn is kept as it is. A real bag never gets
/// near it; it only bounds the loop.
pub const MAX_REDRAWS: usize = 10_000;

/// Whether a rack tile is a vowel (A E I O U).
pub fn is_vowel(t: u8) -> bool {
    matches!(tile_char(t), 'A' | 'E' | 'I' | 'O' | 'U')
}

/// Whether a rack tile is a consonant (any other letter; a jolly is neither).
pub fn is_consonant(t: u8) -> bool {
    t != JOLLY && !is_vowel(t)
}

/// (vowels, consonants) in counts by kind.
pub fn mix(counts: &[u8]) -> (usize, usize) {
    let mut v = 0;
    let mut c = 0;
    for (k, &n) in counts.iter().enumerate() {
        if is_vowel(k as u8) {
            v += usize::from(n);
        } else if is_consonant(k as u8) {
            c += usize::from(n);
        }
    }
    (v, c)
}

/// The minimum of vowels (and of consonants) a rack of round `round` (from 1) needs.
pub fn minimum(round: usize) -> usize {
    if round <= STRICT_ROUNDS {
        2
    } else {
        1
    }
}

/// Counts by kind as text: the letters in order, jollies `?` last (`ACEIORT?`).
pub fn rack_text(counts: &[u8]) -> String {
    let mut out = String::new();
    for (k, &n) in counts.iter().enumerate().skip(1) {
        out.extend(std::iter::repeat_n(tile_char(k as u8), usize::from(n)));
    }
    if let Some(&j) = counts.first() {
        out.extend(std::iter::repeat_n('?', usize::from(j)));
    }
    out
}

fn size(counts: &[u8]) -> usize {
    counts.iter().map(|&n| usize::from(n)).sum()
}

/// The bag of one duplicate game.
pub struct Bag {
    counts: Vec<u8>,
    rng: DealRng,
}

impl Bag {
    /// The full Italian bag of NS-1 for a seed and board.
    pub fn new(seed: &str, board: u32) -> Bag {
        Bag {
            counts: TileSet::italian().full_counts(),
            rng: DealRng::new("natura", DEAL_VARIANT, seed, board),
        }
    }

    /// Tiles in the bag.
    pub fn len(&self) -> usize {
        size(&self.counts)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bag as counts by kind.
    pub fn counts(&self) -> &[u8] {
        &self.counts
    }

    /// One tile drawn uniformly (see the module doc), `None` from an empty bag.
    pub fn draw_one(&mut self) -> Option<u8> {
        let n = self.len();
        if n == 0 {
            return None;
        }
        // 120 tiles at most: the count fits a u32.
        let mut r = self.rng.below(n as u32) as usize;
        for (k, c) in self.counts.iter_mut().enumerate() {
            if r < usize::from(*c) {
                *c -= 1;
                return Some(k as u8);
            }
            r -= usize::from(*c);
        }
        None
    }

    /// Tiles (counts by kind) back into the bag.
    pub fn put_back(&mut self, counts: &[u8]) {
        for (k, &n) in counts.iter().enumerate() {
            self.counts[k] += n;
        }
    }

    /// Fill `rack` (counts by kind) up to 7 from the bag.
    fn fill(&mut self, rack: &mut [u8]) {
        while size(rack) < RACK {
            let Some(t) = self.draw_one() else { break };
            rack[usize::from(t)] += 1;
        }
    }
}

/// A round's rack as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// The rack, counts by kind.
    pub rack: Vec<u8>,
    /// The tiles kept from the round before that are on this rack (none after a redraw).
    pub kept: Vec<u8>,
    /// The racks that fell short of the vowel/consonant minimum and went back, in order.
    pub rejected: Vec<Vec<u8>>,
}

impl Drawn {
    /// `kept+new` as the duplicate sheets write it (`AE+CIORT`), or the rack alone when
    /// nothing was kept or nothing drawn.
    pub fn text(&self) -> String {
        let kept = rack_text(&self.kept);
        let new: Vec<u8> = self
            .rack
            .iter()
            .zip(&self.kept)
            .map(|(&r, &k)| r - k)
            .collect();
        let new = rack_text(&new);
        if kept.is_empty() || new.is_empty() {
            return rack_text(&self.rack);
        }
        format!("{kept}+{new}")
    }
}

/// Round `round`'s rack: the tiles `kept` plus tiles from the bag, redrawn whole while it misses
/// the minimum; `None` when the tiles left hold no vowel or no consonant (the game is over; the
/// bag is untouched then).
pub fn draw_rack(bag: &mut Bag, kept: &[u8], round: usize) -> Option<Drawn> {
    let (kv, kc) = mix(kept);
    let (bv, bc) = mix(bag.counts());
    let (left_v, left_c) = (kv + bv, kc + bc);
    if left_v == 0 || left_c == 0 {
        return None;
    }
    let need_v = minimum(round).min(left_v);
    let need_c = minimum(round).min(left_c);
    let mut rack = kept.to_vec();
    rack.resize(bag.counts().len(), 0);
    let mut kept_now = rack.clone();
    bag.fill(&mut rack);
    let mut rejected = Vec::new();
    loop {
        let (v, c) = mix(&rack);
        if (v >= need_v && c >= need_c) || bag.is_empty() || rejected.len() == MAX_REDRAWS {
            break;
        }
        bag.put_back(&rack);
        rejected.push(std::mem::replace(&mut rack, vec![0; bag.counts().len()]));
        kept_now = vec![0; bag.counts().len()];
        bag.fill(&mut rack);
    }
    Some(Drawn {
        rack,
        kept: kept_now,
        rejected,
    })
}
