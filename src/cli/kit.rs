//! `tavolo kit`: render print-and-play kits.
//!
//! ```text
//! tavolo kit list [--kits DIR]
//! tavolo kit <NAME or FILE.toml>... [--kits DIR] [--out DIR] [--paper a4|letter] [--bleed MM] [--png] [--watch]
//! tavolo kit all [--kits DIR]
//! tavolo kit calibrate [--duplex long|short] [--duplex-offset X,Y]
//! tavolo kit export NAME DIR [--force]
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use super::args;
use super::out::{self, count, outln};
use crate::error::Error;
use crate::kit::catalog::{Catalog, Origin};
use crate::kit::duplex::{Duplex, Edge};
use crate::kit::{self, LayoutOptions, Paper};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Kits to render: names (see `tavolo kit list`), paths to .toml
    /// definitions, `all` for every kit known by name, or `list` alone to list them;
    /// `export NAME DIR` copies a bundled kit's TOML and art into DIR to make your own.
    #[arg(required = true, value_name = "NAME|FILE.toml|all|list", value_parser = args::kits())]
    pub kits: Vec<String>,
    /// A folder of your own kits: its *.toml become kits by name beside the
    /// bundled ones, and one named like a bundled kit replaces it (repeatable;
    /// the first folder given wins).
    #[arg(long = "kits", value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub kit_dirs: Vec<PathBuf>,
    /// Folder to write into (the kits' files are named after them).
    #[arg(long, short = 'o', default_value = "output", value_hint = clap::ValueHint::DirPath)]
    pub out: PathBuf,
    /// Paper size.
    #[arg(long, default_value = "a4", value_parser = args::papers())]
    pub paper: String,
    /// Art printed beyond each cut line, in mm (0-5).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub bleed: f64,
    /// Also write a PNG preview of every sheet.
    #[arg(long)]
    pub png: bool,
    /// Leave out the 50 mm scale-check ruler drawn at the top right of every sheet.
    #[arg(long)]
    pub no_ruler: bool,
    /// Write a print shop's files instead of sheets: one page per card side,
    /// the card plus the shop's bleed, TrimBox and BleedBox set (e.g.
    /// `dtc-poker`, `tgc-tarot`, `mpc-mini`; see docs/kit-format.md).
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Fold-over backs, for printers without duplex: each front beside its
    /// back on the same side, to cut out, fold on the dashed line and glue.
    #[arg(long)]
    pub fold: bool,
    /// Apply a saved printer profile (its duplex edge and offset, scale and
    /// paper; `tavolo kit calibrate --save NAME` writes one); every sheet names it.
    #[arg(long, value_name = "NAME")]
    pub printer: Option<String>,
    /// With `calibrate`: save what you measured (--duplex, --duplex-offset,
    /// --scale, --paper) as printer profile NAME instead of writing the sheet.
    #[arg(long, value_name = "NAME")]
    pub save: Option<String>,
    /// With `calibrate --save`: what the printer makes of 100 mm across and
    /// down, in percent (measure the 50 mm ruler: 49.75 mm is 99.5).
    #[arg(long, value_name = "X,Y")]
    pub scale: Option<String>,
    /// Preview resolution in dots per inch (10 to 600).
    #[arg(long, default_value_t = kit::png::DEFAULT_DPI, value_parser = args::dpi)]
    pub dpi: f64,
    /// Duplex flip edge for the backs.
    #[arg(long, default_value = "long", value_parser = args::duplex_edges())]
    pub duplex: String,
    /// Shift every back by X,Y mm to undo the printer's duplex offset.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub duplex_offset: Option<String>,
    /// Set a kit's `[options]`, e.g. `--option extended=false`, `--option board=fit` (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Also write Tabletop Simulator deck images: per deck, sheets of up to
    /// 10 x 7 cards (the last slot is the hidden card) and the back image.
    #[arg(long)]
    pub tts: bool,
    /// Print a JSON report instead of text.
    #[arg(long)]
    pub json: bool,
    /// With `export`: write over the kit's files in DIR (otherwise refused).
    #[arg(long)]
    pub force: bool,
    /// Stay running and render again whenever the kit's TOML, templates, art
    /// or spreadsheets change; an edit that breaks the kit prints its error and
    /// leaves the last good files in place. Ctrl-C stops.
    #[arg(long)]
    pub watch: bool,
    /// With `--watch`, for tests: stop after this many renders after the first.
    #[arg(long, hide = true, requires = "watch")]
    pub watch_rebuilds: Option<u32>,
    /// With `--watch`, for tests: stop after this many seconds.
    #[arg(long, hide = true, requires = "watch")]
    pub watch_seconds: Option<f64>,
    /// The global `--lang`, when given (set by [`run`]).
    #[arg(skip)]
    pub lang: Option<String>,
}

/// `lang`: the global `--lang`, when given: a kit in several languages is printed in that
/// one alone (each of its languages otherwise).
pub fn run(mut args: Args, lang: Option<crate::lang::Lang>) -> Result<ExitCode, Error> {
    args.lang = lang
        .filter(|l| *l != crate::lang::Lang::Pseudo)
        .map(|l| l.code().to_string());
    let catalog = Catalog::new(args.kit_dirs.clone());
    if args.kits.len() == 1 && args.kits[0] == "list" {
        return list(&catalog, args.json);
    }
    args::folder(&args.out)?;
    if args.kits.len() == 1 && args.kits[0] == "calibrate" {
        return calibrate(&args);
    }
    if args.kits[0] == "export" {
        return export(&args);
    }
    let profile = match &args.printer {
        Some(name) => {
            if args.duplex_offset.is_some() {
                return Err(Error::input(
                    "kit.printer",
                    "--printer sets the duplex offset: give --duplex-offset or --printer, not both",
                ));
            }
            Some((
                &*Box::leak(name.clone().into_boxed_str()),
                kit::printer::load(name)?,
            ))
        }
        None => None,
    };
    let (paper, edge, offset_mm, scale): (Paper, Edge, _, _) = match &profile {
        Some((_, p)) => (
            p.paper.parse()?,
            p.duplex.parse()?,
            (p.duplex_offset_mm[0], p.duplex_offset_mm[1]),
            (100.0 / p.scale_pct[0], 100.0 / p.scale_pct[1]),
        ),
        None => (
            args.paper.parse()?,
            args.duplex.parse()?,
            match &args.duplex_offset {
                Some(s) => kit::duplex::parse_offset(s)?,
                None => (0.0, 0.0),
            },
            (1.0, 1.0),
        ),
    };
    let opts = LayoutOptions {
        paper,
        bleed_mm: args.bleed,
        duplex: Duplex { edge, offset_mm },
        ruler: !args.no_ruler,
        preset: args.preset.as_deref().map(kit::preset::find).transpose()?,
        fold: args.fold,
        printer: profile.as_ref().map(|(n, _)| *n),
        scale,
    };
    if args.fold && (opts.preset.is_some() || args.duplex_offset.is_some()) {
        return Err(Error::input(
            "kit.fold",
            "--fold prints each back beside its front, on one side: --preset and --duplex-offset do not apply",
        ));
    }
    if opts.preset.is_some() && (args.bleed != 0.0 || args.duplex_offset.is_some()) {
        return Err(Error::input(
            "kit.preset",
            "--preset sets the bleed and prints one page per card side: --bleed and --duplex-offset do not apply",
        ));
    }
    let mut entries = Vec::new();
    for k in &args.kits {
        if k == "all" {
            entries.extend(catalog.entries()?);
        } else {
            entries.push(
                catalog
                    .resolve(k)
                    .map_err(|e| suggest_kit(e, k, &catalog))?,
            );
        }
    }
    let switches = args
        .options
        .iter()
        .map(|o| kit::model::parse_option(o))
        .collect::<Result<Vec<_>, _>>()?;
    if args.watch {
        return watch(&args, &opts, &entries, &switches);
    }
    let paths: Vec<PathBuf> = entries.into_iter().map(|e| e.path).collect();
    let (_, written, tts) = build(&args, &opts, &paths, &switches)?;
    if args.json {
        // Every key always present: `tts` is `[]` without `--tts`.
        let json = serde_json::json!({
            "paper": paper.name(),
            "bleed_mm": args.bleed,
            "kits": written,
            "tts": tts,
        });
        out::json(&json);
    }
    Ok(ExitCode::SUCCESS)
}

/// The kits as loaded, what was written for each, and the TTS images.
type Built = (Vec<kit::Kit>, Vec<kit::Written>, Vec<kit::tts::TtsImage>);

/// Load every kit, then render each (nothing is written if a definition is
/// wrong).
fn build(
    args: &Args,
    opts: &LayoutOptions,
    paths: &[PathBuf],
    switches: &[(String, String)],
) -> Result<Built, Error> {
    let mut kits = Vec::new();
    for p in paths {
        // A switch applies to the kits that have it.
        let k = kit::model::load(p)?;
        let own: Vec<(String, String)> = switches
            .iter()
            .filter(|(n, _)| k.options.contains_key(n))
            .cloned()
            .collect();
        // A kit in several languages: the one `--option lang=` or `--lang` names, else each.
        let chosen = own.iter().any(|(n, _)| n == kit::model::LANG_OPTION);
        let langs: Vec<String> = match (&args.lang, k.languages.is_empty() || chosen) {
            (_, true) => Vec::new(),
            (Some(l), false) if k.languages.contains(l) => vec![l.clone()],
            (Some(l), false) => {
                return Err(Error::input(
                    "kit.lang",
                    crate::t!(
                        "kit-lang-not-in",
                        kit = k.name.as_str(),
                        lang = l.as_str(),
                        languages = k.languages.join(", ")
                    ),
                )
                .in_file(&k.source)
                .help(crate::t!(
                    "kit-lang-not-in-help",
                    first = k.languages[0].as_str()
                )));
            }
            (None, false) => k.languages.clone(),
        };
        if langs.is_empty() {
            kits.push(if own.is_empty() {
                k
            } else {
                kit::model::load_with(p, &own)?
            });
        }
        for l in langs {
            let mut with = own.clone();
            with.push((kit::model::LANG_OPTION.to_string(), l));
            kits.push(kit::model::load_with(p, &with)?);
        }
    }
    for (name, _) in switches {
        if !kits.iter().any(|k| k.options.contains_key(name)) {
            return Err(Error::input(
                "kit.option",
                format!("--option {name}: none of the kits given has that switch"),
            )
            .help("a kit's switches are its `[options]` table; `tavolo kit list` shows them"));
        }
    }
    let mut written = Vec::new();
    let mut tts = Vec::new();
    for k in &kits {
        let w = kit::write(k, &args.out, opts, args.png.then_some(args.dpi))?;
        if args.tts {
            let faces = kit::template::render_faces(k)?;
            let images = kit::tts::write(k, &faces, &args.out)?;
            if !args.json {
                for i in &images {
                    let size = format!("{} x {} px", i.width_px, i.height_px);
                    if i.kind == "back" || i.kind == "board" {
                        out::wrote(&i.path, &format!("TTS {}, {size}", i.kind));
                    } else {
                        out::wrote(
                            &i.path,
                            &format!(
                                "TTS {}: {}, width {} height {}, {size}",
                                i.kind,
                                count(i.cards as u64, "card", "cards"),
                                i.cols,
                                i.rows,
                            ),
                        );
                    }
                }
            }
            tts.extend(images);
        }
        if !args.json {
            let previews = if w.png.is_empty() {
                String::new()
            } else {
                format!(
                    ", {}",
                    count(w.png.len() as u64, "PNG preview", "PNG previews")
                )
            };
            out::wrote(
                &w.pdf,
                &format!(
                    "{}, {}, {} KB{previews}",
                    count(w.sheets as u64, "sheet", "sheets"),
                    count(w.pieces as u64, "piece", "pieces"),
                    w.bytes.div_ceil(1024),
                ),
            );
        }
        for warning in &w.warnings {
            out::errln!("{}", warning.render());
        }
        written.push(w);
    }
    Ok((kits, written, tts))
}

/// `--watch`: render, then render again after every change to the kits'
/// files, until Ctrl-C (or the hidden test limits).
fn watch(
    args: &Args,
    opts: &LayoutOptions,
    entries: &[kit::catalog::Entry],
    switches: &[(String, String)],
) -> Result<ExitCode, Error> {
    if args.json {
        return Err(Error::input(
            "cli.usage",
            "--watch prints what it rewrote as text: --json does not apply",
        ));
    }
    if let Some(e) = entries.iter().find(|e| e.origin == Origin::Bundled) {
        return Err(Error::input(
            "kit.watch",
            format!(
                "--watch follows files on disk, and `{}` is a bundled kit",
                e.name
            ),
        )
        .help(format!(
            "copy it out first: `tavolo kit export {} DIR`, then watch DIR/{}.toml",
            e.name, e.name
        )));
    }
    let paths: Vec<PathBuf> = entries.iter().map(|e| e.path.clone()).collect();
    let mut w = kit::watch::Watch::new(&args.out)?;
    let deadline = args
        .watch_seconds
        .map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s.max(0.0)));
    let mut renders = 0u32;
    let mut inputs = kit::watch::Inputs::default();
    loop {
        // Watch the definitions' folders even when one does not load.
        for p in &paths {
            w.add(&kit::watch::folder_of(p))?;
            inputs.add(p);
        }
        match build(args, opts, &paths, switches) {
            Ok((kits, written, _)) => {
                for k in &kits {
                    for dir in kit::watch::folders(k) {
                        w.add(&dir)?;
                    }
                }
                // What this render read, and nothing else, is followed from now on.
                inputs = kit::watch::Inputs::default();
                for file in paths.iter().chain(written.iter().flat_map(|w| &w.inputs)) {
                    inputs.add(file);
                }
            }
            Err(e) => {
                // Still followed: what the last good render read, and the file at fault.
                if let Some(loc) = &e.location {
                    inputs.add(&loc.file);
                }
                inputs.broken = true;
                out::error(&e, false);
                out::errln!("kept the last good files in {}", args.out.display());
            }
        }
        if args.watch_rebuilds.is_some_and(|n| renders >= n) {
            return Ok(ExitCode::SUCCESS);
        }
        out::errln!(
            "watching {} for changes (Ctrl-C to stop)",
            count(w.folders() as u64, "folder", "folders")
        );
        let Some(changed) = w.wait(deadline, &inputs) else {
            return Ok(ExitCode::SUCCESS);
        };
        out::errln!("changed: {}", kit::watch::describe(&changed));
        renders += 1;
    }
}

/// `tavolo kit calibrate`: the two-sided sheet from which to read `--duplex-offset`.
/// `calibrate --save NAME`: what the user measured, as a printer profile.
fn save_profile(args: &Args, name: &str) -> Result<ExitCode, Error> {
    let offset = match &args.duplex_offset {
        Some(s) => kit::duplex::parse_offset(s)?,
        None => (0.0, 0.0),
    };
    let scale = match &args.scale {
        Some(s) => {
            let parts: Vec<f64> = s
                .split(',')
                .map(|p| p.trim().trim_end_matches('%').parse::<f64>())
                .collect::<Result<_, _>>()
                .ok()
                .filter(|v: &Vec<f64>| v.len() == 2)
                .ok_or_else(|| {
                    Error::input(
                        "kit.printer",
                        format!("--scale `{s}`: expected two percentages X,Y, e.g. 99.5,100"),
                    )
                })?;
            [parts[0], parts[1]]
        }
        None => [100.0, 100.0],
    };
    let profile = kit::printer::Profile {
        paper: args.paper.parse::<Paper>()?.name().to_string(),
        duplex: args.duplex.parse::<Edge>()?.to_string(),
        duplex_offset_mm: [offset.0, offset.1],
        scale_pct: scale,
    };
    let path = kit::printer::save(name, &profile)?;
    if args.json {
        out::json(&serde_json::json!({ "printer": name, "file": path, "profile": profile }));
    } else {
        out::wrote(&path, &format!("printer profile `{name}`"));
    }
    Ok(ExitCode::SUCCESS)
}

fn calibrate(args: &Args) -> Result<ExitCode, Error> {
    if let Some(name) = &args.save {
        return save_profile(args, name);
    }
    let paper: Paper = args.paper.parse()?;
    let duplex = Duplex {
        edge: args.duplex.parse()?,
        offset_mm: match &args.duplex_offset {
            Some(s) => kit::duplex::parse_offset(s)?,
            None => (0.0, 0.0),
        },
    };
    let (faces, sheets, pdf) = kit::calibrate::render(paper, &duplex)?;
    std::fs::create_dir_all(&args.out).map_err(|e| {
        Error::io("kit.output", &args.out, &e).help("choose a folder you can write to with --out")
    })?;
    let path = args.out.join("calibrate.pdf");
    kit::write_atomic(&path, &pdf)?;
    let mut pngs = Vec::new();
    if args.png {
        for (i, sheet) in sheets.iter().enumerate() {
            let p = args.out.join(format!("calibrate-{}.png", i + 1));
            kit::write_atomic(&p, &kit::png::render(&faces, sheet, args.dpi)?)?;
            pngs.push(p);
        }
    }
    if args.json {
        let json = serde_json::json!({
            "pdf": path,
            "bytes": pdf.len(),
            "paper": paper.name(),
            "duplex": duplex.edge.to_string(),
            "duplex_offset_mm": [duplex.offset_mm.0, duplex.offset_mm.1],
            "png": pngs,
        });
        out::json(&json);
    } else {
        out::wrote(
            &path,
            &format!(
                "2 pages: print them on one sheet, double-sided, flip on the {} edge, at 100%;\n  \
                 hold it against a light, back towards you, and read X and Y behind each cross;\n  \
                 then render with --duplex {} --duplex-offset X,Y, adding the offset this sheet \
                 was printed with",
                duplex.edge, duplex.edge
            ),
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `tavolo kit export NAME DIR`: a bundled kit's files, to start one's own.
fn export(args: &Args) -> Result<ExitCode, Error> {
    let [_, name, dir] = args.kits.as_slice() else {
        return Err(Error::input(
            "cli.usage",
            "`tavolo kit export` takes a bundled kit's name and a folder: `tavolo kit export NAME DIR`",
        )
        .help("e.g. `tavolo kit export fruit my-kits`; `tavolo kit list` names the kits"));
    };
    let dir = PathBuf::from(dir);
    let files = kit::export::export(name, &dir, args.force)?;
    let toml = &files[0];
    if args.json {
        out::json(&serde_json::json!({
            "kit": name,
            "dir": dir,
            "files": files,
        }));
    } else {
        out::wrote(
            toml,
            &format!(
                "the bundled kit `{name}`, its art in {} more under {}",
                count(files.len() as u64 - 1, "file", "files"),
                dir.join("art").display()
            ),
        );
        out::errln!(
            "change them, then render with `tavolo kit {}` (or `--kits {}` to use it by name)",
            toml.display(),
            dir.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `tavolo kit list`: every kit known by name, and where it comes from.
fn list(catalog: &Catalog, json: bool) -> Result<ExitCode, Error> {
    let mut rows = Vec::new();
    for entry in catalog.entries()? {
        let k = kit::model::load(&entry.path)?;
        let comps: Vec<String> = k
            .components
            .iter()
            .map(|c| format!("{} {} ({} x {} mm)", c.pieces.len(), c.name, c.w_mm, c.h_mm))
            .collect();
        rows.push(serde_json::json!({
            "name": entry.name,
            "title": k.title,
            "source": entry.origin,
            "file": (entry.origin == Origin::File).then_some(&entry.path),
            "replaces_bundled": entry.replaces_bundled,
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
            let from = if entry.replaces_bundled {
                format!("{}, in place of the bundled kit", entry.from())
            } else {
                entry.from()
            };
            outln!(
                "{:<10} {} — {}{opts} — {from}",
                entry.name,
                k.title,
                comps.join(", ")
            );
        }
    }
    if json {
        out::json(&rows);
    }
    Ok(ExitCode::SUCCESS)
}

/// `kit.unknown` with "did you mean" for a near miss of a known kit's name.
fn suggest_kit(mut e: Error, name: &str, catalog: &Catalog) -> Error {
    if e.code == "kit.unknown" {
        let names: Vec<String> = catalog
            .entries()
            .unwrap_or_default()
            .into_iter()
            .map(|k| k.name)
            .collect();
        if let Some(near) = crate::error::closest(name, names.iter().map(String::as_str)) {
            let rest = e.help.take().unwrap_or_default();
            e.help = Some(
                format!("did you mean `{near}`? {rest}")
                    .trim_end()
                    .to_string(),
            );
        }
    }
    e
}
