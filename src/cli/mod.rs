//! Command-line interface: clap definitions, one file per subcommand.
//! Each subcommand's `run` returns the exit code of a successful run, or an
//! [`Error`] that `main` prints (as JSON on standard output with `--json`)
//! and maps to 1 or 2. Everything goes out through [`out`], never `println!`
//! or `eprintln!`, which panic when the reader has gone.
#![deny(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::error::Error;

pub mod args;
pub mod check;
pub mod deal;
pub mod duplicate;
pub mod event;
pub mod kit;
pub mod leaves;
pub mod lexicon;
pub mod lines;
pub mod out;
pub mod play;
pub mod rules;
pub mod score;
pub mod serve;
pub mod show;
pub mod solve;
pub mod table;

/// What `tavolo --help` and the manual page say after the commands.
const AFTER_HELP: &str = "\
Exit status: 0 success (a legal game, a solved deal); 1 an illegal record, a failed check or
an unsolvable deal; 2 bad usage or unreadable input; 3 a deal `tavolo solve` left undecided.
With --json, errors are a JSON object on standard output: {\"error\": {\"code\", \"message\",
\"file\", \"line\", \"column\", \"help\"}}. `tavolo man COMMAND` shows a command's page.

An output file never replaces anything but a regular file: a device or FIFO is written to, a
symlink's target is written, a file that exists is kept unless --force, and `-` is standard
output (the command's report then goes to standard error).";

#[derive(Debug, Parser)]
#[command(
    name = "tavolo",
    version,
    about = "Print-and-play kits and a referee for table play",
    after_help = AFTER_HELP
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

/// The options every command takes.
#[derive(Debug, clap::Args)]
pub struct Global {
    /// The language tavolo speaks to people: `it` or `en` (default: the locale's, from
    /// LC_ALL, LC_MESSAGES or LANG; else English). Data (JSON keys, codes) stays as it is.
    #[arg(long, global = true, value_name = "LANG", value_parser = lang_value)]
    pub lang: Option<crate::lang::Lang>,
}

/// `--lang`'s value: `it` or `en` (a locale such as `it_IT` too).
fn lang_value(s: &str) -> Result<crate::lang::Lang, String> {
    crate::lang::Lang::parse(s)
        .ok_or_else(|| format!("`{s}` is not a language tavolo speaks: it or en"))
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Render print-and-play kits as PDF (and PNG previews).
    Kit(kit::Args),
    /// Deal a seeded, reproducible setup.
    Deal(deal::Args),
    /// Replay game records and report the first illegal move.
    #[command(after_help = check::after_help())]
    Check(check::Args),
    /// Tournaments by commit and reveal: new (before), deal (at the start), verify (after).
    Event(event::Args),
    /// Total or optimise scores.
    Score(score::Args),
    /// Draw a recorded game's position at a move with the kit's art (SVG, PNG, PDF).
    Show(show::Args),
    /// Play a legal game (the game's machine player, or random moves) and write its record.
    #[command(after_help = play::AFTER_HELP)]
    Play(play::Args),
    /// Search for a solution of a solitaire deal, or the best moves of a record's position.
    #[command(after_help = solve::AFTER_HELP)]
    Solve(solve::Args),
    /// The referee at the table: a live game, move by move, its record always written.
    #[command(after_help = table::AFTER_HELP)]
    Table(table::Args),
    /// The referee as a web page for the table's tablets: many tables, records always written.
    #[command(after_help = serve::AFTER_HELP)]
    Serve(serve::Args),
    /// The Italian word lexicon of Natura Shakerata: build, info, check, anagram.
    Lexicon(lexicon::Args),
    /// Duplicate Scrabble for Natura Shakerata: play a seeded game, score players' moves.
    Duplicate(duplicate::Args),
    /// The rules as tavolo applies them: a game's page, or one ruling (`tavolo rules MN-3`).
    Rules(rules::Args),
    /// Print a shell's completion script, e.g. `source <(tavolo completions bash)`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff), e.g. `tavolo man | man -l -`, `tavolo man deal`.
    Man {
        /// A command's page (`tavolo-deal(1)`); without it, tavolo(1).
        #[arg(value_parser = args::Choices::new(command_names))]
        command: Option<String>,
    },
}

/// The subcommands' names, for `tavolo man COMMAND`.
fn command_names() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "help")
        .collect()
}

impl Command {
    /// Whether the command was asked for JSON, so that its errors are JSON too.
    pub fn json(&self) -> bool {
        match self {
            Command::Kit(a) => a.json,
            Command::Deal(a) => a.json,
            Command::Check(a) => a.json,
            Command::Event(a) => a.json(),
            Command::Score(a) => a.json,
            Command::Show(a) => a.json,
            Command::Solve(a) => a.json,
            Command::Lexicon(a) => a.json(),
            Command::Duplicate(a) => a.json(),
            Command::Play(a) => a.json,
            Command::Rules(a) => a.json,
            Command::Table(a) => a.json,
            Command::Serve(_) | Command::Completions { .. } | Command::Man { .. } => false,
        }
    }
}

/// Parse the process arguments, run, and turn the outcome into an exit code.
pub fn main() -> ExitCode {
    let cli = match parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    let json = cli.command.json();
    crate::lang::choose(cli.global.lang);
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            out::error(&e, json);
            ExitCode::from(e.exit_code())
        }
    }
}

/// The arguments as [`Cli`]. `tavolo kit ...` is parsed first by a command
/// that has only `kit`'s arguments: clap builds every subcommand's arguments
/// before it parses (some 1M instructions and 100 page faults, a tenth of a
/// 52-card kit's own work). Whatever that command does not take as it is (an
/// error, `--help`) is parsed again by the whole command, so that what the
/// user sees is the same.
fn parse(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    use clap::{Args as _, FromArgMatches as _};
    if args.get(1).is_some_and(|a| a == "kit") {
        let kit_only = Global::augment_args(clap::Command::new("tavolo"))
            .subcommand(kit::Args::augment_args(clap::Command::new("kit")));
        let parsed = kit_only
            .try_get_matches_from(&args)
            .and_then(|m| Cli::from_arg_matches(&m));
        if let Ok(cli) = parsed {
            return Ok(cli);
        }
    }
    Cli::try_parse_from(args)
}

/// clap's own outcome: help and version on standard output (exit 0), a usage
/// error on standard error (exit 2), or with `--json` among the arguments as
/// a JSON error (`cli.usage`) on standard output.
fn usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if !e.use_stderr() {
        out::write(&e.render().to_string());
        return ExitCode::SUCCESS;
    }
    let json = std::env::args_os()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    if json
        && !matches!(
            e.kind(),
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        )
    {
        // clap's text: the error's paragraph, then usage and hints, each a
        // paragraph; in JSON, the first is the message and the others the help.
        let text = e.render().to_string();
        let paragraphs: Vec<String> = text
            .trim()
            .split("\n\n")
            .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        let message = paragraphs[0].trim_start_matches("error: ").to_string();
        let mut err = Error::input("cli.usage", message);
        if paragraphs.len() > 1 {
            err = err.help(paragraphs[1..].join("; "));
        }
        out::error(&err, true);
    } else {
        let _ = e.print();
    }
    ExitCode::from(2)
}

pub fn run(cli: Cli) -> Result<ExitCode, Error> {
    match cli.command {
        Command::Kit(args) => kit::run(args, cli.global.lang),
        Command::Deal(args) => deal::run(args),
        Command::Check(args) => check::run(args),
        Command::Event(args) => event::run(args),
        Command::Score(args) => score::run(args),
        Command::Show(args) => show::run(args),
        Command::Play(args) => play::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Table(args) => table::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Lexicon(args) => lexicon::run(args),
        Command::Duplicate(args) => duplicate::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "tavolo", &mut buf);
            out::write(&String::from_utf8_lossy(&buf));
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { command } => {
            let mut cmd = Cli::command();
            cmd.build();
            let page = match &command {
                None => cmd,
                Some(name) => match cmd.find_subcommand(name) {
                    Some(sub) => sub.clone(),
                    None => {
                        let names = command_names();
                        return Err(Error::input(
                            "cli.usage",
                            format!("no manual page for `{name}`"),
                        )
                        .help(crate::error::did_you_mean(
                            name,
                            names.iter().map(String::as_str),
                            format!("the commands are: {}", names.join(", ")),
                        )));
                    }
                },
            };
            let mut buf = Vec::new();
            clap_mangen::Man::new(page)
                .render(&mut buf)
                .map_err(|e| Error::failed("cli.man", e.to_string()))?;
            out::write(&String::from_utf8_lossy(&buf));
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[cfg(test)]
mod tests {
    /// `tavolo kit ...` parsed by the command that has only `kit`'s arguments
    /// is what the whole command makes of it; what it does not take (an
    /// error, `--help`) is the whole command's answer, word for word.
    #[test]
    fn kit_is_parsed_as_the_whole_command_parses_it() {
        let cases: &[&[&str]] = &[
            &["tavolo", "kit", "all"],
            &[
                "tavolo",
                "kit",
                "bench.toml",
                "--out",
                "out",
                "--paper",
                "letter",
                "--fold",
                "--duplex",
                "short",
                "--duplex-offset",
                "1,-2",
                "--option",
                "a=b",
                "--json",
            ],
            &[
                "tavolo", "kit", "moon", "fruit", "--png", "--dpi", "150", "--bleed", "2",
            ],
            &["tavolo", "kit", "--help"],
            &["tavolo", "kit"],
            &["tavolo", "kit", "moon", "--dpi", "9000"],
            &["tavolo", "kit", "moon", "--nope"],
            &["tavolo", "kit", "moon", "--version"],
            &["tavolo", "deal", "--help"],
        ];
        for args in cases {
            let text = |r: Result<super::Cli, clap::Error>| {
                r.map(|c| format!("{c:?}"))
                    .map_err(|e| e.render().to_string())
            };
            let fast = text(super::parse(args.iter().map(Into::into).collect()));
            let whole = text(<super::Cli as clap::Parser>::try_parse_from(*args));
            assert_eq!(fast, whole, "{args:?}");
        }
    }
}
