//! An event's description (`tavolo::event::description`) and a table's score slip
//! (`tavolo::event::slip`), the two files a director writes by hand (issue 28).
//!
//! - `event-description`: an error names the description (a TOML error its line and
//!   column inside it; the description's own checks may name the file alone, see
//!   docs/fuzzing.md); a description read writes back (`DescriptionFile::to_text`, what
//!   `tavolo event new` writes) and re-reads to the same event.
//! - `event-slip`: an error names a line and column inside the slip; a slip read has one
//!   list of totals a player, each total's place in the file holding that number.

use std::path::Path;

use tavolo::event::description::{Description, DescriptionFile};
use tavolo::event::slip::Slip;

use super::{files, in_bounds, located, read_all, repo, Target};
use crate::mutate::Shape;

const DESCRIPTION_WORDS: &[&str] = &[
    "format",
    "\"tavolo-event-v1\"",
    "event",
    "public-value-name",
    "key-sha256",
    "[[section]]",
    "game",
    "\"moon\"",
    "\"farfalia\"",
    "\"natura\"",
    "\"quincunx\"",
    "\"scalafrutta\"",
    "\"domino\"",
    "\"muro\"",
    "\"mosaico\"",
    "variant",
    "players",
    "names",
    "boards",
    "reserve",
    "tables",
    "entrants",
    "pairing",
    "\"swiss\"",
    "\"round-robin\"",
    "rounds",
    "unfinished",
    "\"as-played\"",
    "\"loss-to-move\"",
    "\"left-out\"",
    "illegal",
    "\"loss-to-offender\"",
    "tie-breaks",
    "\"wins\"",
    "\"spread\"",
    "\"head-to-head\"",
    "\"percent\"",
    "\"points\"",
    "100000",
    "99999",
    "4294967295",
    "\"0000000000000000000000000000000000000000000000000000000000000000\"",
];

const SLIP_WORDS: &[&str] = &[
    "format",
    "\"tavolo-slip-v1\"",
    "board",
    "\"R1\"",
    "table",
    "players",
    "[totals]",
    "Anna",
    "Bruno",
    "\"Anna\"",
    "\"Bruno\"",
    "[]",
    "0x7fffffffffffffff",
    "1_000",
    "+5",
    "-9223372036854775808",
];

/// The TOML blocks of docs/events.md whose `format` is `format`.
fn doc_examples(format: &str) -> Vec<Vec<u8>> {
    let doc = std::fs::read_to_string(repo().join("docs/events.md")).unwrap_or_default();
    let mut out = Vec::new();
    let mut block: Option<String> = None;
    for line in doc.lines() {
        match &mut block {
            None if line.starts_with("```toml") => block = Some(String::new()),
            Some(b) if line.starts_with("```") => {
                if b.contains(format) {
                    out.push(b.clone().into_bytes());
                }
                block = None;
            }
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
            None => {}
        }
    }
    out
}

fn seeds(format: &str, sub: &str) -> Vec<Vec<u8>> {
    let mut s = doc_examples(format);
    s.extend(read_all(&files(
        &repo().join("fuzz/seeds/event").join(sub),
        ".toml",
    )));
    s
}

pub fn description_target() -> Target {
    Target::new(
        "event-description",
        seeds("tavolo-event-v1", "description"),
        DESCRIPTION_WORDS,
        Shape::Toml,
        Box::new(|input| {
            // Not UTF-8: `Description::read` refuses the file whole before parsing it.
            let Ok(text) = std::str::from_utf8(input) else {
                return Ok(());
            };
            check_description(text)
        }),
    )
}

pub fn check_description(text: &str) -> Result<(), String> {
    let path = Path::new("event.toml");
    let d = match Description::parse(path, text.to_string()) {
        Ok(d) => d,
        Err(e) => return description_error(&e, path, text),
    };
    let file: DescriptionFile =
        toml::from_str(text).map_err(|e| format!("read, but not as a DescriptionFile: {e}"))?;
    let written = file
        .to_text()
        .map_err(|e| format!("read, but does not write back: {}", e.message))?;
    let again = Description::parse(path, written.clone()).map_err(|e| {
        format!(
            "written back, it does not re-read: {} {}\nwritten:\n{written}",
            e.code, e.message
        )
    })?;
    let same = d.event == again.event
        && d.public_value_name == again.public_value_name
        && d.key_sha256 == again.key_sha256
        && format!("{:?}", d.sections) == format!("{:?}", again.sections);
    if !same {
        return Err(format!(
            "written back and re-read, the event differs:\n{:?}\nthen\n{:?}\nwritten:\n{written}",
            d.sections, again.sections
        ));
    }
    Ok(())
}

/// A TOML error (and any error giving a line) points inside the text; the
/// description's own checks name the file.
fn description_error(e: &tavolo::error::Error, path: &Path, text: &str) -> Result<(), String> {
    let _ = e.render(false);
    match e.location.as_deref() {
        Some(loc) if loc.file == path && loc.line.is_none() && loc.column.is_none() => Ok(()),
        Some(_) => located(e, &[(path, text)]),
        None => Err(format!(
            "{}: error without a location: {}",
            e.code, e.message
        )),
    }
}

pub fn slip_target() -> Target {
    Target::new(
        "event-slip",
        seeds("tavolo-slip-v1", "slip"),
        SLIP_WORDS,
        Shape::Toml,
        Box::new(|input| {
            let Ok(text) = std::str::from_utf8(input) else {
                return Ok(());
            };
            check_slip(text)
        }),
    )
}

pub fn check_slip(text: &str) -> Result<(), String> {
    let path = Path::new("slip.toml");
    let slip = match Slip::parse(path, text) {
        Ok(s) => s,
        Err(e) => return located(&e, &[(path, text)]),
    };
    if slip.totals.len() != slip.players.len() {
        return Err(format!(
            "{} players, {} lists of totals",
            slip.players.len(),
            slip.totals.len()
        ));
    }
    let _ = slip.finals();
    for (seat, list) in slip.totals.iter().enumerate() {
        for (total, span) in list {
            let Some(written) = text.get(span.clone()) else {
                return Err(format!(
                    "seat {seat}: total {total} at {span:?}, outside the text"
                ));
            };
            let value = toml::from_str::<toml::Table>(&format!("x = {written}"))
                .ok()
                .and_then(|t| t.get("x").and_then(toml::Value::as_integer));
            if value != Some(*total) {
                return Err(format!(
                    "seat {seat}: total {total}, but its place holds `{written}`"
                ));
            }
            let line = text[..span.start].matches('\n').count() + 1;
            let col = text[..span.start]
                .rsplit('\n')
                .next()
                .unwrap_or("")
                .chars()
                .count()
                + 1;
            in_bounds(text, line, col)?;
        }
    }
    Ok(())
}
