//! The referee side: one module per game, pure logic with no I/O.

pub mod fruit;
pub mod moon;
