//! `tavolo event new|deal|verify`: tournaments nobody can rig, by commit and
//! reveal (the algorithm in `crate::event`, the procedure in docs/events.md).

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use super::args::{self, Force};
use super::deal::Format;
use super::out::{self, outln};
use crate::error::Error;
use crate::event::boards::{self, Board, Label};
use crate::event::description::{DescriptionFile, SectionFile};
use crate::event::verify::{self, Commitment};
use crate::event::{self as ev, Description, Key};
use crate::record::write;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Before the event: make the secret key, the description and the commitment to publish.
    New(NewArgs),
    /// When the public value is known: deal every board, and write one record per board and table.
    Deal(DealArgs),
    /// After the event, with the key published: check the key, deal again, check the records.
    Verify(VerifyArgs),
    /// The results: each record checked and counted, boards compared, the standings.
    Results(ResultsArgs),
    /// Pair the next round of a Swiss or round-robin section from the records of the rounds before.
    Pair(PairArgs),
    /// The score slip a record's replay gives: each player's running totals, to print or to check.
    Slip(SlipArgs),
    /// Enter a result from a paper score slip: write it as a slip file the results take.
    Score(ScoreArgs),
    /// Update the club's ratings file from the event's results (Elo; Glicko-2 for Natura).
    Rate(RateArgs),
}

impl Args {
    pub fn json(&self) -> bool {
        match &self.command {
            Command::New(a) => a.json,
            Command::Deal(a) => a.json,
            Command::Verify(a) => a.json,
            Command::Results(a) => a.json || a.format == ResultsFormat::Json,
            Command::Pair(a) => a.json,
            Command::Slip(_) | Command::Score(_) | Command::Rate(_) => false,
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The folder to write `event.toml` (public), `event.key` (secret) and
    /// `commitment.toml` (public) into.
    #[arg(long, value_hint = clap::ValueHint::DirPath)]
    pub dir: PathBuf,
    /// A draft description (every field but `key-sha256`), for events of several sections.
    #[arg(long, value_name = "DRAFT", value_hint = clap::ValueHint::FilePath,
          conflicts_with_all = ["name", "game", "public_value_name"])]
    pub from: Option<PathBuf>,
    /// The event's name.
    #[arg(long, required_unless_present = "from")]
    pub name: Option<String>,
    /// Which public value will be used, e.g. "the Bari lottery draw of 14 March, five numbers in order".
    #[arg(long, required_unless_present = "from")]
    pub public_value_name: Option<String>,
    /// The game.
    #[arg(long, value_parser = args::games(), required_unless_present = "from")]
    pub game: Option<String>,
    /// The variant (default: the game's first).
    #[arg(long, value_parser = args::variants())]
    pub variant: Option<String>,
    /// Number of players (default: the fewest the variant allows).
    #[arg(long, short = 'p')]
    pub players: Option<usize>,
    /// Seat names in the records, comma-separated (default P1, P2, ...); spaces around a
    /// name do not count.
    #[arg(long, value_delimiter = ',', value_parser = args::name)]
    pub names: Option<Vec<String>>,
    /// Main boards.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub boards: u32,
    /// Reserve boards, to replace a fouled board.
    #[arg(long, default_value_t = 0)]
    pub reserve: u32,
    /// Tables playing each board (one record each).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub tables: u32,
    #[command(flatten)]
    pub force: Force,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// What reads an event's description with its key and public value.
#[derive(Debug, clap::Args)]
pub struct Keyed {
    /// The event's description file.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub description: PathBuf,
    /// The key file.
    #[arg(long, value_hint = clap::ValueHint::FilePath)]
    pub key: PathBuf,
    /// The public value, exactly as announced (white space around it does not count).
    #[arg(long)]
    pub public: String,
}

#[derive(Debug, clap::Args)]
pub struct DealArgs {
    #[command(flatten)]
    pub keyed: Keyed,
    /// Only these boards, e.g. `1..8`, `R1..R2`, `5` (default: every board).
    #[arg(long, value_name = "A..B", value_parser = parse_labels)]
    pub boards: Option<RangeInclusive<Label>>,
    /// Output format on standard output.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print JSON (the same as `--format json`).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Write one record skeleton per board and table into this folder
    /// (`board-01-table-1.toml`, `reserve-01-table-1.toml`, ...).
    #[arg(long, value_hint = clap::ValueHint::DirPath)]
    pub out: Option<PathBuf>,
    /// Also write deal sheets as PDF: a slip per player per board, drawn with the kit's art,
    /// then the director's hand record.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub sheets: Option<PathBuf>,
    /// Also write score slips as PDF: one a page per board and table, the seats filled in
    /// (a paired section's players are printed by `event pair --slips`).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub slips: Option<PathBuf>,
    /// Paper for --sheets and --slips.
    #[arg(long, default_value = "a4", value_parser = args::papers())]
    pub paper: String,
    #[command(flatten)]
    pub force: Force,
}

#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub keyed: Keyed,
    /// What was published: the description's SHA-256 (64 hex digits) or the commitment file.
    #[arg(long)]
    pub commitment: String,
    /// Records to check against the boards they claim.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub records: Vec<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ResultsArgs {
    #[command(flatten)]
    pub keyed: Keyed,
    /// The records: folders (their *.toml files), files, or `-` for one on standard input.
    #[arg(required = true, value_hint = clap::ValueHint::AnyPath)]
    pub records: Vec<PathBuf>,
    /// Output: text (records, boards, standings), json (all of it), csv (the standings) or
    /// html (standings, boards and records as one self-contained page).
    #[arg(long, value_enum, default_value_t = ResultsFormat::Text)]
    pub format: ResultsFormat,
    /// Print JSON (the same as `--format json`).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Also write the results to print as PDF: the standings, then the boards compared and
    /// every record.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub pdf: Option<PathBuf>,
    /// Paper for --pdf.
    #[arg(long, default_value = "a4", value_parser = args::papers())]
    pub paper: String,
    /// Also print this player's scorecard (every game by round, with the wins so far), as
    /// text after the results; repeat for several.
    #[arg(long, value_name = "NAME")]
    pub scorecard: Vec<String>,
    /// Results are still coming in: missing games (listed, the standings marked provisional)
    /// do not make the exit status 1.
    #[arg(long)]
    pub provisional: bool,
    #[command(flatten)]
    pub force: Force,
}

#[derive(Debug, clap::Args)]
pub struct PairArgs {
    #[command(flatten)]
    pub keyed: Keyed,
    /// The round to pair (1 for the first).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub round: u32,
    /// The section (1-based; default: the only paired one).
    #[arg(long)]
    pub section: Option<usize>,
    /// The records of the rounds before: folders, files, or `-`.
    #[arg(value_hint = clap::ValueHint::AnyPath)]
    pub records: Vec<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write the round's score slips as PDF: one a page per board and table, the players
    /// in their seats.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub slips: Option<PathBuf>,
    /// Paper for --slips.
    #[arg(long, default_value = "a4", value_parser = args::papers())]
    pub paper: String,
    /// Also write the round's records into this folder, the players' names in their seats
    /// (`board-03-table-1.toml`, ...; `--force` to replace the ones `event deal --out` wrote).
    #[arg(long, value_hint = clap::ValueHint::DirPath)]
    pub out: Option<PathBuf>,
    /// Pair even though results of the rounds before are missing (a missing game counts
    /// nothing; without this the pairing is refused, naming them).
    #[arg(long)]
    pub allow_missing: bool,
    #[command(flatten)]
    pub force: Force,
}

#[derive(Debug, clap::Args)]
pub struct SlipArgs {
    /// The record (`-`: standard input).
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub record: PathBuf,
    /// A row a deal (every player's total after each deal, as a table keeps a
    /// Farfalia match), not a total after each move.
    #[arg(long)]
    pub per_deal: bool,
}

#[derive(Debug, clap::Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub keyed: Keyed,
    /// The records: folders (their *.toml files), files, or `-` for one on standard input.
    #[arg(required = true, value_hint = clap::ValueHint::AnyPath)]
    pub records: Vec<PathBuf>,
    /// The club's ratings file of the game: read if it is there, written with the event taken.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub ratings: PathBuf,
    /// The game to rate (default: the event's only game).
    #[arg(long, value_parser = args::games())]
    pub game: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// The event's description file.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub description: PathBuf,
    /// The board played (`3`, `R1`).
    #[arg(long)]
    pub board: String,
    /// The table it was played at.
    #[arg(long, default_value_t = 1)]
    pub table: u32,
    /// Each player's running totals as the slip has them, in seat order: `Anna=12,30,45`.
    #[arg(required = true, value_name = "NAME=TOTALS")]
    pub totals: Vec<String>,
    /// The slip file to write (`-`: standard output).
    #[arg(short = 'o', long, value_hint = clap::ValueHint::FilePath)]
    pub output: PathBuf,
    #[command(flatten)]
    pub force: Force,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ResultsFormat {
    Text,
    Json,
    Csv,
    /// One self-contained page (no JavaScript, no external files).
    Html,
}

/// `3..8`, `R1..R2`, `5` (main and reserve boards are not mixed in one range).
fn parse_labels(s: &str) -> Result<RangeInclusive<Label>, String> {
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (a.parse()?, b.strip_prefix('=').unwrap_or(b).parse()?),
        None => (s.parse()?, s.parse()?),
    };
    match (a, b) {
        (Label::Main(x), Label::Main(y)) | (Label::Reserve(x), Label::Reserve(y)) if x <= y => {
            Ok(a..=b)
        }
        (Label::Main(_), Label::Main(_)) | (Label::Reserve(_), Label::Reserve(_)) => {
            Err(format!("the boards {a}..{b} run backwards"))
        }
        _ => Err(format!(
            "`{s}` mixes main and reserve boards: give 1..8 or R1..R2"
        )),
    }
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    match args.command {
        Command::New(a) => new(a),
        Command::Deal(a) => deal(a),
        Command::Verify(a) => verify(a),
        Command::Results(a) => results(a),
        Command::Pair(a) => pair(a),
        Command::Score(a) => {
            a.force.check(&a.output)?;
            let d = read_description(&a.description)?;
            let text = crate::event::slip::enter(&d, &a.board, a.table, &a.totals)?;
            if a.output == Path::new("-") {
                out::write(&text);
            } else {
                write::atomic(&a.output, &text)?;
                out::wrote(&a.output, &crate::t!("out-what-slip"));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Rate(a) => rate(a),
        Command::Slip(a) => {
            let (path, text) = crate::event::inputs::read(std::slice::from_ref(&a.record))?
                .into_iter()
                .next()
                .ok_or_else(|| Error::input("event.unreadable", "no record"))?;
            out::write(&crate::event::slip::from_record(&path, &text, a.per_deal)?);
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Read an event's description; what the command prints from then on is in the language
/// the description names (`lang`), unless `--lang` chose another (issue 42).
fn read_description(path: &Path) -> Result<Description, Error> {
    let d = Description::read(path)?;
    crate::lang::document(d.lang);
    Ok(d)
}

fn new(a: NewArgs) -> Result<ExitCode, Error> {
    let mut file = match &a.from {
        Some(path) => {
            let draft = read_description(path)?;
            if draft.key_sha256.is_some() {
                return Err(Error::input(
                    "event.description",
                    "the draft has a `key-sha256` already: it is an event made before",
                )
                .in_file(path)
                .help("remove `key-sha256` to make a new event from it"));
            }
            toml::from_str::<DescriptionFile>(&draft.text)
                .map_err(|e| Error::toml("event.description", path, &draft.text, &e))?
        }
        None => DescriptionFile {
            format: ev::ALGORITHM.to_string(),
            event: a.name.clone().unwrap_or_default(),
            public_value_name: a.public_value_name.clone().unwrap_or_default(),
            lang: None,
            key_sha256: None,
            sections: vec![SectionFile {
                game: a.game.clone().unwrap_or_default(),
                variant: a.variant.clone(),
                players: a.players,
                names: a.names.clone(),
                boards: a.boards,
                reserve: a.reserve,
                tables: a.tables,
                entrants: None,
                pairing: None,
                rounds: None,
                unfinished: None,
                illegal: None,
                tie_breaks: None,
                partnerships: None,
                ratings: None,
                ..SectionFile::default()
            }],
        },
    };
    args::folder(&a.dir)?;
    let paths = [
        a.dir.join("event.toml"),
        a.dir.join("event.key"),
        a.dir.join("commitment.toml"),
    ];
    for p in &paths {
        a.force.check(p)?;
    }
    // The variant and players as resolved now, written out, so that the
    // description means the same whatever later versions take as defaults.
    for s in &mut file.sections {
        let r = crate::event::description::resolve(s).map_err(|e| match &a.from {
            Some(p) => e.in_file(p),
            None => e,
        })?;
        s.variant = Some(r.variant);
        s.players = Some(r.names.len());
    }
    let key = Key::fresh()?;
    file.key_sha256 = Some(key.commitment());
    let text = file.to_text()?;
    // Read back what is written: the same checks as every later step.
    let d = Description::parse(&paths[0], text.clone())?;
    std::fs::create_dir_all(&a.dir).map_err(|e| Error::io("event.write", &a.dir, &e))?;
    write_private(&paths[1], &key.file_text(&d.event))?;
    write::atomic(&paths[0], &text)?;
    write::atomic(&paths[2], &Commitment::file_text(&d))?;
    let count = |f: fn(&ev::Section) -> u32| d.sections.iter().map(f).sum::<u32>();
    if a.json {
        out::json(&json!({
            "algorithm": ev::ALGORITHM,
            "event": d.event,
            "description": paths[0].display().to_string(),
            "key": paths[1].display().to_string(),
            "commitment": paths[2].display().to_string(),
            "description_sha256": d.sha256_hex(),
            "key_sha256": key.commitment(),
            "public_value_name": d.public_value_name,
            "boards": count(|s| s.boards),
            "reserve": count(|s| s.reserve),
        }));
    } else {
        outln!("event: {}", d.event);
        outln!("description-sha256: {}", d.sha256_hex());
        outln!("key-sha256: {}", key.commitment());
        outln!("public value to come: {}", d.public_value_name);
        outln!(
            "boards: {} and {} reserve",
            count(|s| s.boards),
            count(|s| s.reserve)
        );
        out::wrote(&paths[0], &crate::t!("out-what-description"));
        out::wrote(&paths[2], &crate::t!("out-what-commitment"));
        out::wrote(&paths[1], &crate::t!("out-what-key"));
    }
    Ok(ExitCode::SUCCESS)
}

/// The key file: readable by its owner only from its first byte.
fn write_private(path: &Path, text: &str) -> Result<(), Error> {
    crate::output::write_secret(path, text.as_bytes())
        .map_err(|e| Error::io("event.write", path, &e))
}

/// The description and key, checked against each other.
fn keyed(k: &Keyed) -> Result<(Description, Key, String), Error> {
    let public = ev::check_public(&k.public)?.to_string();
    let key = Key::read(&k.key)?;
    let d = read_description(&k.description)?;
    verify::check_key(&d, &k.description, &key)?;
    Ok((d, key, public))
}

fn deal(a: DealArgs) -> Result<ExitCode, Error> {
    let (d, key, public) = keyed(&a.keyed)?;
    let format = if a.json { Format::Json } else { a.format };
    let all: Vec<Board> = boards::all(&d, &key, &public)
        .into_iter()
        .filter(|b| a.boards.as_ref().is_none_or(|r| r.contains(&b.label)))
        .collect();
    if all.is_empty() {
        return Err(Error::input(
            "event.no-boards",
            "the event has none of the boards asked for",
        ));
    }
    // What goes to standard output first: a format the games lack writes no file.
    let text = match format {
        Format::Text => text_boards(&d, &all, &public)?,
        Format::Json => String::new(),
        Format::Line => line_boards(&d, &all, &public)?,
    };
    let mut json = match format {
        Format::Json => Some(json_boards(&d, &all, &public)?),
        _ => None,
    };
    // The sheets are drawn before any file is written (a game that cannot
    // be drawn leaves nothing behind).
    let paper: crate::kit::Paper = a.paper.parse()?;
    let pdf = match &a.sheets {
        None => None,
        Some(path) => {
            a.force.check(path)?;
            let sheets: Vec<crate::show::sheets::Board> = all
                .iter()
                .map(|b| crate::show::sheets::Board {
                    title: crate::t!(
                        "sheets-board-title",
                        event = d.event.as_str(),
                        board = b.label.to_string()
                    ),
                    game: b.section.game,
                    variant: &b.section.variant,
                    players: &b.section.names,
                    deal: b.provenance(),
                })
                .collect();
            Some(crate::show::sheets::pdf(&d.event, &sheets, paper)?)
        }
    };
    let slips = match &a.slips {
        None => None,
        Some(path) => {
            a.force.check(path)?;
            let forms = crate::event::print::dealt_forms(&d, &all)?;
            Some(crate::event::print::slips_pdf(&d.event, &forms, paper)?)
        }
    };
    let mut records = Vec::new();
    if let Some(dir) = &a.out {
        args::folder(dir)?;
        records = write_skeletons(&d, &all, dir, a.force)?;
        if json.is_none() {
            out::wrote_records(dir, records.len());
        }
    }
    if let (Some(path), Some(pdf)) = (&a.sheets, &pdf) {
        crate::output::write_atomic(path, pdf).map_err(|e| Error::io("cli.write", path, &e))?;
        if json.is_none() {
            out::wrote(path, &crate::t!("out-what-sheets"));
        }
    }
    if let (Some(path), Some(pdf)) = (&a.slips, &slips) {
        crate::output::write_atomic(path, pdf).map_err(|e| Error::io("cli.write", path, &e))?;
        if json.is_none() {
            out::wrote(path, &crate::t!("out-what-slips"));
        }
    }
    match &mut json {
        Some(v) => {
            // What was written, as `wrote` says it in text.
            v["records"] = records
                .iter()
                .map(|p| json!(p.display().to_string()))
                .collect();
            v["sheets"] = json!(a.sheets.as_ref().map(|p| p.display().to_string()));
            v["slips"] = json!(a.slips.as_ref().map(|p| p.display().to_string()));
            out::json(v);
        }
        None => out::write(&text),
    }
    Ok(ExitCode::SUCCESS)
}

/// One record skeleton per board and table in `dir`, each for the players
/// a pairing known now seats there (else the section's seat names); the
/// files written.
fn write_skeletons(
    d: &Description,
    all: &[Board],
    dir: &Path,
    force: Force,
) -> Result<Vec<PathBuf>, Error> {
    let mut files = Vec::new();
    for b in all {
        for t in 1..=b.section.tables {
            // A movement's table that sits out the board's round plays nothing.
            if let Some(players) = crate::event::rounds::dealt_seats(d, b, t) {
                files.push((b, t, players));
            }
        }
    }
    write_records(d, dir, &files, force)
}

/// The records `files` (board, table, players) into `dir`, named
/// `board-03-table-1.toml` (zero-padded to the event's last board); every
/// path is checked before any is written.
fn write_records(
    d: &Description,
    dir: &Path,
    files: &[(&Board, u32, Vec<String>)],
    force: Force,
) -> Result<Vec<PathBuf>, Error> {
    let mut paths = Vec::new();
    for (b, t, _) in files {
        let path = dir.join(crate::event::next::record_file_name(d, b, *t));
        force.check(&path)?;
        paths.push(path);
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io("event.write", dir, &e))?;
    for (path, (b, t, players)) in paths.iter().zip(files) {
        write::atomic(path, &b.skeleton(d, *t, players)?)?;
    }
    Ok(paths)
}

fn header(d: &Description, public: &str) -> String {
    format!(
        "{}\n{}\n{}\n{}\n",
        crate::t!("ev-event-line", event = d.event.as_str()),
        crate::t!(
            "deal-algorithm-line",
            event = ev::ALGORITHM,
            deal = crate::deal::ALGORITHM
        ),
        crate::t!("deal-sha-line", sha = d.sha256_hex()),
        crate::t!("ev-public-value", value = public)
    )
}

fn text_boards(d: &Description, all: &[Board], public: &str) -> Result<String, Error> {
    let mut s = header(d, public);
    for b in all {
        let deal = b.deal(&b.section.names)?;
        s.push_str(&format!(
            "\n{}\n{}\n",
            crate::t!(
                "deal-board-line",
                board = b.label.to_string(),
                game = b.section.game.name(),
                variant = b.section.variant.as_str(),
                players = crate::record::players_text(b.section.names.len())
            ),
            crate::t!("deal-seed-line", seed = b.seed.as_str())
        ));
        for line in &deal.lines {
            s.push_str(line);
            s.push('\n');
        }
    }
    Ok(s)
}

fn json_boards(d: &Description, all: &[Board], public: &str) -> Result<serde_json::Value, Error> {
    let mut boards = Vec::new();
    for b in all {
        let p = b.provenance();
        boards.push(json!({
            "board": b.label.to_string(),
            "reserve": matches!(b.label, Label::Reserve(_)),
            "game": p.game,
            "variant": p.variant,
            "players": b.section.names,
            "seed": p.seed,
            "deal_board": p.board,
            "deal": b.deal(&b.section.names)?.json,
        }));
    }
    Ok(json!({
        "algorithm": ev::ALGORITHM,
        "deal_algorithm": crate::deal::ALGORITHM,
        "event": d.event,
        "description_sha256": d.sha256_hex(),
        "public_value": public,
        "boards": boards,
    }))
}

/// One line per board (PBN-style), for games that have a one-line form;
/// each line starts with the board's label.
fn line_boards(d: &Description, all: &[Board], public: &str) -> Result<String, Error> {
    let mut s = format!(
        "% {} {} {}: one line per board, the board then the hands by seat; public value {}\n",
        ev::ALGORITHM,
        write::string(&d.event),
        d.sha256_hex(),
        write::string(public)
    );
    for b in all {
        let game = b.section.game;
        let dealer = game
            .line_deals(&b.section.variant, b.section.names.len(), &b.seed)
            .ok_or_else(|| {
                Error::input(
                    "cli.no-line-format",
                    format!("{} has no one-line deal format", game.name()),
                )
                .help("use --format text or --format json")
            })??;
        let mut buf = Vec::new();
        dealer.write(b.label.number(), &mut buf);
        s.push_str(&format!("{} ", b.label));
        s.push_str(&String::from_utf8_lossy(&buf));
    }
    Ok(s)
}

fn verify(a: VerifyArgs) -> Result<ExitCode, Error> {
    let public = ev::check_public(&a.keyed.public)?.to_string();
    let key = Key::read(&a.keyed.key)?;
    let d = read_description(&a.keyed.description)?;
    let commitment = Commitment::from_arg(&a.commitment)?;
    let records = crate::event::inputs::read_each(&a.records)?;
    let report = verify::verify(
        &d,
        &a.keyed.description,
        &commitment,
        &key,
        &public,
        &records,
    )?;
    if a.json {
        out::json(&report);
    } else {
        outln!("event: {}", report.event);
        outln!(
            "description: matches the commitment ({})",
            report.description_sha256
        );
        outln!("key: matches the commitment ({})", report.key_sha256);
        outln!(
            "boards: {} and {} reserve dealt again from the public value {}",
            report.boards,
            report.reserve,
            write::string(&report.public_value)
        );
        for r in &report.records {
            let board = r.board.as_deref().unwrap_or("?");
            let table = r.table.map(|t| format!(", table {t}")).unwrap_or_default();
            match r.status {
                "ok" => outln!(
                    "{}: board {board}{table}: its board's ({})",
                    r.file,
                    r.verdict.as_deref().unwrap_or("")
                ),
                status => outln!(
                    "{}: board {board}{table}: {status}: {}",
                    r.file,
                    r.message.as_deref().unwrap_or("")
                ),
            }
        }
        let bad = report.records.iter().filter(|r| r.status != "ok").count();
        if !report.records.is_empty() {
            outln!(
                "{} checked, {} not their board's",
                out::count(report.records.len() as u64, "record", "records"),
                bad
            );
        }
        if let Some(h) = &report.hint {
            outln!("hint: {h}");
        }
    }
    Ok(ExitCode::from(report.exit_code()))
}

/// `event rate`: the event's complete results taken into the club's ratings.
fn rate(a: RateArgs) -> Result<ExitCode, Error> {
    use crate::event::rate::{self, Ratings};
    let (d, key, public) = keyed(&a.keyed)?;
    let mut games: Vec<&'static str> = d.sections.iter().map(|s| s.game.name()).collect();
    games.dedup();
    let game = match (&a.game, games.as_slice()) {
        (Some(g), _) if games.contains(&g.as_str()) => g.clone(),
        (Some(g), _) => {
            return Err(Error::input(
                "event.ratings",
                format!("--game {g}: the event plays {}", games.join(", ")),
            ))
        }
        (None, [one]) => one.to_string(),
        (None, _) => {
            return Err(Error::input(
                "event.ratings",
                format!(
                    "the event plays {}: say which with --game",
                    games.join(", ")
                ),
            ))
        }
    };
    let records = crate::event::inputs::read(&a.records)?;
    let r = crate::event::results::results(&d, &key, &public, &records, None)?;
    if let Some(s) = r.sections.iter().find(|s| s.provisional) {
        return Err(Error::failed(
            "event.provisional",
            format!(
                "section {} has {} results missing: rate the event when every result is in",
                s.section,
                s.missing.len()
            ),
        ));
    }
    let before = match std::fs::read_to_string(&a.ratings) {
        Ok(text) => Ratings::parse(&a.ratings, &text, &game)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ratings::new(&game),
        Err(e) => return Err(Error::io("event.ratings", &a.ratings, &e)),
    };
    let (after, changes) = rate::rate(&d, &before, &r)?;
    write::atomic(&a.ratings, &after.text())?;
    out::write(&rate::changes_text(after.method, &changes));
    out::wrote(&a.ratings, &crate::t!("out-what-ratings"));
    Ok(ExitCode::SUCCESS)
}

fn results(a: ResultsArgs) -> Result<ExitCode, Error> {
    if let Some(path) = &a.pdf {
        a.force.check(path)?;
    }
    let (d, key, public) = keyed(&a.keyed)?;
    let records = crate::event::inputs::read(&a.records)?;
    let r = crate::event::results::results(&d, &key, &public, &records, None)?;
    if let Some(name) = a.scorecard.iter().find(|n| {
        !r.sections
            .iter()
            .any(|s| s.standings.iter().any(|x| x.name == **n))
    }) {
        return Err(Error::input(
            "event.no-such-player",
            format!("--scorecard {name}: nobody of that name is in the standings"),
        ));
    }
    let format = if a.json {
        ResultsFormat::Json
    } else {
        a.format
    };
    if let Some(path) = &a.pdf {
        let pdf = crate::event::print::results_pdf(&r, a.paper.parse()?)?;
        crate::output::write_atomic(path, &pdf).map_err(|e| Error::io("cli.write", path, &e))?;
    }
    match format {
        ResultsFormat::Json => out::json(&r),
        ResultsFormat::Csv => out::write(&crate::event::report::standings_csv(&r)),
        ResultsFormat::Text => {
            out::write(&crate::event::report::results_text(&r));
            for name in &a.scorecard {
                for sec in &r.sections {
                    if sec.standings.iter().any(|s| s.name == *name) {
                        outln!();
                        out::write(&crate::event::crosstable::scorecard_text(sec, name));
                    }
                }
            }
        }
        ResultsFormat::Html => out::write(&crate::event::html::page(&r)),
    }
    Ok(ExitCode::from(r.exit_code(a.provisional)))
}

fn pair(a: PairArgs) -> Result<ExitCode, Error> {
    if let Some(path) = &a.slips {
        a.force.check(path)?;
    }
    let (d, key, public) = keyed(&a.keyed)?;
    let records = crate::event::inputs::read(&a.records)?;
    let round = crate::event::next::pair_round(
        &d,
        &key,
        &public,
        &records,
        a.section,
        Some(a.round),
        a.allow_missing,
    )?;
    let slips = match &a.slips {
        Some(_) => {
            let forms = crate::event::print::round_forms(&d, &key, &public, &round)?;
            Some(crate::event::print::slips_pdf(
                &d.event,
                &forms,
                a.paper.parse()?,
            )?)
        }
        None => None,
    };
    if let Some(dir) = &a.out {
        args::folder(dir)?;
        let written =
            crate::event::next::write_round_records(&d, &key, &public, &round, dir, a.force.force)?;
        if !a.json {
            out::wrote_records(dir, written.len());
        }
    }
    if let (Some(path), Some(pdf)) = (&a.slips, &slips) {
        crate::output::write_atomic(path, pdf).map_err(|e| Error::io("cli.write", path, &e))?;
    }
    if a.json {
        out::json(&round);
    } else {
        out::write(&crate::event::rounds::round_text(&round));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_ranges() {
        assert_eq!(
            parse_labels("1..8").unwrap(),
            Label::Main(1)..=Label::Main(8)
        );
        assert_eq!(
            parse_labels("R1..R2").unwrap(),
            Label::Reserve(1)..=Label::Reserve(2)
        );
        assert_eq!(parse_labels("5").unwrap(), Label::Main(5)..=Label::Main(5));
        for bad in ["8..1", "1..R2", "x", "0..3"] {
            assert!(parse_labels(bad).is_err(), "{bad}");
        }
    }
}
