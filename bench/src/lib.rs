//! What tavolo's benchmarks (see `benches/`) share.

use tavolo::deal::DealRng;
use tavolo::games::natura::TileSet;

/// The full Italian bag (NS-1) shuffled for a seed, from the bench's own stream.
pub fn natura_bag(stream: &str, seed: u32) -> Vec<u8> {
    let set = TileSet::italian();
    let mut bag = Vec::new();
    for (k, &n) in set.full_counts().iter().enumerate() {
        bag.extend(std::iter::repeat_n(k as u8, usize::from(n)));
    }
    DealRng::new("natura", stream, &seed.to_string(), 1).shuffle(&mut bag);
    bag
}
