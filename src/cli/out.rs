//! Everything the CLI prints goes through here: results on standard output,
//! notes and errors on standard error (errors as JSON on standard output with
//! `--json`), and what was written ([`wrote`]) the same way for every command.
//!
//! A closed pipe or a closed standard error (`tavolo solve ... | head -1`,
//! `2>&1 | head`) is not an error for a command line tool: the reader has all it
//! wanted, so the rest is dropped and the command ends quietly with its own exit
//! code, where `println!` and `eprintln!` would panic (exit 101). When a file
//! goes to standard output (`-o -`), the report goes to standard error instead,
//! so the two never mix.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{json, Value};

use crate::error::Error;

/// Set when the reader of standard output has gone: nothing more is written there.
static STDOUT_GONE: AtomicBool = AtomicBool::new(false);

/// Write `text` to standard output (to standard error when a file has taken
/// standard output). A closed pipe drops this and every later write; another
/// failure (a full disk) ends the process with exit 2.
pub fn write(text: &str) {
    if crate::output::stdout_taken() {
        return write_err(text);
    }
    if STDOUT_GONE.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            STDOUT_GONE.store(true, Ordering::Relaxed);
            return;
        }
        write_err(&format!(
            "error[cli.stdout]: cannot write the output: {}\n",
            crate::error::io_reason(&e)
        ));
        std::process::exit(2);
    }
}

/// Write `text` to standard error; a failure (nobody reading) is ignored, as
/// there is nowhere left to say it.
pub fn write_err(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// `eprintln!` through [`write_err`]: a note for the person, never a panic.
macro_rules! errln {
    ($($arg:tt)*) => { $crate::cli::out::write_err(&format!("{}\n", format_args!($($arg)*))) };
}

pub(crate) use errln;

/// Say that a file was written, the same way for every command: `wrote PATH`
/// and what it holds, on standard error (standard output is for results, and
/// may be piped). Nothing for `-`: the file itself went to standard output.
/// With `--json`, commands put the path in their JSON instead.
pub fn wrote(path: &Path, what: &str) {
    if crate::output::is_stdout(path) {
        return;
    }
    let path = path.display().to_string();
    if what.is_empty() {
        errln!("{}", crate::t!("out-wrote", path = path));
    } else {
        errln!("{}", crate::t!("out-wrote-what", path = path, what = what));
    }
}

/// [`wrote`] for records written into one folder: `wrote 3 records into DIR`.
pub fn wrote_records(dir: &Path, n: usize) {
    errln!(
        "{}",
        crate::t!(
            "out-wrote-records",
            count = n,
            dir = dir.display().to_string()
        )
    );
}

/// `println!` through [`write`].
macro_rules! outln {
    () => { $crate::cli::out::write("\n") };
    ($($arg:tt)*) => { $crate::cli::out::write(&format!("{}\n", format_args!($($arg)*))) };
}

/// `print!` through [`write`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::out::write(&format!($($arg)*)) };
}

pub(crate) use out;
pub(crate) use outln;

/// Pretty JSON and a line break on standard output.
pub fn json(v: &impl serde::Serialize) {
    let text = serde_json::to_string_pretty(v).unwrap_or_default();
    write(&format!("{text}\n"));
}

/// A list for people: `head` then the items numbered (`1. a, 2. b, ...`),
/// wrapped before `width` columns with the continuation lines indented, so a
/// solution of a hundred moves reads as a paragraph, not one long line.
pub fn numbered_paragraph(head: &str, items: &[String], width: usize) -> String {
    let mut text = String::from(head);
    let mut col = head.chars().count();
    for (i, item) in items.iter().enumerate() {
        let sep = if i + 1 < items.len() { "," } else { "" };
        let word = format!("{}. {item}{sep}", i + 1);
        let len = word.chars().count();
        if col > 2 && col + 1 + len > width {
            text.push_str("\n ");
            col = 1;
        }
        text.push(' ');
        text.push_str(&word);
        col += 1 + len;
    }
    text.push('\n');
    text
}

/// The width text is set to on standard output (`tavolo rules`): `COLUMNS` when it is a
/// positive number (as shells set it, and as a script may ask), else the terminal's width
/// when standard output is a terminal, else 80 (a file or a pipe).
pub fn width() -> usize {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0);
    columns
        .or_else(|| {
            console::Term::stdout()
                .size_checked()
                .map(|(_, cols)| usize::from(cols))
        })
        .unwrap_or(80)
}

/// Colour on standard error only for a person at a terminal (and not when
/// `NO_COLOR` asks for none, <https://no-color.org>).
pub fn stderr_colour() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// A progress bar is for a person watching: only on a terminal, never with
/// `--json` (`--quiet` silences a report, not this). It is drawn at once and
/// its clock ticks, so a long first item is not a silent wait.
pub fn progress(len: u64, json: bool, what: &str) -> Option<indicatif::ProgressBar> {
    if json || len < 2 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(len);
    let style = indicatif::ProgressStyle::with_template(&format!(
        "{{bar:30}} {{pos}}/{{len}} {what} ({{elapsed}}, {{eta}} left)"
    ))
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar.tick();
    bar.enable_steady_tick(std::time::Duration::from_millis(500));
    Some(bar)
}

/// The JSON form of an error: every key present (`null` when unknown).
pub fn error_json(e: &Error) -> Value {
    let loc = e.location.as_deref();
    json!({
        "error": {
            "code": e.code,
            "message": e.message,
            "file": loc.map(|l| l.file.display().to_string()),
            "line": loc.and_then(|l| l.line),
            "column": loc.and_then(|l| l.column),
            "help": e.help,
        }
    })
}

/// Report an error: as JSON on standard output with `--json`, else as text
/// on standard error.
pub fn error(e: &Error, as_json: bool) {
    if as_json {
        json(&error_json(e));
    } else {
        write_err(&format!("{}\n", e.render(stderr_colour())));
    }
}

/// "1 sheet", "3 sheets": a count with its noun, singular or plural ([`crate::words`]).
pub use crate::words::count;

/// A percentage for people: a whole number, never a misleading 0% or 100%
/// for a part that is neither none nor all ("<1%", ">99%").
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "0%".into();
    }
    let p = (100.0 * part as f64 / whole as f64).round();
    if part != 0 && p < 1.0 {
        "<1%".into()
    } else if part != whole && p > 99.0 {
        ">99%".into()
    } else {
        format!("{p:.0}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_wraps_under_the_width_and_keeps_every_item() {
        let items: Vec<String> = (0..60)
            .map(|i| format!("B{} {}>{}", i % 6, i % 7, i % 5))
            .collect();
        let text = numbered_paragraph("moves:", &items, 60);
        assert!(text.lines().count() > 5, "{text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 60, "{line:?}");
        }
        assert!(text.starts_with("moves: 1. B0 0>0, 2. B1 1>1,"), "{text}");
        assert!(text.ends_with("60. B5 3>4\n"), "{text}");
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("59. B4 2>3, 60. B5 3>4"), "{words}");
        assert_eq!(numbered_paragraph("moves:", &[], 60), "moves:\n");
    }

    #[test]
    fn counts_are_singular_for_one() {
        assert_eq!(count(1u32, "sheet", "sheets"), "1 sheet");
        assert_eq!(count(0u32, "sheet", "sheets"), "0 sheets");
        assert_eq!(count(12u32, "move", "moves"), "12 moves");
    }

    #[test]
    fn percentages_are_rounded_for_people() {
        assert_eq!(percent(1, 3), "33%");
        assert_eq!(percent(2, 3), "67%");
        assert_eq!(percent(3, 3), "100%");
        assert_eq!(percent(0, 3), "0%");
        assert_eq!(percent(9996, 10000), ">99%");
        assert_eq!(percent(99, 100), "99%");
        assert_eq!(percent(1, 10000), "<1%");
        assert_eq!(percent(1, 100), "1%");
        assert_eq!(percent(0, 0), "0%");
    }

    #[test]
    fn json_errors_have_every_key() {
        let e = Error::input("cli.unknown-game", "unknown game `mon`");
        let v = error_json(&e);
        let obj = v["error"].as_object().unwrap();
        let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            ["code", "message", "file", "line", "column", "help"],
            "{v}"
        );
        assert!(obj["file"].is_null() && obj["help"].is_null());
    }
}
