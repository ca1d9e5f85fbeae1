//! GCG, the standard Scrabble record format (NS-6): read (UTF-8 or Latin-1, as the
//! `#character-encoding` pragma says) and written; [`super::gcg_replay`] referees a game read
//! (NS-8), with a tile set given as data.
//!
//! Pure: the adapter brings the bytes and turns a [`GcgError`] (line and column, 1-based) into
//! the crate's error. Events: a play `>nick: RACK 8H WORD +14 14` (row first: across; column
//! first: down; `.` a letter on the board; lower case a blank), a pass `-`, an exchange `-EQ`
//! or `-7`, a withdrawn phony `--`, a challenge bonus `(challenge)`, a time penalty `(time)`,
//! end-rack points `(RACK) +N` and an end-rack penalty `RACK (RACK) -N`.

use std::fmt::Write as _;

use super::board::{Dir, Square};

/// A malformed file or a move that does not replay: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcgError {
    pub code: &'static str,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// Something read but not understood, kept and reported (an unknown pragma).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub line: usize,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub nick: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Play {
        at: Square,
        dir: Dir,
        word: String,
    },
    Pass,
    /// The tiles given back, or only how many (`-7`).
    Exchange(String),
    ExchangeCount(u32),
    /// The previous play withdrawn after a challenge (`--`).
    Withdrawn,
    /// Points for a challenge of a valid play (`(challenge)`).
    ChallengeBonus,
    /// Points for an opponent's tiles left at the end (`(RACK)`).
    EndRack(String),
    /// One's own tiles left at the end (`RACK (RACK)`, negative).
    RackPenalty(String),
    /// A time penalty (`(time)`).
    Time,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Index into [`Gcg::players`].
    pub player: usize,
    /// The rack as written (may be empty or partial).
    pub rack: String,
    pub action: Action,
    pub score: i32,
    pub cumulative: i32,
    /// `#note` lines after the event.
    pub notes: Vec<String>,
}

/// A GCG game: the players, the other pragmas in order, the events.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Gcg {
    pub players: Vec<Player>,
    /// Pragmas other than `#player`, `#note` and `#character-encoding`, as (name, text).
    pub pragmas: Vec<(String, String)>,
    pub events: Vec<Event>,
    /// Notes before the first event.
    pub notes: Vec<String>,
}

/// A read file: the game, each event's line, each pragma's line, and the warnings.
#[derive(Debug, Clone)]
pub struct Read {
    pub gcg: Gcg,
    pub lines: Vec<usize>,
    /// The line of each of [`Gcg::pragmas`].
    pub pragma_lines: Vec<usize>,
    pub warnings: Vec<Warning>,
}

impl Read {
    /// The line of a pragma, if the file has it.
    pub fn pragma_line(&self, name: &str) -> Option<usize> {
        let i = self
            .gcg
            .pragmas
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))?;
        self.pragma_lines.get(i).copied()
    }
}

/// The `#game-type` of a duplicate game.
pub const DUPLICATE: &str = "duplicate";

const KNOWN: &[&str] = &[
    "title",
    "description",
    "id",
    "lexicon",
    "game-type",
    "tile-set",
    "tile-distribution",
    "board-layout",
    "incomplete",
    "tournament-name",
    "rack1",
    "rack2",
    "rack3",
    "rack4",
    "rack5",
    "rack6",
];

impl Gcg {
    /// The value of a pragma (`lexicon`, `title`, ...), its name in any case.
    pub fn pragma(&self, name: &str) -> Option<&str> {
        self.pragmas
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// A duplicate game (`#game-type duplicate`): one player, the top of each round.
    pub fn is_duplicate(&self) -> bool {
        self.pragma("game-type")
            .is_some_and(|t| t.eq_ignore_ascii_case(DUPLICATE))
    }
}

fn err(code: &'static str, line: usize, col: usize, message: impl Into<String>) -> GcgError {
    GcgError {
        code,
        line,
        col,
        message: message.into(),
    }
}

/// The bytes with every line ending made `\n`: a file may end its lines with LF, CRLF or a
/// lone CR (as old Mac editors wrote). A CR byte is never part of a UTF-8 or Latin-1
/// character, so this is safe before decoding.
fn unify_line_endings(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if !bytes.contains(&b'\r') {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' => {
                out.push(b'\n');
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    std::borrow::Cow::Owned(out)
}

/// Decode the file: UTF-8 when the first line declares it (or nothing is declared and the
/// bytes are UTF-8), Latin-1 when it declares ISO-8859-1 or the bytes are not UTF-8. Lines
/// may end with LF, CRLF or CR; the text returned ends them with LF.
pub fn decode(bytes: &[u8]) -> Result<String, GcgError> {
    let bytes = unify_line_endings(bytes);
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let first_raw = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let first = String::from_utf8_lossy(first_raw)
        .trim()
        .to_ascii_lowercase();
    let declared = first.strip_prefix("#character-encoding").map(str::trim);
    let latin1 = |b: &[u8]| b.iter().map(|&c| c as char).collect::<String>();
    match declared {
        Some("utf-8" | "utf8") => String::from_utf8(bytes.to_vec()).map_err(|e| {
            let upto = &bytes[..e.utf8_error().valid_up_to()];
            let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
            let col = upto.len() - upto.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
            err(
                "gcg.encoding",
                line,
                col,
                "the file declares UTF-8 but is not",
            )
        }),
        Some("iso-8859-1" | "latin-1" | "latin1") => Ok(latin1(bytes)),
        Some(other) => Err(err(
            "gcg.encoding",
            1,
            encoding_column(first_raw),
            format!("unknown character encoding `{other}` (UTF-8 or ISO-8859-1)"),
        )),
        None => Ok(String::from_utf8(bytes.to_vec()).unwrap_or_else(|_| latin1(bytes))),
    }
}

/// The column of the encoding's name on the pragma line (after the pragma and its spaces;
/// at the line's end when no name is given).
fn encoding_column(line: &[u8]) -> usize {
    let text: String = line.iter().map(|&c| c as char).collect();
    let text = text.trim_end_matches('\r');
    let lead = text.len() - text.trim_start().len();
    let after = (lead + "#character-encoding".len()).min(text.len());
    let rest = text.get(after..).unwrap_or("");
    let gap = rest.len() - rest.trim_start().len();
    text.get(..after + gap).map_or(1, |t| t.chars().count() + 1)
}

/// Read a GCG file from its bytes.
pub fn read(bytes: &[u8]) -> Result<Read, GcgError> {
    parse(&decode(bytes)?)
}

fn is_coord(s: &str) -> bool {
    coord(s).is_some()
}

/// `8H` (row first) is across, `H8` (column first) down: GCG's order, which the table
/// reads too (a move typed `8H CASA`).
pub(super) fn coord(s: &str) -> Option<(Square, Dir)> {
    let b = s.as_bytes();
    // A coordinate is ASCII; a multi-byte first character is none (and `&s[..1]` would cut it).
    if b.is_empty() || !b[0].is_ascii() {
        return None;
    }
    let (dir, col, row) = if b[0].is_ascii_digit() {
        let split = s.find(|c: char| !c.is_ascii_digit())?;
        (Dir::Across, &s[split..], &s[..split])
    } else {
        (Dir::Down, &s[..1], &s[1..])
    };
    if col.len() != 1 || !col.as_bytes()[0].is_ascii_alphabetic() {
        return None;
    }
    let row: usize = row.parse().ok().filter(|&r| r >= 1)?;
    let c = usize::from(col.as_bytes()[0].to_ascii_uppercase() - b'A');
    Square::new(row - 1, c).map(|sq| (sq, dir))
}

pub(super) fn coord_text(at: Square, dir: Dir) -> String {
    let col = (b'A' + at.col as u8) as char;
    match dir {
        Dir::Across => format!("{}{col}", at.row + 1),
        Dir::Down => format!("{col}{}", at.row + 1),
    }
}

/// The column (1-based, in characters) where `token` starts in `line`, searching from `from`.
fn col_of(line: &str, token: &str, from: usize) -> usize {
    let start = line
        .char_indices()
        .skip(from)
        .map(|(i, _)| i)
        .find(|&i| line[i..].starts_with(token))
        .unwrap_or(0);
    line[..start].chars().count() + 1
}

/// Parse decoded text.
pub fn parse(text: &str) -> Result<Read, GcgError> {
    let mut gcg = Gcg::default();
    let mut lines = Vec::new();
    let mut pragma_lines = Vec::new();
    let mut warnings = Vec::new();
    let mut in_note = false;
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() {
            in_note = false;
            continue;
        }
        if let Some(p) = line.strip_prefix('#') {
            in_note = false;
            let (name, value) = p.split_once(char::is_whitespace).unwrap_or((p, ""));
            let value = value.trim().to_string();
            let name_l = name.to_ascii_lowercase();
            if let Some(n) = name_l.strip_prefix("player") {
                let Some(n) = n.parse::<usize>().ok().filter(|n| (1..=6).contains(n)) else {
                    return Err(err(
                        "gcg.player",
                        ln,
                        2,
                        format!("`#{name}`: players are #player1 to #player6"),
                    ));
                };
                let (nick, full) = value
                    .split_once(char::is_whitespace)
                    .unwrap_or((&value, ""));
                if nick.is_empty() {
                    return Err(err(
                        "gcg.player",
                        ln,
                        name.len() + 2,
                        "a #player line needs a nickname",
                    ));
                }
                if let Some(c) = crate::names::unsafe_char(&value) {
                    return Err(err(
                        "gcg.player",
                        ln,
                        name.len() + 2,
                        crate::names::refusal("a #player line's name", &value, c),
                    ));
                }
                if n != gcg.players.len() + 1 {
                    return Err(err(
                        "gcg.player",
                        ln,
                        2,
                        format!("#player{n} comes after #player{}", gcg.players.len()),
                    ));
                }
                gcg.players.push(Player {
                    nick: nick.to_string(),
                    name: full.trim().to_string(),
                });
            } else if name_l == "note" {
                match gcg.events.last_mut() {
                    Some(e) => e.notes.push(value),
                    None => gcg.notes.push(value),
                }
                in_note = true;
            } else if name_l == "character-encoding" {
                if ln != 1 {
                    warnings.push(Warning {
                        line: ln,
                        message: "#character-encoding counts only on the first line".into(),
                    });
                }
            } else {
                if !KNOWN.contains(&name_l.as_str()) {
                    warnings.push(Warning {
                        line: ln,
                        message: format!("unknown pragma `#{name}` kept but not used"),
                    });
                }
                gcg.pragmas.push((name.to_string(), value));
                pragma_lines.push(ln);
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix('>') {
            in_note = false;
            let event = parse_event(&mut gcg, line, rest, ln)?;
            gcg.events.push(event);
            lines.push(ln);
            continue;
        }
        if in_note {
            let note = line.trim().to_string();
            match gcg.events.last_mut() {
                Some(e) => e.notes.last_mut().map(|n| {
                    n.push('\n');
                    n.push_str(&note)
                }),
                None => gcg.notes.last_mut().map(|n| {
                    n.push('\n');
                    n.push_str(&note)
                }),
            };
            continue;
        }
        return Err(err(
            "gcg.line",
            ln,
            1,
            "a GCG line starts with `#` (a pragma) or `>` (an event)",
        ));
    }
    // A duplicate game (`#game-type duplicate`, as `tavolo duplicate deal` writes it) has
    // one player, the top.
    let fewest = if gcg.is_duplicate() { 1 } else { 2 };
    if !(fewest..=6).contains(&gcg.players.len()) {
        return Err(err(
            "gcg.players",
            1,
            1,
            format!(
                "GCG here takes {fewest} to 6 players (#player1...), found {}",
                gcg.players.len()
            ),
        ));
    }
    Ok(Read {
        gcg,
        lines,
        pragma_lines,
        warnings,
    })
}

fn parse_event(gcg: &mut Gcg, line: &str, rest: &str, ln: usize) -> Result<Event, GcgError> {
    let Some((nick, body)) = rest.split_once(':') else {
        return Err(err("gcg.event", ln, 2, "an event is `>nick: ...`"));
    };
    let player = match gcg.players.iter().position(|p| p.nick == nick.trim()) {
        Some(p) => p,
        None => {
            return Err(err(
                "gcg.nick",
                ln,
                2,
                format!("`{}` is no #player's nickname", nick.trim()),
            ))
        }
    };
    let from = nick.chars().count() + 2;
    let tokens: Vec<&str> = body.split_whitespace().collect();
    if tokens.len() < 3 {
        return Err(err(
            "gcg.event",
            ln,
            from,
            "an event ends with a score and a cumulative score",
        ));
    }
    let num = |t: &str| -> Result<i32, GcgError> {
        t.parse::<i32>().map_err(|_| {
            err(
                "gcg.score",
                ln,
                col_of(line, t, from),
                format!("`{t}` is not a score"),
            )
        })
    };
    let n = tokens.len();
    let score = num(tokens[n - 2])?;
    let cumulative = num(tokens[n - 1])?;
    let head = &tokens[..n - 2];
    let col = |t: &str| col_of(line, t, from);
    let paren = |t: &str| {
        t.strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .map(str::to_string)
    };
    let action_of = |t: &str| -> Result<Action, GcgError> {
        Ok(match t {
            "-" => Action::Pass,
            "--" => Action::Withdrawn,
            "(challenge)" => Action::ChallengeBonus,
            "(time)" => Action::Time,
            t if t.starts_with('-') => match t[1..].parse::<u32>() {
                Ok(k) => Action::ExchangeCount(k),
                Err(_) => Action::Exchange(t[1..].to_string()),
            },
            t => match paren(t) {
                Some(r) => Action::EndRack(r),
                None => {
                    return Err(err(
                        "gcg.event",
                        ln,
                        col(t),
                        format!("`{t}` is no GCG move"),
                    ))
                }
            },
        })
    };
    let (rack, action) = match head {
        [a] => (String::new(), action_of(a)?),
        [pos, word] if is_coord(pos) && !word.starts_with(['(', '-']) => {
            let (at, dir) = coord(pos).expect("checked");
            (
                String::new(),
                Action::Play {
                    at,
                    dir,
                    word: word.to_string(),
                },
            )
        }
        [rack, a] => {
            let action = match action_of(a)? {
                Action::EndRack(r) => Action::RackPenalty(r),
                other => other,
            };
            (rack.to_string(), action)
        }
        [rack, pos, word] => {
            let (at, dir) = coord(pos).ok_or_else(|| {
                err(
                    "gcg.coordinate",
                    ln,
                    col(pos),
                    format!("`{pos}` is not a square on the board (8H across, H8 down)"),
                )
            })?;
            (
                rack.to_string(),
                Action::Play {
                    at,
                    dir,
                    word: word.to_string(),
                },
            )
        }
        _ => {
            return Err(err(
                "gcg.event",
                ln,
                from,
                "too many fields for a GCG event",
            ))
        }
    };
    Ok(Event {
        player,
        rack,
        action,
        score,
        cumulative,
        notes: Vec::new(),
    })
}

/// Write a game as GCG (UTF-8, declared on the first line).
pub fn write(gcg: &Gcg) -> String {
    let mut out = String::from("#character-encoding UTF-8\n");
    for (i, p) in gcg.players.iter().enumerate() {
        let _ = writeln!(out, "#player{} {} {}", i + 1, p.nick, p.name);
    }
    for (n, v) in &gcg.pragmas {
        let _ = writeln!(out, "#{n} {v}");
    }
    for note in &gcg.notes {
        write_note(&mut out, note);
    }
    for e in &gcg.events {
        let action = match &e.action {
            Action::Play { at, dir, word } => format!("{} {word}", coord_text(*at, *dir)),
            Action::Pass => "-".into(),
            Action::Exchange(t) => format!("-{t}"),
            Action::ExchangeCount(k) => format!("-{k}"),
            Action::Withdrawn => "--".into(),
            Action::ChallengeBonus => "(challenge)".into(),
            Action::Time => "(time)".into(),
            Action::EndRack(r) | Action::RackPenalty(r) => format!("({r})"),
        };
        let _ = writeln!(
            out,
            ">{}: {} {action} {:+} {}",
            gcg.players[e.player].nick, e.rack, e.score, e.cumulative
        );
        for note in &e.notes {
            write_note(&mut out, note);
        }
    }
    out
}

/// A note over one or more lines. A continuation line is written indented: one that
/// begins with `#` or `>` (a note may hold such a line when it was indented in the file
/// read) would otherwise read back as a pragma or an event.
fn write_note(out: &mut String, note: &str) {
    let mut lines = note.split('\n');
    let _ = writeln!(out, "#note {}", lines.next().unwrap_or(""));
    for line in lines {
        let _ = writeln!(out, " {line}");
    }
}

/// Latin-1 bytes of a text, or `None` when a character has no Latin-1 code.
pub fn encode_latin1(text: &str) -> Option<Vec<u8>> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect()
}

pub use super::gcg_replay::{replay, EndRule, Over, Replayed, Scoring};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::natura::layout::TileSet;
    use std::path::PathBuf;

    /// The real games of `../shared/gcg/` (see its README: read there, never copied here).
    fn shared(name: &str) -> Option<Vec<u8>> {
        let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let dirs = [
            manifest.join("../shared/gcg"),
            manifest.join("../../shared/gcg"),
            PathBuf::from("/work/shared/gcg"),
        ];
        let found = dirs.iter().find_map(|d| std::fs::read(d.join(name)).ok());
        if found.is_none() {
            eprintln!("note: {name} not found beside the repository; GCG replay test skipped");
        }
        found
    }

    fn english() -> Scoring {
        Scoring::standard(TileSet::english())
    }

    fn replays(name: &str, scoring: &Scoring, events: usize, finals: &[i32]) {
        let Some(bytes) = shared(name) else { return };
        let r = read(&bytes).unwrap();
        assert_eq!(r.gcg.events.len(), events, "{name}");
        let (_, replayed) = replay(&r, scoring).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let mut last = vec![0; r.gcg.players.len()];
        for (e, x) in r.gcg.events.iter().zip(&replayed) {
            last[e.player] = x.cumulative;
        }
        assert_eq!(last, finals, "{name}");
        // Round trip: read, write, read gives the same game.
        let again = read(write(&r.gcg).as_bytes()).unwrap();
        assert_eq!(again.gcg, r.gcg, "{name}");
        assert!(replay(&again, scoring).is_ok());
    }

    /// NS-6: a Woogles game (English, NWL23) with exchanges, a pass, end-rack points and a
    /// time penalty replays with every cumulative score matching.
    #[test]
    fn ns6_woogles_game_replays() {
        replays("woogles_kYmDwcfkbY_NWL23.gcg", &english(), 32, &[422, 443]);
    }

    /// NS-6: challenge bonuses (also after the last play) and notes.
    #[test]
    fn ns6_vs_frentz_replays() {
        replays("vs_frentz.gcg", &english(), 25, &[439, 550]);
    }

    /// NS-6: a Polish game (UTF-8 letters, blanks in lower case, withdrawn phonies `--`).
    #[test]
    fn ns6_polish_game_replays() {
        let polish = Scoring {
            set: TileSet::polish(),
            ..english()
        };
        replays("polish_endgame.gcg", &polish, 53, &[316, 323]);
    }

    /// A wrong score is found with both numbers, at its line.
    #[test]
    fn a_wrong_score_is_flagged() {
        let text = "#player1 a A\n#player2 b B\n>a: CANTORE 8H CANTORE +75 75\n";
        let e = replay(&parse(text).unwrap(), &Scoring::natura()).unwrap_err();
        assert_eq!((e.code, e.line), ("gcg.score", 3));
        assert!(
            e.message.contains("+75") && e.message.contains("+76"),
            "{}",
            e.message
        );
        let ok = "#player1 a A\n#player2 b B\n>a: CANTORE 8H CANTORE +76 76\n";
        assert!(replay(&parse(ok).unwrap(), &Scoring::natura()).is_ok());
    }

    /// NS-6: six players, Latin-1, end-rack lines read (the player out gains each rack, each
    /// rack's owner loses it), an unknown pragma read with a warning. NS-8: replayed, the
    /// six-tile CANTOR is no whole rack (each player holds seven), so no bonus, and end-rack
    /// lines while the game goes on are refused.
    #[test]
    fn ns6_six_players_latin1_and_ns4_end_lines() {
        let text = "#character-encoding ISO-8859-1\n#player1 a Andrea\n#player2 b B\n#player3 c C\n#player4 d D\n#player5 e E\n#player6 f Niccol\u{f2}\n#title Partita\n#lexicon hunspell-it\n#x-custom whatever\n\
>a: CANTOR 8H CANTOR +24 24\n>b: QE (QE) -11 -11\n>a: (QE) +11 35\n";
        let bytes = encode_latin1(text).unwrap();
        assert!(std::str::from_utf8(&bytes).is_err(), "really Latin-1");
        let r = read(&bytes).unwrap();
        assert_eq!(r.gcg.players.len(), 6);
        assert_eq!(r.gcg.players[5].name, "Niccol\u{f2}");
        assert_eq!(r.gcg.pragma("lexicon"), Some("hunspell-it"));
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].line, 10);
        assert_eq!(r.gcg.events[1].action, Action::RackPenalty("QE".into()));
        assert_eq!(r.gcg.events[2].action, Action::EndRack("QE".into()));
        let e = replay(&r, &Scoring::natura()).unwrap_err();
        assert_eq!((e.code, e.line), ("gcg.end-rack", 12), "{e:?}");
        assert_eq!(read(write(&r.gcg).as_bytes()).unwrap().gcg, r.gcg);
    }

    /// NS-6: a file's lines may end with LF, CRLF or a lone CR (old Mac editors): the real
    /// games read to the same game, at the same lines, whichever they use.
    #[test]
    fn ns6_lf_crlf_and_cr_line_endings_read_alike() {
        let Some(bytes) = shared("woogles_kYmDwcfkbY_NWL23.gcg") else {
            return;
        };
        let lf: Vec<u8> = bytes.iter().copied().filter(|&b| b != b'\r').collect();
        let want = read(&lf).unwrap();
        for ending in [&b"\r\n"[..], b"\r"] {
            let other: Vec<u8> = lf.split(|&b| b == b'\n').collect::<Vec<_>>().join(ending);
            let got = read(&other).unwrap_or_else(|e| panic!("{ending:?}: {e:?}"));
            assert_eq!(got.gcg, want.gcg, "{ending:?}");
            assert_eq!(got.lines, want.lines, "{ending:?}");
        }
        // A lone CR inside a line of an Italian game: two lines, the second an event.
        let r = read(b"#player1 a A\r#player2 b B\r\n>a: CANTORE 8H CANTORE +76 76\r").unwrap();
        assert_eq!((r.gcg.players.len(), r.lines.clone()), (2, vec![3]));
    }

    /// A play that does not fit the board says why in words, the square written as the
    /// records write it (`E7`), never the engine's debug form.
    #[test]
    fn a_bad_placement_names_its_square() {
        let text =
            "#player1 a A\n#player2 b B\n>a: CANTORE 8H CANTORE +76 76\n>b: ASTE 7E .S +2 2\n";
        let e = replay(&parse(text).unwrap(), &Scoring::natura()).unwrap_err();
        assert_eq!((e.code, e.line), ("gcg.placement", 4), "{e:?}");
        assert_eq!(
            e.message,
            "the play 7E does not fit the board: `.` is written for E7, which is empty"
        );
    }

    #[test]
    fn malformed_lines_have_line_and_column() {
        let base = "#player1 a A\n#player2 b B\n";
        for (line, code, col) in [
            (">a: CANTORE 8H CANTORE +76 x6", "gcg.score", 28),
            (">z: CANTORE 8H CANTORE +76 76", "gcg.nick", 2),
            (">a: CANTORE 8Q CANTORE +76 76", "gcg.coordinate", 13),
            (">a: CANTORE 16H CANTORE +76 76", "gcg.coordinate", 13),
            ("hello", "gcg.line", 1),
            (">a: CANTORE +76", "gcg.event", 3),
        ] {
            let e = parse(&format!("{base}{line}\n")).unwrap_err();
            assert_eq!((e.code, e.line, e.col), (code, 3, col), "{line}");
        }
        assert_eq!(parse("#player1 a A\n").unwrap_err().code, "gcg.players");
        let bad_utf8 = b"#character-encoding UTF-8\n#player1 a \xF2\n";
        let e = read(bad_utf8).unwrap_err();
        assert_eq!((e.code, e.line, e.col), ("gcg.encoding", 2, 12));
    }
}
