//! `tavolo rules [TOPIC]`: the rules as tavolo applies them, from the pages of
//! `docs/rules/` compiled into the binary (see `build.rs`), so that an
//! installed tavolo, without the clone, can explain every ruling a verdict
//! cites. A topic is a page (`all-games`, `fruit-tiles`), a game's name (its
//! page's name or the start of it: `natura` is `natura-shakerata`), or a
//! ruling id (`MN-3`, that ruling's section alone). Without one, the index.
//!
//! The pages are markdown; on standard output they are set as plain text
//! (headings underlined, links as their text, paragraphs re-wrapped, tables
//! in columns whose cells wrap when the table is wider than the text) to the
//! terminal's width ([`out::width`]: `COLUMNS`, else the terminal's, else 80).
//! `--json` gives the markdown itself.
//!
//! In Italian (`--lang it`, or an Italian locale: `crate::lang`) a page comes
//! from `docs/it/rules/` where it has been translated (same file name, same
//! ruling ids in its headings), else in English after a one-line notice that
//! it is not translated yet.
//!
//! ```text
//! tavolo rules [PAGE|GAME|RULING] [--json]
//! ```

use std::process::ExitCode;

use super::args::Choices;
use super::out::{self, outln};
use crate::error::Error;

include!(concat!(env!("OUT_DIR"), "/rules.rs"));

/// The index page: the games and every ruling id.
const INDEX: &str = "README";

#[derive(Debug, clap::Args)]
#[command(
    after_help = "The text is set to the terminal's width: COLUMNS when it is set, else the \
                  terminal's own, else 80 (a pipe or a file). A table wraps its widest cells to \
                  fit; one whose longest words cannot fit is left wider."
)]
pub struct Args {
    /// A game (`moon`, `natura`), a page (`all-games`, `fruit-tiles`) or a
    /// ruling id (`MN-3`); without it, the index of games and rulings.
    #[arg(value_name = "GAME|PAGE|RULING", value_parser = Choices::new(topics))]
    pub topic: Option<String>,
    /// Print the page's markdown as JSON (`page`, `file`, `title`, `markdown`;
    /// `ruling` too for a ruling's section).
    #[arg(long)]
    pub json: bool,
}

/// What `tavolo rules` takes, for `--help` and the completions: the pages.
fn topics() -> Vec<String> {
    PAGES
        .iter()
        .filter(|(stem, _)| *stem != INDEX)
        .map(|(stem, _)| stem.to_string())
        .collect()
}

/// What a topic names: a page, or one ruling's section of a page.
struct Found {
    page: &'static str,
    ruling: Option<String>,
    markdown: &'static str,
}

/// A found page or ruling in the reader's language: the Italian page's text
/// (or its ruling's section) where there is one, else the English one.
struct Shown {
    markdown: &'static str,
    /// Its file, under the crate (`docs/rules/moon.md`, `docs/it/rules/moon.md`).
    file: String,
    /// The language it is written in: `en` or `it`.
    lang: &'static str,
    /// Italian was wanted but the page is not translated yet.
    untranslated: bool,
}

/// `found` in `lang`: Italian from `docs/it/rules/` when the page is there
/// (a ruling's section found in the Italian page by its id), else English.
fn shown(found: &Found, lang: crate::lang::Lang) -> Shown {
    let english = Shown {
        markdown: found.markdown,
        file: format!("docs/rules/{}.md", found.page),
        lang: "en",
        untranslated: false,
    };
    if lang != crate::lang::Lang::It {
        return english;
    }
    let italian = IT_PAGES
        .iter()
        .find(|(stem, _)| *stem == found.page)
        .and_then(|&(_, text)| match &found.ruling {
            Some(id) => ruling_section(text, id),
            None => Some(text),
        });
    match italian {
        Some(markdown) => Shown {
            markdown,
            file: format!("docs/it/rules/{}.md", found.page),
            lang: "it",
            untranslated: false,
        },
        None => Shown {
            untranslated: true,
            ..english
        },
    }
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let found = find(args.topic.as_deref().unwrap_or(INDEX))?;
    let shown = shown(&found, crate::lang::current());
    if args.json {
        let mut v = serde_json::json!({
            "page": found.page,
            "file": shown.file,
            "lang": shown.lang,
            "title": title(shown.markdown),
            "markdown": shown.markdown,
        });
        if let Some(id) = &found.ruling {
            v["ruling"] = id.clone().into();
        }
        out::json(&v);
        return Ok(ExitCode::SUCCESS);
    }
    let width = out::width();
    if let Some(notice) = notice(&found, &shown) {
        out::write(&wrap(&notice, "", width));
        outln!();
    }
    out::write(&render(shown.markdown, width));
    if found.page == INDEX && found.ruling.is_none() {
        outln!();
        out::write(&wrap(
            &inline(&crate::t!("rules-index-more", pages = topics().join(", "))),
            "",
            width,
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// The line said before an English page or ruling shown to a reader who
/// asked for Italian: not translated yet.
fn notice(found: &Found, shown: &Shown) -> Option<String> {
    shown.untranslated.then(|| match found.ruling {
        Some(_) => crate::t!("rules-untranslated-ruling"),
        None => crate::t!("rules-untranslated"),
    })
}

/// The page or ruling `topic` names (case-blind), or `rules.unknown` (exit 2).
fn find(topic: &str) -> Result<Found, Error> {
    let want = topic.trim().to_ascii_lowercase();
    let page = |stem: &'static str, text: &'static str| Found {
        page: stem,
        ruling: None,
        markdown: text,
    };
    if let Some(&(stem, text)) = PAGES.iter().find(|(s, _)| s.to_ascii_lowercase() == want) {
        return Ok(page(stem, text));
    }
    // A game named by the start of its page's name: `natura`, `natura-shakerata`.
    if let Some(&(stem, text)) = PAGES
        .iter()
        .find(|(s, _)| *s != INDEX && s.starts_with(&format!("{want}-")))
    {
        return Ok(page(stem, text));
    }
    if is_ruling_id(&want) {
        let id = want.to_ascii_uppercase();
        for &(stem, text) in PAGES.iter().filter(|(s, _)| *s != INDEX) {
            if let Some(section) = ruling_section(text, &id) {
                return Ok(Found {
                    page: stem,
                    ruling: Some(id),
                    markdown: section,
                });
            }
        }
        return Err(
            Error::input("rules.unknown", format!("no ruling `{id}` in the rules"))
                .help("`tavolo rules` lists every ruling id in its index"),
        );
    }
    let names = topics();
    Err(
        Error::input("rules.unknown", format!("no rules page for `{topic}`")).help(
            crate::error::did_you_mean(
                &want,
                names.iter().map(String::as_str),
                format!(
                    "the pages are: {}; or give a ruling id such as MN-3",
                    names.join(", ")
                ),
            ),
        ),
    )
}

/// `mn-3`, `QX-10`: two letters, a dash, digits.
fn is_ruling_id(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 4
        && b[0].is_ascii_alphabetic()
        && b[1].is_ascii_alphabetic()
        && b[2] == b'-'
        && b[3..].iter().all(u8::is_ascii_digit)
}

/// The heading level of a markdown line (`### x` is 3), if it is a heading.
fn heading_level(line: &str) -> Option<usize> {
    let n = line.bytes().take_while(|&b| b == b'#').count();
    (n > 0 && line[n..].starts_with(' ')).then_some(n)
}

/// The section of `text` whose heading names `id` as a whole word (`### MN-3:
/// ...`, `### QX-4 and QX-10: ...`), up to the next heading of its level or
/// above.
fn ruling_section<'a>(text: &'a str, id: &str) -> Option<&'a str> {
    let mut start = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if let Some(level) = heading_level(line) {
            match start {
                None if names_id(line, id) => start = Some((offset, level)),
                Some((from, l)) if level <= l => return Some(&text[from..offset]),
                _ => {}
            }
        }
        offset += line.len();
    }
    start.map(|(from, _)| &text[from..])
}

/// Does `line` hold `id` as a word (`QX-1` not in `QX-10`)?
fn names_id(line: &str, id: &str) -> bool {
    line.match_indices(id).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + id.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// The page's title: its first heading's text.
fn title(markdown: &str) -> String {
    markdown
        .lines()
        .find_map(|l| heading_level(l).map(|n| l[n..].trim().to_string()))
        .unwrap_or_default()
}

/// The markdown of the rules pages as plain text: headings underlined (`=`
/// for the title, `-` for sections), paragraphs, list items and quotes
/// re-wrapped to `width` columns, tables in aligned columns (their cells
/// wrapped when the table would be wider), code as it is.
pub fn render(markdown: &str, width: usize) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = markdown.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            i += 1;
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        if trimmed.starts_with("```") {
            i += 1;
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                out.push_str(format!("    {}", lines[i]).trim_end());
                out.push('\n');
                i += 1;
            }
            i += 1;
        } else if let Some(level) = heading_level(line) {
            let text = inline(line[level..].trim());
            let rule = match level {
                1 => "=",
                2 => "-",
                _ => "",
            };
            out.push_str(&text);
            out.push('\n');
            if !rule.is_empty() {
                out.push_str(&rule.repeat(text.chars().count()));
                out.push('\n');
            }
            i += 1;
        } else if trimmed.starts_with('|') {
            let mut rows = Vec::new();
            while i < lines.len() && lines[i].trim_start().starts_with('|') {
                rows.push(lines[i].trim());
                i += 1;
            }
            out.push_str(&table(&rows, width));
        } else if line.starts_with("    ") {
            while i < lines.len() && (lines[i].starts_with("    ") || lines[i].trim().is_empty()) {
                if lines[i].trim().is_empty()
                    && !lines.get(i + 1).is_some_and(|l| l.starts_with("    "))
                {
                    break;
                }
                out.push_str(lines[i].trim_end());
                out.push('\n');
                i += 1;
            }
        } else {
            // A paragraph, a list or a quote: runs of lines, each item
            // (`- `, `1. `, `> `) starting a new run, indented lines
            // continuing the one before.
            while i < lines.len() {
                let l = lines[i];
                let t = l.trim_start();
                if t.is_empty()
                    || t.starts_with('|')
                    || t.starts_with("```")
                    || heading_level(l).is_some()
                {
                    break;
                }
                let indent = l.len() - t.len();
                let (marker, rest) = item_marker(t);
                let mut text = rest.to_string();
                i += 1;
                while i < lines.len() {
                    let n = lines[i];
                    let nt = n.trim_start();
                    let continues = !nt.is_empty()
                        && !nt.starts_with('|')
                        && heading_level(n).is_none()
                        && item_marker(nt).0.is_empty()
                        && (marker.is_empty() || n.len() - nt.len() > indent);
                    let quoted = marker == "> " && nt.starts_with('>');
                    if !(continues || quoted) {
                        break;
                    }
                    text.push(' ');
                    text.push_str(if quoted {
                        nt.trim_start_matches('>').trim_start()
                    } else {
                        nt
                    });
                    i += 1;
                }
                let lead = format!("{}{marker}", " ".repeat(indent));
                out.push_str(&wrap(&inline(&text), &lead, width));
            }
        }
    }
    out
}

/// A list or quote marker at the start of `t` (`- `, `12. `, `> `) and the
/// text after it; `("", t)` for none.
fn item_marker(t: &str) -> (&str, &str) {
    for m in ["- ", "* ", "> "] {
        if let Some(rest) = t.strip_prefix(m) {
            return (&t[..m.len()], rest);
        }
    }
    if t == ">" {
        return ("> ", "");
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && t[digits..].starts_with(". ") {
        return (&t[..digits + 2], &t[digits + 2..]);
    }
    ("", t)
}

/// `text` wrapped to `width`, the first line after `lead`, the others
/// indented under the first word.
fn wrap(text: &str, lead: &str, width: usize) -> String {
    let indent = " ".repeat(lead.chars().count());
    let mut out = String::new();
    for (k, line) in wrap_lines(text, width.saturating_sub(indent.len()))
        .iter()
        .enumerate()
    {
        let start = if k == 0 { lead } else { &indent };
        out.push_str(format!("{start}{line}").trim_end());
        out.push('\n');
    }
    out
}

/// The words of `text` in lines of at most `width` characters (a longer word
/// alone on its line); one empty line for no words.
fn wrap_lines(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// Columns' widths that fit `budget` characters: each column keeps its own
/// width up to a cap, the cap the largest that fits (the wide columns give
/// way, the narrow ones stay whole), but no column narrower than its longest
/// word (`words`) nor, to wrap, than [`MIN_COLUMN`] (a table that cannot fit
/// is left wider than the text).
fn fit_columns(widths: &[usize], words: &[usize], budget: usize) -> Vec<usize> {
    let at = |cap: usize| -> Vec<usize> {
        widths
            .iter()
            .zip(words)
            .map(|(&w, &word)| w.min(cap.max(word)))
            .collect()
    };
    let widest = widths.iter().copied().max().unwrap_or(0);
    let cap = (MIN_COLUMN..=widest)
        .rev()
        .find(|&c| at(c).iter().sum::<usize>() <= budget)
        .unwrap_or(MIN_COLUMN);
    at(cap)
}

/// The narrowest a table's column is made to wrap to.
const MIN_COLUMN: usize = 12;

/// A markdown table in aligned columns, the header's separator row as dashes;
/// when its lines would be wider than `width`, the widest columns' cells wrap.
fn table(rows: &[&str], width: usize) -> String {
    let cells: Vec<Option<Vec<String>>> = rows
        .iter()
        .map(|r| {
            let inner = r.trim_start_matches('|').trim_end_matches('|');
            let parts = split_cells(inner);
            let separator = parts
                .iter()
                .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')));
            (!separator).then(|| parts.iter().map(|c| inline(c.trim())).collect())
        })
        .collect();
    let cols = cells.iter().flatten().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; cols];
    let mut words = vec![0; cols];
    for row in cells.iter().flatten() {
        for (k, c) in row.iter().enumerate() {
            widths[k] = widths[k].max(c.chars().count());
            let word = c.split_whitespace().map(|w| w.chars().count()).max();
            words[k] = words[k].max(word.unwrap_or(0));
        }
    }
    const GAP: &str = "  ";
    let budget = width.saturating_sub(GAP.len() * cols.saturating_sub(1));
    let widths = fit_columns(&widths, &words, budget);
    let mut out = String::new();
    let mut push = |cells: Vec<String>| {
        let line = cells
            .iter()
            .zip(&widths)
            .map(|(c, &w)| format!("{c:<w$}"))
            .collect::<Vec<_>>()
            .join(GAP);
        out.push_str(line.trim_end());
        out.push('\n');
    };
    for row in &cells {
        match row {
            Some(row) => {
                let wrapped: Vec<Vec<String>> = (0..cols)
                    .map(|k| wrap_lines(row.get(k).map_or("", String::as_str), widths[k]))
                    .collect();
                let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
                for n in 0..height {
                    push(
                        wrapped
                            .iter()
                            .map(|lines| lines.get(n).cloned().unwrap_or_default())
                            .collect(),
                    );
                }
            }
            None => push(widths.iter().map(|&w| "-".repeat(w)).collect()),
        }
    }
    out
}

/// A table row's cells: split on `|`, but not on `\|` or inside `code`.
fn split_cells(row: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut code = false;
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cells.last_mut().expect("a cell").push('\\');
                cells
                    .last_mut()
                    .expect("a cell")
                    .push(chars.next().expect("peeked"));
            }
            '`' => {
                code = !code;
                cells.last_mut().expect("a cell").push(c);
            }
            '|' if !code => cells.push(String::new()),
            _ => cells.last_mut().expect("a cell").push(c),
        }
    }
    cells
}

/// Inline markdown as plain text: `code` without its backticks, a link as its
/// text, `**strong**` and `*emphasis*` without their stars, `\x` as `x`.
fn inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'`' => {
                let ticks = b[i..].iter().take_while(|&&c| c == b'`').count();
                let fence = &s[i..i + ticks];
                match s[i + ticks..].find(fence) {
                    Some(end) => {
                        out.push_str(s[i + ticks..i + ticks + end].trim());
                        i += ticks + end + ticks;
                    }
                    None => {
                        out.push_str(fence);
                        i += ticks;
                    }
                }
            }
            b'\\' if b.get(i + 1).is_some_and(|c| c.is_ascii_punctuation()) => {
                out.push(b[i + 1] as char);
                i += 2;
            }
            b'[' => match link(&s[i..]) {
                Some((text, len)) => {
                    out.push_str(&inline(text));
                    i += len;
                }
                None => {
                    out.push('[');
                    i += 1;
                }
            },
            b'*' => {
                // A run of stars that opens or closes emphasis goes; a lone
                // star between spaces (a product) stays.
                let stars = b[i..].iter().take_while(|&&c| c == b'*').count();
                let before = i.checked_sub(1).map(|k| b[k]);
                let after = b.get(i + stars).copied();
                let opens = after.is_some_and(|c| !c.is_ascii_whitespace());
                let closes = before.is_some_and(|c| !c.is_ascii_whitespace());
                if !(opens || closes) {
                    out.push_str(&s[i..i + stars]);
                }
                i += stars;
            }
            _ => {
                let len = s[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&s[i..i + len]);
                i += len;
            }
        }
    }
    out
}

/// `[text](target)` at the start of `s`: the text and the length of the whole.
fn link(s: &str) -> Option<(&str, usize)> {
    let mut depth = 0;
    let close = s.char_indices().find_map(|(k, c)| match c {
        '[' => {
            depth += 1;
            None
        }
        ']' => {
            depth -= 1;
            (depth == 0).then_some(k)
        }
        _ => None,
    })?;
    let rest = s[close + 1..].strip_prefix('(')?;
    let end = rest.find(')')?;
    Some((&s[1..close], close + 2 + end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_markdown_becomes_plain_text() {
        assert_eq!(
            inline("**MOON** is [a game](moon.md#mn-1) of `RV` tiles, *really* 3 * 4 \\| x"),
            "MOON is a game of RV tiles, really 3 * 4 | x"
        );
        assert_eq!(inline("a `**not bold**` code"), "a **not bold** code");
        assert_eq!(inline("[MN-3](moon.md#mn-3-an-illegal-move)"), "MN-3");
    }

    #[test]
    fn paragraphs_wrap_and_lists_keep_their_markers() {
        let md = "# Title\n\nOne two\nthree.\n\n- first item\n  continued\n- second\n\n| a | b |\n|---|---|\n| `x|y` | [z](z.md) |\n";
        assert_eq!(
            render(md, 80),
            "Title\n=====\n\nOne two three.\n\n- first item continued\n- second\n\na    b\n---  -\nx|y  z\n"
        );
    }

    /// A table wider than the text wraps its widest columns' cells, each row's
    /// lines side by side; the narrow columns stay whole, every word is kept in
    /// order, and no line is wider than asked.
    #[test]
    fn a_wide_table_wraps_its_cells_to_the_width() {
        let long = "one two three four five six seven eight nine ten eleven twelve";
        let md = format!("| game | id | notes |\n|---|---|---|\n| Quincunx | QX | {long} |\n| MOON | MN | short |\n");
        let text = render(&md, 40);
        assert!(text.lines().all(|l| l.chars().count() <= 40), "{text}");
        assert!(
            text.starts_with("game      id  notes\n--------  --  "),
            "{text}"
        );
        let notes: Vec<&str> = text
            .lines()
            .skip(2)
            .map(|l| l.get(14..).unwrap_or("").trim())
            .collect();
        assert_eq!(notes.join(" ").trim(), format!("{long} short"), "{text}");
        assert!(text.contains("\nQuincunx  QX  one two"), "{text}");
        assert!(text.contains("\nMOON      MN  short"), "{text}");
        // Wide enough: one line a row, as before.
        assert_eq!(render(&md, 200).lines().count(), 4);
        // A paragraph wraps to the width too.
        let para = render(long, 20);
        assert!(para.lines().all(|l| l.chars().count() <= 20), "{para}");
        assert_eq!(para.split_whitespace().collect::<Vec<_>>().join(" "), long);
    }

    /// A page with no Italian twin (today every page has one; a new game's page
    /// may not) is shown in English, after the Italian notice, page or ruling.
    #[test]
    fn a_page_not_translated_falls_back_to_english_with_a_notice() {
        use crate::lang::{self, Lang};
        let md = "# New game (ZZ)\n\n### ZZ-1: one\n\ntext\n";
        let page = Found {
            page: "zz-not-translated",
            ruling: None,
            markdown: md,
        };
        let shown_it = shown(&page, Lang::It);
        assert!(shown_it.untranslated);
        assert_eq!((shown_it.lang, shown_it.markdown), ("en", md));
        assert_eq!(shown_it.file, "docs/rules/zz-not-translated.md");
        let said = lang::with(Lang::It, || notice(&page, &shown_it)).unwrap();
        assert!(
            said.starts_with("Questa pagina non è ancora tradotta"),
            "{said}"
        );
        let ruling = Found {
            ruling: Some("ZZ-1".into()),
            ..page
        };
        let said = lang::with(Lang::It, || notice(&ruling, &shown(&ruling, Lang::It))).unwrap();
        assert!(
            said.starts_with("Questa decisione non è ancora tradotta"),
            "{said}"
        );
        // In English nothing is said; a translated page is Italian, without a notice.
        let en = shown(&ruling, Lang::En);
        assert!(!en.untranslated && notice(&ruling, &en).is_none());
        let (stem, text) = IT_PAGES[0];
        let english = PAGES.iter().find(|(s, _)| *s == stem).unwrap().1;
        let found = Found {
            page: stem,
            ruling: None,
            markdown: english,
        };
        let it = shown(&found, Lang::It);
        assert_eq!((it.lang, it.markdown, it.untranslated), ("it", text, false));
        assert!(notice(&found, &it).is_none());
    }

    #[test]
    fn a_ruling_is_its_heading_up_to_the_next_of_its_level() {
        let md = "# G\n\n## Part\n\n### ZZ-3: three\n\ntext\n\n#### detail\n\nmore\n\n### ZZ-30: thirty\n\nno\n";
        let s = ruling_section(md, "ZZ-3").unwrap();
        assert!(
            s.starts_with("### ZZ-3: three") && s.contains("more"),
            "{s}"
        );
        assert!(!s.contains("thirty"), "{s}");
        assert!(ruling_section(md, "ZZ-4").is_none());
        assert!(is_ruling_id("qx-10") && !is_ruling_id("moon") && !is_ruling_id("mn-"));
    }
}
