//! The referee side: one folder per game.

pub mod engine;
pub mod quincunx;
