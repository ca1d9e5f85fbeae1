//! `tavolo kit`: render print-and-play kits.
//!
//! ```text
//! tavolo kit list
//! tavolo kit <NAME or FILE.toml>... [--out DIR] [--paper a4|letter] [--bleed MM] [--png]
//! tavolo kit all
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use crate::error::Error;
use crate::kit::duplex::{Duplex, Edge};
use crate::kit::{self, LayoutOptions, Paper};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Kits to render: bundled names (see `tavolo kit list`), paths to .toml
    /// definitions, `all` for every bundled kit, or `list` alone to list them.
    #[arg(required = true, value_name = "NAME|FILE.toml|all|list")]
    pub kits: Vec<String>,
    /// Folder to write into.
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: String,
    /// Art printed beyond each cut line, in mm (0-5).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub bleed: f64,
    /// Also write a PNG preview of every sheet.
    #[arg(long)]
    pub png: bool,
    /// Preview resolution in dots per inch.
    #[arg(long, default_value_t = kit::png::DEFAULT_DPI)]
    pub dpi: f64,
    /// Duplex flip edge for the backs: long or short.
    #[arg(long, default_value = "long")]
    pub duplex: String,
    /// Shift every back by X,Y mm to undo the printer's duplex offset.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub duplex_offset: Option<String>,
    /// Set a kit's `[options]` switch, e.g. `--option extended=false` (repeatable).
    #[arg(long = "option", value_name = "NAME=true|false")]
    pub options: Vec<String>,
    /// Print a JSON report instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    if args.kits.len() == 1 && args.kits[0] == "list" {
        return list(args.json);
    }
    let paper: Paper = args.paper.parse()?;
    let edge: Edge = args.duplex.parse()?;
    let offset_mm = match &args.duplex_offset {
        Some(s) => kit::duplex::parse_offset(s)?,
        None => (0.0, 0.0),
    };
    if !(args.dpi.is_finite() && (10.0..=600.0).contains(&args.dpi)) {
        return Err(Error::input("kit.dpi", "--dpi must be between 10 and 600"));
    }
    let opts = LayoutOptions {
        paper,
        bleed_mm: args.bleed,
        duplex: Duplex { edge, offset_mm },
    };
    let mut paths = Vec::new();
    for k in &args.kits {
        if k == "all" {
            paths.extend(kit::bundled()?);
        } else {
            paths.push(kit::resolve(k)?);
        }
    }
    // Check every definition before writing anything.
    let switches = args
        .options
        .iter()
        .map(|o| kit::model::parse_option(o))
        .collect::<Result<Vec<_>, _>>()?;
    let kits = paths
        .iter()
        .map(|p| {
            // A switch applies to the kits that have it.
            let k = kit::model::load(p)?;
            let own: Vec<(String, bool)> = switches
                .iter()
                .filter(|(n, _)| k.options.contains_key(n))
                .cloned()
                .collect();
            if own.is_empty() {
                Ok(k)
            } else {
                kit::model::load_with(p, &own)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (name, _) in &switches {
        if !kits.iter().any(|k| k.options.contains_key(name)) {
            return Err(Error::input(
                "kit.option",
                format!("--option {name}: none of the kits given has that switch"),
            )
            .help("a kit's switches are its `[options]` table; `tavolo kit list` shows them"));
        }
    }
    let mut written = Vec::new();
    for k in &kits {
        let w = kit::write(k, &args.out, &opts, args.png.then_some(args.dpi))?;
        if !args.json {
            println!(
                "wrote {} ({} sheets, {} pieces, {} KB{})",
                w.pdf.display(),
                w.sheets,
                w.pieces,
                w.bytes.div_ceil(1024),
                if w.png.is_empty() {
                    String::new()
                } else {
                    format!(", {} PNG previews", w.png.len())
                }
            );
        }
        written.push(w);
    }
    if args.json {
        let json =
            serde_json::json!({ "paper": paper.name(), "bleed_mm": args.bleed, "kits": written });
        println!(
            "{}",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn list(json: bool) -> Result<ExitCode, Error> {
    let mut rows = Vec::new();
    for path in kit::bundled()? {
        let k = kit::model::load(&path)?;
        let comps: Vec<String> = k
            .components
            .iter()
            .map(|c| format!("{} {} ({} x {} mm)", c.pieces.len(), c.name, c.w_mm, c.h_mm))
            .collect();
        rows.push(serde_json::json!({
            "name": k.name,
            "title": k.title,
            "file": path,
            "pieces": k.piece_count(),
            "components": comps,
            "options": k.options,
        }));
        if !json {
            let opts: Vec<String> = k.options.iter().map(|(n, v)| format!("{n}={v}")).collect();
            let opts = if opts.is_empty() {
                String::new()
            } else {
                format!(" [options: {}]", opts.join(", "))
            };
            println!("{:<10} {} — {}{opts}", k.name, k.title, comps.join(", "));
        }
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).unwrap_or_default()
        );
    }
    Ok(ExitCode::SUCCESS)
}
