//! `tavolo show RECORD`: the position at a move drawn with the kit's art
//! (`crate::show`), as SVG, PNG or PDF.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;

use super::args::{self, Force};
use super::out::{self, outln};
use crate::error::Error;

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["svg", "png", "pdf"])))]
pub struct Args {
    /// The game record (`-` for standard input).
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub record: PathBuf,
    /// Show the position after this move (0: the setup; default: the last move).
    #[arg(long = "move", value_name = "N")]
    pub upto: Option<usize>,
    /// Write SVG.
    #[arg(long)]
    pub svg: bool,
    /// Write PNG.
    #[arg(long)]
    pub png: bool,
    /// Write PDF.
    #[arg(long)]
    pub pdf: bool,
    /// PNG resolution in dots per inch (10 to 600).
    #[arg(long, default_value_t = 100.0, value_parser = args::dpi)]
    pub dpi: f64,
    /// The file to write (default: the record's name with .svg, .png or .pdf; `-` standard
    /// output).
    #[arg(long, short = 'o', value_hint = clap::ValueHint::FilePath)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub force: Force,
    /// Print what was written as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: Args) -> Result<ExitCode, Error> {
    let ext = if a.svg {
        "svg"
    } else if a.png {
        "png"
    } else {
        "pdf"
    };
    let stdin = a.record == std::path::Path::new("-");
    let out_path = match &a.out {
        Some(p) => p.clone(),
        None if stdin => PathBuf::from(format!("position.{ext}")),
        None => a.record.with_extension(ext),
    };
    a.force.check(&out_path)?;
    let (name, text) = if stdin {
        let t = crate::input::read_stdin_to_string(crate::input::RECORD)
            .map_err(|e| Error::io("record.unreadable", std::path::Path::new("<stdin>"), &e))?;
        (PathBuf::from("<stdin>"), t)
    } else {
        let t = crate::input::read_to_string(&a.record, crate::input::RECORD)
            .map_err(|e| Error::io("record.unreadable", &a.record, &e))?;
        (a.record.clone(), t)
    };
    let shown = crate::show::show(&name, text, a.upto)?;
    let scene = shown.scene.clone();
    let bytes = match ext {
        "svg" => shown.svg.into_bytes(),
        "png" => crate::show::render::png(&shown.svg, a.dpi)?,
        _ => crate::show::render::pdf(&shown.scene, shown.art)?,
    };
    crate::output::write_atomic(&out_path, &bytes)
        .map_err(|e| Error::io("cli.write", &out_path, &e))?;
    if a.json {
        out::json(&json!({
            "file": out_path.display().to_string(),
            "format": ext,
            "bytes": bytes.len(),
            "move": scene.shown,
            "moves": scene.moves,
            "caption": scene.caption,
        }));
    } else {
        outln!("{}", scene.caption);
        out::wrote(&out_path, "");
    }
    Ok(ExitCode::SUCCESS)
}
