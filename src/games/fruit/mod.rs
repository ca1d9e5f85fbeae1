//! "I giochi della frutta" (seed 000): the 36 fruit tiles and the four games on
//! them, one folder each. The tiles and their sets are shared here (each game has
//! its own `Broken` enum); `record.rs` holds the record helpers the adapters share.

pub mod draw;
pub mod notation;
pub mod record;
pub mod tile;
pub mod tileset;

pub mod domino;
pub mod mosaico;
pub mod muro;
pub mod scalafrutta;

pub use tile::{Fruit, Tile};
pub use tileset::TileSet;
