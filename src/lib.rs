//! tavolo: print-and-play kits and a referee for table play.
//!
//! The binary (`src/main.rs`) is thin: it parses arguments with [`cli`] and maps
//! [`error::Error`] to an exit code. Everything else lives here as a library.

#![forbid(unsafe_code)]

pub mod cli;
pub mod deal;
pub mod decimal;
pub mod decktet;
pub mod error;
pub mod event;
pub mod games;
pub mod html;
pub mod input;
pub mod kit;
pub mod lang;
pub mod lexicon;
pub mod names;
pub mod output;
pub mod record;
pub mod search;
pub mod serve;
pub mod show;
pub mod words;
