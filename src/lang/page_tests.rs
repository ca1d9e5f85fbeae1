//! The pseudo-locale over the table page's views (issue 42): every text a reader sees on a
//! page (its words, its buttons, its placeholders and labels) comes from the catalogue;
//! what is left unmarked is data (names, the game, piece codes, squares, numbers).

use super::*;
use crate::games::session::{self, Live, View};
use crate::games::setup::Spec;
use crate::serve::page::{self, Extras, Viewer};
use crate::serve::rights::Undo;

/// The games whose every view is in the catalogue; the others are listed in
/// `NOT_YET` until theirs are (issue 42).
pub const CONVERTED: &[&str] = &[
    "moon",
    "natura",
    "domino",
    "quincunx",
    "farfalia",
    "scalafrutta",
    "muro",
    "mosaico",
];

/// How many players a game is dealt for here (the solitaires one).
fn players(game: &str) -> usize {
    match game {
        "muro" | "mosaico" => 1,
        _ => 2,
    }
}

fn dealt(game: &str, seed: &str) -> Box<dyn Live> {
    let r = Spec {
        game: game.into(),
        players: Some(players(game)),
        variant: None,
        seed: Some(seed.into()),
        board: 1,
        names: Some(
            ["Anna", "Bruno"][..players(game)]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        ),
    }
    .resolve()
    .unwrap();
    session::find(game)
        .unwrap()
        .deal(&r.variant, &r.players, &r.provenance)
        .unwrap()
}

/// What a reader sees of `html`: the text between tags, and the words of its
/// `placeholder`, `aria-label` and `title` attributes; not the style and the script.
fn seen(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push(' ');
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open..open + close];
        for attr in ["placeholder=\"", "aria-label=\"", "title=\""] {
            if let Some(at) = tag.find(attr) {
                let v = &tag[at + attr.len()..];
                out.push('\n');
                out.push_str(&v[..v.find('"').unwrap_or(v.len())]);
                out.push('\n');
            }
        }
        rest = &rest[open + close + 1..];
        for skip in ["style", "script"] {
            if tag.starts_with(&format!("<{skip}")) {
                let end = rest.find(&format!("</{skip}>")).unwrap_or(rest.len());
                rest = &rest[end..];
            }
        }
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The words every pseudo-locale test leaves alone: [`super::data_words`].
fn data() -> Vec<&'static str> {
    super::data_words()
}

#[test]
fn every_view_of_the_page_takes_its_words_from_the_catalogue() {
    let data = data();
    let mut found = Vec::new();
    let mut check = |what: &str, html: &str, data: &[&str]| {
        let words = unmarked_words(&seen(html), data);
        if !words.is_empty() {
            found.push(format!("{what}: unmarked text: {words:#?}"));
        }
    };
    for game in CONVERTED {
        let mut live = dealt(game, "pseudo");
        // A few moves, then a refused one and one that is no move.
        for _ in 0..3 {
            let Ok(h) = live.hint(View::Director) else {
                break;
            };
            let Some(mv) = h.best.clone().or_else(|| h.legal.first().cloned()) else {
                break;
            };
            live.apply(&mv, View::Director);
        }
        let mut views = vec![View::Table, View::Director];
        views.extend((0..players(game)).map(View::Seat));
        for view in views {
            with(Lang::Pseudo, || {
                // Text that is no move, answered in the reader's language.
                let unreadable = live.apply("zz9 qq", View::Director);
                let who = Viewer {
                    id: "t1".into(),
                    view,
                    base: "/t/t1".into(),
                    key: "k".into(),
                    form: "f".into(),
                };
                let extras = Extras {
                    answer: Some(("zz9 qq".into(), unreadable.clone())),
                    hint: live.hint(view).ok(),
                    hint_allowed: true,
                    record_allowed: true,
                    may_play: true,
                    undo: Undo::Confirm { by: 1 },
                    at_table: Some(vec![("Anna".into(), true), ("Bruno".into(), false)]),
                    links: vec![("Anna".into(), "/t/t1/seat/1?k=x".into())],
                    ..Extras::default()
                };
                let html = page::table(live.as_ref(), &who, &extras);
                assert!(html.contains("<html lang=\"en\">"));
                check(
                    &format!("{game} {view:?}"),
                    &html,
                    &[&data[..], &["zz9", "qq", "t1", "seat"]].concat(),
                );
                for undo in [Undo::Now, Undo::Ask, Undo::Asked] {
                    let x = Extras {
                        undo,
                        may_play: false,
                        ..Extras::default()
                    };
                    check(
                        &format!("{game} {view:?} {undo:?}"),
                        &page::table(live.as_ref(), &who, &x),
                        &data,
                    );
                }
            });
        }
    }
    with(Lang::Pseudo, || {
        check(
            "home",
            &page::home(&[], &["moon", "natura"], "", "f", None, false),
            DATA_WORDS,
        );
        check("problem", &page::problem("x", "y", Some("/")), &["x", "y"]);
    });
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_page_names_its_language_and_offers_the_other() {
    let live = dealt("moon", "pseudo");
    let who = Viewer {
        id: "t1".into(),
        view: View::Table,
        base: "/t/t1".into(),
        key: "k".into(),
        form: "f".into(),
    };
    let it = with(Lang::It, || {
        page::table(live.as_ref(), &who, &Extras::default())
    });
    assert!(it.contains("<html lang=\"it\">"), "{it}");
    assert!(it.contains("id=\"lang-en\""));
    assert!(!it.contains("id=\"lang-it\""));
    let en = with(Lang::En, || {
        page::table(live.as_ref(), &who, &Extras::default())
    });
    assert!(en.contains("<html lang=\"en\">"));
    assert!(en.contains("href=\"/t/t1?k=k&amp;lang=it\""), "{en}");
}

#[test]
fn a_request_s_language_is_the_switch_then_the_cookie_then_the_browser_s() {
    let l = |q, c, a| for_request(q, c, a, Lang::En);
    assert_eq!(l(Some("it"), Some("tavolo-lang=en"), Some("en")), Lang::It);
    assert_eq!(l(None, Some("a=b; tavolo-lang=it"), Some("en")), Lang::It);
    assert_eq!(l(None, None, Some("it-IT,it;q=0.9")), Lang::It);
    assert_eq!(l(None, Some("tavolo-lang=xx"), Some("de")), Lang::En);
    assert_eq!(for_request(None, None, None, Lang::It), Lang::It);
}
