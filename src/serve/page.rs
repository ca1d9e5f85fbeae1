//! The pages, as HTML built here from the session's answers: readable without JavaScript
//! (every action is a plain form), one stylesheet and one small script embedded in the
//! binary, nothing loaded from elsewhere. Every text from a session or a request is
//! escaped.

use super::rights::Undo;
use crate::games::session::{Answer, Hint, Live, View};

const CSS: &str = include_str!("page.css");
/// Progressive enhancement: a page that shows the game going on reloads itself when another
/// tablet has moved (it asks `state.json` every few seconds), and the move field is focused.
const SCRIPT: &str = include_str!("page.js");

pub use crate::html::escape as esc;

/// The files every page loads besides itself, by name under `/static/`: their type and
/// text. Their URLs carry their content's hash (`?v=`), so a browser keeps them a year
/// ([`super::http::KEPT`]) and a new server's are new URLs.
pub fn asset(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "page.css" => Some(("text/css; charset=utf-8", CSS)),
        "page.js" => Some(("application/javascript; charset=utf-8", SCRIPT)),
        _ => None,
    }
}

/// `/static/NAME?v=HASH`.
fn asset_url(name: &str) -> String {
    static VERSIONS: std::sync::OnceLock<(String, String)> = std::sync::OnceLock::new();
    let (css, js) = VERSIONS.get_or_init(|| {
        let v = |t: &str| {
            super::http::etag(t.as_bytes())
                .trim_start_matches("W/")
                .trim_matches('"')
                .to_string()
        };
        (v(CSS), v(SCRIPT))
    });
    format!(
        "/static/{name}?v={}",
        if name == "page.css" { css } else { js }
    )
}

/// The document around `body`; `form`, the token its forms carry, is in its head too
/// (`<meta name="tavolo-form">`), for a page that shows no form now.
pub fn document(title: &str, body: &str, script: bool, form: Option<&str>) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n{}\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"{}\">\n</head>\n<body>\n{body}{}</body>\n</html>\n",
        crate::lang::current().html_code(),
        form.map(|f| format!("<meta name=\"tavolo-form\" content=\"{}\">\n", esc(f)))
            .unwrap_or_default(),
        esc(title),
        asset_url("page.css"),
        if script {
            format!("<script src=\"{}\"></script>\n", asset_url("page.js"))
        } else {
            String::new()
        }
    )
}

/// A page that says why a request was refused, with a way back.
pub fn problem(title: &str, message: &str, back: Option<&str>) -> String {
    let back = back
        .map(|b| {
            format!(
                "<p><a href=\"{}\">{}</a></p>\n",
                esc(b),
                crate::t!("page-back")
            )
        })
        .unwrap_or_default();
    document(
        title,
        &format!(
            "<h1>{}</h1>\n<p class=\"answer refused\" id=\"problem\" role=\"alert\">{}</p>\n{back}",
            esc(title),
            esc(message)
        ),
        false,
        None,
    )
}

/// A form's hidden field with its page's token.
fn token_field(token: &str) -> String {
    format!(
        "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
        super::guard::FIELD,
        esc(token)
    )
}

/// Who looks at a table, and the URLs of their page.
pub struct Viewer {
    pub id: String,
    pub view: View,
    /// The page's path: `/t/ID`, `/t/ID/seat/N`, `/t/ID/director`.
    pub base: String,
    pub key: String,
    /// The token this page's forms carry ([`super::guard`]).
    pub form: String,
}

impl Viewer {
    /// The URL of `action` (`""` the page itself, `/move`, `/record`) with the key.
    pub fn href(&self, action: &str) -> String {
        format!("{}{action}?k={}", self.base, self.key)
    }
}

/// What a table's page shows besides the session.
#[derive(Default)]
pub struct Extras {
    /// What was typed and the session's answer, after a refused move.
    pub answer: Option<(String, Answer)>,
    /// A request refused before the session saw it (out of turn), in words.
    pub notice: Option<String>,
    /// The position drawn (inline SVG), when this view may see it.
    pub picture: Option<String>,
    /// Why there is no picture, when there is none.
    pub no_picture: Option<String>,
    pub hint: Option<Hint>,
    /// Whether a hint may be asked for here.
    pub hint_allowed: bool,
    /// Whether the record may be downloaded here.
    pub record_allowed: bool,
    /// Whether this page may play now ([`super::rights`]).
    pub may_play: bool,
    /// What this page may do about the last move.
    pub undo: Undo,
    /// The seats this page may resign for (GN-4): a seat's own, or every seat for the
    /// director's; none once the game is over.
    pub resign: Vec<usize>,
    /// The director's, in a game that hides something: each seat, and whether it is
    /// played on the table's page.
    pub at_table: Option<Vec<(String, bool)>>,
    /// The director's: every page's link.
    pub links: Vec<(String, String)>,
}

fn view_name(live: &dyn Live, view: View) -> String {
    match view {
        View::Table => crate::t!("page-view-table"),
        View::Director => crate::t!("page-view-director"),
        View::Seat(s) => crate::t!(
            "page-view-seat",
            player = live.players().get(s).map(String::as_str).unwrap_or("?")
        ),
    }
}

/// A session's answer in words, as the terminal says it.
fn answer_html(typed: &str, a: &Answer) -> String {
    match a {
        Answer::Legal {
            number,
            player,
            notation,
            explanation,
        } => format!(
            "<div class=\"answer\" id=\"answer\">{}</div>\n",
            crate::t!(
                "page-legal",
                number = *number,
                player_html = esc(player),
                move_html = esc(notation),
                explanation_html = esc(explanation)
            )
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
                "<div class=\"answer refused\" id=\"answer\" role=\"alert\">{}",
                crate::t!(
                    "page-refused",
                    number = *number,
                    player_html = esc(player),
                    move_html = esc(notation),
                    rule_html = format!(
                        "<span class=\"rule\" id=\"rule\">{}</span>",
                        esc(&crate::lang::rule(rule))
                    ),
                    code_html = format!("<small>[<span id=\"code\">{}</span>]</small>", esc(code)),
                    why_html = format!("<span id=\"why\">{}</span>", esc(message))
                )
            );
            if !instead.is_empty() {
                s.push_str(&format!(
                    "<br>{}",
                    crate::t!("page-legal-instead", moves_html = esc(&instead.join(", ")))
                ));
            }
            s.push_str("</div>\n");
            s
        }
        Answer::Unreadable { message, column } => format!(
            "<div class=\"answer refused\" id=\"answer\" role=\"alert\">{}</div>\n",
            crate::t!(
                "page-not-a-move",
                column = *column,
                typed_html = esc(typed),
                why_html = format!("<span id=\"why\">{}</span>", esc(message))
            )
        ),
    }
}

/// A move as the page writes it: its notation, and for a word written with the board's
/// letters as dots (Natura: `2 B9 across .A`, which alone reads as nothing) the word it
/// formed, as the explanation names it (`HA (B9 across)`): `2 B9 across .A (HA)`.
pub fn readable(notation: &str, explanation: &str) -> String {
    let w: Vec<&str> = notation.split_whitespace().collect();
    let Some(word) = w.last().filter(|x| x.contains('.')) else {
        return notation.to_string();
    };
    if w.len() < 3 {
        return notation.to_string();
    }
    let place = format!(" ({} {})", w[w.len() - 3], w[w.len() - 2]);
    let formed = explanation.split_once(&place).and_then(|(before, _)| {
        before
            .rsplit(|c: char| !c.is_alphabetic())
            .next()
            .filter(|f| f.chars().count() == word.chars().count())
    });
    match formed {
        Some(f) => format!("{notation} ({f})"),
        None => notation.to_string(),
    }
}

/// A game's proper name, as its box and sheet write it ("MOON", "Natura Shakerata"); a game
/// the catalogue does not name, its id.
pub fn title(game: &str) -> String {
    let id = format!("page-title-{game}");
    let t = crate::lang::message(&id, None);
    if t.starts_with('[') {
        game.to_string()
    } else {
        t
    }
}

/// Farfalia's trick as its position says it (`trick: P1 R4, P2 G3` or `last trick: P1 R4,
/// ...; the trick goes to P3`), each card a chip in its suit's colour; nothing when the
/// position has no trick line.
fn trick_html(position: &str) -> String {
    let prefix = |id: &str| crate::t!(id, cards = "").trim_end().to_string();
    let (now, last) = (prefix("farfalia-trick"), prefix("farfalia-last-trick"));
    let Some((line, done)) = position.lines().find_map(|l| {
        let l = l.trim_start();
        if let Some(rest) = l.strip_prefix(&last) {
            Some((rest, true))
        } else {
            l.strip_prefix(&now).map(|rest| (rest, false))
        }
    }) else {
        return String::new();
    };
    let (cards, to) = line.split_once(';').unwrap_or((line, ""));
    let chips: String = cards
        .split(',')
        .filter_map(|c| c.trim().rsplit_once(' '))
        .map(|(who, card)| {
            format!(
                "<span class=\"card\" data-card=\"{}\"><small>{}</small> {}</span>",
                esc(card),
                esc(who),
                esc(card)
            )
        })
        .collect();
    let label = if done { &last } else { &now };
    format!(
        "<div class=\"trick{}\" id=\"trick\"><span class=\"quiet\">{}</span> {chips}{}</div>\n",
        if done { " done" } else { "" },
        esc(label.trim_end_matches(':')),
        if to.is_empty() {
            String::new()
        } else {
            format!(" <span class=\"quiet\">{}</span>", esc(to.trim()))
        }
    )
}

/// Natura's letters and what each scores (NS-2), `A1 B5 ...`, for the rack's tiles.
fn natura_values() -> String {
    let set = crate::games::natura::layout::TileSet::italian();
    set.letters
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{}{}", l.upper, set.value(i as u8 + 1)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Natura's premium squares, as its picture colours them.
fn natura_legend() -> String {
    let item = |colour: &str, id: &str| {
        format!(
            "<li><span class=\"swatch\" style=\"background:{colour}\"></span>{}</li>",
            crate::t!(id)
        )
    };
    format!(
        "<figcaption><ul class=\"legend\" id=\"legend\" aria-label=\"{}\">{}{}{}{}</ul></figcaption>\n",
        esc(&crate::t!("page-legend")),
        item("#d7312e", "page-legend-tw"),
        item("#f3a7bd", "page-legend-dw"),
        item("#2c67c4", "page-legend-tl"),
        item("#a9d8f2", "page-legend-dl")
    )
}

/// A table's page for `who`: a bar with the game's name, the players, their scores and
/// whose turn; the board first and as wide as the screen, the seat's own pieces under it
/// (the script builds them from the text), the actions in a bar at the bottom of a phone's
/// screen; the moves and the position as text folded away (issue 47).
pub fn table(live: &dyn Live, who: &Viewer, x: &Extras) -> String {
    let players = live.players();
    let name = |s: usize| players.get(s).map(String::as_str).unwrap_or("?");
    let natura = live.game() == "natura";
    let mut b = String::new();
    // The bar: the game, the view, the players (scores, the turn).
    b.push_str(&format!(
        "<header class=\"bar\"><h1 id=\"title\">{}</h1>\n<p class=\"quiet\">{} · <span id=\"view\">{}</span></p>\n",
        esc(&title(live.game())),
        esc(&who.id),
        esc(&view_name(live, who.view))
    ));
    let scores = live.scores();
    b.push_str(&format!(
        "<table class=\"scores\" id=\"scores\"><tr class=\"sr\"><th>{}</th><th>{}</th></tr>\n",
        crate::t!("page-score-player"),
        crate::t!("page-score-score")
    ));
    for (i, p) in players.iter().enumerate() {
        let now = live.to_move() == Some(i);
        b.push_str(&format!(
            "<tr{}><td>{}{}</td>{}</tr>\n",
            if now {
                " class=\"now\" aria-current=\"true\""
            } else {
                ""
            },
            if now { "▶ " } else { "" },
            esc(p),
            scores
                .as_ref()
                .and_then(|s| s.get(i))
                .map(|s| format!("<td class=\"n\">{s}</td>"))
                .unwrap_or_default()
        ));
    }
    b.push_str("</table></header>\n");
    if live.is_strict() {
        b.push_str(STRICT_NOTE);
    }
    // Whose turn, or the end.
    match live.to_move() {
        // The machine's seat to move: it is thinking until its move lands (issue 43).
        Some(s)
            if live.ended().is_none()
                && live
                    .machine_seats()
                    .is_some_and(|m| m.level(s).is_some()) =>
        {
            b.push_str(&format!(
                "<p id=\"turn\" data-seat=\"{seat}\" data-player=\"{name}\" data-machine=\"thinking\">{}</p>\n",
                crate::t!("page-machine-thinking", player_html = esc(name(s))),
                seat = s + 1,
                name = esc(name(s)),
            ))
        }
        Some(s) => b.push_str(&format!(
            "<p id=\"turn\" data-seat=\"{seat}\" data-player=\"{name}\">{}</p>\n",
            crate::t!(
                "page-to-move",
                player_html = esc(name(s)),
                expects_html = esc(&live.expects())
            ),
            seat = s + 1,
            name = esc(name(s)),
        )),
        None => b.push_str(&format!(
            "<h2 id=\"over\">{}</h2>\n",
            esc(&crate::t!(
                "page-over-result",
                result = live.result().unwrap_or_else(|| crate::t!("page-no-result"))
            ))
        )),
    }
    if let Some(n) = &x.notice {
        b.push_str(&format!(
            "<div class=\"answer refused\" id=\"notice\" role=\"alert\">{}</div>\n",
            esc(n)
        ));
    }
    if let Some((typed, a)) = &x.answer {
        b.push_str(&answer_html(typed, a));
    } else if let Some(last) = live.history(who.view).last() {
        b.push_str(&format!(
            "<div class=\"answer\" id=\"last\">{}</div>\n",
            crate::t!(
                "page-last",
                number = last.number,
                player_html = esc(&last.player),
                move_html = esc(&readable(&last.notation, &last.explanation)),
                explanation_html = esc(&last.explanation)
            )
        ));
    }
    let at = live.moves();
    // The undo request's state, in words (its buttons are in the bar).
    match x.undo {
        Undo::Asked => b.push_str(&format!(
            "<p class=\"quiet\" id=\"asked\">{}</p>\n",
            crate::t!("page-undo-asked", number = at)
        )),
        Undo::Confirm { by } => b.push_str(&format!(
            "<p class=\"answer\" id=\"asked\">{}</p>\n",
            crate::t!(
                "page-undo-confirm",
                player_html = esc(name(by)),
                number = at
            )
        )),
        _ => {}
    }
    if !x.may_play {
        if let (View::Seat(_), Some(s)) = (who.view, live.to_move()) {
            b.push_str(&format!(
                "<p class=\"quiet\" id=\"wait\">{}</p>\n",
                crate::t!("page-waiting", player_html = esc(name(s)))
            ));
        } else if let (View::Table, Some(s)) = (who.view, live.to_move()) {
            b.push_str(&format!(
                "<p class=\"quiet\" id=\"wait\">{}</p>\n",
                crate::t!("page-plays-own-page", player_html = esc(name(s)))
            ));
        }
    }
    // Farfalia: the trick on the table, or the one just completed until the next card
    // (issue 47), as every view's position has it (GN-5: played cards are seen by all).
    let trick = if live.game() == "farfalia" {
        trick_html(&live.position(who.view))
    } else {
        String::new()
    };
    // The board first, as wide as the screen; beside it on a wide screen, the pieces
    // (built by the script), the actions and the text.
    match &x.picture {
        Some(svg) => b.push_str(&format!(
            "{trick}<div class=\"grid\">\n<figure id=\"picture\">\n{svg}\n{}</figure>\n",
            if natura {
                natura_legend()
            } else {
                String::new()
            }
        )),
        // No picture: the trick, where the game has one, takes the board's place.
        None => b.push_str(&format!(
            "<div class=\"grid\">\n<div class=\"main\">{trick}<p class=\"quiet\" id=\"no-picture\">{}</p></div>\n",
            esc(&x
                .no_picture
                .clone()
                .unwrap_or_else(|| crate::t!("page-no-picture")))
        )),
    }
    b.push_str("<div class=\"side\">\n");
    b.push_str(&actions(live, who, x));
    // The position as text: for a screen reader, or whoever opens it.
    b.push_str(&format!(
        "<details id=\"text\"><summary>{}</summary>\n<h2 class=\"sr\">{}</h2>\n<pre id=\"position\">{}</pre></details>\n</div>\n</div>\n",
        crate::t!("page-position-text"),
        crate::t!("page-position"),
        esc(&live.position(who.view))
    ));
    if let Some(h) = &x.hint {
        b.push_str("<div class=\"answer\" id=\"hint\">");
        if let Some(best) = &h.best {
            b.push_str(&format!(
                "{} ",
                crate::t!("page-hint-best", move_html = esc(best))
            ));
        }
        if let Some(n) = &h.note {
            b.push_str(&format!(
                "{} ",
                crate::t!("page-hint-no-best", note_html = esc(n))
            ));
        }
        let more = h.count.saturating_sub(h.legal.len());
        b.push_str(&format!(
            "{}</div>\n",
            crate::t!(
                "page-hint-list",
                lists_html = esc(&h.lists),
                count = h.count,
                moves_html = format!(
                    "{}{}",
                    esc(&h.legal.join(", ")),
                    if more > 0 {
                        format!(", {}", crate::t!("page-hint-more", count = more))
                    } else {
                        String::new()
                    }
                )
            )
        ));
    }
    // The moves, each explained.
    let history = live.history(who.view);
    if !history.is_empty() {
        b.push_str(&format!(
            "<details id=\"moves-box\"><summary>{}</summary>\n<h2 class=\"sr\">{}</h2>\n<ol class=\"moves\" id=\"moves\">\n",
            crate::t!("page-moves-count", count = history.len()),
            crate::t!("page-moves")
        ));
        for p in &history {
            b.push_str(&format!(
                "<li><b>{}</b> {}: {}</li>\n",
                esc(&readable(&p.notation, &p.explanation)),
                esc(&p.player),
                esc(&p.explanation)
            ));
        }
        b.push_str("</ol></details>\n");
    }
    // What else this page may do.
    let mut nav = vec![format!(
        "<a href=\"{}\" id=\"reload\">{}</a>",
        esc(&who.href("")),
        crate::t!("page-reload")
    )];
    if x.hint_allowed && live.to_move().is_some() {
        nav.push(format!(
            "<a href=\"{}&amp;hint=1\" id=\"hint-link\">{}</a>",
            esc(&who.href("")),
            crate::t!("page-hint")
        ));
    }
    if x.record_allowed {
        nav.push(format!(
            "<a href=\"{}\" id=\"record\">{}</a>",
            esc(&who.href("/record")),
            crate::t!("page-record")
        ));
    }
    if x.picture.is_some() {
        nav.push(format!(
            "<a href=\"{}\" id=\"picture-link\">{}</a>",
            esc(&who.href("/picture.svg")),
            crate::t!("page-picture")
        ));
    }
    nav.push(crate::lang::switch(&who.href("")));
    b.push_str(&format!("<p>{}</p>\n", nav.join(" · ")));
    if let Some(seats) = &x.at_table {
        let boxes: String = seats
            .iter()
            .enumerate()
            .map(|(i, (p, on))| {
                format!(
                    "<label><input type=\"checkbox\" name=\"seat\" value=\"{}\"{}> {}</label>\n",
                    i + 1,
                    if *on { " checked" } else { "" },
                    esc(p)
                )
            })
            .collect();
        b.push_str(&format!(
            "<h2>{}</h2>\n<p class=\"quiet\">{}</p>\n<form id=\"seats\" method=\"post\" action=\"{}\">\n{boxes}{}\
             <button class=\"second\">{}</button></form>\n",
            crate::t!("page-seats-head"),
            crate::t!("page-seats-note"),
            esc(&who.href("/seats")),
            token_field(&who.form),
            crate::t!("page-save")
        ));
    }
    if !x.links.is_empty() {
        b.push_str(&format!(
            "<h2>{}</h2>\n<ul id=\"links\">\n",
            crate::t!("page-links")
        ));
        for (label, url) in &x.links {
            b.push_str(&format!(
                "<li>{}: <a href=\"{}\">{}</a></li>\n",
                esc(label),
                esc(url),
                esc(url)
            ));
        }
        b.push_str("</ul>\n");
    }
    // The script only follows the game; the page works without it.
    b.push_str(&format!(
        "<span hidden id=\"state\" data-url=\"{}\" data-moves=\"{at}\" data-game=\"{}\"{}></span>\n",
        esc(&who.href("/state.json")),
        esc(live.game()),
        tap_words(natura)
    ));
    document(
        &format!("{} · {}", title(live.game()), who.id),
        &b,
        true,
        Some(&who.form),
    )
}

/// The script's words, in the reader's language, and Natura's letter values.
fn tap_words(natura: bool) -> String {
    let mut out = String::new();
    for (attr, id) in [
        ("pieces", "page-tap-pieces"),
        ("words", "page-tap-words"),
        ("cards", "page-tap-cards"),
        ("exchange", "page-tap-exchange"),
        ("across", "page-tap-across"),
        ("down", "page-tap-down"),
        ("clear", "page-tap-clear"),
        ("jolly", "page-jolly-asks"),
        ("hand", "page-your-pieces"),
        ("exchange-label", "page-exchange"),
        ("zoom", "page-tap-zoom"),
        ("whole", "page-tap-whole"),
        ("drawn", "page-tap-drawn"),
        ("jolly-pick", "page-jolly-pick"),
    ] {
        out.push_str(&format!(" data-say-{attr}=\"{}\"", esc(&crate::t!(id))));
    }
    if natura {
        out.push_str(&format!(" data-values=\"{}\"", natura_values()));
    }
    out
}

/// The bar of actions (a phone keeps it at the bottom of the screen): the move field and
/// Play, the moves that need no typing (Pass, Challenge; Exchange, which the script turns
/// into taps on the rack), the undo request and the resignation, each where the game and
/// this page have it. Every one a form that posts without the script.
fn actions(live: &dyn Live, who: &Viewer, x: &Extras) -> String {
    let at = live.moves();
    let natura = live.game() == "natura";
    let mut b = String::from("<div class=\"actions\" id=\"actions\">\n");
    if x.may_play {
        let typed = match &x.answer {
            Some((t, Answer::Illegal { .. } | Answer::Unreadable { .. })) => t.as_str(),
            _ => "",
        };
        // Natura's jolly is typed in lower case: no capitals forced on it.
        let caps = if natura { "off" } else { "characters" };
        b.push_str(&format!(
            "<form class=\"play\" id=\"play\" method=\"post\" action=\"{}\">\n\
             <input name=\"move\" id=\"move\" value=\"{}\" aria-label=\"{}\" \
             placeholder=\"{}\" autocomplete=\"off\" \
             autocapitalize=\"{caps}\" spellcheck=\"false\" required>\n\
             <input type=\"hidden\" name=\"at\" value=\"{at}\">\n{}<button>{}</button>\n</form>\n",
            esc(&who.href("/move")),
            esc(typed),
            esc(&crate::t!("page-move-label")),
            esc(&crate::t!("page-move-short")),
            token_field(&who.form),
            crate::t!("page-play")
        ));
        if natura {
            let quick = |id: &str, mv: &str, label: &str| {
                format!(
                    "<form class=\"play quick\" id=\"{id}\" method=\"post\" action=\"{}\">\
                     <input type=\"hidden\" name=\"move\" value=\"{mv}\">\
                     <input type=\"hidden\" name=\"at\" value=\"{at}\">{}\
                     <button class=\"second\">{}</button></form>\n",
                    esc(&who.href("/move")),
                    token_field(&who.form),
                    esc(label)
                )
            };
            b.push_str(&quick("pass", "pass", &crate::t!("page-pass")));
            if at > 0 {
                b.push_str(&quick(
                    "challenge",
                    "challenge",
                    &crate::t!("page-challenge"),
                ));
            }
        }
    }
    let undo_form = |id: &str, extra: &str, label: &str| {
        format!(
            "<form class=\"play\" id=\"{id}\" method=\"post\" action=\"{}\">\
             <input type=\"hidden\" name=\"at\" value=\"{at}\">{extra}{}\
             <button class=\"second\">{}</button></form>\n",
            esc(&who.href("/undo")),
            token_field(&who.form),
            esc(label)
        )
    };
    match x.undo {
        Undo::No => {}
        Undo::Now => b.push_str(&undo_form(
            "undo",
            "",
            &crate::t!("page-undo-now", number = at),
        )),
        Undo::Ask => b.push_str(&undo_form(
            "undo",
            "",
            &crate::t!("page-undo-ask", number = at),
        )),
        Undo::Asked => b.push_str(&undo_form(
            "withdraw",
            "<input type=\"hidden\" name=\"refuse\" value=\"1\">",
            &crate::t!("page-undo-withdraw"),
        )),
        Undo::Confirm { .. } => {
            b.push_str(&undo_form(
                "undo",
                "",
                &crate::t!("page-undo-agree", number = at),
            ));
            b.push_str(&undo_form(
                "refuse",
                "<input type=\"hidden\" name=\"refuse\" value=\"1\">",
                &crate::t!("page-undo-refuse"),
            ));
        }
    }
    b.push_str(&resign_forms(live, who, &x.resign));
    if !b.contains("<form") {
        return String::new();
    }
    b.push_str("</div>\n");
    b
}

/// What a strict table's pages say under their heading (GN-4).
const STRICT_NOTE: &str = "<p class=\"quiet\" id=\"strict\">A strict table (GN-4): an illegal move the sheet punishes is recorded and judged, not refused.</p>\n";

/// The forms that resign (GN-4): one button on a seat's page, one per seat on the
/// director's. Each asks again before it resigns ([`resign`]).
fn resign_forms(live: &dyn Live, who: &Viewer, seats: &[usize]) -> String {
    let players = live.players();
    let at = live.moves();
    let mut b = String::new();
    for &s in seats {
        let name = players.get(s).map(String::as_str).unwrap_or("?");
        let label = match who.view {
            View::Seat(_) => "Resign".to_string(),
            _ => format!("Resign for {name}"),
        };
        b.push_str(&format!(
            "<form class=\"play\" id=\"resign-{}\" method=\"post\" action=\"{}\">\
             <input type=\"hidden\" name=\"at\" value=\"{at}\">\
             <input type=\"hidden\" name=\"seat\" value=\"{}\">{}\
             <button class=\"second\">{}</button></form>\n",
            s + 1,
            esc(&who.href("/resign")),
            s + 1,
            token_field(&who.form),
            esc(&label)
        ));
    }
    b
}

/// The page that asks before `seat` resigns (GN-4): what it does, a button that resigns,
/// and the way back.
pub fn resign(live: &dyn Live, who: &Viewer, seat: usize) -> String {
    let name = live.players().get(seat).map(String::as_str).unwrap_or("?");
    let at = live.moves();
    let body = format!(
        "<header><h1>Resign for {n}?</h1></header>\n\
         <p id=\"resign-what\">{n} resigns at move {next}: the game ends as GN-4 says \
         (the others' result as if {n} had no legal move left), and the record says so. \
         An undo takes it back as it takes back a move.</p>\n\
         <form class=\"play\" id=\"confirm\" method=\"post\" action=\"{action}\">\
         <input type=\"hidden\" name=\"at\" value=\"{at}\">\
         <input type=\"hidden\" name=\"seat\" value=\"{seat1}\">\
         <input type=\"hidden\" name=\"confirm\" value=\"yes\">{token}\
         <button>Yes, {n} resigns</button></form>\n\
         <p><a href=\"{back}\" id=\"cancel\">No, back to the game</a></p>\n",
        n = esc(name),
        next = at + 1,
        action = esc(&who.href("/resign")),
        seat1 = seat + 1,
        token = token_field(&who.form),
        back = esc(&who.href("")),
    );
    document(
        &format!("{} · {}", live.game(), who.id),
        &body,
        false,
        Some(&who.form),
    )
}

/// The operator's page: the tables, a new table, a record to go on with.
/// The new-table form's machine seats and their strength (issue 43): `2,4` or
/// `2:strong,4:random`, the strength for seats named without one.
fn machine_fields() -> String {
    let levels: String = crate::games::machine_seat::Level::ALL
        .iter()
        .map(|l| {
            use crate::games::machine_seat::Level;
            let picked = if *l == Level::Greedy { " selected" } else { "" };
            // The value is the word records and `--machine 2:strong` use; the label is the
            // reader's language.
            let label = match l {
                Level::Random => crate::t!("page-machine-random"),
                Level::Greedy => crate::t!("page-machine-greedy"),
                Level::Strong => crate::t!("page-machine-strong"),
            };
            format!(
                "<option value=\"{}\"{picked}>{}</option>",
                l.name(),
                esc(&label)
            )
        })
        .collect();
    format!(
        "<label>{} <input name=\"machine\" id=\"machine\" placeholder=\"{}\"></label>\n\
         <label>{} <select name=\"strength\" id=\"strength\">{levels}</select></label>\n",
        crate::t!("page-machine"),
        esc(&crate::t!("page-machine-placeholder")),
        crate::t!("page-machine-strength"),
    )
}

pub fn home(
    tables: &[(String, String, String)],
    games: &[&str],
    token: &str,
    form: &str,
    error: Option<&str>,
    strict: bool,
) -> String {
    let field = token_field(form);
    let ticked = if strict { " checked" } else { "" };
    let q = if token.is_empty() {
        String::new()
    } else {
        format!("?k={token}")
    };
    let mut b = format!(
        "<header><h1>{}</h1></header>\n",
        crate::t!("page-home-title")
    );
    if let Some(e) = error {
        b.push_str(&format!(
            "<div class=\"answer refused\" id=\"problem\" role=\"alert\">{}</div>\n",
            esc(e)
        ));
    }
    b.push_str(&format!("<h2>{}</h2>\n", crate::t!("page-tables")));
    if tables.is_empty() {
        b.push_str(&format!(
            "<p class=\"quiet\" id=\"tables\">{}</p>\n",
            crate::t!("page-no-tables")
        ));
    } else {
        b.push_str("<ul id=\"tables\">\n");
        for (id, what, url) in tables {
            b.push_str(&format!(
                "<li><a href=\"{}\">{}</a> <small>{}</small></li>\n",
                esc(url),
                esc(id),
                esc(what)
            ));
        }
        b.push_str("</ul>\n");
    }
    let options: String = games
        .iter()
        .map(|g| format!("<option>{}</option>", esc(g)))
        .collect();
    let machine = machine_fields();
    b.push_str(&format!(
        "<h2>{}</h2>\n<form id=\"new\" method=\"post\" action=\"/new{q}\">\n\
         <label>{} <select name=\"game\">{options}</select></label>\n\
         <label>{} <input name=\"seed\" placeholder=\"{}\"></label>\n\
         <label>{} <input name=\"names\" placeholder=\"{}\"></label>\n\
         <label>{} <input name=\"players\" inputmode=\"numeric\" placeholder=\"{}\"></label>\n\
         <label>{} <input name=\"variant\" placeholder=\"{}\"></label>\n\
         <label><input type=\"checkbox\" name=\"strict\" value=\"1\" id=\"strict\"{ticked}> {}</label>\n\
         {machine}{field}<button>{}</button>\n</form>\n\
         <h2>{}</h2>\n<form id=\"open\" method=\"post\" action=\"/open{q}\">\n\
         <label>{} <textarea name=\"record\" spellcheck=\"false\" required></textarea></label>\n\
         {field}<button>{}</button>\n</form>\n",
        crate::t!("page-deal-head"),
        crate::t!("page-game"),
        crate::t!("page-seed"),
        esc(&crate::t!("page-seed-placeholder")),
        crate::t!("page-players"),
        esc(&crate::t!("page-players-placeholder")),
        crate::t!("page-player-count"),
        esc(&crate::t!("page-player-count-placeholder")),
        crate::t!("page-variant"),
        esc(&crate::t!("page-variant-placeholder")),
        crate::t!("page-strict-label"),
        crate::t!("page-deal"),
        crate::t!("page-open-head"),
        crate::t!("page-open-record"),
        crate::t!("page-open")
    ));
    document("tavolo", &b, false, Some(form))
}

#[cfg(test)]
mod tests {
    use super::readable;

    #[test]
    fn a_word_written_with_dots_is_read_with_the_word_it_formed() {
        let e =
            "P2 scores 16: RAS (B9 across) R 2 + A 1x2 + S 2 = 6; HA (C8 down) H 8 + A 1x2 = 10";
        assert_eq!(readable("2 B9 across .AS", e), "2 B9 across .AS (RAS)");
        assert_eq!(
            readable("2 C8 down .A", e),
            "2 C8 down .A (HA)",
            "the word at the move's square and direction"
        );
        assert_eq!(
            readable("1 H8 across CASA", "CASA (H8 across) ..."),
            "1 H8 across CASA"
        );
        assert_eq!(readable("AG d3", "whatever"), "AG d3");
        assert_eq!(readable("2 C8 down .A", "no such word"), "2 C8 down .A");
    }

    #[test]
    fn the_turn_of_a_seat_the_machine_plays_says_it_is_thinking_until_its_move_lands() {
        // Issue 43: the server moves for the machine after the page has its answer.
        use crate::deal::Provenance;
        use crate::games::machine_seat::{Level, Seats};
        use crate::games::session::{self, Answer, View};
        let names = vec!["Anna".to_string(), "Bruno".to_string()];
        let deal = Provenance::new("moon", "standard", "think", 1);
        let mut live = session::find("moon")
            .unwrap()
            .deal("standard", &names, &deal)
            .unwrap();
        live.seat_machine(Seats {
            seats: vec![(0, Level::Strong)],
            seed: String::new(),
        })
        .unwrap();
        let who = super::Viewer {
            id: "t".into(),
            view: View::Director,
            base: "/t/t/director".into(),
            key: "k".into(),
            form: "f".into(),
        };
        let page = super::table(live.as_ref(), &who, &super::Extras::default());
        assert!(
            page.contains("data-machine=\"thinking\"")
                && page.contains("Anna to move: the machine is thinking"),
            "{page}"
        );
        let answer = live.machine_move(View::Director);
        assert!(matches!(answer, Some(Answer::Legal { .. })), "{answer:?}");
        let page = super::table(live.as_ref(), &who, &super::Extras::default());
        assert!(
            !page.contains("data-machine") && page.contains("Bruno to move"),
            "the person's turn again: {page}"
        );
    }
}
