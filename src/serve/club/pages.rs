//! The event's URLs (`tavolo serve --event`):
//!
//! | URL | who | what |
//! |---|---|---|
//! | `/event/standings` | anyone | the standings for a projector: large type, no control, no key; it loads itself again when a result changes them |
//! | `/event/standings.json`, `/event/results.txt`, `/event/results.csv` | anyone | `event results --format json`, `text`, `csv` over the records folder, byte for byte |
//! | `/event/version` | anyone | a number that changes with the standings (what the standings page asks) |
//! | `/event/director?k=KEY` | the director | the round table by table, the missing results, the actions |
//! | `/event/director/seats?k=KEY` | the director | every seat's link as a QR code, to print and cut |
//! | `POST /event/director/{pair,paper,reopen}?k=KEY` | the director | pair the next round, enter a paper result, re-open a table |
//!
//! The director's key is the folder's secret's ([`super::super::keys`]) for the name
//! `event:` (no table can be named so).

use std::fmt::Write as _;

use qrcode::render::svg;
use qrcode::QrCode;

use super::super::guard;
use super::super::http::{Request, Response};
use super::super::keys;
use super::super::page::{self, esc};
use super::super::tables;
use super::super::State;
use super::{Club, Slot};
use crate::event::results::RecordLine;

/// The name the director's key and form token are derived for.
const DIRECTOR: &str = "event:";

/// The director's key.
pub fn director_key(state: &State) -> String {
    state.keys.key(DIRECTOR, "director")
}

fn director_form(state: &State) -> String {
    guard::token(&state.keys, "event:/director")
}

/// The answer to `/event/...`.
pub fn route(state: &State, club: &Club, req: &Request, rest: &[&str]) -> Response {
    let get = req.method != "POST";
    match (rest, get) {
        (["standings"], true) => standings_page(club),
        (["standings.json"], true) => output(club, "application/json", |o| o.json.clone()),
        (["results.txt"], true) => output(club, "text/plain; charset=utf-8", |o| o.text.clone()),
        (["results.csv"], true) => output(club, "text/csv; charset=utf-8", |o| o.csv.clone()),
        (["version"], true) => Response::text(200, format!("{}\n", club.standings().0)),
        (["director", more @ ..], _) => {
            if !keys::same(req.param("k"), &director_key(state)) {
                return Response::html(
                    403,
                    page::problem(
                        &crate::t!("club-forbidden"),
                        &crate::t!("club-wrong-key"),
                        None,
                    ),
                );
            }
            match (more, get) {
                ([], true) => director(state, club, req, None),
                (["seats"], true) => seats_sheet(state, club, req),
                ([action @ ("pair" | "paper" | "reopen")], false) => act(state, club, req, action),
                _ => Response::text(405, "not with this method\n"),
            }
        }
        _ => Response::html(
            404,
            page::problem(
                &crate::t!("club-not-found"),
                &crate::t!("club-no-such-page"),
                None,
            ),
        ),
    }
}

fn output(club: &Club, kind: &'static str, f: impl Fn(&super::Outputs) -> String) -> Response {
    match club.standings().1 {
        Ok(o) => Response::new(200, kind, f(&o)),
        Err(why) => Response::text(500, format!("{why}\n")),
    }
}

fn director_href(state: &State, what: &str) -> String {
    format!("/event/director{what}?k={}", director_key(state))
}

/// A POST of the director's page.
fn act(state: &State, club: &Club, req: &Request, action: &str) -> Response {
    let form = match req.form() {
        Ok(f) => f,
        Err(r) => return r,
    };
    if !guard::carries(&director_form(state), &form) {
        return Response::html(
            403,
            page::problem(
                &crate::t!("club-forbidden"),
                &crate::t!("club-no-token"),
                None,
            ),
        );
    }
    let field = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    let done = match action {
        "pair" => {
            let si = field("section").parse::<usize>().unwrap_or(1).max(1) - 1;
            club.pair_next(&state.tables, si)
                .map(|r| format!("round {r} is paired: its tables are open"))
        }
        "paper" => {
            let id = field("table");
            let totals: Vec<String> = (1..=8).map(|n| field(&format!("total-{n}"))).collect();
            club.paper(&state.tables, &id, &totals, &field("moves"))
                .map(|()| format!("{id}: the paper result is in"))
        }
        _ => club.reopen(&state.tables, &field("table")),
    };
    match done {
        Ok(_) => Response::see_other(director_href(state, "")),
        Err(why) => director(state, club, req, Some((422, &why))),
    }
}

/// How a table of the round stands, as the director's page says it.
fn status(
    state: &State,
    club: &Club,
    s: &Slot,
    line: Option<&RecordLine>,
) -> (&'static str, String) {
    let disagree = line.and_then(|l| {
        if !matches!(l.status, "ok" | "slip") {
            return Some(format!(
                "{}: {}",
                crate::event::report::status_text(l.status),
                l.message.clone().unwrap_or_default()
            ));
        }
        l.slip
            .as_ref()
            .filter(|v| *v != "agrees")
            .map(|v| crate::t!("club-slip", slip = v.as_str()))
    });
    if let Some(why) = disagree {
        return ("disagreement", why);
    }
    let counted = |l: &RecordLine| match &l.counted {
        crate::event::measure::Counted::Yes { seats, .. } => seats
            .iter()
            .map(|x| format!("{} {}", x.name, crate::event::results::result_text(x)))
            .collect::<Vec<_>>()
            .join(", "),
        crate::event::measure::Counted::LeftOut { why } => {
            crate::t!("club-not-counted", why = why.as_str())
        }
    };
    if s.paper.is_some() {
        return (
            "paper",
            crate::t!(
                "club-on-paper",
                result = line.map(counted).unwrap_or_default()
            ),
        );
    }
    let Some(desk) = state.tables.get(&s.id) else {
        return ("not-started", String::new());
    };
    let d = tables::lock(&desk);
    let paper = super::set_aside(&club.records, &s.id).exists();
    match (d.live.to_move(), d.live.moves()) {
        (_, 0) => ("not-started", crate::t!("club-not-started")),
        (Some(_), n) => ("playing", crate::t!("club-playing", count = n)),
        (None, _) => {
            let result = d.live.result().unwrap_or_else(|| crate::t!("club-over"));
            if paper {
                ("paper", crate::t!("club-on-paper", result = result))
            } else {
                ("finished", result)
            }
        }
    }
}

/// The director's page: each paired section's round, table by table; the missing results;
/// the actions.
fn director(state: &State, club: &Club, _req: &Request, problem: Option<(u16, &str)>) -> Response {
    let round = club.lock().clone();
    let (_, out) = club.standings();
    let form = director_form(state);
    let token = format!(
        "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
        guard::FIELD,
        esc(&form)
    );
    let mut b = format!(
        "{DESK}<header><h1>{} <small>· {}</small></h1>\n<p class=\"quiet\"><a href=\"/event/standings\" id=\"standings-link\">{}</a> · \
         <a href=\"{}\" id=\"seats-link\">{}</a></p></header>\n",
        esc(&club.d.event),
        esc(&crate::t!("club-the-director")),
        esc(&crate::t!("club-the-standings")),
        esc(&director_href(state, "/seats")),
        esc(&crate::t!("club-seats-link"))
    );
    if let Some((_, p)) = problem {
        let _ = writeln!(
            b,
            "<div class=\"answer refused\" id=\"problem\" role=\"alert\">{}</div>",
            esc(p)
        );
    }
    let results = match &out {
        Ok(o) => Some(&o.results),
        Err(why) => {
            let _ = writeln!(
                b,
                "<div class=\"answer refused\" id=\"results-error\">{}</div>",
                esc(&crate::t!("club-results-unread", why = why.as_str()))
            );
            None
        }
    };
    for (si, s) in club.d.sections.iter().enumerate() {
        let r = round.rounds.get(si).copied().unwrap_or(1);
        let sec = results.and_then(|x| x.sections.get(si));
        let _ = writeln!(
            b,
            "<h2 id=\"section-{n}\">{}</h2>",
            esc(&crate::t!(
                "club-section-round",
                section = si + 1,
                game = s.game.name(),
                round = r,
                rounds = s.rounds
            )),
            n = si + 1
        );
        let mut table = format!(
            "<table class=\"scores round\" id=\"round\"><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\n",
            esc(&crate::event::report::column_name("table")),
            esc(&crate::event::report::column_name("board")),
            esc(&crate::event::report::column_name("players")),
            esc(&crate::t!("club-col-state")),
            esc(&crate::t!("club-col-actions"))
        );
        let mut over = true;
        let mut not_started = Vec::new();
        for slot in round.slots.iter().filter(|x| x.section == si) {
            let line = sec.and_then(|sec| {
                sec.records
                    .iter()
                    .filter(|l| l.board == slot.board && l.table == slot.table)
                    .max_by_key(|l| l.is_fact())
            });
            let (kind, words) = status(state, club, slot, line);
            over &= matches!(kind, "finished" | "paper");
            if kind == "not-started" {
                not_started.push((slot.board.clone(), slot.table));
            }
            let links: Vec<String> = slot
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    format!(
                        "<a href=\"/t/{id}/seat/{n}?k={}\">{}</a>",
                        state.keys.key(&slot.id, &format!("seat-{}", i + 1)),
                        esc(p),
                        id = slot.id,
                        n = i + 1
                    )
                })
                .collect();
            let table_link = if slot.paper.is_none() {
                format!(
                    " · <a href=\"/t/{id}/director?k={}\">{}</a>",
                    state.keys.key(&slot.id, "director"),
                    esc(&crate::t!("club-the-table")),
                    id = slot.id
                )
            } else {
                String::new()
            };
            let _ = writeln!(
                table,
                "<tr id=\"{id}\" data-state=\"{kind}\"><td class=\"n\">{}</td><td>{}</td><td>{}</td>\
                 <td class=\"state\">{}</td><td>{}{table_link}</td></tr>",
                slot.table,
                esc(&slot.board),
                links.join(" v "),
                esc(&words),
                actions(club, slot, &token, state, kind),
                id = esc(&slot.id)
            );
        }
        table.push_str("</table>\n");
        // What the director acts on first, above the tables: the missing results (a table
        // not begun said so) and the next round's button.
        if let Some(sec) = sec {
            if sec.missing.is_empty() {
                let _ = writeln!(
                    b,
                    "<p id=\"missing\" class=\"quiet\">{}</p>",
                    esc(&crate::t!("club-none-missing"))
                );
            } else {
                let _ = writeln!(
                    b,
                    "<h3>{}</h3>\n<ul id=\"missing\">",
                    esc(&crate::t!("club-missing-head", count = sec.missing.len()))
                );
                for m in &sec.missing {
                    let idle = not_started
                        .iter()
                        .any(|(board, t)| *board == m.board && *t == m.table);
                    let _ = writeln!(
                        b,
                        "<li>{}{}</li>",
                        esc(&m.to_string()),
                        if idle {
                            format!(" <em>({})</em>", esc(&crate::t!("club-not-started")))
                        } else {
                            String::new()
                        }
                    );
                }
                b.push_str("</ul>\n");
            }
        }
        if s.is_paired() && r < s.rounds {
            let _ = writeln!(
                b,
                "<form method=\"post\" id=\"pair\" action=\"{}\"><input type=\"hidden\" name=\"section\" value=\"{}\">{token}\
                 <button{}>{}</button>{}</form>",
                esc(&director_href(state, "/pair")),
                si + 1,
                if over { "" } else { " class=\"second\"" },
                esc(&crate::t!("club-pair-round", round = r + 1)),
                if over {
                    String::new()
                } else {
                    format!(" <small>({})</small>", esc(&crate::t!("club-pair-when")))
                }
            );
        }
        b.push_str(&table);
    }
    let status_code = problem.map_or(200, |(s, _)| s);
    Response::html(
        status_code,
        page::document(
            &crate::t!("club-director-title", event = club.d.event.as_str()),
            &b,
            false,
            Some(&form),
        ),
    )
}

/// A table's actions on the director's page: a paper result, re-open.
fn actions(club: &Club, slot: &Slot, token: &str, state: &State, kind: &str) -> String {
    let keeps = slot
        .board
        .parse()
        .ok()
        .and_then(|l| crate::event::boards::find(&club.d, &club.key, &club.public, l))
        .and_then(|b| crate::event::print::keeps_score(&club.d, &b).ok())
        .unwrap_or(false);
    let fields = if keeps {
        slot.players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                format!(
                    "<label>{} <input name=\"total-{}\" placeholder=\"12,30,45\"></label>",
                    esc(&crate::t!("club-running-totals", player = p.as_str())),
                    i + 1
                )
            })
            .collect::<String>()
    } else {
        format!(
            "<label>{} <textarea name=\"moves\" spellcheck=\"false\"></textarea></label>",
            esc(&crate::t!("club-paper-moves"))
        )
    };
    let reopen = if matches!(kind, "finished" | "paper" | "disagreement") {
        format!(
            "<form method=\"post\" class=\"reopen\" action=\"{}\"><input type=\"hidden\" name=\"table\" value=\"{}\">{token}\
             <button class=\"second\">{}</button></form>",
            esc(&director_href(state, "/reopen")),
            esc(&slot.id),
            esc(&crate::t!("club-reopen"))
        )
    } else {
        String::new()
    };
    format!(
        "<details><summary>{}</summary><form method=\"post\" class=\"paper\" action=\"{}\">\
         <input type=\"hidden\" name=\"table\" value=\"{id}\">{fields}{token}<button>{}</button></form></details>{reopen}",
        esc(&crate::t!("club-paper-result")),
        esc(&director_href(state, "/paper")),
        esc(&crate::t!("club-enter")),
        id = esc(&slot.id)
    )
}

/// The director's tablet: the page's whole width, so that a table's actions sit on its line
/// and the round's tables fit a 1024x768 screen.
const DESK: &str = "<style>\nbody { max-width: none; }\ntable.round { width: 100%; }\n\
table.round td:last-child > details, table.round td:last-child > form.reopen { display: inline-block; vertical-align: middle; margin-right: 0.5rem; }\n\
table.round details[open] { display: block; }\n#missing { margin: 0.3rem 0; }\n#pair { margin: 0.5rem 0; }\n</style>\n";

/// Large type for a room: twelve players' standings fill a 1920x1080 screen, read from across
/// it (the type as large as the width and the height allow).
const WALL: &str = "<style>\nbody { max-width: none; padding: 1.5vw 3vw; }\n\
html { font-size: min(2.4vw, 3.2vh); }\nh1 { font-size: 1.6rem; margin: 0; }\nh2 { font-size: 1.2rem; margin: 0.3rem 0; }\n\
table.wall { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }\n\
table.wall th, table.wall td { padding: 0.15rem 0.6rem; border-bottom: 2px solid var(--line); text-align: right; }\n\
table.wall th:nth-child(2), table.wall td:nth-child(2) { text-align: left; }\n\
.provisional { color: var(--bad); font-weight: 700; margin: 0.2rem 0; }\n</style>\n";

/// The standings page: the event's sections' standings as `event results` ranks them, the
/// provisional mark and the tables whose results are missing; no key, no control.
fn standings_page(club: &Club) -> Response {
    let (version, out) = club.standings();
    let mut b = String::from(WALL);
    let _ = writeln!(b, "<h1 id=\"event\">{}</h1>", esc(&club.d.event));
    match out {
        Err(why) => {
            let _ = writeln!(
                b,
                "<p class=\"provisional\">{}</p>",
                esc(&crate::t!("club-results-unread", why = why.as_str()))
            );
        }
        Ok(o) => {
            let round = club.lock().clone();
            for sec in &o.results.sections {
                let si = sec.section - 1;
                let r = round.rounds.get(si).copied().unwrap_or(1);
                let _ = writeln!(
                    b,
                    "<h2>{}{}</h2>",
                    esc(sec.game),
                    if sec.rounds > 1 {
                        format!(
                            " · {}",
                            esc(&crate::t!("club-round-of", round = r, rounds = sec.rounds))
                        )
                    } else {
                        String::new()
                    }
                );
                if sec.provisional {
                    let _ = writeln!(
                        b,
                        "<p class=\"provisional\" id=\"provisional-{}\">{}</p>",
                        sec.section,
                        esc(&crate::t!(
                            "club-provisional",
                            count = sec.missing.len(),
                            tables = sec
                                .missing
                                .iter()
                                .map(|m| if m.table == 0 {
                                    m.to_string()
                                } else {
                                    crate::t!("club-table-n", table = m.table)
                                })
                                .collect::<Vec<_>>()
                                .join(", ")
                        ))
                    );
                }
                let cols = crate::event::report::columns(sec);
                let _ = write!(
                    b,
                    "<table class=\"wall\" id=\"standings-{}\"><tr>",
                    sec.section
                );
                for c in &cols {
                    let _ = write!(
                        b,
                        "<th>{}</th>",
                        esc(&crate::event::report::column_title(c))
                    );
                }
                b.push_str("</tr>\n");
                for st in &sec.standings {
                    b.push_str("<tr>");
                    for c in &cols {
                        let _ = write!(
                            b,
                            "<td class=\"{c}\">{}</td>",
                            esc(&crate::event::report::cell(st, c))
                        );
                    }
                    b.push_str("</tr>\n");
                }
                b.push_str("</table>\n");
            }
        }
    }
    // It follows the results: the page asks the version every second and loads itself
    // again when it changes; without a script, it reloads every 15 s.
    let _ = write!(
        b,
        "<span hidden id=\"version\" data-version=\"{version}\"></span>\n\
         <noscript><meta http-equiv=\"refresh\" content=\"15\"></noscript>\n\
         <script>\n(function () {{\n  var seen = \"{version}\";\n  function ask() {{\n\
         var r = new XMLHttpRequest();\n    r.open(\"GET\", \"/event/version\");\n\
         r.onload = function () {{ if (r.status === 200 && r.responseText.trim() !== seen) {{ window.location.reload(); }} }};\n\
         r.send();\n  }}\n  window.setInterval(ask, 1000);\n}})();\n</script>\n"
    );
    Response::html(
        200,
        page::document(
            &crate::t!("club-standings-title", event = club.d.event.as_str()),
            &b,
            false,
            None,
        ),
    )
}

/// Every seat's link as a QR code, with the player's name, the table and the board: a sheet
/// to print, each seat cut out and handed to its player.
fn seats_sheet(state: &State, club: &Club, req: &Request) -> Response {
    let round = club.lock().clone();
    // On the local network, the address the operator's QR code carries (a phone's way in),
    // whatever name this page was asked by.
    let host = if state.hosts.lan {
        state
            .open
            .map(|a| a.to_string())
            .or_else(|| req.host.clone())
    } else {
        req.host.clone()
    }
    .unwrap_or_else(|| format!("127.0.0.1:{}", state.hosts.port));
    let mut b = String::from(
        "<style>\n.sheet { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0.5rem; }\n\
         .seat { border: 1px dashed var(--line); padding: 0.4rem; text-align: center; break-inside: avoid; }\n\
         .seat .name { font-size: 1.3rem; font-weight: 700; }\n.seat svg { width: 100%; height: auto; }\n\
         @media print { body { max-width: none; } header { display: none; } }\n</style>\n",
    );
    let _ = writeln!(
        b,
        "<header><h1>{}</h1><p class=\"quiet\">{}</p></header>\n<div class=\"sheet\" id=\"seats\">",
        esc(&crate::t!("club-seats-head", event = club.d.event.as_str())),
        esc(&crate::t!("club-seats-how"))
    );
    for slot in round.slots.iter().filter(|s| s.paper.is_none()) {
        for (i, p) in slot.players.iter().enumerate() {
            let n = i + 1;
            let url = format!(
                "http://{host}/t/{}/seat/{n}?k={}",
                slot.id,
                state.keys.key(&slot.id, &format!("seat-{n}"))
            );
            let code = QrCode::new(url.as_bytes())
                .map(|c| {
                    c.render::<svg::Color>()
                        .min_dimensions(180, 180)
                        .quiet_zone(true)
                        .build()
                })
                .unwrap_or_default();
            let code = code.find("<svg").map_or("", |at| &code[at..]);
            let _ = writeln!(
                b,
                "<div class=\"seat\" data-url=\"{}\"><div class=\"name\">{}</div>\
                 <div>{}</div>{code}<div><small>{}</small></div></div>",
                esc(&url),
                esc(p),
                esc(&crate::t!(
                    "club-seat-where",
                    table = slot.table,
                    board = slot.board.as_str(),
                    seat = n
                )),
                esc(&url)
            );
        }
    }
    b.push_str("</div>\n");
    Response::html(
        200,
        page::document(
            &crate::t!("club-seats-title", event = club.d.event.as_str()),
            &b,
            false,
            None,
        ),
    )
}

/// What the operator is told at start: the event, its round, the director's page and the
/// standings page.
pub fn say(state: &State, club: &Club, addr: std::net::SocketAddr) -> Vec<String> {
    let at = super::super::lan::reachable(addr).unwrap_or(addr);
    let round = club.lock().clone();
    let mut lines = vec![format!(
        "event: {} ({} tables open)",
        club.d.event,
        round.slots.iter().filter(|s| s.paper.is_none()).count()
    )];
    for (si, s) in club.d.sections.iter().enumerate() {
        if s.is_paired() {
            lines.push(format!(
                "  section {}: {}, round {} of {}",
                si + 1,
                s.game.name(),
                round.rounds.get(si).copied().unwrap_or(1),
                s.rounds
            ));
        }
    }
    lines.push(format!(
        "the director's page: http://{at}{}",
        director_href(state, "")
    ));
    lines.push(format!(
        "the standings (for a projector): http://{at}/event/standings"
    ));
    lines
}
