//! The lines a table session reads: from a terminal through a line editor (rustyline: the
//! arrow keys, Home/End, Ctrl-L, a history kept per game in the cache folder, Tab completing
//! the session's commands, the game's move words and the players' names), else from standard
//! input as it comes, one line at a time, so pipes and tests see no editor at all.
//!
//! Completion offers only what every player may know (GN-5): words, never pieces a hand holds.

use std::io::{BufRead, StdinLock};
use std::path::{Path, PathBuf};

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Config, Context, Editor, Helper};

use crate::error::Error;

/// The session's commands, as `help` lists them.
pub const COMMANDS: &[&str] = &[
    "undo", "redo", "hint", "position", "legend", "moves", "resign", "show", "save", "help", "quit",
];

/// Lines kept in a game's history file.
const HISTORY_LINES: usize = 500;

/// Where the lines come from.
pub enum Lines {
    Editor {
        editor: Box<Editor<Words, DefaultHistory>>,
        history: Option<PathBuf>,
    },
    Plain {
        input: StdinLock<'static>,
        buf: Vec<u8>,
    },
}

impl Lines {
    /// A line editor on a terminal (falling back to plain lines when the terminal cannot be
    /// driven, e.g. TERM=dumb); plain lines otherwise. `game` names the history file.
    pub fn new(terminal: bool, game: &str, words: Words) -> Lines {
        if terminal {
            let config = Config::builder()
                .max_history_size(HISTORY_LINES)
                .map(|b| b.auto_add_history(false).history_ignore_space(true).build());
            if let Ok(mut editor) = config.and_then(Editor::with_config) {
                editor.set_helper(Some(words));
                let history = history_file(game);
                if let Some(path) = &history {
                    // A missing or unreadable history is an empty one: nothing to recall.
                    let _ = editor.load_history(path);
                }
                return Lines::Editor {
                    editor: Box::new(editor),
                    history,
                };
            }
        }
        Lines::Plain {
            input: std::io::stdin().lock(),
            buf: Vec::new(),
        }
    }

    /// The next line, trimmed; `None` at the end of input (Ctrl-D, or Ctrl-C on a terminal:
    /// the record is already written, so leaving loses nothing).
    pub fn next(&mut self, prompt: &str) -> Result<Option<String>, Error> {
        match self {
            Lines::Plain { input, buf } => {
                if !prompt.is_empty() {
                    crate::cli::out::write(prompt);
                }
                buf.clear();
                let n = input
                    .read_until(b'\n', buf)
                    .map_err(|e| Error::io("table.stdin", Path::new("<stdin>"), &e))?;
                Ok((n > 0).then(|| String::from_utf8_lossy(buf).trim().to_string()))
            }
            Lines::Editor { editor, history } => match editor.readline(prompt) {
                Ok(line) => {
                    let line = line.trim().to_string();
                    if !line.is_empty() && !line.starts_with('#') {
                        let _ = editor.add_history_entry(line.as_str());
                        if let Some(path) = history {
                            // Written after every line, so a killed terminal keeps its history;
                            // a history that cannot be written is not the game's failure.
                            if let Some(dir) = path.parent() {
                                let _ = std::fs::create_dir_all(dir);
                            }
                            let _ = editor.save_history(path);
                        }
                    }
                    Ok(Some(line))
                }
                Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
                Err(e) => Err(Error::io(
                    "table.stdin",
                    Path::new("<terminal>"),
                    &std::io::Error::other(e.to_string()),
                )),
            },
        }
    }
}

/// `CACHE/history/GAME`: one history per game, since the moves of one game mean nothing in
/// another. `None` when there is no cache folder (no HOME): history then lasts the session.
pub fn history_file(game: &str) -> Option<PathBuf> {
    crate::lexicon::cache::default_dir().map(|d| history_in(&d, game))
}

/// `DIR/history/GAME`, the game's name kept to letters, digits and `-`.
fn history_in(dir: &Path, game: &str) -> PathBuf {
    let safe: String = game
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    dir.join("history").join(safe)
}

/// What Tab completes: words anyone at the table may type.
pub struct Words {
    words: Vec<String>,
}

impl Words {
    /// The commands, the lower-case words of the game's short forms (`across`, `take`,
    /// `exchange`…) and the players' names.
    pub fn new(short_forms: &[(&str, &str)], players: &[String]) -> Words {
        let mut words: Vec<String> = COMMANDS.iter().map(|c| c.to_string()).collect();
        for (form, _) in short_forms {
            for w in form.split_whitespace() {
                if w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()) {
                    words.push(w.to_string());
                }
            }
        }
        words.extend(players.iter().cloned());
        words.sort();
        words.dedup();
        Words { words }
    }

    /// The words starting with `part` (case-insensitively), in order.
    pub fn starting(&self, part: &str) -> Vec<&str> {
        let part = part.to_lowercase();
        self.words
            .iter()
            .filter(|w| w.to_lowercase().starts_with(&part) && w.len() > part.len())
            .map(String::as_str)
            .collect()
    }
}

impl Completer for Words {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let part = &line[start..pos];
        if part.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let found = self
            .starting(part)
            .into_iter()
            .map(|w| Pair {
                display: w.to_string(),
                replacement: format!("{w} "),
            })
            .collect();
        Ok((start, found))
    }
}

impl Hinter for Words {
    type Hint = String;
}

impl Highlighter for Words {}

impl Validator for Words {}

impl Helper for Words {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_offers_commands_move_words_and_names_never_short_pieces() {
        let forms = [
            ("take B11", "collect"),
            ("decline", "nothing"),
            ("H8 across CASA", "a word"),
        ];
        let w = Words::new(&forms, &["Anna".to_string(), "Bruno".to_string()]);
        assert_eq!(w.starting("un"), vec!["undo"]);
        assert_eq!(w.starting("ta"), vec!["take"]);
        assert_eq!(w.starting("ac"), vec!["across"]);
        assert_eq!(w.starting("an"), vec!["Anna"]);
        // Piece names and words in capitals are not completion words.
        assert!(w.starting("B1").is_empty());
        assert!(w.starting("CA").is_empty());
        // A word already whole is not offered again.
        assert!(w.starting("quit").is_empty());
    }

    #[test]
    fn the_history_file_is_per_game_and_safe() {
        let dir = Path::new("/cache");
        assert_eq!(
            history_in(dir, "natura"),
            Path::new("/cache/history/natura")
        );
        assert_eq!(history_in(dir, "../x/..y"), Path::new("/cache/history/xy"));
    }
}
