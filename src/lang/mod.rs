//! Every sentence a player or a director reads, in the reader's language (DESIGN.md, "Views
//! and messages"; issue 42): one Project Fluent catalogue per language (`en.ftl`, `it.ftl`
//! beside this file, compiled into the binary), looked up by message id with named
//! arguments, and the message, not the code, choosing plural forms.
//!
//! The language is chosen once at start ([`choose`]: `--lang`, else `LC_ALL`, `LC_MESSAGES`,
//! `LANG`, else English); a view that serves many readers (the table page) sets it around
//! the work it does for one reader ([`with`]). [`Lang::Pseudo`] replaces every message by a
//! marked one (`⟦…⟧`), so a test can find text that does not come from the catalogue.
//!
//! Data stays language-free: JSON keys, record fields, codes, ruling ids, piece codes.

use std::cell::Cell;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// The English catalogue: the source every other language follows, message by message.
pub const EN_FTL: &str = include_str!("en.ftl");
/// The Italian catalogue.
pub const IT_FTL: &str = include_str!("it.ftl");

/// A language tavolo speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    It,
    /// English with the text of every message marked `⟦…⟧` (its arguments not): for tests
    /// that look for text that does not come from the catalogue.
    Pseudo,
}

/// The start and end marks of a pseudo-locale message.
pub const PSEUDO_OPEN: char = '⟦';
pub const PSEUDO_CLOSE: char = '⟧';

impl Lang {
    /// The language's code: `en`, `it` (`pseudo` for the marked English).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::It => "it",
            Lang::Pseudo => "pseudo",
        }
    }

    /// The language's tag for HTML's `lang` attribute (the marked English is English).
    pub fn html_code(self) -> &'static str {
        match self {
            Lang::It => "it",
            Lang::En | Lang::Pseudo => "en",
        }
    }

    /// A language as `--lang` names it, or as a locale does (`it_IT.UTF-8`, `it-CH`, `en`).
    pub fn parse(s: &str) -> Option<Lang> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("pseudo") {
            return Some(Lang::Pseudo);
        }
        let primary = s
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "it" => Some(Lang::It),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language of the environment's locale: the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set and not empty decides, as POSIX orders them; a locale in another
    /// language (or `C`, `POSIX`) is English.
    pub fn from_env() -> Lang {
        Lang::from_locale(|k| std::env::var(k).ok())
    }

    /// [`Lang::from_env`] over any lookup of the variables.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| var(k))
            .find(|v| !v.trim().is_empty())
            .and_then(|v| Lang::parse(&v))
            .filter(|l| *l != Lang::Pseudo)
            .unwrap_or(Lang::En)
    }

    /// The language an HTTP `Accept-Language` header prefers among those tavolo speaks
    /// (highest `q` first, the header's order among equals); `None` when it names neither.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(u32, Lang)> = None;
        for part in header.split(',') {
            let mut bits = part.split(';');
            let tag = bits.next().unwrap_or("").trim();
            let q = bits
                .filter_map(|b| b.trim().strip_prefix("q="))
                .filter_map(|q| q.trim().parse::<f32>().ok())
                .next()
                .unwrap_or(1.0);
            let q = (q.clamp(0.0, 1.0) * 1000.0) as u32;
            let Some(lang) = Lang::parse(tag).filter(|l| *l != Lang::Pseudo) else {
                continue;
            };
            if q > 0 && best.is_none_or(|(b, _)| q > b) {
                best = Some((q, lang));
            }
        }
        best.map(|(_, l)| l)
    }
}

static CHOSEN: OnceLock<Lang> = OnceLock::new();
/// Whether `--lang` chose the language (then nothing else does).
static EXPLICIT: OnceLock<bool> = OnceLock::new();
/// The language the document a command works from names (an event's description): it
/// comes before the locale, after `--lang`.
static DOCUMENT: OnceLock<Lang> = OnceLock::new();

thread_local! {
    static HERE: Cell<Option<Lang>> = const { Cell::new(None) };
}

/// Choose the process's language once, at start: `option` (`--lang`) if given, else the
/// environment's locale ([`Lang::from_env`]). A second choice is ignored.
pub fn choose(option: Option<Lang>) -> Lang {
    let _ = EXPLICIT.set(option.is_some());
    *CHOSEN.get_or_init(|| option.unwrap_or_else(Lang::from_env))
}

/// The language the document a command works from names (an event description's `lang`,
/// issue 42): everything the command prints is in it, unless `--lang` chose another. The
/// first document to name one decides.
pub fn document(lang: Option<Lang>) {
    if let Some(l) = lang {
        if !EXPLICIT.get().copied().unwrap_or(false) {
            let _ = DOCUMENT.set(l);
        }
    }
}

/// The language messages are made in now: the one [`with`] set on this thread, else the
/// document's ([`document`]), else the process's ([`choose`]), else English.
pub fn current() -> Lang {
    HERE.with(|h| h.get())
        .or_else(|| DOCUMENT.get().copied())
        .or_else(|| CHOSEN.get().copied())
        .unwrap_or(Lang::En)
}

/// The process's language, whatever a page's reader chose ([`with`]): the document's,
/// else the one chosen at start, else English. What a server makes once for every reader
/// (an event's results) is made in it.
pub fn process() -> Lang {
    DOCUMENT
        .get()
        .copied()
        .or_else(|| CHOSEN.get().copied())
        .unwrap_or(Lang::En)
}

/// Run `f` with messages in `lang` on this thread (a page for one reader), then restore.
pub fn with<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Lang>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let was = self.0;
            HERE.with(|h| h.set(was));
        }
    }
    let _restore = Restore(HERE.with(|h| h.replace(Some(lang))));
    f()
}

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static EN: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    static IT: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    static PSEUDO: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    match lang {
        Lang::It => IT.get_or_init(|| build("it", IT_FTL)),
        Lang::En => EN.get_or_init(|| build("en", EN_FTL)),
        Lang::Pseudo => PSEUDO.get_or_init(|| {
            let mut b = build("en", EN_FTL);
            b.set_transform(Some(mark));
            b
        }),
    }
}

/// The pseudo-locale's mark on each piece of a message's own text: its arguments (names,
/// codes, words, and any text made elsewhere) stay unmarked, so a test sees them.
fn mark(text: &str) -> std::borrow::Cow<'_, str> {
    std::borrow::Cow::Owned(format!("{PSEUDO_OPEN}{text}{PSEUDO_CLOSE}"))
}

/// A catalogue's bundle. The catalogues are compiled in and their test parses them, so a
/// syntax error is a bug caught by `cargo test`; the entries that parse are still used.
fn build(code: &str, text: &str) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
    let id = code.parse().unwrap_or_default();
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Arguments are names and words in the same script: no bidi isolation marks.
    b.set_use_isolating(false);
    let _ = b.add_resource(resource);
    b
}

/// The languages a page may be read in, each named in its own words: the page's switch.
pub const SPOKEN: [(Lang, &str); 2] = [(Lang::It, "italiano"), (Lang::En, "English")];

/// The page's language switch: a link to `href` (a URL with its query begun, `?k=...`) in
/// each other language, which the server keeps for the reader in a cookie.
pub fn switch(href: &str) -> String {
    let now = current().html_code();
    SPOKEN
        .iter()
        .filter(|(l, _)| l.html_code() != now)
        .map(|(l, name)| {
            format!(
                "<a href=\"{}&amp;lang={code}\" id=\"lang-{code}\" lang=\"{code}\" hreflang=\"{code}\">{name}</a>",
                crate::html::escape(href),
                code = l.code()
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The cookie that keeps a reader's language on the pages (`?lang=` sets it).
pub const COOKIE: &str = "tavolo-lang";

/// The language a page is made in for a request: `?lang=` (the switch), else the
/// [`COOKIE`] the switch set, else `Accept-Language`, else `fallback` (the server's).
pub fn for_request(
    query: Option<&str>,
    cookie_header: Option<&str>,
    accept_language: Option<&str>,
    fallback: Lang,
) -> Lang {
    // `pseudo` too: the marked English, for tests of the pages.
    let spoken = Lang::parse;
    let cookie = cookie_header.and_then(|h| {
        h.split(';')
            .filter_map(|c| c.trim().split_once('='))
            .find(|(k, _)| *k == COOKIE)
            .and_then(|(_, v)| spoken(v))
    });
    query
        .and_then(spoken)
        .or(cookie)
        .or_else(|| accept_language.and_then(Lang::from_accept_language))
        .unwrap_or(fallback)
}

/// Message `id` in the current language with `args`; see [`t!`](crate::t).
pub fn message(id: &str, args: Option<&FluentArgs>) -> String {
    message_in(current(), id, args)
}

/// Message `id` in `lang`. A message the catalogue lacks comes out as its id in brackets
/// (`[table-x]`), and the catalogue test finds every id the code asks for.
pub fn message_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    let b = bundle(lang);
    let Some(pattern) = b.get_message(id).and_then(|m| m.value()) else {
        return format!("[{id}]");
    };
    let mut errors = Vec::new();
    b.format_pattern(pattern, args, &mut errors).into_owned()
}

/// A value a message takes as an argument, owned (so that `t!` may take temporaries).
pub trait Arg {
    fn arg(self) -> FluentValue<'static>;
}

impl Arg for &str {
    fn arg(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl Arg for String {
    fn arg(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl Arg for &String {
    fn arg(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

macro_rules! number_arg {
    ($($t:ty)*) => {$(
        impl Arg for $t {
            fn arg(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
        impl Arg for &$t {
            fn arg(self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }
    )*};
}
number_arg!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

/// The text of `text` outside pseudo-locale marks (`⟦…⟧`, nested ones too), a line each:
/// what a [`Lang::Pseudo`] run shows that does not come from the catalogue.
pub fn unmarked(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut depth = 0usize;
    let mut line = String::new();
    for c in text.chars() {
        match c {
            PSEUDO_OPEN => depth += 1,
            PSEUDO_CLOSE => {
                depth = depth.saturating_sub(1);
                // A message's text parts words from its arguments.
                if depth == 0 {
                    line.push(' ');
                }
            }
            '\n' if depth == 0 => lines.push(std::mem::take(&mut line)),
            _ if depth == 0 => line.push(c),
            _ => {}
        }
    }
    lines.push(line);
    lines
}

/// The words of `text` outside pseudo-locale marks that read as words of a sentence (two
/// lower-case letters running), less those in `data` (names, words played, typed input).
/// Piece codes, squares, numbers and board art (`RV`, `H8`, `3MW`, `=`) are not words.
pub fn unmarked_words(text: &str, data: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for line in unmarked(text) {
        for w in line.split(|c: char| !c.is_alphanumeric()) {
            let lower_run = w
                .chars()
                .collect::<Vec<_>>()
                .windows(2)
                .any(|p| p[0].is_lowercase() && p[1].is_lowercase());
            if lower_run && !data.iter().any(|d| d.eq_ignore_ascii_case(w)) {
                found.push(format!("{w} (in `{}`)", line.trim()));
            }
        }
    }
    found
}

/// The words a pseudo-locale test ([`unmarked_words`]) leaves unmarked because they are
/// data, one list for every such test (the page's, the table's, the event's): names, the
/// games, the notation's words (a move as the record writes it), the switch's language
/// names (each in its own language).
pub const DATA_WORDS: &[&str] = &[
    "domino",
    "tile",
    "row",
    "draw",
    "turn",
    "out",
    "open",
    "Anna",
    "Bruno",
    "moon",
    "natura",
    "standard",
    "across",
    "down",
    "exchange",
    "pass",
    "challenge",
    "italiano",
    "English",
    "tavolo",
    "quincunx",
    "farfalia",
    "scalafrutta",
    "muro",
    "mosaico",
    // Farfalia's notation, its format names and the families as the cards print them.
    "take",
    "decline",
    "discard",
    "trump",
    "jolly",
    "double",
    "single",
    "two",
    "farfalle",
    "fragole",
    "foglie",
    "pesci",
    "conchiglie",
    // The fruit games' notation: insertion points, places, moves.
    "top1",
    "top2",
    "top3",
    "bottom1",
    "bottom2",
    "bottom3",
    "left1",
    "left2",
    "left3",
    "right1",
    "right2",
    "right3",
    "gift",
    "combinations",
    "best",
    "new",
    "aside",
    "stop",
];

/// [`DATA_WORDS`] and the Decktet's printed card names (Quincunx's cards, written by name
/// in a move or a hint).
pub fn data_words() -> Vec<&'static str> {
    let mut words = DATA_WORDS.to_vec();
    for c in crate::decktet::Card::all() {
        words.extend(c.name().split_whitespace());
    }
    words
}

/// The words a rule's id carries in English (`NS-3 (tiles from the rack)`), and their
/// message.
const RULE_WORDS: &[(&str, &str)] = &[
    ("placing words", "rule-placing-words"),
    ("scoring a play", "rule-scoring-a-play"),
    ("the game is over, SF-6", "rule-over-sf6"),
    ("the game is over, DF-6", "rule-over-df6"),
    ("loose-contact", "rule-loose-contact"),
    ("turns go clockwise", "rule-clockwise"),
    ("start-from-zero", "rule-start-from-zero"),
    ("a free square of the grid", "rule-free-square"),
    ("a card from your hand", "rule-card-from-hand"),
    ("the racks", "rule-the-racks"),
    ("NS-5: challenges", "rule-challenges"),
    ("NS-1: the set's counts", "rule-set-counts"),
    ("the record's scores", "rule-record-scores"),
    ("tiles from the rack", "rule-tiles-from-rack"),
    (
        "the first word: two letters, on the star",
        "rule-first-word",
    ),
    ("the tile set", "rule-tile-set"),
    ("tiles are placed as they are drawn", "rule-placed-as-drawn"),
    ("eliminated players are out for good", "rule-eliminated-out"),
    (
        "a player places their own or common tiles",
        "rule-own-or-common",
    ),
    ("rule 6", "rule-rule-6"),
    ("rule 5", "rule-rule-5"),
    ("rule 4", "rule-rule-4"),
    ("rule 3", "rule-rule-3"),
    (
        "the solitaire ends with the board full, MN-5",
        "rule-solitaire-ends",
    ),
    ("the game is over, MU-4", "rule-over-mu4"),
    ("the game is over, MO-3", "rule-over-mo3"),
    ("the game is over, MN-4", "rule-over-mn4"),
];

/// A rule as a reader reads it: the id (data, as the engine gives it) and its words in the
/// reader's language; a rule the catalogue does not know is shown as it is.
pub fn rule(rule: &str) -> String {
    let Some((id, rest)) = rule.split_once(" (") else {
        return rule.to_string();
    };
    let Some(words) = rest.strip_suffix(')') else {
        return rule.to_string();
    };
    match RULE_WORDS.iter().find(|(w, _)| *w == words) {
        Some((_, msg)) => crate::t!("rule-with-words", id = id, words = message(msg, None)),
        None => rule.to_string(),
    }
}

/// A message in the current language: `t!("count-tiles", count = 7)`. Arguments are named,
/// and anything Fluent takes as a value (`&str`, `String`, numbers) may be passed.
#[macro_export]
macro_rules! t {
    ($id:expr) => {
        $crate::lang::message($id, None)
    };
    ($id:expr, $($key:ident = $value:expr),+ $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($key), $crate::lang::Arg::arg($value)); )+
        $crate::lang::message($id, Some(&args))
    }};
}

#[cfg(test)]
mod page_tests;
#[cfg(test)]
mod tests;
