//! Documentation that runs (issue 26): every command example of README.md and
//! of the pages under docs/ is run as written, in order, in a fresh folder per
//! page, with this build's `tavolo` first on the PATH, as the events
//! walk-through (`event.rs`) is. The convention the pages follow:
//!
//! - An **example** is a line of a code block (indented, or fenced) that
//!   starts with `tavolo ` or `cargo run --release -- ` (run as `tavolo `), or
//!   `$ ` and then one of those. In a fenced `sh` block, a line whose comment
//!   gives its exit (`# exit 0`) is an example too, whatever it runs (`ls`,
//!   `sed`): the walk-throughs need a few such steps. A line ending in ` \`
//!   goes on on the next. Each runs in `sh -c`, so globs and `$(...)` work.
//! - It must **exit 0**, unless its comment says otherwise: `# ... exit 3`
//!   for a deliberate failure, or `# exit 1, "text"` to also require a text
//!   in what it prints.
//! - After a `$ ` example, the block's lines up to the next `$ ` or the block's
//!   end are its **standard output**, exactly; a here-document it opens
//!   (`<<'EOF'` ... `EOF`) is its standard input, before that output.
//! - A fenced block whose info string holds `file=NAME` (```` ```toml
//!   file=pos.toml ````) is a **file** the later examples use: it is written
//!   to NAME in the page's folder where it stands.
//! - An example whose comment says `(word lists)` needs Debian's Italian word
//!   lists (NS-2); without them it is skipped, with a note.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One thing to do, in page order.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    /// Write `text` to `name` in the page's folder.
    File {
        name: String,
        text: String,
    },
    Run(Example),
}

#[derive(Debug, Clone, PartialEq)]
struct Example {
    /// 1-based line of the page where it starts.
    line: usize,
    /// What `sh -c` runs.
    command: String,
    exit: i32,
    /// A text its output must hold.
    says: Option<String>,
    /// Its standard output, exactly.
    output: Option<String>,
    needs_word_lists: bool,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The command of an example line (`$ ` and `cargo run --release -- ` off),
/// if the line is one.
fn command_of(text: &str) -> Option<String> {
    let t = text.trim_start();
    let t = t.strip_prefix("$ ").unwrap_or(t);
    if let Some(rest) = t.strip_prefix("cargo run --release -- ") {
        return Some(format!("tavolo {rest}"));
    }
    t.starts_with("tavolo ").then(|| t.to_string())
}

/// The comment of a shell line: after the first ` #` outside quotes.
fn comment_of(line: &str) -> Option<&str> {
    let (mut single, mut double) = (false, false);
    let b = line.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'#' if !single && !double && i > 0 && b[i - 1] == b' ' => {
                return Some(line[i + 1..].trim());
            }
            _ => {}
        }
    }
    None
}

/// `exit N` and the optional `, "text"` after it in a comment.
fn expected_exit(comment: &str) -> Option<(i32, Option<String>)> {
    let at = comment
        .match_indices("exit ")
        .find(|(i, _)| *i == 0 || comment.as_bytes()[i - 1] == b' ')?
        .0;
    let rest = &comment[at + 5..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let code = rest[..digits].parse().ok()?;
    let says = rest[digits..]
        .strip_prefix(", \"")
        .and_then(|s| s.rfind('"').map(|end| s[..end].to_string()));
    Some((code, says))
}

fn example(line: usize, command: String) -> Example {
    let first = command.lines().next().unwrap_or("");
    let comment = comment_of(first).unwrap_or("");
    let (exit, says) = expected_exit(comment).unwrap_or((0, None));
    Example {
        line,
        exit,
        says,
        output: None,
        needs_word_lists: comment.contains("(word lists)"),
        command,
    }
}

/// The steps of a markdown page, in order.
fn steps(page: &str) -> Vec<Step> {
    let lines: Vec<&str> = page.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let t = line.trim_start();
        if let Some(info) = t.strip_prefix("```") {
            let fence_end = |l: &str| l.trim_start().starts_with("```");
            let start = i + 1;
            let mut end = start;
            while end < lines.len() && !fence_end(lines[end]) {
                end += 1;
            }
            let body = &lines[start..end.min(lines.len())];
            let info: Vec<&str> = info.split_whitespace().collect();
            if let Some(name) = info.iter().find_map(|w| w.strip_prefix("file=")) {
                out.push(Step::File {
                    name: name.to_string(),
                    text: body.iter().map(|l| format!("{l}\n")).collect(),
                });
            } else {
                fenced(&info, body, start, &mut out);
            }
            i = end + 1;
            continue;
        }
        if line.starts_with("    ") {
            if let Some(mut command) = command_of(line) {
                let first = i;
                while command.ends_with('\\') && i + 1 < lines.len() {
                    command.pop();
                    i += 1;
                    command.push_str(lines[i].trim());
                }
                out.push(Step::Run(example(first + 1, command)));
            }
        }
        i += 1;
    }
    out
}

/// The examples of a fenced block (`body` starts at 0-based line `start`).
fn fenced(info: &[&str], body: &[&str], start: usize, out: &mut Vec<Step>) {
    let sh = info.first() == Some(&"sh");
    let mut k = 0;
    while k < body.len() {
        let line = body[k];
        let dollar = line.starts_with("$ ");
        let is_example = command_of(line).is_some()
            || (sh && comment_of(line).and_then(expected_exit).is_some());
        if !is_example || (!sh && !dollar) {
            k += 1;
            continue;
        }
        let first = k;
        let mut command = command_of(line).unwrap_or_else(|| line.trim().to_string());
        while command.ends_with('\\') && k + 1 < body.len() {
            command.pop();
            k += 1;
            command.push_str(body[k].trim());
        }
        k += 1;
        // A here-document's lines are the command's standard input, up to its delimiter.
        if let Some(end) = heredoc_delimiter(&command) {
            while k < body.len() {
                command.push('\n');
                command.push_str(body[k]);
                k += 1;
                if body[k - 1].trim() == end {
                    break;
                }
            }
        }
        let mut ex = example(start + first + 1, command);
        if dollar {
            let mut output = String::new();
            while k < body.len() && !body[k].starts_with("$ ") {
                output.push_str(body[k]);
                output.push('\n');
                k += 1;
            }
            ex.output = Some(output);
        }
        out.push(Step::Run(ex));
    }
}

/// The delimiter of a here-document the command opens (`<<'EOF'`, `<<EOF`).
fn heredoc_delimiter(command: &str) -> Option<String> {
    let at = command.find("<<")?;
    let rest = command[at + 2..].trim_start_matches('-').trim_start();
    let word: String = rest
        .trim_start_matches(['\'', '"'])
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!word.is_empty()).then_some(word)
}

fn word_lists_installed() -> bool {
    !tavolo::lexicon::source::Source::debian_defaults().is_empty()
}

/// Run the examples of the page `rel` (from the repository's root); the number run.
#[cfg(unix)]
fn run_page(rel: &str) -> usize {
    let page = std::fs::read_to_string(root().join(rel)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_tavolo"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The word lists' automata, built once for every run of the tests.
    let cache = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("docs-examples-cache");
    let lists = word_lists_installed();
    let mut ran = 0;
    for step in steps(&page) {
        let ex = match step {
            Step::File { name, text } => {
                std::fs::write(dir.path().join(name), text).unwrap();
                continue;
            }
            Step::Run(ex) => ex,
        };
        if ex.needs_word_lists && !lists {
            eprintln!(
                "note: {rel}:{}: skipped, Debian's Italian word lists are absent: {}",
                ex.line, ex.command
            );
            continue;
        }
        let o = Command::new("sh")
            .arg("-c")
            .arg(&ex.command)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env("TAVOLO_CACHE_DIR", &cache)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        let all = format!("{stdout}{}", String::from_utf8_lossy(&o.stderr));
        let at = format!("{rel}:{}: {}", ex.line, ex.command);
        assert_eq!(o.status.code(), Some(ex.exit), "{at}\n{all}");
        assert!(!all.contains("panicked"), "{at}\n{all}");
        if let Some(says) = &ex.says {
            assert!(
                all.contains(says.as_str()),
                "{at}\nwanted {says:?} in\n{all}"
            );
        }
        if let Some(output) = &ex.output {
            assert_eq!(&stdout, output, "{at}: the page shows another output");
        }
        ran += 1;
    }
    ran
}

/// The pages this file runs; every page with an example must be among them.
const PAGES: [&str; 6] = [
    "README.md",
    "docs/analysis.md",
    "docs/events.md",
    "docs/kit-format.md",
    "docs/records.md",
    "docs/table.md",
];

#[cfg(unix)]
#[test]
fn the_readme_runs_as_written() {
    let ran = run_page("README.md");
    assert!(ran >= 50, "{ran} examples");
}

#[cfg(unix)]
#[test]
fn the_events_page_runs_as_written() {
    assert!(run_page("docs/events.md") >= 12);
}

#[cfg(unix)]
#[test]
fn the_kit_format_page_runs_as_written() {
    assert!(run_page("docs/kit-format.md") >= 2);
}

/// Including the NS-2 scoring and the best moves of a position shown with
/// their output.
#[cfg(unix)]
#[test]
fn the_records_page_runs_as_written() {
    assert!(run_page("docs/records.md") >= 2);
}

/// Leave values learned, and a position ranked by equity (issue 25).
#[cfg(unix)]
#[test]
fn the_analysis_page_runs_as_written() {
    assert!(run_page("docs/analysis.md") >= 1);
}

/// The sessions of every game, their input given as a here-document.
#[cfg(unix)]
#[test]
fn the_table_page_runs_as_written() {
    assert!(run_page("docs/table.md") >= 10);
}

/// Every markdown page of the README and docs/ that holds an example is run
/// by a test above.
#[test]
fn every_page_with_examples_is_run() {
    let mut pages = vec![root().join("README.md")];
    let mut stack = vec![root().join("docs")];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                pages.push(p);
            }
        }
    }
    for p in pages {
        let rel = p
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&p).unwrap();
        let runs = steps(&text).iter().any(|s| matches!(s, Step::Run(_)));
        assert_eq!(
            runs,
            PAGES.contains(&rel.as_str()),
            "{rel}: a page with examples needs a test here, and only such a page"
        );
    }
}

#[test]
fn the_convention_reads_examples_files_exits_and_outputs() {
    let page = "\
Text `tavolo inline` is no example.

    tavolo deal moon --seed 1      # a deal
    cargo run --release -- kit list
    tavolo event new --dir a \\
        --name b                   # exit 2, \"no\"
    tavolo solve x   # the (word lists); exit 3

```toml file=pos.toml
a = 1
```

```sh
ls club  # exit 0, \"event.key\"
scripts/fuzz.sh 3
```

```
$ tavolo score x
line one
line two
$ tavolo rules
```

```console
$ tavolo table moon -o m.toml <<'EOF'
c4
EOF
moon: P1, P2
```
";
    let s = steps(page);
    let run = |k: usize| match &s[k] {
        Step::Run(e) => e.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(s.len(), 9, "{s:#?}");
    assert_eq!(run(0).line, 3);
    assert_eq!((run(0).exit, run(0).says.clone()), (0, None));
    assert_eq!(run(1).command, "tavolo kit list");
    assert_eq!(
        run(2).command,
        "tavolo event new --dir a --name b                   # exit 2, \"no\""
    );
    assert_eq!((run(2).exit, run(2).says.as_deref()), (2, Some("no")));
    assert!(run(3).needs_word_lists && run(3).exit == 3);
    assert_eq!(
        s[4],
        Step::File {
            name: "pos.toml".into(),
            text: "a = 1\n".into()
        }
    );
    assert_eq!(run(5).command, "ls club  # exit 0, \"event.key\"");
    assert_eq!(run(6).output.as_deref(), Some("line one\nline two\n"));
    assert_eq!(run(7).output.as_deref(), Some(""));
    assert_eq!(
        run(8).command,
        "tavolo table moon -o m.toml <<'EOF'\nc4\nEOF"
    );
    assert_eq!(run(8).output.as_deref(), Some("moon: P1, P2\n"));
}
