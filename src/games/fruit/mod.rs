//! "I giochi della frutta" (seed 000): the 36 fruit tiles and the four games on
//! them, one folder each. The tiles, their sets and the rule-broken type are
//! shared here; `record.rs` holds the record helpers the four adapters share.

pub mod record;
pub mod rule_broken;
pub mod tile;
pub mod tileset;

pub mod domino;
pub mod mosaico;
pub mod muro;
pub mod scalafrutta;

pub use rule_broken::RuleBroken;
pub use tile::{Fruit, Tile};
pub use tileset::TileSet;
