//! See DESIGN.md: the kit part of tavolo.

pub mod calibrate;
pub mod duplex;
pub mod geometry;
pub mod textfit;
pub mod tts;
