//! `tavolo score` (placeholder until its issue lands).

use std::process::ExitCode;

use crate::error::Error;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Arguments (not yet defined).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

pub fn run(_args: Args) -> Result<ExitCode, Error> {
    Err(Error::input(
        "cli.unimplemented",
        "`tavolo score` is not implemented yet",
    ))
}
