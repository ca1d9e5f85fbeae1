//! `tavolo table GAME`: the referee at the table. A live session
//! ([`crate::games::session`]) in the terminal: the position as text, a prompt, each move
//! judged as it is said (its score explained, or the rule it breaks and what would be legal
//! instead), undo and redo, hints, pictures, and the record written atomically after every
//! move, so a killed terminal loses at most the move being typed (`--resume` goes on).
//!
//! Standard input that is not a terminal is read one move or command a line, so the same
//! session drives tests and shell pipelines; `--json` prints one JSON object a line.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{json, Value};

use super::args::{self, Force};
use super::lines::{Lines, Words};
use super::out;
use crate::error::Error;
use crate::games::check::{check_text, Outcome};
use crate::games::session::{self, Answer, Live, View};
use crate::games::setup::Spec;
use crate::record::{write, Record, Source};

/// What `tavolo table --help` says after the options.
pub const AFTER_HELP: &str = "\
Type a move as the records write it (docs/records.md) or in a short form (docs/table.md), or a
command: undo, redo, hint, position, moves, resign [NAME], show [FILE], save [FILE], help, quit.
Lines starting with # are comments. `resign` ends the game for the player to move (or NAME) as
GN-4 says; --strict records an illegal move the sheet punishes (MOON rule 7, a Farfalia revoke)
and judges it (a strict record remembers it). The record is written after every move; `--resume FILE` goes on with it.
Without --director the session is the table's view: hands, racks and piles nobody may see stay
hidden, refusals name no hidden piece, `hint` is refused where it would show a hidden hand
(--seat NAME shows that player's own), and `undo NAME OTHER` takes a move back only with the
agreement of its player and another (the director's `undo` alone).";

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (not needed with --resume or --from: the record names it).
    #[arg(value_parser = args::games())]
    pub game: Option<String>,
    /// Number of players (default: the fewest the variant allows).
    #[arg(long, short = 'p')]
    pub players: Option<usize>,
    #[command(flatten)]
    pub choice: super::deal::Choice,
    /// Player names in turn order, comma-separated (default P1, P2, ...).
    #[arg(long, value_delimiter = ',')]
    pub names: Option<Vec<String>>,
    /// Go on with the game in this record, writing the moves back into it.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath,
          conflicts_with_all = ["from", "seed", "players", "names", "variant"])]
    pub resume: Option<PathBuf>,
    /// Start from this record: a written setup, a `tavolo deal --record` file, an event's
    /// board (`tavolo event deal --out`) or a game so far; the moves go to --out or a new file.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath,
          conflicts_with_all = ["seed", "players", "names", "variant"])]
    pub from: Option<PathBuf>,
    /// The record file (default: a new file in the current folder, named when the session
    /// starts). A name ending in the game's other format (natura: `game.gcg`) writes the game
    /// in it too, after every move, beside its TOML record (`game.toml`, which --resume takes;
    /// `--resume game.toml -o game.gcg --force` goes on writing both).
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub force: Force,
    /// Draw the position to this PNG after every move (for a second screen).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub png: Option<PathBuf>,
    /// Show everything: every hand, rack and pile (the director's session).
    #[arg(long, conflicts_with = "seat")]
    pub director: bool,
    /// Show what this player sees: the table and their own holding.
    #[arg(long, value_name = "NAME")]
    pub seat: Option<String>,
    /// Print one JSON object a line: the start, every move or command, the end.
    #[arg(long)]
    pub json: bool,
    /// A strict table (GN-4): an illegal move the sheet punishes (a MOON tile, rule 7 and
    /// MN-3; a Farfalia revoke) is recorded and judged, ending the game, instead of refused.
    #[arg(long)]
    pub strict: bool,
    /// The words that judge (natura): these lists replace the one the game would use.
    #[command(flatten)]
    pub lexicon: super::lexicon::LexiconArgs,
    /// Seats the machine plays, counted from 1 as the players are listed: `2,4`, or with a
    /// strength each, `2:strong,4:random` (docs/table.md). It sees only what its seat sees.
    #[arg(long, value_name = "SEATS")]
    pub machine: Option<String>,
    /// The machine's strength for seats named without one: random, greedy (default) or
    /// strong; a game offers what it can (an unknown one is refused with the list).
    #[arg(long, value_name = "STRENGTH", requires = "machine")]
    pub strength: Option<String>,
}

/// Where the session writes, and how it talks.
struct Desk {
    live: Box<dyn Live>,
    file: PathBuf,
    /// `-o game.gcg`: the game also written in the game's other format after every move
    /// (the TOML record beside it is what `--resume` goes on from).
    twin: Option<Twin>,
    png: Option<PathBuf>,
    view: View,
    json: bool,
    interactive: bool,
    /// A picture that could not be drawn says so once.
    png_failed: bool,
}

pub fn run(a: Args) -> Result<ExitCode, Error> {
    a.lexicon.choose(a.json)?;
    let (mut live, mut file) = match open(&a)? {
        Ok(opened) => opened,
        Err(code) => return Ok(code),
    };
    if a.strict {
        live.set_strict()
            .map_err(|why| Error::input("table.no-strict", why))?;
    }
    if let Some(spec) = &a.machine {
        crate::games::machine_seat::seat_at_table(live.as_mut(), spec, a.strength.as_deref())?;
    }
    let twin = twin_of(&a, live.game(), &mut file)?;
    let view = if a.director {
        View::Director
    } else if let Some(name) = &a.seat {
        let seat = live
            .players()
            .iter()
            .position(|p| p == name)
            .ok_or_else(|| {
                Error::input(
                    "cli.unknown-player",
                    format!("`{name}` is not one of the players"),
                )
                .help(format!("the players are: {}", live.players().join(", ")))
            })?;
        View::Seat(seat)
    } else {
        View::Table
    };
    if a.png.is_some() && !view.all() && live.hides() && !live.picture_is_public() {
        // Said before the session starts, as `show` would say it.
        crate::show::live(live.as_ref(), view)?;
    }
    let mut desk = Desk {
        live,
        file,
        twin,
        png: a.png.clone(),
        view,
        json: a.json,
        interactive: std::io::stdin().is_terminal() && !a.json,
        png_failed: false,
    };
    desk.start(a.resume.is_some())?;
    desk.machine()?;
    desk.session()
}

/// A session and the record file it writes.
type Started = (Box<dyn Live>, PathBuf);

/// The record written again in another format (GCG) after every move.
struct Twin {
    format: &'static dyn crate::games::foreign::Foreign,
    path: PathBuf,
}

/// `-o NAME.gcg` (a format of the game's other than TOML): the session's record goes to
/// NAME.toml, which it can resume from, and the game is written as NAME.gcg beside it.
/// With --resume, the record resumed stays the record and `-o NAME.gcg` is written anew.
fn twin_of(a: &Args, game: &str, file: &mut PathBuf) -> Result<Option<Twin>, Error> {
    let Some(out) = a.out.as_deref() else {
        return Ok(None);
    };
    let Some(format) = crate::games::foreign::output(game, Some(out), None)? else {
        if a.resume.is_some() {
            return Err(Error::input(
                "cli.usage",
                "with --resume the moves go back into the record resumed; --out may only name \
                 the game's other format (e.g. game.gcg), written beside it",
            ));
        }
        return Ok(None);
    };
    if a.resume.is_some() {
        a.force.check(out)?;
    } else {
        *file = out.with_extension("toml");
        a.force.check(file)?;
    }
    Ok(Some(Twin {
        format,
        path: out.to_path_buf(),
    }))
}

/// The session asked for and the record file it writes, or the exit code of a record that
/// cannot be resumed (its verdict printed).
fn open(a: &Args) -> Result<Result<Started, ExitCode>, Error> {
    if let Some(path) = a.resume.as_ref().or(a.from.as_ref()) {
        if crate::games::foreign::reader(path).is_some() {
            // A GCG game holds no deal (the bag's order), so nothing can go on from it.
            return Err(Error::input(
                "table.foreign-record",
                format!(
                    "{} holds the game's moves but not its deal, so a session cannot go on from it",
                    path.display()
                ),
            )
            .help(format!(
                "go on from the TOML record the session wrote beside it: --resume {}",
                path.with_extension("toml").display()
            )));
        }
        let text =
            std::fs::read_to_string(path).map_err(|e| Error::io("record.unreadable", path, &e))?;
        if let Some(code) = refuse(a, path, &text) {
            return Ok(Err(code));
        }
        let src = Source::new(path, text);
        let record = Record::parse(&src, &crate::games::Registry)?;
        let tables = tables(record.game)?;
        let (live, refused) = tables.open(&record, &src)?;
        if let Some(r) = refused {
            // `check` found it legal: the session's replay must agree.
            return Err(Error::failed(
                "table.internal",
                format!("internal error: the session refuses a move `check` accepts: {r:?}"),
            ));
        }
        let file = match (&a.resume, &a.out) {
            (Some(p), _) => p.clone(),
            (None, Some(out)) => {
                a.force.check(out)?;
                out.clone()
            }
            (None, None) => fresh_name(live.game(), "from")?,
        };
        return Ok(Ok((live, file)));
    }
    let Some(game) = &a.game else {
        return Err(Error::input(
            "cli.usage",
            "name the game (e.g. `tavolo table moon`), or give --resume FILE or --from FILE",
        ));
    };
    let spec = Spec {
        game: game.clone(),
        players: a.players,
        variant: a.choice.variant.clone(),
        seed: a.choice.seed.clone(),
        board: a.choice.board,
        names: a.names.clone(),
    };
    let r = spec.resolve()?;
    if a.choice.seed.is_none() && !a.json {
        out::errln!("{}", crate::t!("table-fresh-seed"));
    }
    let live = tables(r.game.name())?.deal(&r.variant, &r.players, &r.provenance)?;
    let file = match &a.out {
        Some(out) => {
            a.force.check(out)?;
            out.clone()
        }
        None => fresh_name(r.game.name(), &r.provenance.seed)?,
    };
    Ok(Ok((live, file)))
}

fn tables(game: &str) -> Result<&'static dyn session::Tables, Error> {
    session::find(game).ok_or_else(|| {
        Error::input(
            "table.no-session",
            format!("tavolo has no live session for {game} yet"),
        )
    })
}

/// A record that cannot be resumed: unreadable (exit 2), illegal (exit 1, its verdict as
/// `check` gives it) or of another game than the one named (exit 1). The file is untouched.
fn refuse(a: &Args, path: &Path, text: &str) -> Option<ExitCode> {
    let report = check_text(path, text.to_string());
    let code = report.exit_code();
    let other = match (&report.outcome, &a.game) {
        (Outcome::Judged { game, .. }, Some(named)) if game != named => Some(game.clone()),
        _ => None,
    };
    if (code == 0 || crate::games::ending::strict_end(path, text)) && other.is_none() {
        return None;
    }
    if a.json {
        let mut v = serde_json::to_value(&report).unwrap_or(Value::Null);
        if let (Some(game), Some(named)) = (&other, &a.game) {
            v["refused"] = json!(format!("the record is a game of {game}, not {named}"));
        }
        line(&json!({ "event": "refused", "check": v }));
    } else {
        out::write_err(&super::check::render(&report));
        if let (Some(game), Some(named)) = (&other, &a.game) {
            out::errln!(
                "error[table.other-game]: {} is a record of {game}, not {named}",
                path.display()
            );
        } else {
            out::errln!(
                "error[table.cannot-resume]: the session goes on only from a legal record; {} is left as it is",
                path.display()
            );
        }
    }
    Some(ExitCode::from(if code == 2 { 2 } else { 1 }))
}

/// A record name in the current folder that is not taken: `moon-golden-1.toml`.
fn fresh_name(game: &str, seed: &str) -> Result<PathBuf, Error> {
    let slug: String = seed
        .chars()
        .map(|c| if c.is_whitespace() { '-' } else { c })
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(16)
        .collect();
    let stem = if slug.is_empty() {
        game.to_string()
    } else {
        format!("{game}-{slug}")
    };
    for n in 1..10_000 {
        let p = PathBuf::from(format!("{stem}-{n}.toml"));
        if !p.exists() {
            return Ok(p);
        }
    }
    Err(
        Error::input("cli.exists", format!("every name {stem}-N.toml is taken"))
            .help("name the record with -o FILE"),
    )
}

/// One JSON object on one line.
fn line(v: &Value) {
    out::write(&format!(
        "{}\n",
        serde_json::to_string(v).unwrap_or_default()
    ));
}

impl Desk {
    fn say(&self, text: &str) {
        if !self.json {
            out::write(text);
        }
    }

    fn state(&self) -> Value {
        let live = &self.live;
        json!({
            "moves": live.moves(),
            "to_move": live.to_move().map(|s| live.players()[s].clone()),
            "expects": live.expects(),
            "scores": live.scores(),
            "over": live.to_move().is_none(),
            "position": live.position(self.view),
        })
    }

    fn event(&self, kind: &str, mut v: Value) {
        if let Value::Object(m) = &mut v {
            let mut all = serde_json::Map::new();
            all.insert("event".into(), json!(kind));
            all.append(m);
            if let Value::Object(s) = self.state() {
                for (k, x) in s {
                    all.entry(k).or_insert(x);
                }
            }
            line(&Value::Object(all));
        }
    }

    /// The record, written whole after every change.
    fn save(&mut self) -> Result<(), Error> {
        let record = self.live.record();
        write::atomic(&self.file, &record)?;
        if let Some(t) = &self.twin {
            let text = crate::games::foreign::write(t.format, &record, &self.file)?;
            write::atomic(&t.path, &text)?;
        }
        self.picture();
        Ok(())
    }

    /// `--png`: the position drawn again; a game that cannot be drawn says so once.
    fn picture(&mut self) {
        let Some(path) = self.png.clone() else { return };
        if let Err(e) = draw(self.live.as_ref(), self.view, &path) {
            if !self.png_failed {
                out::errln!(
                    "{}",
                    crate::t!("table-no-picture", error = e.render(false).trim_end())
                );
                self.png_failed = true;
            }
        }
    }

    fn start(&mut self, resumed: bool) -> Result<(), Error> {
        let live = &self.live;
        let players = live.players().join(", ");
        if resumed {
            self.picture();
        } else {
            self.save()?;
        }
        let live = &self.live;
        if self.json {
            let mut start = json!({
                "game": live.game(),
                "variant": live.variant(),
                "players": live.players(),
                "file": self.file.display().to_string(),
                "hidden": live.hides() && self.view != View::Director,
            });
            if let Some(t) = &self.twin {
                start["also"] = json!(t.path.display().to_string());
            }
            self.event("start", start);
            return Ok(());
        }
        let mut text = format!(
            "{}\n{}{}{}\n",
            crate::t!(
                "table-head",
                game = live.game(),
                variant = live.variant(),
                players = players
            ),
            crate::t!("table-record", file = self.file.display().to_string()),
            match &self.twin {
                Some(t) => format!(
                    " {}",
                    crate::t!(
                        "table-record-twin",
                        path = t.path.display().to_string(),
                        format = t.format.extension()
                    )
                ),
                None => String::new(),
            },
            if live.moves() > 0 {
                format!(
                    " {}",
                    crate::t!(
                        "table-so-far",
                        moves = crate::t!("count-moves", count = live.moves())
                    )
                )
            } else {
                String::new()
            }
        );
        if live.hides() && self.view == View::Table {
            text.push_str(&format!("{}\n", crate::t!("table-hidden-note")));
        }
        text.push_str(&format!("{}\n\n", crate::t!("table-type-a-move")));
        text.push_str(&live.position(self.view));
        // At a terminal, what the board's marks mean (issue 47); `legend` says it again.
        if self.interactive {
            if let Some(l) = legend(live.game()) {
                text.push_str(&l);
            }
        }
        self.say(&text);
        Ok(())
    }

    fn prompt(&self) {
        if !self.interactive {
            return;
        }
        let live = &self.live;
        let who = match live.to_move() {
            Some(s) => crate::t!(
                "table-to-move",
                player = &live.players()[s],
                expects = live.expects()
            ),
            None => crate::t!("table-over-prompt"),
        };
        out::write(&format!("{who}\n"));
    }

    /// Read moves and commands until the end of input or `quit`.
    fn session(&mut self) -> Result<ExitCode, Error> {
        let words = Words::new(self.live.short_forms(), self.live.players());
        let mut lines = Lines::new(self.interactive, self.live.game(), words);
        // The editor writes its own prompt; a plain terminal-less input gets none.
        let prompt = if self.interactive { "> " } else { "" };
        self.prompt();
        while let Some(text) = lines.next(prompt)? {
            if text.is_empty() || text.starts_with('#') {
                self.prompt();
                continue;
            }
            if !self.command(&text)? {
                break;
            }
            self.prompt();
        }
        self.end()
    }

    /// One line: a command or a move. `false` ends the session.
    fn command(&mut self, text: &str) -> Result<bool, Error> {
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (text, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "esci" | "fine" if rest.is_empty() => return Ok(false),
            "undo" | "annulla" => self.undo(rest)?,
            "redo" | "rifai" if rest.is_empty() => self.redo()?,
            "hint" | "suggerisci" | "suggerimento" if rest.is_empty() => self.hint(),
            "help" | "?" | "aiuto" if rest.is_empty() => self.help(),
            "position" | "board" | "posizione" | "tabellone" if rest.is_empty() => {
                if self.json {
                    self.event("position", json!({}));
                } else {
                    self.say(&self.live.position(self.view));
                }
            }
            "legend" | "legenda" if rest.is_empty() && !self.json => {
                if let Some(l) = legend(self.live.game()) {
                    self.say(&l);
                }
            }
            "moves" | "history" | "mosse" if rest.is_empty() => self.history(),
            "resign" | "abbandona" => self.resign(rest)?,
            "save" | "salva" => self.save_as(rest)?,
            "show" | "mostra" => self.show(rest),
            _ => self.play(text)?,
        }
        Ok(true)
    }

    fn play(&mut self, text: &str) -> Result<(), Error> {
        let ended = self.live.ended().is_some();
        let answer = self.live.apply(text, self.view);
        // A strict table records an illegal move the sheet punishes (GN-4).
        let recorded = match answer {
            Answer::Legal { .. } => true,
            _ => !ended && self.live.ended().is_some(),
        };
        if recorded {
            self.save()?;
        }
        self.answered(text, &answer, recorded);
        if let Answer::Legal { .. } = answer {
            self.machine()?;
        }
        Ok(())
    }

    /// The machine's moves while a seat it plays is to move, each saved and answered as
    /// anyone's (issue 43).
    fn machine(&mut self) -> Result<(), Error> {
        loop {
            // While the machine chooses, the table says so (it answers within its budget).
            if let Some((seat, level)) = self.thinking() {
                let player = self.live.players()[seat].clone();
                self.say(&format!(
                    "{}\n",
                    crate::t!("machine-thinking", player = player, strength = level.name())
                ));
            }
            let Some(answer) = self.live.machine_move(self.view) else {
                break;
            };
            let recorded = matches!(answer, Answer::Legal { .. });
            if recorded {
                self.save()?;
            }
            let text = match &answer {
                Answer::Legal { notation, .. } | Answer::Illegal { notation, .. } => {
                    notation.clone()
                }
                Answer::Unreadable { .. } => String::new(),
            };
            self.answered(&text, &answer, recorded);
            if !recorded {
                break;
            }
        }
        Ok(())
    }

    /// The machine's seat to move and its strength, while the game goes on.
    fn thinking(&self) -> Option<(usize, crate::games::machine_seat::Level)> {
        if self.live.ended().is_some() {
            return None;
        }
        let seat = self.live.to_move()?;
        Some((seat, self.live.machine_seats()?.level(seat)?))
    }

    /// Who resigns: the seat of a seat's session, else NAME or the player to move.
    fn resigner(&self, name: &str) -> Result<usize, String> {
        let players = self.live.players();
        let named = (!name.is_empty())
            .then(|| {
                players.iter().position(|p| p == name).ok_or_else(|| {
                    crate::t!(
                        "table-resign-stranger",
                        name = name,
                        players = players.join(", ")
                    )
                })
            })
            .transpose()?;
        match (self.view, named) {
            (View::Seat(s), Some(n)) if n != s => {
                Err(crate::t!("table-resign-seat", player = &players[s]))
            }
            (View::Seat(s), _) => Ok(s),
            (_, Some(n)) => Ok(n),
            (_, None) => self
                .live
                .to_move()
                .ok_or_else(|| crate::t!("session-nothing-to-resign")),
        }
    }

    /// `resign [NAME]` (GN-4): the game ends as the sheet says for that player.
    fn resign(&mut self, name: &str) -> Result<(), Error> {
        let view = self.view;
        let done = self
            .resigner(name)
            .and_then(|seat| self.live.resign(seat, view));
        match done {
            Ok(p) => {
                self.save()?;
                if self.json {
                    self.event(
                        "resign",
                        json!({ "resigned": p, "result": self.live.ended() }),
                    );
                } else {
                    let mut s = format!(
                        "{}\n",
                        crate::t!(
                            "table-resigned",
                            number = p.number,
                            player = p.player.as_str()
                        )
                    );
                    s.push_str(&self.live.position(self.view));
                    self.say(&s);
                }
            }
            Err(why) => {
                if self.json {
                    self.event("resign", json!({ "resigned": null, "refused": why }));
                } else {
                    self.say(&format!("{}\n", crate::t!("table-not-resigned", why = why)));
                }
            }
        }
        Ok(())
    }

    fn answered(&self, text: &str, answer: &Answer, recorded: bool) {
        if self.json {
            let mut v = serde_json::to_value(answer).unwrap_or(Value::Null);
            v["input"] = json!(text);
            v["recorded"] = json!(recorded);
            self.event("move", v);
            return;
        }
        if recorded {
            if let Answer::Illegal {
                number,
                player,
                notation,
                rule,
                code,
                message,
                ..
            } = answer
            {
                let s = format!(
                    "{}\n{}",
                    crate::t!("table-recorded-strict", number = *number, player = player.as_str(), move = notation.as_str(), rule = crate::lang::rule(rule), code = *code, message = message.as_str()),
                    self.live.position(self.view)
                );
                self.say(&s);
                return;
            }
        }
        let live = &self.live;
        let mut s = match answer {
            Answer::Legal {
                number,
                player,
                notation,
                explanation,
            } => format!(
                "{}\n",
                crate::t!("table-legal", number = *number, player = player.as_str(), move = notation.as_str(), explanation = explanation.as_str())
            ),
            Answer::Illegal {
                number,
                player,
                notation,
                rule,
                code,
                message,
                instead,
            } => {
                let mut s = format!(
                    "{}\n",
                    crate::t!("table-refused", number = *number, player = player.as_str(), move = notation.as_str(), rule = crate::lang::rule(rule), code = *code, message = message.as_str())
                );
                if !instead.is_empty() {
                    s.push_str(&format!(
                        "  {}\n",
                        crate::t!("table-legal-instead", moves = instead.join(", "))
                    ));
                }
                s
            }
            Answer::Unreadable { message, column } => {
                format!(
                    "{}\n  {text}\n  {}^\n",
                    crate::t!(
                        "table-not-a-move",
                        column = *column,
                        message = message.as_str()
                    ),
                    " ".repeat(column.saturating_sub(1))
                )
            }
        };
        if let Answer::Legal { .. } = answer {
            if self.interactive {
                s.push('\n');
                s.push_str(&live.position(self.view));
            } else if live.to_move().is_none() {
                s.push_str(&live.position(self.view));
            }
        }
        self.say(&s);
    }

    /// Why a move may not be taken back on the names given, if it may not: outside the
    /// director's session it takes the agreement of the player whose move it is and of
    /// another player (GN-5, one seat never acts alone for the table): `undo ANNA BRUNO`.
    fn undo_refused(&self, agreed: &str) -> Option<String> {
        if self.view.all() {
            return None;
        }
        let last = self.live.history(self.view).pop()?;
        let players = self.live.players();
        let names: Vec<&str> = agreed
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let how = match players.iter().find(|p| **p != last.player) {
            Some(other) => crate::t!(
                "table-undo-two",
                number = last.number,
                player = last.player.as_str(),
                other = other.as_str()
            ),
            None => crate::t!(
                "table-undo-one",
                number = last.number,
                player = last.player.as_str()
            ),
        };
        if names.is_empty() {
            return Some(how);
        }
        if let Some(stranger) = names.iter().find(|n| !players.iter().any(|p| p == *n)) {
            return Some(crate::t!(
                "table-undo-stranger",
                name = *stranger,
                how = how
            ));
        }
        let mover = names.iter().any(|n| *n == last.player);
        let other = players.len() == 1 || names.iter().any(|n| *n != last.player);
        (!(mover && other)).then_some(how)
    }

    fn undo(&mut self, agreed: &str) -> Result<(), Error> {
        if let Some(why) = self.undo_refused(agreed) {
            if self.json {
                self.event("undo", json!({ "undone": null, "refused": why }));
            } else {
                self.say(&format!(
                    "{}\n",
                    crate::t!("table-not-taken-back", why = why)
                ));
            }
            return Ok(());
        }
        match self.live.undo(self.view) {
            None => {
                if self.json {
                    self.event("undo", json!({ "undone": null }));
                } else {
                    self.say(&format!("{}\n", crate::t!("table-nothing-to-undo")));
                }
            }
            Some(p) => {
                self.save()?;
                if self.json {
                    self.event("undo", json!({ "undone": p }));
                } else {
                    let mut s = format!(
                        "{}\n",
                        crate::t!("table-took-back", number = p.number, player = p.player.as_str(), move = p.notation.as_str())
                    );
                    if self.interactive {
                        s.push('\n');
                        s.push_str(&self.live.position(self.view));
                    }
                    self.say(&s);
                }
            }
        }
        Ok(())
    }

    fn redo(&mut self) -> Result<(), Error> {
        match self.live.redo(self.view) {
            None => {
                if self.json {
                    self.event("redo", json!({ "verdict": null }));
                } else {
                    self.say(&format!("{}\n", crate::t!("table-nothing-to-redo")));
                }
            }
            Some(answer) => {
                let recorded = matches!(answer, Answer::Legal { .. });
                if recorded {
                    self.save()?;
                }
                self.answered("redo", &answer, recorded);
                if recorded {
                    self.machine()?;
                }
            }
        }
        Ok(())
    }

    fn hint(&self) {
        let h = match self.live.hint(self.view) {
            Ok(h) => h,
            Err(why) => {
                if self.json {
                    self.event("hint", json!({ "refused": why }));
                } else {
                    self.say(&format!("{why}\n"));
                }
                return;
            }
        };
        if self.json {
            self.event("hint", serde_json::to_value(&h).unwrap_or(Value::Null));
            return;
        }
        if self.live.to_move().is_none() {
            self.say(&format!("{}\n", crate::t!("session-no-hint-over")));
            return;
        }
        let mut s = String::new();
        if let Some(b) = &h.best {
            s.push_str(&format!(
                "{}\n",
                crate::t!("table-hint-best", move = b.as_str())
            ));
        }
        if let Some(n) = &h.note {
            s.push_str(&format!(
                "{}\n",
                crate::t!("table-hint-no-best", note = n.as_str())
            ));
        }
        let more = h.count.saturating_sub(h.legal.len());
        s.push_str(&format!(
            "{}\n",
            crate::t!(
                "table-hint-list",
                lists = h.lists.as_str(),
                count = h.count,
                moves = format!(
                    "{}{}",
                    h.legal.join(", "),
                    if more > 0 {
                        format!(", {}", crate::t!("table-hint-more", count = more))
                    } else {
                        String::new()
                    }
                )
            )
        ));
        self.say(&s);
    }

    fn help(&self) {
        let forms = self.live.short_forms();
        if self.json {
            let forms: Vec<Value> = forms
                .iter()
                .map(|(f, m)| json!({"form": f, "means": crate::lang::message(m, None)}))
                .collect();
            self.event("help", json!({ "short_forms": forms }));
            return;
        }
        let mut s = format!("{}\n", crate::t!("table-help-head"));
        for (f, m) in forms {
            s.push_str(&format!("  {f:<22} {}\n", crate::lang::message(m, None)));
        }
        s.push_str(&format!("{}\n", crate::t!("table-help-commands")));
        self.say(&s);
    }

    fn history(&self) {
        let h = self.live.history(self.view);
        if self.json {
            self.event("moves", json!({ "history": h }));
            return;
        }
        let mut s = String::new();
        for p in &h {
            s.push_str(&format!(
                "{}. {}: {}: {}\n",
                p.number, p.player, p.notation, p.explanation
            ));
        }
        if let Some(scores) = self.live.scores() {
            let names = self.live.players();
            let parts: Vec<String> = names
                .iter()
                .zip(&scores)
                .map(|(n, x)| format!("{n} {x}"))
                .collect();
            s.push_str(&format!(
                "{}\n",
                crate::t!("table-scores", scores = parts.join(", "))
            ));
        }
        if h.is_empty() {
            s.push_str(&format!("{}\n", crate::t!("table-no-move-yet")));
        }
        self.say(&s);
    }

    fn save_as(&mut self, rest: &str) -> Result<(), Error> {
        let path = if rest.is_empty() {
            self.file.clone()
        } else {
            PathBuf::from(rest)
        };
        match write::atomic(&path, &self.live.record()) {
            Ok(()) => {
                if self.json {
                    self.event("save", json!({ "file": path.display().to_string() }));
                } else {
                    self.say(&format!(
                        "{}\n",
                        crate::t!("table-saved", file = path.display().to_string())
                    ));
                }
            }
            Err(e) => self.failed("save", &e),
        }
        Ok(())
    }

    fn show(&self, rest: &str) {
        let path = if rest.is_empty() {
            self.file.with_extension("png")
        } else {
            PathBuf::from(rest)
        };
        match draw(self.live.as_ref(), self.view, &path) {
            Ok(()) => {
                if self.json {
                    self.event("show", json!({ "file": path.display().to_string() }));
                } else {
                    self.say(&format!(
                        "{}\n",
                        crate::t!("table-drew", file = path.display().to_string())
                    ));
                }
            }
            Err(e) => self.failed("show", &e),
        }
    }

    /// A command that failed: said, and the session goes on.
    fn failed(&self, what: &str, e: &Error) {
        if self.json {
            self.event(what, out::error_json(e));
        } else {
            out::errln!("{}", e.render(out::stderr_colour()).trim_end());
        }
    }

    fn end(&mut self) -> Result<ExitCode, Error> {
        self.save()?;
        let over = self.live.to_move().is_none();
        if self.json {
            self.event(
                "end",
                json!({
                    "finished": over,
                    "result": self.live.result(),
                    "ended": self.live.ended(),
                    "file": self.file.display().to_string()
                }),
            );
        } else if over {
            self.say(&format!(
                "{}\n",
                crate::t!(
                    "table-over-end",
                    result = self
                        .live
                        .result()
                        .unwrap_or_else(|| crate::t!("session-over")),
                    count = self.live.moves(),
                    file = self.file.display().to_string()
                )
            ));
        } else {
            self.say(&format!(
                "{}\n",
                crate::t!(
                    "table-not-finished",
                    count = self.live.moves(),
                    file = self.file.display().to_string()
                )
            ));
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// The position drawn for `view` (GN-5) to `path` with the kit's art: PNG, SVG or PDF
/// by the file's extension.
fn draw(live: &dyn Live, view: View, path: &Path) -> Result<(), Error> {
    let shown = crate::show::live(live, view)?;
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let bytes = match ext.as_str() {
        "svg" => shown.svg.into_bytes(),
        "pdf" => crate::show::render::pdf(&shown.scene, shown.art)?,
        _ => crate::show::render::png(&shown.svg, 100.0)?,
    };
    if path.file_name().is_none() {
        return Err(Error::input(
            "cli.bad-path",
            format!("{} is not a file name", path.display()),
        ));
    }
    crate::output::write_atomic(path, &bytes).map_err(|e| Error::io("cli.write", path, &e))
}

/// What the marks of `game`'s position as text mean (Natura's premium squares, the fruits'
/// and suits' letters), one line; `None` for a game the catalogue has no legend for.
fn legend(game: &str) -> Option<String> {
    let l = crate::lang::message(&format!("table-legend-{game}"), None);
    (!l.starts_with('[')).then(|| format!("{} {l}\n", crate::t!("table-legend-head")))
}

#[cfg(test)]
mod tests {
    use super::legend;

    /// Issue 47: each board's marks in words at the table, in the reader's language; the
    /// catalogue names every game's (NS-1's premium squares for Natura).
    #[test]
    fn every_game_s_marks_have_a_legend() {
        let natura = legend("natura").expect("Natura's legend");
        for mark in [
            "= triple word",
            "- double word",
            "\" triple letter",
            "' double letter",
        ] {
            assert!(natura.contains(mark), "{natura}");
        }
        for game in [
            "moon",
            "quincunx",
            "farfalia",
            "scalafrutta",
            "domino",
            "muro",
            "mosaico",
        ] {
            assert!(legend(game).is_some(), "{game}");
        }
        assert_eq!(legend("no-such-game"), None);
    }
}
