//! A dealt board as one line, for the games without a hand-made one-line
//! form (`tavolo deal --format line`): the deal's JSON flattened into
//! `path:value` fields separated by single spaces, in the JSON's order.
//!
//! - A path is the object keys (and, for a list of objects, the item's number
//!   from 1) joined by `.`: `hands.P1`, `round.2.grid.a1`.
//! - A value is a piece or a list of pieces joined by `,`; a list whose items
//!   are themselves groups (a row `C1 F1 F2`) joins the items by `/` and each
//!   item's pieces by `,`: `C1,F1,F2/P6,P2,M5`.
//! - Spaces in a key become `_`; an empty or null value is `-`.
//!
//! Every piece the JSON holds is written once, so the line is the deal.

use serde_json::Value;

pub mod skeleton;

use crate::deal::Boards;
#[cfg(test)]
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::fruit;

/// `deal` (a game's deal JSON) as one line, without the newline.
pub fn flat(deal: &Value) -> String {
    let mut out = String::with_capacity(256);
    fields(&mut String::new(), deal, &mut out);
    out
}

fn fields(path: &mut String, v: &Value, out: &mut String) {
    let nested = |items: &[Value]| items.iter().any(|i| i.is_object() || i.is_array());
    match v {
        Value::Object(map) => {
            for (k, item) in map {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.extend(k.chars().map(|c| if c.is_whitespace() { '_' } else { c }));
                fields(path, item, out);
                path.truncate(len);
            }
        }
        Value::Array(items) if nested(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&(i + 1).to_string());
                fields(path, item, out);
                path.truncate(len);
            }
        }
        _ => {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(path);
            out.push(':');
            let start = out.len();
            value(v, out);
            if out.len() == start {
                out.push('-');
            }
        }
    }
}

/// A leaf or a list of leaves.
fn value(v: &Value, out: &mut String) {
    match v {
        Value::Null => {}
        Value::String(s) => pieces(s, out),
        Value::Array(items) => {
            let grouped = items.iter().any(|i| {
                i.as_str()
                    .is_some_and(|s| s.split_whitespace().nth(1).is_some())
            });
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(if grouped { '/' } else { ',' });
                }
                value(item, out);
            }
        }
        other => out.push_str(&other.to_string()),
    }
}

/// A string's pieces (separated by whitespace) joined by `,`.
fn pieces(s: &str, out: &mut String) {
    for (i, p) in s.split_whitespace().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(p);
    }
}

/// A piece of a deal as a line and a JSON string write it: its code's
/// bytes, the same as its `Display`, written without `std::fmt` (which cost
/// a quarter of a board's time). A code is ASCII letters and digits, which
/// JSON writes as they are.
pub trait Piece {
    fn put(&self, out: &mut Vec<u8>);
}

impl<T: Piece + ?Sized> Piece for &T {
    fn put(&self, out: &mut Vec<u8>) {
        (**self).put(out);
    }
}

impl Piece for str {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.as_bytes());
    }
}

impl Piece for String {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.as_bytes());
    }
}

impl Piece for [u8] {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self);
    }
}

/// A piece's bytes made once (at most 16), written as one fixed-size copy
/// (a call to `memcpy` for each short piece was a seventh of Quincunx's time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    bytes: [u8; 16],
    len: u8,
}

impl Code {
    /// `piece`'s bytes, or `None` for a piece of more than 16.
    pub fn of(piece: impl Piece) -> Option<Code> {
        let mut v = Vec::new();
        piece.put(&mut v);
        let mut bytes = [0u8; 16];
        bytes.get_mut(..v.len())?.copy_from_slice(&v);
        Some(Code {
            bytes,
            len: v.len() as u8,
        })
    }

    /// Each piece's code, in order; `None` if one is longer than 16 bytes.
    pub fn table<P: Piece>(pieces: impl IntoIterator<Item = P>) -> Option<Vec<Code>> {
        pieces.into_iter().map(Code::of).collect()
    }
}

impl Piece for Code {
    #[inline]
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.bytes);
        out.truncate(out.len() - 16 + usize::from(self.len));
    }
}

/// The set bits of `mask`, lowest first: a set of pieces by canonical index
/// (as a game's `TileSet` iterates its tiles).
#[inline]
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// Writes board `b` of a batch as its line (with the newline) into a buffer.
pub type Writer = Box<dyn Fn(u32, &mut Vec<u8>) -> Result<(), Error> + Send + Sync>;

/// The two forms a batch of boards is written in, one line a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `--format line`: the deal's JSON flattened ([`flat`]).
    Line,
    /// `--format jsonl`: the object `tavolo deal --format json` prints of the
    /// board, compact, with `"file":null`.
    Jsonl,
}

/// One board's deal written field by field in either [`Form`]: a game's
/// writer says what the deal holds once, and gets both.
pub struct Fields<'a> {
    out: &'a mut Vec<u8>,
    form: Form,
    /// Line: the path so far (`hands.`); JSON: unused.
    path: Vec<u8>,
    /// Per open object, a bit (the innermost lowest): whether no field was
    /// written in it yet (a line has one object: its fields are all on the
    /// line). Bits, not a `Vec`: an allocation a board cost a few percent,
    /// and deals nest objects a few deep, far from 64.
    first: u64,
}

impl<'a> Fields<'a> {
    fn new(out: &'a mut Vec<u8>, form: Form) -> Fields<'a> {
        if form == Form::Jsonl {
            out.push(b'{');
        }
        Fields {
            out,
            form,
            // Paths are short (`round.12.hands.`): one allocation a board.
            path: Vec::with_capacity(64),
            first: 1,
        }
    }

    /// Whether no field was written yet in the innermost open object; from
    /// now on one is.
    #[inline]
    fn take_first(&mut self) -> bool {
        let first = self.first & 1 == 1;
        self.first &= !1;
        first
    }

    /// Start a field named `key` (a separator, then its path or JSON key).
    fn key(&mut self, key: &str) {
        let first = self.take_first();
        match self.form {
            Form::Line => {
                if !first {
                    self.out.push(b' ');
                }
                self.out.extend_from_slice(&self.path);
                push_key(self.out, key);
                self.out.push(b':');
            }
            Form::Jsonl => {
                if !first {
                    self.out.push(b',');
                }
                json_string(self.out, key);
                self.out.push(b':');
            }
        }
    }

    /// An object named `key`, its fields written by `inner`.
    pub fn object(&mut self, key: &str, inner: impl FnOnce(&mut Self)) {
        match self.form {
            Form::Line => {
                let len = self.path.len();
                push_key(&mut self.path, key);
                self.path.push(b'.');
                inner(self);
                self.path.truncate(len);
            }
            Form::Jsonl => {
                self.key(key);
                self.out.push(b'{');
                self.first = self.first << 1 | 1;
                inner(self);
                self.first >>= 1;
                self.out.push(b'}');
            }
        }
    }

    /// A list of objects named `key` (a JSON array of objects: `round.1.`,
    /// `round.2.` on a line), `count` of them, the `i`-th written by `inner`.
    pub fn objects(&mut self, key: &str, count: usize, mut inner: impl FnMut(&mut Self, usize)) {
        match self.form {
            Form::Line if count == 0 => {
                self.key(key);
                self.out.push(b'-');
            }
            Form::Line => {
                let len = self.path.len();
                for i in 0..count {
                    push_key(&mut self.path, key);
                    self.path.push(b'.');
                    number(&mut self.path, i as u64 + 1);
                    self.path.push(b'.');
                    inner(self, i);
                    self.path.truncate(len);
                }
            }
            Form::Jsonl => {
                self.key(key);
                self.out.push(b'[');
                for i in 0..count {
                    if i > 0 {
                        self.out.push(b',');
                    }
                    self.out.push(b'{');
                    self.first = self.first << 1 | 1;
                    inner(self, i);
                    self.first >>= 1;
                    self.out.push(b'}');
                }
                self.out.push(b']');
            }
        }
    }

    /// A text that may hold spaces, such as a player's name (a JSON string;
    /// on a line its words joined by `,`, as [`flat`] writes a string).
    pub fn text(&mut self, key: &str, text: &str) {
        self.key(key);
        match self.form {
            Form::Line => {
                let start = self.out.len();
                for (i, word) in text.split_whitespace().enumerate() {
                    if i > 0 {
                        self.out.push(b',');
                    }
                    self.out.extend_from_slice(word.as_bytes());
                }
                if self.out.len() == start {
                    self.out.push(b'-');
                }
            }
            Form::Jsonl => json_string(self.out, text),
        }
    }

    /// Any serialisable value as its JSON (on a line flattened as [`flat`]
    /// flattens it): for the parts of a deal that are rare or the same on
    /// every board.
    pub fn serialized(&mut self, key: &str, value: &impl serde::Serialize) {
        match self.form {
            Form::Line => {
                let value = serde_json::to_value(value).unwrap_or_default();
                let mut path = String::from_utf8_lossy(&self.path).into_owned();
                path.extend(key.chars().map(|c| if c.is_whitespace() { '_' } else { c }));
                let mut line = String::new();
                fields(&mut path, &value, &mut line);
                if line.is_empty() {
                    return;
                }
                if !self.take_first() {
                    self.out.push(b' ');
                }
                self.out.extend_from_slice(line.as_bytes());
            }
            Form::Jsonl => {
                self.key(key);
                // Writing into a Vec cannot fail.
                let _ = serde_json::to_writer(&mut *self.out, value);
            }
        }
    }

    /// A piece (a JSON string).
    pub fn piece(&mut self, key: &str, piece: impl Piece) {
        self.key(key);
        match self.form {
            Form::Line => piece.put(self.out),
            Form::Jsonl => {
                self.out.push(b'"');
                piece.put(self.out);
                self.out.push(b'"');
            }
        }
    }

    /// A list of pieces (a JSON array of strings).
    pub fn pieces<T: Piece>(&mut self, key: &str, items: impl Iterator<Item = T>) {
        self.key(key);
        match self.form {
            Form::Line => list(self.out, items),
            Form::Jsonl => {
                self.out.push(b'[');
                for (i, t) in items.enumerate() {
                    if i > 0 {
                        self.out.push(b',');
                    }
                    self.out.push(b'"');
                    t.put(self.out);
                    self.out.push(b'"');
                }
                self.out.push(b']');
            }
        }
    }

    /// A list of groups of pieces (a JSON array of strings, each a group's
    /// pieces separated by spaces).
    pub fn groups<G, T>(&mut self, key: &str, groups: impl Iterator<Item = G>)
    where
        G: IntoIterator<Item = T>,
        T: Piece,
    {
        self.key(key);
        if self.form == Form::Jsonl {
            self.out.push(b'[');
        }
        for (g, group) in groups.enumerate() {
            match self.form {
                Form::Line if g > 0 => self.out.push(b'/'),
                Form::Jsonl if g > 0 => self.out.push(b','),
                _ => {}
            }
            let (sep, quote) = match self.form {
                Form::Line => (b',', false),
                Form::Jsonl => (b' ', true),
            };
            if quote {
                self.out.push(b'"');
            }
            for (i, t) in group.into_iter().enumerate() {
                if i > 0 {
                    self.out.push(sep);
                }
                t.put(self.out);
            }
            if quote {
                self.out.push(b'"');
            }
        }
        if self.form == Form::Jsonl {
            self.out.push(b']');
        }
    }

    fn finish(self) {
        if self.form == Form::Jsonl {
            self.out.push(b'}');
        }
    }
}

/// `n` in decimal, without `std::fmt` (a round's number and a board's were a
/// twentieth of Quincunx's time through it).
pub fn number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(crate::decimal::digits(n, &mut [0; 20]));
}

/// `s` as a JSON string.
fn json_string(out: &mut Vec<u8>, s: &str) {
    // Most keys (names, cells) need no escape: copied between quotes, as
    // serde_json writes them (its escaping was an eighth of Farfalia's time).
    if s.bytes()
        .all(|b| b >= 0x20 && b != b'"' && b != b'\\' && b != 0x7f)
    {
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
        return;
    }
    // Writing into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, s);
}

/// A board's deal, written field by field.
pub type Deal = dyn Fn(u32, &mut Fields) -> Result<(), Error> + Send + Sync;

/// For batches of many boards (`tavolo deal --boards A..B --format line` or
/// `jsonl`): a writer that writes each board straight from the game's setup,
/// without building the deal's JSON, text and TOML: the same bytes as
/// [`flat`] of its deal's JSON, or as the deal's JSON object. `None`: the
/// game has none (its boards go through `Game::deal`). The caller deals one
/// board with `Game::deal` first, so the variant and players are known to
/// be good.
pub fn writer(
    game: &str,
    variant: &str,
    players: &[String],
    seed: &str,
    form: Form,
) -> Option<Writer> {
    match game {
        "quincunx" => return super::quincunx::line::writer(variant, seed, players, form),
        "farfalia" => return super::farfalia::batch::writer(variant, seed, players, form),
        _ => {}
    }
    let deal = deal_fields(game, variant, players, seed)?;
    let (head, middle) = wrapper(game, variant, seed, players);
    Some(Box::new(move |b, out| {
        if form == Form::Jsonl {
            out.extend_from_slice(head.as_bytes());
            number(out, u64::from(b));
            out.extend_from_slice(middle.as_bytes());
        }
        let mut f = Fields::new(out, form);
        deal(b, &mut f)?;
        f.finish();
        if form == Form::Jsonl {
            out.extend_from_slice(b",\"file\":null}");
        }
        out.push(b'\n');
        Ok(())
    }))
}

/// A board's JSON Lines object around its deal, as `deal` prints it: the
/// text before the board's number, and from after it to the deal.
pub fn wrapper(game: &str, variant: &str, seed: &str, players: &[String]) -> (String, String) {
    let text = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let head = format!(
        "{{\"algorithm\":{},\"game\":{},\"variant\":{},\"seed\":{},\"board\":",
        text(crate::deal::ALGORITHM),
        text(game),
        text(variant),
        text(seed)
    );
    let names: Vec<String> = players.iter().map(|n| text(n)).collect();
    let middle = format!(",\"players\":[{}],\"deal\":", names.join(","));
    (head, middle)
}

/// Each game's deal as fields (the same fields, in the same order, as its
/// deal's JSON).
fn deal_fields(game: &str, variant: &str, players: &[String], seed: &str) -> Option<Box<Deal>> {
    let (variant, seed) = (variant.to_string(), seed.to_string());
    let names = players.to_vec();
    let n = players.len();
    match game {
        "moon" => return super::moon::line::fields(variant, seed, names),
        "natura" => return super::natura::line::fields(variant, seed, names),
        _ => {}
    }
    // The fruit games shuffle the 36 tiles (`fruit::record::deal_order`);
    // Il Muro and Mosaico key every variant's deal as `standard`'s.
    let key = match game {
        "muro" | "mosaico" => "standard",
        _ => variant.as_str(),
    };
    let keys = Boards::new(game, key, &seed);
    let tiles = Code::table(fruit::tile::Tile::all())?;
    let deal = move |b: u32| {
        let mut order = [0u8; 36];
        keys.shuffle_into(b, &mut order);
        order
    };
    Some(match game {
        // `scalafrutta::hand_order` of hand 1: the square, row by row.
        "scalafrutta" => Box::new(move |b, f| {
            let order = deal(b);
            let row = |r: &[u8]| -> [Code; 3] { std::array::from_fn(|j| tiles[usize::from(r[j])]) };
            f.groups("square", order[..9].chunks(3).map(row));
            Ok(())
        }),
        // `domino::Setup::deal`: one tile each set aside, the hands in turn,
        // the rest set aside; each set written in canonical order.
        "domino" if (2..=4).contains(&n) => Box::new(move |b, f| {
            let order = deal(b);
            let each = (36 - n) / n;
            let mask = |tiles: &[u8]| tiles.iter().fold(0u64, |m, &i| m | 1 << i);
            let aside = mask(&order[..n]) | mask(&order[n + n * each..]);
            f.pieces("set-aside", bits(aside).map(|i| tiles[i]));
            f.object("hands", |f| {
                for (p, name) in names.iter().enumerate() {
                    let hand = mask(&order[n + p * each..n + (p + 1) * each]);
                    f.pieces(name, bits(hand).map(|i| tiles[i]));
                }
            });
            Ok(())
        }),
        // `muro::Setup::from_order`: brick `k` in column `k mod 6`, at
        // height `k / 6`; each column from the bottom.
        "muro" => Box::new(move |b, f| {
            let (order, tiles) = (deal(b), &tiles);
            let column = |c: usize| (0..6).map(move |h| tiles[usize::from(order[c + 6 * h])]);
            f.groups("columns", (0..6).map(column));
            Ok(())
        }),
        // `mosaico::Setup::from_order`: the order is the draw; the start
        // cells are the diagonal's (MO-1).
        "mosaico" => {
            let start = Code::table(fruit::mosaico::Cell::diagonal())?;
            Box::new(move |b, f| {
                let order = deal(b);
                f.pieces("draw", order.iter().map(|&i| tiles[usize::from(i)]));
                f.pieces("start", start.iter());
                Ok(())
            })
        }
        _ => return None,
    })
}

/// A name as a path's key: white space as `_` (as [`flat`] writes it).
fn push_key(out: &mut Vec<u8>, name: &str) {
    // Most keys are ASCII without white space: copied as they are.
    if name
        .bytes()
        .all(|b| b.is_ascii() && !matches!(b, b'\t'..=b'\r' | b' '))
    {
        out.extend_from_slice(name.as_bytes());
        return;
    }
    for c in name.chars() {
        let c = if c.is_whitespace() { '_' } else { c };
        let mut b = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
    }
}

/// Pieces joined by `,` (an empty list is `-`, as [`flat`] writes it).
fn list<T: Piece>(out: &mut Vec<u8>, items: impl Iterator<Item = T>) {
    let start = out.len();
    for (i, t) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        t.put(out);
    }
    if out.len() == start {
        out.push(b'-');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every game's fast writer writes exactly what `flat` writes of the
    /// deal's JSON, and the deal's JSON object, for every variant and number
    /// of players (and a name with a space);
    /// the deals are `tavolo-deal-v1`'s, whose golden vectors are in `deal`.
    #[test]
    fn fast_writers_write_the_flattened_deal() {
        let mut covered = 0;
        for game in crate::games::GAMES {
            for &variant in game.variants() {
                for n in game.player_counts(variant) {
                    let mut names: Vec<String> = (1..=n).map(|i| format!("P{i}")).collect();
                    names[0] = "Anna Rossi".into();
                    let seed = "fast \"seed\"";
                    // Every game has its writer (issue 28).
                    let what = format!("{} {variant} {n}", game.name());
                    let line = writer(game.name(), variant, &names, seed, Form::Line)
                        .unwrap_or_else(|| panic!("no writer: {what}"));
                    let jsonl = writer(game.name(), variant, &names, seed, Form::Jsonl).unwrap();
                    let mut wants = Vec::new();
                    for b in 1..=60 {
                        let p = Provenance::new(game.name(), variant, seed, b);
                        let deal = game.deal(variant, &names, &p).unwrap();
                        let mut out = Vec::new();
                        line(b, &mut out).unwrap();
                        // Farfalia's `--format line` is its own (hands by seat):
                        // its fields are compared with the flattened JSON.
                        let want = format!("{}\n", flat(&deal.json));
                        let what = format!("{what} board {b}");
                        assert_eq!(String::from_utf8(out).unwrap(), want, "{what}");
                        // The object `deal --format jsonl` printed through serde_json.
                        let object = serde_json::json!({
                            "algorithm": p.algorithm,
                            "game": p.game,
                            "variant": p.variant,
                            "seed": p.seed,
                            "board": p.board,
                            "players": names,
                            "deal": deal.json,
                            "file": null,
                        });
                        let mut out = Vec::new();
                        jsonl(b, &mut out).unwrap();
                        let want = format!("{}\n", serde_json::to_string(&object).unwrap());
                        assert_eq!(String::from_utf8(out).unwrap(), want, "{what}");
                        wants.push(want);
                    }
                    // Boards in any order (Farfalia keeps recent deals on the thread).
                    for b in (1..=60u32).rev().step_by(7) {
                        let mut out = Vec::new();
                        jsonl(b, &mut out).unwrap();
                        let want = &wants[b as usize - 1];
                        assert_eq!(&String::from_utf8(out).unwrap(), want, "{what} {b}");
                    }
                    covered += 1;
                }
            }
        }
        // Every variant and number of players of every game (the duplicate's one).
        assert!(covered >= 60, "{covered}");
    }

    /// A skeleton's holes are marked with characters of U+F0000..U+FFFFD: a
    /// name or seed holding one gets no skeleton writer (its boards go
    /// through `Game::deal`) or one whose boards are still the deal's,
    /// never a board with a name's mark taken for a piece.
    #[test]
    fn names_holding_a_mark_are_never_taken_for_pieces() {
        let marked = vec!["P\u{F0003}".to_string(), "P\u{F0000}2".to_string()];
        let mut fallbacks = 0;
        for name in ["quincunx", "farfalia"] {
            let game = crate::games::GAMES
                .iter()
                .find(|g| g.name() == name)
                .unwrap();
            for seed in ["s", "s\u{FFFFD}\u{F0001}"] {
                for form in [Form::Line, Form::Jsonl] {
                    let Some(w) = writer(name, "standard", &marked, seed, form) else {
                        fallbacks += 1;
                        continue;
                    };
                    for b in 1..=5 {
                        let p = Provenance::new(name, "standard", seed, b);
                        let deal = game.deal("standard", &marked, &p).unwrap();
                        let want = match form {
                            Form::Line => flat(&deal.json),
                            Form::Jsonl => serde_json::to_string(&serde_json::json!({
                                "algorithm": p.algorithm,
                                "game": p.game,
                                "variant": p.variant,
                                "seed": p.seed,
                                "board": p.board,
                                "players": marked,
                                "deal": deal.json,
                                "file": null,
                            }))
                            .unwrap(),
                        };
                        let mut out = Vec::new();
                        w(b, &mut out).unwrap();
                        assert_eq!(String::from_utf8(out).unwrap(), want + "\n", "{name} {b}");
                    }
                }
            }
        }
        // A name with a mark in the part a skeleton is made of: no skeleton.
        assert!(fallbacks >= 4, "{fallbacks}");
    }

    /// Keys are JSON strings as serde_json writes them, escapes and all.
    #[test]
    fn keys_are_serde_json_strings() {
        for s in [
            "P1",
            "Anna Rossi",
            "say \"hi\"",
            "a\\b",
            "tab\t",
            "nul\u{0}",
            "è",
            "\u{7f}",
            "",
        ] {
            let mut out = Vec::new();
            json_string(&mut out, s);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(s).unwrap()
            );
        }
    }

    #[test]
    fn json_flattens_to_paths_and_pieces() {
        let deal = json!({
            "centre": "AB",
            "hands": {"P 1": ["BR", "BG"], "P2": []},
            "square": ["C1 F1", "P6 P2"],
            "round": [{"dealer": "P1", "grid": {"a1": "AM"}}, {"dealer": null}],
            "n": 3
        });
        assert_eq!(
            flat(&deal),
            "centre:AB hands.P_1:BR,BG hands.P2:- square:C1,F1/P6,P2 \
             round.1.dealer:P1 round.1.grid.a1:AM round.2.dealer:- n:3"
        );
    }
}
