//! "I giochi della frutta" (seed 000): the 36 fruit tiles and the four games on them.

pub mod tile;

pub use rule_broken::RuleBroken;
pub use tile::{Fruit, Tile};
pub use tileset::TileSet;
pub mod domino;
pub mod domino_record;
pub mod mosaico;
pub mod mosaico_record;
pub mod muro;
pub mod muro_record;
pub mod records;
pub mod rule_broken;
pub mod scalafrutta;
pub mod scalafrutta_record;
pub mod scoring;
pub mod solve;
pub mod tileset;
