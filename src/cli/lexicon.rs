//! `tavolo lexicon build|info|check|anagram`: the Italian lexicon of Natura Shakerata
//! (NS-2), see `crate::lexicon`.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{json, Value};

use super::out;
use crate::error::Error;
use crate::lexicon::choice::Choice;
use crate::lexicon::graph::GraphOrigin;
use crate::lexicon::{self, Lexicon, List, Origin, Rack, Source, Span};

/// Which lists make the lexicon and where their automata are cached; shared by every
/// command that looks words up.
#[derive(Debug, Clone, clap::Args)]
pub struct LexiconArgs {
    /// Add a word list (repeatable): FILE (UTF-8, one word a line), ENCODING:FILE
    /// (e.g. latin1:parole.txt), or a hunspell pair named by its .dic or .aff. Lists given
    /// here judge every record instead of the lexicon it names, and a record written names
    /// them (NS-2).
    #[arg(long = "lexicon", value_name = "FILE")]
    pub lexicon: Vec<String>,
    /// Use only the --lexicon lists instead of adding them to NS-2's default lists
    /// (hunspell-it expanded and witalian, or whichever is installed).
    #[arg(long)]
    pub lexicon_only: bool,
    /// Where built automata are kept (default: $TAVOLO_CACHE_DIR, else
    /// $XDG_CACHE_HOME/tavolo, else ~/.cache/tavolo).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Build in memory only: read and write no cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Which forms of the lists count (NS-9): `tournament` (the default: the federation's
    /// rules applied to hunspell-it) or `permissive` (every form of every list).
    #[arg(long, value_name = "MODE", value_parser = ["tournament", "permissive"])]
    pub lexicon_mode: Option<String>,
}

impl LexiconArgs {
    /// The lists named (`--lexicon`, `--lexicon-only`), or `None` for NS-2's default.
    pub fn choice(&self) -> Result<Option<Choice>, Error> {
        if self.lexicon.is_empty() && !self.lexicon_only && self.lexicon_mode.is_none() {
            return Ok(None);
        }
        let lists = self
            .lexicon
            .iter()
            .map(|a| Source::from_arg(a).map(|s| s.absolute()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(Choice {
            default: !self.lexicon_only,
            lists,
            mode: self.mode(),
        }))
    }

    /// `--lexicon-mode`, else NS-9's default.
    pub fn mode(&self) -> lexicon::Mode {
        self.lexicon_mode
            .as_deref()
            .and_then(lexicon::Mode::parse)
            .unwrap_or_default()
    }

    fn options(&self, rebuild: bool) -> lexicon::Options {
        lexicon::Options {
            cache_dir: self.cache_dir.clone(),
            rebuild,
            no_cache: self.no_cache,
            mode: self.mode(),
        }
    }

    /// Make these options the run's lexicon, for every record, machine player and solver of
    /// the command (see [`lexicon::choice`]), and show the lexicon's builds on a terminal.
    /// Lists named are opened now, so that a bad one stops the command before it starts.
    pub fn choose(&self, json: bool) -> Result<(), Error> {
        watch(json);
        let choice = self.choice()?;
        lexicon::choice::choose(choice.clone(), self.options(false));
        if let Some(c) = &choice {
            lexicon::choice::open(c)?;
        }
        Ok(())
    }

    pub fn sources(&self) -> Result<Vec<Source>, Error> {
        let extra = self
            .lexicon
            .iter()
            .map(|a| Source::from_arg(a))
            .collect::<Result<Vec<_>, _>>()?;
        lexicon::sources(&extra, self.lexicon_only)
    }

    pub fn open(&self, rebuild: bool, json: bool) -> Result<Lexicon, Error> {
        watch(json);
        let lex = Lexicon::open(&self.sources()?, &self.options(rebuild))?;
        if !rebuild {
            for l in &lex.lists {
                if let Origin::Built { time, .. } = &l.origin {
                    super::out::errln!(
                        "note: built {} in {:.1} s{}",
                        l.name,
                        time.as_secs_f64(),
                        saved_text(l)
                    );
                }
            }
        }
        Ok(lex)
    }
}

/// Show the lexicon's builds (a list: a second or two; the word graph: tens of seconds) as
/// bars on a terminal, like `solve --seeds`; nothing on a non-terminal or with `--json`.
pub(super) fn watch(json: bool) {
    lexicon::progress::watch(Box::new(Bars { json }));
}

struct Bars {
    json: bool,
}

struct Bar {
    bar: Option<indicatif::ProgressBar>,
    what: String,
    result: String,
    start: std::time::Instant,
    /// A bar (not a spinner): a long build, whose end is worth a line.
    long: bool,
}

impl lexicon::progress::Watch for Bars {
    fn begin(&self, what: &str, result: &str, total: u64) -> Box<dyn lexicon::progress::Step> {
        let bar = if total >= 2 {
            out::progress(total, self.json, "").inspect(|b| {
                let style = indicatif::ProgressStyle::with_template(
                    "{bar:20} {percent:>3}% {msg} ({elapsed}, {eta} left)",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
                b.set_style(style);
            })
        } else if !self.json && std::io::stderr().is_terminal() {
            // A build of unknown length: a spinner.
            let b = indicatif::ProgressBar::new_spinner();
            b.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            b.enable_steady_tick(std::time::Duration::from_millis(120));
            Some(b)
        } else {
            None
        };
        if let Some(b) = &bar {
            b.set_message(what.to_string());
        }
        Box::new(Bar {
            bar,
            what: what.to_string(),
            result: result.to_string(),
            start: std::time::Instant::now(),
            long: total >= 2,
        })
    }
}

impl lexicon::progress::Step for Bar {
    fn at(&mut self, done: u64) {
        if let Some(b) = &self.bar {
            b.set_position(done);
        }
    }
}

impl Drop for Bar {
    /// A long build's bar gives way to one line saying what was built and how long it took.
    fn drop(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
            if !self.long {
                return;
            }
            out::errln!(
                "note: {} took {:.1} s; {}",
                self.what,
                self.start.elapsed().as_secs_f64(),
                self.result
            );
        }
    }
}

fn saved_text(l: &List) -> String {
    match &l.origin {
        Origin::Built { saved: Ok(()), .. } => {
            format!(
                "; cached at {}",
                l.cache_path
                    .as_ref()
                    .map_or(String::new(), |p| p.display().to_string())
            )
        }
        Origin::Built {
            saved: Err(why), ..
        } => format!("; not cached ({why})"),
        Origin::Cached => String::new(),
    }
}

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Sub,
}

#[derive(Debug, clap::Subcommand)]
pub enum Sub {
    /// Build (or rebuild) the lexicon's automata and cache them.
    Build {
        #[command(flatten)]
        lexicon: LexiconArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The lists, their word counts, cache files and sizes.
    Info {
        #[command(flatten)]
        lexicon: LexiconArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Look words up and name the list that accepts each (exit 1 if one is missing).
    Check {
        /// Words as written (accents and case do not matter: NS-2).
        #[arg(required = true, value_name = "WORD")]
        words: Vec<String>,
        #[command(flatten)]
        lexicon: LexiconArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Where each word comes from (list, line, or hunspell stem and affix rules) or why it is
    /// refused (NS-9), and whether a second source holds it (exit 1 if one is refused).
    Why {
        /// Words as written (accents and case do not matter: NS-2).
        #[arg(required = true, value_name = "WORD")]
        words: Vec<String>,
        #[command(flatten)]
        lexicon: LexiconArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Every word of the lexicon, one a line, in order (to compare lexicons or modes).
    Words {
        #[command(flatten)]
        lexicon: LexiconArgs,
    },
    /// The words a rack makes (`?` is a jolly, shown in lower case where it is used).
    Anagram {
        /// The tiles, e.g. `CASOR?E`.
        rack: String,
        /// Also words using only some of the tiles, of at least this many letters.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=15))]
        min: Option<u8>,
        #[command(flatten)]
        lexicon: LexiconArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Natura's leave values, for ranking moves by equity: learn them by self-play, or
    /// show a file.
    Leaves {
        #[command(subcommand)]
        command: super::leaves::Sub,
    },
}

impl Args {
    /// Whether `--json` was given, so that errors are JSON too.
    pub fn json(&self) -> bool {
        match &self.command {
            Sub::Build { json, .. }
            | Sub::Info { json, .. }
            | Sub::Check { json, .. }
            | Sub::Why { json, .. }
            | Sub::Anagram { json, .. } => *json,
            Sub::Leaves { .. } | Sub::Words { .. } => false,
        }
    }
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let (text, code) = match args.command {
        Sub::Build { lexicon, json } => (build(&lexicon, json)?, 0),
        Sub::Info { lexicon, json } => (info(&lexicon, json)?, 0),
        Sub::Check {
            words,
            lexicon,
            json,
        } => check(&words, &lexicon, json, false)?,
        Sub::Why {
            words,
            lexicon,
            json,
        } => check(&words, &lexicon, json, true)?,
        Sub::Anagram {
            rack,
            min,
            lexicon,
            json,
        } => (anagram(&rack, min, &lexicon, json)?, 0),
        Sub::Words { lexicon } => (all_words(&lexicon)?, 0),
        Sub::Leaves { command } => (super::leaves::run(command)?, 0),
    };
    // A closed pipe (`| head`) is a quiet end, not a panic.
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            return Err(Error::input("output.write", crate::error::io_reason(&e)));
        }
        _ => {}
    }
    Ok(ExitCode::from(code))
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default() + "\n"
}

fn list_json(l: &List) -> Value {
    let (origin, built) = match &l.origin {
        Origin::Cached => ("cache", Value::Null),
        Origin::Built { time, forms, saved } => (
            "built",
            json!({
                "seconds": time.as_secs_f64(),
                "forms": forms,
                "cached": saved.is_ok(),
                "not_cached_because": saved.as_ref().err(),
            }),
        ),
    };
    json!({
        "name": l.name,
        "kind": l.source.kind(),
        "files": l.source.paths().iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "words": l.set.len(),
        "key": l.key,
        "cache": l.cache_path.as_ref().map(|p| p.display().to_string()),
        "bytes": l.bytes(),
        "from": origin,
        "built": built,
    })
}

fn files_text(l: &List) -> String {
    l.source
        .paths()
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" + ")
}

fn build(args: &LexiconArgs, json: bool) -> Result<String, Error> {
    let lex = args.open(true, json)?;
    // The lists were built now, so the graph is too.
    let (graph, origin) = lexicon::graph::open(&lex)?;
    let (time, saved) = match &origin {
        GraphOrigin::Built { time, saved } => (time.as_secs_f64(), saved.clone()),
        GraphOrigin::Cached(p) => (0.0, Ok(p.clone())),
    };
    if json {
        return Ok(pretty(&json!({
            "lists": lex.lists.iter().map(list_json).collect::<Vec<_>>(),
            "graph": {
                "words": graph.words(),
                "arcs": graph.arcs(),
                "bytes": graph.to_bytes().len(),
                "seconds": time,
                "cache": saved.as_ref().ok().map(|p| p.display().to_string()),
                "not_cached_because": saved.as_ref().err(),
            },
        })));
    }
    let mut s = String::new();
    for l in &lex.lists {
        if let Origin::Built { time, forms, .. } = &l.origin {
            s += &format!(
                "{} ({}, {}): {} words from {} forms in {:.2} s, {} bytes{}\n",
                l.name,
                l.source.kind(),
                files_text(l),
                l.set.len(),
                forms,
                time.as_secs_f64(),
                l.bytes(),
                saved_text(l)
            );
        }
    }
    s += &format!(
        "word graph: {} words, {} arcs in {time:.2} s, {} bytes; {}\n",
        graph.words(),
        graph.arcs(),
        graph.to_bytes().len(),
        match &saved {
            Ok(p) => format!("cached at {}", p.display()),
            Err(why) => format!("not cached ({why})"),
        }
    );
    Ok(s)
}

/// Where the word graph is, for `info`: its file and size, or why there is none yet.
fn graph_info(lex: &Lexicon) -> (Value, String) {
    match lexicon::graph::cached(lex) {
        Some((path, Some(bytes))) => (
            json!({ "cache": path.display().to_string(), "bytes": bytes, "built": true }),
            format!("{} ({bytes} bytes)", path.display()),
        ),
        Some((path, None)) => (
            json!({ "cache": path.display().to_string(), "bytes": null, "built": false }),
            format!(
                "not built yet: the first move search builds it (tens of seconds, once), \
                 or `tavolo lexicon build`; it will be {}",
                path.display()
            ),
        ),
        None => (
            json!({ "cache": null, "bytes": null, "built": false }),
            "none: without a cache every move search builds it".into(),
        ),
    }
}

fn info(args: &LexiconArgs, json: bool) -> Result<String, Error> {
    let lex = args.open(false, json)?;
    let dir = args.cache_dir.clone().or_else(lexicon::cache::default_dir);
    let total = lex.distinct_words();
    let sole = lex.sole_words();
    let (graph_json, graph_text) = graph_info(&lex);
    if json {
        let lists: Vec<Value> = lex
            .lists
            .iter()
            .zip(&sole)
            .map(|(l, &only)| {
                let mut v = list_json(l);
                v["only_here"] = json!(only);
                v
            })
            .collect();
        return Ok(pretty(&json!({
            "lists": lists,
            "words": total,
            "graph": graph_json,
            "cache_dir": if args.no_cache { None } else { dir.map(|d| d.display().to_string()) },
            "normaliser_version": lexicon::normalise::NORMALISER_VERSION,
        })));
    }
    let mut s = format!(
        "lexicon: {} list(s), {total} distinct words (NS-2 normalised)\n",
        lex.lists.len()
    );
    for (i, l) in lex.lists.iter().enumerate() {
        s += &format!(
            "{}. {} ({}): {}\n",
            i + 1,
            l.name,
            l.source.kind(),
            files_text(l)
        );
        s += &format!(
            "   words: {}, of which {} in no other list; key: {}\n",
            l.set.len(),
            sole[i],
            l.key
        );
        let cache = match (&l.cache_path, &l.origin) {
            (Some(p), Origin::Cached) => {
                format!("{} ({} bytes, read from cache)", p.display(), l.bytes())
            }
            (
                _,
                Origin::Built {
                    saved: Ok(()),
                    time,
                    ..
                },
            ) => format!(
                "{} ({} bytes, built now in {:.1} s)",
                l.cache_path
                    .as_ref()
                    .map_or(String::new(), |p| p.display().to_string()),
                l.bytes(),
                time.as_secs_f64()
            ),
            (
                _,
                Origin::Built {
                    saved: Err(why), ..
                },
            ) => format!("none ({} bytes in memory; {why})", l.bytes()),
            (None, Origin::Cached) => String::new(),
        };
        s += &format!("   cache: {cache}\n");
    }
    s += &format!("word graph (for move search): {graph_text}\n");
    Ok(s)
}

/// `check` (one reason a word) and `why` (every finding): the lexicon's verdict on each word,
/// the mode that judged it (NS-9), where it comes from or why it is refused, and whether it
/// is doubtful (one list alone holds it and the second source does not).
fn check(
    words: &[String],
    args: &LexiconArgs,
    json: bool,
    all: bool,
) -> Result<(String, u8), Error> {
    let lex = args.open(false, json)?;
    let names: Vec<&str> = lex.lists.iter().map(|l| l.name.as_str()).collect();
    let verdicts: Vec<_> = words.iter().map(|w| lex.check(w)).collect();
    let code = u8::from(verdicts.iter().any(|v| !v.accepted()));
    let targets: std::collections::BTreeSet<String> =
        verdicts.iter().filter_map(|v| v.word.clone()).collect();
    let findings = lexicon::why::explain(&lex, &targets)?;
    // The second source speaks of NS-2's lists (a club's own list is the club's word).
    let defaults = Source::debian_defaults();
    let witness = if lex.lists.iter().any(|l| defaults.contains(&l.source)) {
        lexicon::witness::debian_aspell(&args.options(false))?
    } else {
        None
    };
    let mode = lex.mode.name();
    let doubtful = |v: &lexicon::Verdict| -> Option<String> {
        let w = witness.as_ref()?;
        let word = v.word.as_deref()?;
        (v.accepted_by.len() == 1 && !w.contains(word)).then(|| {
            format!(
                "doubtful: only {} holds it, and the second source ({}) does not",
                v.accepted_by[0], w.name
            )
        })
    };
    // `check` gives the finding that decided; `why` every one.
    let shown = |v: &lexicon::Verdict| -> Vec<&lexicon::why::Finding> {
        let Some(f) = v.word.as_ref().and_then(|w| findings.get(w)) else {
            return Vec::new();
        };
        if all {
            return f.iter().collect();
        }
        let deciding = if v.removed_by.is_some() {
            f.iter()
                .find(|x| matches!(x.what, lexicon::why::What::Removes { .. }))
        } else if v.accepted() {
            f.iter().find(|x| x.what.admits(lex.mode))
        } else {
            f.first()
        };
        deciding.into_iter().collect()
    };
    if json {
        let items: Vec<Value> = verdicts
            .iter()
            .map(|v| {
                let reasons: Vec<Value> = shown(v)
                    .iter()
                    .map(|f| json!({ "list": f.list, "reason": f.what.describe() }))
                    .collect();
                json!({
                    "given": v.given,
                    "word": v.word,
                    "accepted": v.accepted(),
                    "lists": v.accepted_by,
                    "removed_by": v.removed_by,
                    "reasons": reasons,
                    "doubtful": doubtful(v),
                })
            })
            .collect();
        return Ok((
            pretty(&json!({ "lexicon": names, "mode": mode, "words": items })),
            code,
        ));
    }
    let mut s = String::new();
    for v in &verdicts {
        let shown_word = v.word.clone().unwrap_or_else(|| v.given.clone());
        s += &match (&v.word, v.accepted(), &v.removed_by) {
            (None, _, _) => format!("{shown_word}: not a board word (letters A-Z only, NS-2)\n"),
            (Some(_), true, _) => format!(
                "{shown_word}: accepted by {} ({mode} lexicon, NS-9)\n",
                v.accepted_by.join(", ")
            ),
            (Some(_), false, Some(by)) => {
                format!("{shown_word}: removed by {by} ({mode} lexicon, NS-9)\n")
            }
            (Some(_), false, None) => format!(
                "{shown_word}: not in {} ({mode} lexicon, NS-9)\n",
                names.join(", ")
            ),
        };
        for f in shown(v) {
            s += &format!("  {}: {}\n", f.list, f.what.describe());
        }
        if let Some(d) = doubtful(v) {
            s += &format!("  {d}\n");
        }
    }
    Ok((s, code))
}

fn all_words(args: &LexiconArgs) -> Result<String, Error> {
    use fst::Streamer;
    let lex = args.open(false, false)?;
    let mut op = fst::set::OpBuilder::new();
    for l in &lex.lists {
        op = op.add(l.set.stream());
    }
    let mut union = op.union();
    let mut s = String::new();
    while let Some(w) = union.next() {
        let w = String::from_utf8_lossy(w);
        if lex.removed_by(&w).is_none() {
            s += &w;
            s.push('\n');
        }
    }
    Ok(s)
}

fn anagram(
    rack_text: &str,
    min: Option<u8>,
    args: &LexiconArgs,
    json: bool,
) -> Result<String, Error> {
    let rack = Rack::parse(rack_text).map_err(|m| Error::input("lexicon.rack", m))?;
    let lex = args.open(false, json)?;
    let span = min.map_or(Span::Full, |m| Span::AtLeast(usize::from(m)));
    let mut words: Vec<(String, String)> = lex.anagrams(&rack, span).into_iter().collect();
    // Longest first, then alphabetical.
    words.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
    if json {
        let items: Vec<Value> = words
            .iter()
            .map(|(w, p)| json!({ "word": w, "played": p }))
            .collect();
        return Ok(pretty(
            &json!({ "rack": rack_text, "count": items.len(), "words": items }),
        ));
    }
    Ok(words.iter().map(|(_, p)| format!("{p}\n")).collect())
}
