//! tavolo's integration tests, as one test binary (one link of the library).

mod cards;
mod cli_manners;
mod cli_referee;
mod common;
mod engine_props;
mod event;
mod farfalia;
mod fixtures;
mod fruit_cli;
mod fruit_props;
mod fuzz_regressions;
mod kit;
mod kit_common;
mod layout;
mod lexicon;
mod moon_props;
mod natura;
mod natura_solve;
mod quincunx;
mod rules_docs;
mod show;
mod solitaire_props;
mod solitaire_solve;
