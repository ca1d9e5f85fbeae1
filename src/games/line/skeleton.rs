//! A board's bytes as a skeleton: when what a deal holds has the same shape
//! on every board (the same keys, lists of the same lengths), everything but
//! the pieces is the same text on every board. The skeleton is made once a
//! run by writing one board through [`Fields`] with each piece a [`Hole`]
//! (a mark naming where the piece's code is in the board's `ids`); a board
//! is then the skeleton's constant segments and its pieces' codes copied in
//! turn, each a fixed-size copy advanced by its true length (writing field
//! by field was a third of Quincunx's time and most of a Farfalia match's).
//!
//! The codes carry their separator: a piece in a list is written with the
//! `,` that follows it (and, in JSON, its quotes), so a run of pieces is one
//! copy each, and the segment after a run is written over the last comma.

use super::{number, wrapper, Code, Fields, Form, Piece};

/// The first mark: marks are the characters of Unicode's supplementary
/// private use area A (U+F0000..U+FFFFD), which no deal's keys hold (a
/// player's name or seed that does gets no skeleton: see [`Skeleton::new`]).
const FIRST_MARK: u32 = 0xF_0000;
const MARKS: usize = 0xF_FFFE - 0xF_0000;

/// A piece whose code is `ids[i]` of each board, for laying a skeleton out.
#[derive(Debug, Clone, Copy)]
pub struct Hole(pub usize);

impl Hole {
    /// The mark as a text (for [`Fields::text`]).
    pub fn text(self) -> String {
        mark(self.0).map(String::from).unwrap_or_default()
    }
}

impl Piece for Hole {
    fn put(&self, out: &mut Vec<u8>) {
        if let Some(c) = mark(self.0) {
            let mut b = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
        }
    }
}

fn mark(i: usize) -> Option<char> {
    if i >= MARKS {
        return None;
    }
    char::from_u32(FIRST_MARK + i as u32)
}

/// Whether a text holds a mark.
fn marked(texts: &[&str], players: &[String]) -> bool {
    let marks = |s: &str| s.chars().any(|c| hole(c).is_some());
    texts.iter().any(|s| marks(s)) || players.iter().any(|p| marks(p))
}

/// The hole a character marks, if it is a mark.
fn hole(c: char) -> Option<usize> {
    let i = u32::from(c).checked_sub(FIRST_MARK)? as usize;
    (i < MARKS).then_some(i)
}

/// A stretch of the skeleton's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Seg {
    at: u32,
    len: u32,
}

/// A segment, then `count` pieces whose codes are `ids[src..src + count]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Run {
    seg: Seg,
    /// 1 when the segment replaces the comma after the previous piece.
    back: u8,
    src: u16,
    count: u16,
}

/// The bytes of one kind of board (one game, variant, players, seed and
/// form) but its board number and pieces; see the module doc.
#[derive(PartialEq, Eq)]
pub struct Skeleton {
    /// JSON Lines: the object's start up to the board's number.
    head: Vec<u8>,
    /// The segments, followed by 32 bytes of slack for fixed-size copies.
    text: Vec<u8>,
    runs: Vec<Run>,
    tail: Run,
    /// By id: the piece's code with its separator, as `form` writes it.
    codes: Box<[[u8; 16]; 256]>,
    lens: Box<[u8; 256]>,
    /// More than the bytes a board can take after the head and number.
    bound: usize,
    /// The `ids` a board needs.
    ids: usize,
}

impl Skeleton {
    /// The skeleton of the board `layout` writes with [`Hole`]s for pieces
    /// (each piece of a list or a single piece; texts may be holes too),
    /// each hole's code one of `codes` (by id). `None` when the keys hold a
    /// mark (a name written in U+F0000..U+FFFFD), a code is not plain ASCII
    /// without quotes and spaces or too long, or a hole is not a whole piece
    /// or a whole JSON string: the caller falls back to `Game::deal`.
    pub fn new(
        game: &str,
        variant: &str,
        seed: &str,
        players: &[String],
        form: Form,
        layout: impl FnOnce(&mut Fields),
        codes: &[Vec<u8>],
    ) -> Option<Skeleton> {
        if marked(&[game, variant, seed], players) {
            return None;
        }
        let (head, middle) = wrapper(game, variant, seed, players);
        let mut t = Vec::new();
        if form == Form::Jsonl {
            t.extend_from_slice(middle.as_bytes());
        }
        let mut f = Fields::new(&mut t, form);
        layout(&mut f);
        f.finish();
        if form == Form::Jsonl {
            t.extend_from_slice(b",\"file\":null}");
        }
        t.push(b'\n');
        let head = if form == Form::Jsonl {
            head.into_bytes()
        } else {
            Vec::new()
        };
        Skeleton::parse(head, t, form, codes)
    }

    /// The skeleton of one object `layout` writes (JSON: `{..}`; a line:
    /// its fields), for a part of a board the same on many boards; as
    /// [`Skeleton::new`], with no board number and no newline.
    pub fn object(
        players: &[String],
        form: Form,
        layout: impl FnOnce(&mut Fields),
        codes: &[Vec<u8>],
    ) -> Option<Skeleton> {
        if marked(&[], players) {
            return None;
        }
        let mut t = Vec::new();
        let mut f = Fields::new(&mut t, form);
        layout(&mut f);
        f.finish();
        Skeleton::parse(Vec::new(), t, form, codes)
    }

    fn parse(head: Vec<u8>, t: Vec<u8>, form: Form, codes: &[Vec<u8>]) -> Option<Skeleton> {
        let t = String::from_utf8(t).ok()?;
        // Each hole: where its piece starts and ends in `t` (JSON: its quotes).
        let quote = usize::from(form == Form::Jsonl);
        let mut holes = Vec::new();
        for (at, c) in t.char_indices() {
            if let Some(src) = hole(c) {
                let (start, end) = (at.checked_sub(quote)?, at + c.len_utf8() + quote);
                if quote == 1
                    && (t.as_bytes()[start] != b'"' || t.as_bytes().get(end - 1) != Some(&b'"'))
                {
                    return None;
                }
                holes.push((start, end, u16::try_from(src).ok()?));
            }
        }
        let mut s = Skeleton {
            head,
            text: Vec::new(),
            runs: Vec::new(),
            tail: Run {
                seg: Seg { at: 0, len: 0 },
                back: 0,
                src: 0,
                count: 0,
            },
            codes: Box::new([[0; 16]; 256]),
            lens: Box::new([0; 256]),
            bound: 64,
            ids: 0,
        };
        let mut end = 0;
        let mut last: Option<u16> = None;
        for &(start, to, src) in &holes {
            let seg = t.get(end..start)?.as_bytes();
            match s.runs.last_mut() {
                // The next piece of a list, the next of the board's ids.
                Some(run) if seg == b"," && last.and_then(|l| l.checked_add(1)) == Some(src) => {
                    run.count += 1;
                }
                _ => {
                    let seg = s.seg(seg);
                    let back = u8::from(last.is_some());
                    s.runs.push(Run {
                        seg,
                        back,
                        src,
                        count: 1,
                    });
                }
            }
            s.ids = s.ids.max(usize::from(src) + 1);
            last = Some(src);
            end = to;
        }
        let seg = s.seg(t.get(end..)?.as_bytes());
        s.tail = Run {
            seg,
            back: u8::from(last.is_some()),
            src: 0,
            count: 0,
        };
        s.text.extend_from_slice(&[0; 32]);
        let mut longest = 0;
        for (id, code) in codes.iter().enumerate() {
            let plain = code
                .iter()
                .all(|&b| b.is_ascii_graphic() && b != b'"' && b != b'\\');
            let mut with = Vec::new();
            if form == Form::Jsonl {
                with.push(b'"');
            }
            with.extend_from_slice(code);
            if form == Form::Jsonl {
                with.push(b'"');
            }
            with.push(b',');
            if !plain || code.is_empty() {
                return None;
            }
            let code = Code::of(&with[..])?;
            *s.codes.get_mut(id)? = code.bytes;
            *s.lens.get_mut(id)? = code.len;
            longest = longest.max(with.len());
        }
        s.bound += s.text.len() + holes.len() * longest;
        Some(s)
    }

    fn seg(&mut self, bytes: &[u8]) -> Seg {
        let seg = Seg {
            at: self.text.len() as u32,
            len: bytes.len() as u32,
        };
        self.text.extend_from_slice(bytes);
        seg
    }

    /// How many `ids` a board has (the highest hole, plus one).
    pub fn ids(&self) -> usize {
        self.ids
    }

    /// The board whose pieces' codes are `ids` (by hole): a whole board
    /// ([`Skeleton::new`]) with its number `board` in JSON and its newline, an
    /// object ([`Skeleton::object`]) alone.
    ///
    /// # Panics
    /// If `ids` is shorter than [`Skeleton::ids`] (a caller bug).
    #[inline]
    pub fn write(&self, board: u32, ids: &[u8], out: &mut Vec<u8>) {
        if !self.head.is_empty() {
            out.extend_from_slice(&self.head);
            number(out, u64::from(board));
        }
        let start = out.len();
        out.resize(start + self.bound, 0);
        let buf = &mut out[start..];
        let mut at = 0;
        for run in &self.runs {
            at = self.put_seg(buf, at - usize::from(run.back), run.seg);
            let src = usize::from(run.src);
            for &id in &ids[src..src + usize::from(run.count)] {
                let id = usize::from(id);
                buf[at..at + 16].copy_from_slice(&self.codes[id]);
                at += usize::from(self.lens[id]);
            }
        }
        at = self.put_seg(buf, at - usize::from(self.tail.back), self.tail.seg);
        out.truncate(start + at);
    }

    /// A segment at `at`: one 32-byte copy when it is at most 32 bytes.
    #[inline]
    fn put_seg(&self, buf: &mut [u8], at: usize, seg: Seg) -> usize {
        let (from, len) = (seg.at as usize, seg.len as usize);
        if len <= 32 {
            buf[at..at + 32].copy_from_slice(&self.text[from..from + 32]);
        } else {
            buf[at..at + len].copy_from_slice(&self.text[from..from + len]);
        }
        at + len
    }
}
