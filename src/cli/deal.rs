//! `tavolo deal GAME`: a seeded, reproducible setup (see `crate::deal`), one
//! board or a batch of boards (`--boards A..B`), as text, JSON, JSON Lines
//! (`--format jsonl`, streamed: one object per board) or one line per board
//! (`--format line`).
//!
//! Batches of one-line boards are dealt in parallel in windows of
//! consecutive boards and written in board order through one buffered,
//! locked stdout, so the output is the same byte for byte whatever the
//! number of threads. Every board is still its own `tavolo-deal-v1` deal.

use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};

use serde_json::json;

use super::args::{self, Force};
use super::out::{self, errln};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::line::Form;
use crate::games::setup::{Resolved, Spec};
use crate::games::LineDeals;
use crate::record::{players_text, write};

/// Which deal of a game: the options `deal`, `play` and `solve` share.
#[derive(Debug, clap::Args)]
pub struct Choice {
    /// The variant (default: the game's first, e.g. `standard`; which game has which:
    /// `tavolo rules GAME`).
    #[arg(long, value_parser = args::variants())]
    pub variant: Option<String>,
    /// Seed text; without it a fresh 256-bit seed from the operating system is used and printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// Board number, for several deals from one seed.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub board: u32,
}

/// What decides a deal; shared with `tavolo play`.
#[derive(Debug, clap::Args)]
pub struct Setup {
    /// The game.
    #[arg(value_parser = args::games())]
    pub game: String,
    /// Number of players (default: the fewest the variant allows).
    #[arg(long, short = 'p')]
    pub players: Option<usize>,
    #[command(flatten)]
    pub choice: Choice,
    /// Player names in turn order, comma-separated (default P1, P2, ...); spaces around a
    /// name do not count.
    #[arg(long, value_delimiter = ',', value_parser = args::name)]
    pub names: Option<Vec<String>>,
}

impl Setup {
    /// The deal these arguments ask for.
    pub fn spec(&self) -> Spec {
        Spec {
            game: self.game.clone(),
            players: self.players,
            variant: self.choice.variant.clone(),
            seed: self.choice.seed.clone(),
            board: self.choice.board,
            names: self.names.clone(),
        }
    }
}

/// How boards are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Readable lines, with a header naming the algorithm, seed and board.
    Text,
    /// JSON (one object; an array of them for `--boards`).
    Json,
    /// One line per board (PBN-style hands by seat), for games that have it.
    Line,
}

/// How `tavolo deal` prints boards: [`Format`] (shared with `tavolo event
/// deal`) and JSON Lines, which only a batch of boards needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DealFormat {
    /// Readable lines, with a header naming the algorithm, seed and board.
    Text,
    /// JSON (one object; an array of them for `--boards`, built whole in memory).
    Json,
    /// JSON Lines: one compact object per board, written as it is dealt (memory flat in
    /// the number of boards); each object is the one `--board N --format json` prints.
    Jsonl,
    /// One line per board: the dealt holdings (docs/records.md, "One line per board").
    Line,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub setup: Setup,
    /// Deal the boards A to B of the seed (e.g. `1..1000`), instead of `--board`. For many
    /// boards use `--format line` or `--format jsonl` (streamed); `--format json` keeps its
    /// one array, held whole in memory.
    #[arg(long, value_name = "A..B", value_parser = parse_boards, conflicts_with = "board")]
    pub boards: Option<RangeInclusive<u32>>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DealFormat::Text)]
    pub format: DealFormat,
    /// Print JSON (the same as `--format json`).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Also write a record file with this deal as its setup, ready for the moves
    /// (`tavolo check` reads it as legal so far, the first player to move).
    #[arg(long, value_name = "FILE", conflicts_with = "boards", value_hint = clap::ValueHint::FilePath)]
    pub record: Option<PathBuf>,
    #[command(flatten)]
    pub force: Force,
    /// Threads for `--format line` and `--format jsonl` batches (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
}

/// `A..B` (inclusive; `A..=B` too) or a single board `A`.
fn parse_boards(s: &str) -> Result<RangeInclusive<u32>, String> {
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("`{t}` is not a board number (1 to {})", u32::MAX))
    };
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.strip_prefix('=').unwrap_or(b))?),
        None => (num(s)?, num(s)?),
    };
    if a > b {
        return Err(format!("the boards {a}..{b} run backwards"));
    }
    Ok(a..=b)
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    if let Some(path) = &args.record {
        args.force.check(path)?;
    }
    let r = args.setup.spec().resolve()?;
    let format = if args.json {
        DealFormat::Json
    } else {
        args.format
    };
    if args.setup.choice.seed.is_none() {
        errln!(
            "note: a fresh seed from the operating system; deal this again with --seed {}",
            r.provenance.seed
        );
    }
    let boards = args
        .boards
        .clone()
        .unwrap_or(r.provenance.board..=r.provenance.board);
    // A format the game lacks is refused before any file is written.
    let dealer = match format {
        DealFormat::Line => Some(line_dealer(&r)?),
        _ => None,
    };
    // The record is written before the deal is printed, in every format.
    if let Some(path) = &args.record {
        write_record(&r, path)?;
        if !matches!(format, DealFormat::Json | DealFormat::Jsonl) {
            out::wrote(path, &crate::t!("out-what-deal-record"));
        }
    }
    // With `--record -` the record has standard output, and the deal goes to standard error.
    let sink: Box<dyn Write> = if crate::output::stdout_taken() {
        Box::new(io::stderr().lock())
    } else {
        Box::new(io::stdout().lock())
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, sink);
    let file = args.record.as_deref();
    let written = match &dealer {
        Some(Some(dealer)) => {
            let write = |b: u32, buf: &mut Vec<u8>| {
                dealer.write(b, buf);
                Ok(())
            };
            lines(
                &r,
                &write,
                Some("the hands by seat"),
                boards,
                args.jobs,
                &mut out,
            )
        }
        Some(None) => {
            // The game's fast writer where it has one, once its first board deals
            // (a bad variant or number of players is refused as `deal` refuses it).
            let fast = r
                .game
                .deal(&r.variant, &r.players, &board(&r, *boards.start()))
                .ok()
                .and_then(|_| fast_writer(&r, Form::Line));
            let write = |b: u32, buf: &mut Vec<u8>| match &fast {
                Some(fast) => fast(b, buf),
                None => {
                    let deal = r.game.deal(&r.variant, &r.players, &board(&r, b))?;
                    buf.extend_from_slice(r.game.deal_line(&deal).as_bytes());
                    buf.push(b'\n');
                    Ok(())
                }
            };
            lines(
                &r,
                &write,
                Some("the deal's fields (docs/records.md)"),
                boards,
                args.jobs,
                &mut out,
            )
        }
        // A batch of JSON Lines: dealt on every core in windows, as the lines are.
        None if format == DealFormat::Jsonl && args.boards.is_some() => {
            // The game's fast writer, once its first board deals, as for lines.
            let fast = r
                .game
                .deal(&r.variant, &r.players, &board(&r, *boards.start()))
                .ok()
                .and_then(|_| fast_writer(&r, Form::Jsonl));
            let write = |b: u32, buf: &mut Vec<u8>| match &fast {
                Some(fast) => fast(b, buf),
                None => {
                    let p = board(&r, b);
                    let deal = r.game.deal(&r.variant, &r.players, &p)?;
                    jsonl_line(&r, &p, deal.json, None, buf);
                    Ok(())
                }
            };
            lines(&r, &write, None, boards, args.jobs, &mut out)
        }
        None => boards_text(&r, boards, format, args.boards.is_some(), file, &mut out),
    };
    match written.and_then(|()| out.flush().map_err(Failure::Io)) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // `tavolo deal ... | head`: the reader has all it wanted.
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        // Exit 2, as every command whose output cannot be written (DESIGN.md): an I/O
        // failure is no verdict on a game, and 1 means "illegal" to a script.
        Err(Failure::Io(e)) => Err(Error::input(
            "cli.write",
            format!("cannot write the deals: {}", crate::error::io_reason(&e)),
        )),
        Err(Failure::Deal(e)) => Err(e),
    }
}

/// Why printing stopped.
enum Failure {
    Io(io::Error),
    Deal(Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

fn write_record(r: &Resolved, path: &std::path::Path) -> Result<(), Error> {
    let deal = r.game.deal(&r.variant, &r.players, &r.provenance)?;
    let mut text = write::header(&r.provenance, &r.players);
    text.push('\n');
    text.push_str(&deal.setup_toml);
    text.push_str(&format!(
        "\n# Add the moves in order, each as a [[move]] table with its player and the\n\
         # game's move fields (docs/records.md), e.g.:\n# [[move]]\n# player = {}\n",
        write::string(&r.players[0])
    ));
    write::atomic(path, &text)
}

fn board(r: &Resolved, board: u32) -> Provenance {
    Provenance::new(&r.provenance.game, &r.variant, &r.provenance.seed, board)
}

/// Text or JSON, board after board (JSON: one object, with the record `file`
/// written or `null`; an array of them for `--boards`).
fn boards_text(
    r: &Resolved,
    boards: RangeInclusive<u32>,
    format: DealFormat,
    batch: bool,
    file: Option<&std::path::Path>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut all = Vec::new();
    for (i, b) in boards.enumerate() {
        let p = board(r, b);
        let deal = r
            .game
            .deal(&r.variant, &r.players, &p)
            .map_err(Failure::Deal)?;
        if matches!(format, DealFormat::Json | DealFormat::Jsonl) {
            if format == DealFormat::Json {
                all.push(deal_object(r, &p, deal.json));
                continue;
            }
            // Streamed: written now, nothing kept.
            let mut buf = Vec::new();
            jsonl_line(r, &p, deal.json, file, &mut buf);
            out.write_all(&buf)?;
            continue;
        }
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "algorithm: {}", p.algorithm)?;
        writeln!(
            out,
            "game: {} ({}), {}",
            p.game,
            p.variant,
            players_text(r.players.len())
        )?;
        writeln!(out, "seed: {}", write::string(&p.seed))?;
        writeln!(out, "board: {}", p.board)?;
        for line in &deal.lines {
            writeln!(out, "{line}")?;
        }
    }
    if format == DealFormat::Json {
        let value = if batch {
            serde_json::Value::Array(all)
        } else {
            let mut one = all.pop().unwrap_or_default();
            one["file"] = json!(file.map(|f| f.display().to_string()));
            one
        };
        let text = serde_json::to_string_pretty(&value).unwrap_or_default();
        writeln!(out, "{text}")?;
    }
    Ok(())
}

/// The game's writer of boards straight from its setup, if it has one.
fn fast_writer(r: &Resolved, form: Form) -> Option<crate::games::line::Writer> {
    crate::games::line::writer(
        r.game.name(),
        &r.variant,
        &r.players,
        &r.provenance.seed,
        form,
    )
}

/// One board as `--format json` prints it (without `file`).
fn deal_object(r: &Resolved, p: &Provenance, deal: serde_json::Value) -> serde_json::Value {
    json!({
        "algorithm": p.algorithm,
        "game": p.game,
        "variant": p.variant,
        "seed": p.seed,
        "board": p.board,
        "players": r.players,
        "deal": deal,
    })
}

/// One board as a line of JSON Lines, with the record `file` written (or `null`).
fn jsonl_line(
    r: &Resolved,
    p: &Provenance,
    deal: serde_json::Value,
    file: Option<&std::path::Path>,
    buf: &mut Vec<u8>,
) {
    let mut one = deal_object(r, p, deal);
    one["file"] = json!(file.map(|f| f.display().to_string()));
    // Writing a Value into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *buf, &one);
    buf.push(b'\n');
}

/// Boards dealt per thread per window at most: large enough that starting
/// threads costs nothing.
const BLOCK: u32 = 16_384;

/// About the bytes of a block (each thread's part of a window): boards are
/// 60 bytes (a Farfalia line) to 2 KB (a Farfalia match in JSON), so a
/// block holds `BLOCK_BYTES` over the first board's length, and memory
/// stays a few MB whatever the game and format.
const BLOCK_BYTES: usize = 1 << 20;

/// The game's own one-line writer, if it has one (`None`: each board's deal
/// is written by [`crate::games::Game::deal_line`]).
fn line_dealer(r: &Resolved) -> Result<Option<Box<dyn LineDeals>>, Error> {
    let (variant, seed) = (r.variant.as_str(), r.provenance.seed.as_str());
    r.game
        .line_deals(variant, r.players.len(), seed)
        .transpose()
}

/// Appends one board's line (with its newline) to a buffer.
type WriteLine<'a> = dyn Fn(u32, &mut Vec<u8>) -> Result<(), Error> + Sync + 'a;

/// One line per board, dealt in blocks on every core and written in order;
/// `what` the lines hold, for a first comment line (none for JSON Lines).
fn lines(
    r: &Resolved,
    line: &WriteLine,
    what: Option<&str>,
    boards: RangeInclusive<u32>,
    jobs: Option<u32>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let game = r.game;
    let (variant, seed) = (r.variant.as_str(), r.provenance.seed.as_str());
    // A PBN-style comment line names the algorithm and the boards.
    if let Some(what) = what {
        writeln!(
            out,
            "% {} {} {} seed {} boards {}..{}: one line per board, {}",
            crate::deal::ALGORITHM,
            game.name(),
            variant,
            write::string(seed),
            boards.start(),
            boards.end(),
            what
        )?;
    }
    let jobs = super::args::jobs(jobs.map(|j| j as usize));
    // Blocks of about BLOCK_BYTES (at most BLOCK boards), smaller for small
    // batches so that every thread has work (the output does not depend on
    // the block size).
    let mut first = Vec::new();
    line(*boards.start(), &mut first).map_err(Failure::Deal)?;
    // A batch that cannot deal its last board (a Farfalia match past the
    // last board number) is refused before any board is written.
    line(*boards.end(), &mut Vec::new()).map_err(Failure::Deal)?;
    let most = (BLOCK_BYTES / first.len().max(1)).clamp(256, BLOCK as usize) as u64;
    let start = u64::from(*boards.start());
    let count = u64::from(*boards.end()) - start + 1;
    let block = (count / (jobs as u64 * 4)).clamp(256, most);
    let blocks = count.div_ceil(block);
    // Each thread deals the next block not yet taken, into a free buffer,
    // until none is left; this thread writes the blocks in order and hands
    // their buffers back. A thread takes its buffer before its block, and
    // there are `2 * jobs + 1` buffers: the next block to write always has
    // one, and memory stays a few MB.
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (done_tx, done) = mpsc::channel::<(u64, Result<Vec<u8>, Error>)>();
    let (free, free_rx) = mpsc::channel::<Vec<u8>>();
    for _ in 0..2 * jobs + 1 {
        // The receiver lives until the end of the function.
        let _ = free.send(Vec::new());
    }
    let free_rx = Mutex::new(free_rx);
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..jobs)
            .map(|_| {
                let done_tx = done_tx.clone();
                let (next, stop, free_rx) = (&next, &stop, &free_rx);
                scope.spawn(move || loop {
                    let buf = match free_rx.lock().map(|rx| rx.recv()) {
                        Ok(Ok(buf)) => buf,
                        _ => return,
                    };
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= blocks || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let a = start + i * block;
                    let b = (a + block - 1).min(start + count - 1);
                    // Boards are u32: `a..=b` lies within `boards`.
                    let dealt = deal_block(line, a as u32..=b as u32, buf);
                    if done_tx.send((i, dealt)).is_err() {
                        return;
                    }
                })
            })
            .collect();
        drop(done_tx);
        let written = write_in_order(&done, &free, blocks, out);
        // On an error the threads stop at their next block (or find no
        // free buffer).
        stop.store(true, Ordering::Relaxed);
        drop(free);
        let panicked = threads.into_iter().any(|t| t.join().is_err());
        if panicked {
            return Err(Failure::Deal(Error::failed(
                "deal.internal",
                "a dealing thread panicked",
            )));
        }
        written
    })
}

/// The dealt blocks `0..blocks` from `done`, written in order as they come;
/// each buffer written goes back to `free`.
fn write_in_order(
    done: &mpsc::Receiver<(u64, Result<Vec<u8>, Error>)>,
    free: &mpsc::Sender<Vec<u8>>,
    blocks: u64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut waiting = std::collections::BTreeMap::new();
    let mut want = 0;
    while want < blocks {
        let Ok((i, dealt)) = done.recv() else {
            return Err(Failure::Deal(Error::failed(
                "deal.internal",
                "a dealing thread stopped",
            )));
        };
        waiting.insert(i, dealt.map_err(Failure::Deal)?);
        while let Some(buf) = waiting.remove(&want) {
            out.write_all(&buf)?;
            let _ = free.send(buf);
            want += 1;
        }
    }
    Ok(())
}

/// The lines of `boards`, in `buf` (emptied first).
fn deal_block(
    write: &WriteLine,
    boards: RangeInclusive<u32>,
    mut buf: Vec<u8>,
) -> Result<Vec<u8>, Error> {
    buf.clear();
    for b in boards {
        write(b, &mut buf)?;
    }
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_ranges() {
        assert_eq!(parse_boards("1..1000").unwrap(), 1..=1000);
        assert_eq!(parse_boards("3..=5").unwrap(), 3..=5);
        assert_eq!(parse_boards("7").unwrap(), 7..=7);
        for bad in ["0..3", "5..2", "a..b", "1..", ""] {
            assert!(parse_boards(bad).is_err(), "{bad}");
        }
    }
}
