//! What each URL does. The operator's pages: `/` (the tables, a new one, a record to go
//! on with), `POST /new`, `POST /open`. A table's pages, one a view: `/t/ID` (the table's),
//! `/t/ID/seat/N` (seat N's, 1-based: the table's view and that seat's holding),
//! `/t/ID/director` (everything); after a page's path, `/move`, `/undo` and `/resign` (POST,
//! the forms; `/resign` asks again before it resigns),
//! `/record` (the record, to download), `/picture.svg`, `/state.json`. Every table URL
//! carries its view's key (`?k=`, [`super::keys`]).

use serde_json::json;

use super::guard;
use super::http::{Request, Response};
use super::keys;
use super::page::{self, Extras, Viewer};
use super::rights::{Ask, Undo};
use super::tables::{self, Desk};
use super::State;
use crate::games::session::{Answer, Live, View};
use crate::games::setup::Spec;

/// Whether a request is refused on its head alone (its body, `length` bytes, then never
/// read): a method no page takes, a page of the operator or the director asked under a
/// `Host` that is not this server's, a POST from another site ([`super::guard`]).
pub fn admit(state: &State, req: &Request, length: usize) -> Option<Response> {
    let get = req.method == "GET" || req.method == "HEAD";
    let post = req.method == "POST";
    if !get && !post {
        return Some(Response::text(405, "GET, HEAD or POST only\n"));
    }
    if length > super::http::BODY_LIMIT {
        return Some(Response::text(
            413,
            format!(
                "a request's body takes at most {} bytes\n",
                super::http::BODY_LIMIT
            ),
        ));
    }
    let segments: Vec<&str> = req.path[1..].split('/').collect();
    let guarded = matches!(
        segments.as_slice(),
        [""] | ["new"] | ["open"] | ["t", _, "director", ..] | ["event", "director", ..]
    );
    if guarded && !state.hosts.allows(req.host.as_deref()) {
        return Some(Response::html(
            403,
            page::problem(
                "Forbidden",
                &format!(
                    "this page answers to the address the server printed (http://127.0.0.1:{}/, \
                     localhost, or with --lan the machine's IP address), not to this Host",
                    state.hosts.port
                ),
                None,
            ),
        ));
    }
    if post && state.hosts.foreign(req) {
        return Some(Response::html(
            403,
            page::problem(
                "Forbidden",
                "this form was sent from another site's page: play from tavolo's own pages",
                None,
            ),
        ));
    }
    None
}

/// The form of a POST, when it carries its page's token `want` ([`super::guard`]).
fn form_of(req: &Request, want: &str) -> Result<Vec<(String, String)>, Response> {
    let form = req.form()?;
    if !guard::carries(want, &form) {
        return Err(Response::html(
            403,
            page::problem(
                "Forbidden",
                "the form lacks its page's token (another site's form, or a page from before \
                 a change): reload the page and send it again",
                None,
            ),
        ));
    }
    Ok(form)
}

/// The answer to `req`.
pub fn route(state: &State, req: &Request) -> Response {
    if let Some(r) = admit(state, req, req.body.len()) {
        return r;
    }
    let get = req.method == "GET" || req.method == "HEAD";
    let post = req.method == "POST";
    let segments: Vec<&str> = req.path[1..].split('/').collect();
    match segments.as_slice() {
        [""] if get => operator(state, req, |s, r| home(s, r, None)),
        ["new"] if post => operator(state, req, deal),
        ["open"] if post => operator(state, req, resume),
        [""] | ["new"] | ["open"] => Response::text(405, "not with this method\n"),
        ["static", name] if get => match page::asset(name) {
            Some((kind, text)) => {
                let mut r = Response::new(200, kind, text);
                r.kept = true;
                r
            }
            None => not_found("no such file"),
        },
        ["t", id, rest @ ..] => table(state, req, id, rest),
        ["event", rest @ ..] => match &state.event {
            Some(club) => super::club::pages::route(state, club, req, rest),
            None => not_found("this server runs no event (tavolo serve --event DIR)"),
        },
        _ => not_found("no such page"),
    }
}

fn not_found(what: &str) -> Response {
    Response::html(404, page::problem("Not found", what, Some("/")))
}

fn forbidden() -> Response {
    Response::html(
        403,
        page::problem(
            "Forbidden",
            "this link's key does not open this page: ask the director for your seat's link",
            None,
        ),
    )
}

/// The operator's pages: open on the loopback address, behind the token with `--lan`.
fn operator(state: &State, req: &Request, f: impl Fn(&State, &Request) -> Response) -> Response {
    if !state.token.is_empty() && !keys::same(req.param("k"), &state.token) {
        return forbidden();
    }
    f(state, req)
}

fn home(state: &State, _req: &Request, error: Option<(u16, &str)>) -> Response {
    let mut rows = Vec::new();
    for id in state.tables.ids() {
        let Some(desk) = state.tables.get(&id) else {
            continue;
        };
        let d = tables::lock(&desk);
        let what = format!(
            "{} ({}), {}: {}",
            d.live.game(),
            d.live.variant(),
            d.live.players().join(", "),
            match d.live.to_move() {
                Some(_) => format!("{} moves so far", d.live.moves()),
                None => format!("over after {} moves", d.live.moves()),
            }
        );
        let url = format!("/t/{id}/director?k={}", state.keys.key(&id, "director"));
        rows.push((id, what, url));
    }
    let games: Vec<&str> = crate::games::session::TABLES
        .iter()
        .map(|t| t.name())
        .collect();
    let (status, message) = match error {
        Some((s, m)) => (s, Some(m)),
        None => (200, None),
    };
    let form = guard::token(&state.keys, OPERATOR);
    Response::html(
        status,
        page::home(&rows, &games, &state.token, &form, message, state.strict),
    )
}

/// `POST /new`: a table dealt from the form's game, seed, players and names.
fn deal(state: &State, req: &Request) -> Response {
    if state.event.is_some() {
        return home(state, req, Some((409, EVENT_ONLY)));
    }
    let form = match form_of(req, &guard::token(&state.keys, OPERATOR)) {
        Ok(f) => f,
        Err(r) => return r,
    };
    let field = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let Some(game) = field("game") else {
        return home(state, req, Some((400, "name the game")));
    };
    let players = match field("players").map(|p| p.parse::<usize>()) {
        None => None,
        Some(Ok(n)) if n <= 16 => Some(n),
        Some(_) => {
            return home(
                state,
                req,
                Some((400, "the number of players is not a small number")),
            )
        }
    };
    let names = field("names").map(|n| {
        n.split(',')
            .map(|s| s.trim().to_string())
            .collect::<Vec<_>>()
    });
    let spec = Spec {
        game,
        players,
        variant: field("variant"),
        seed: field("seed"),
        board: 1,
        names,
    };
    // A ticked box sends `strict`; an empty one sends nothing: forgiving (GN-4).
    let strict = field("strict").is_some();
    // The seats the machine plays (issue 43), at the strength chosen for those named
    // without one; an empty field: none.
    let machine = field("machine").filter(|m| !m.trim().is_empty());
    let strength = field("strength").filter(|s| !s.trim().is_empty());
    let machine = machine.as_deref().map(|m| (m, strength.as_deref()));
    match state.tables.deal_with(&spec, strict, machine) {
        Ok(id) => Response::see_other(format!(
            "/t/{id}/director?k={}",
            state.keys.key(&id, "director")
        )),
        Err(e) => {
            let text = e.render(false);
            home(state, req, Some((422, text.trim_end())))
        }
    }
}

/// An event's server holds the round's tables only: another game's record in the event's
/// folder would be refused by its results (`event.no-such-board`).
const EVENT_ONLY: &str = "this server runs an event: its tables are the round's (the director's page opens them); a casual game is served by a server of its own folder";

/// `POST /open`: a table going on from a record pasted in the form.
fn resume(state: &State, req: &Request) -> Response {
    if state.event.is_some() {
        return home(state, req, Some((409, EVENT_ONLY)));
    }
    let form = match form_of(req, &guard::token(&state.keys, OPERATOR)) {
        Ok(f) => f,
        Err(r) => return r,
    };
    let Some((_, text)) = form.iter().find(|(k, _)| k == "record") else {
        return home(state, req, Some((400, "the form has no record")));
    };
    match state.tables.resume(text) {
        Ok(id) => {
            // A record that stops at a seat the machine plays: it moves now.
            if let Some(desk) = state.tables.get(&id) {
                machine_answers(&desk);
            }
            Response::see_other(format!(
                "/t/{id}/director?k={}",
                state.keys.key(&id, "director")
            ))
        }
        Err(why) => home(
            state,
            req,
            Some((422, &format!("the record cannot be gone on with: {why}"))),
        ),
    }
}

/// The view a table URL names, its key's name, its page's path, and the action after it.
fn parse_view<'a>(
    id: &str,
    rest: &'a [&'a str],
    seats: usize,
) -> Option<(View, String, String, &'a str)> {
    let (view, name, base, rest) = match rest {
        ["seat", n, rest @ ..] => {
            // `01` is not seat 1: one URL a page.
            let n: usize = n
                .parse()
                .ok()
                .filter(|k: &usize| (1..=seats).contains(k) && k.to_string() == *n)?;
            (
                View::Seat(n - 1),
                format!("seat-{n}"),
                format!("/t/{id}/seat/{n}"),
                rest,
            )
        }
        ["director", rest @ ..] => (
            View::Director,
            "director".to_string(),
            format!("/t/{id}/director"),
            rest,
        ),
        rest => (View::Table, "table".to_string(), format!("/t/{id}"), rest),
    };
    let action = match rest {
        [] | [""] => "",
        [a] if [
            "move",
            "undo",
            "resign",
            "seats",
            "record",
            "picture.svg",
            "state.json",
        ]
        .contains(a) =>
        {
            a
        }
        _ => return None,
    };
    Some((view, name, base, action))
}

fn table(state: &State, req: &Request, id: &str, rest: &[&str]) -> Response {
    let Some(desk) = state.tables.get(id) else {
        return not_found("no table of that name: the operator's page lists them");
    };
    let seats = tables::lock(&desk).live.players().len();
    let Some((view, name, base, action)) = parse_view(id, rest, seats) else {
        return not_found("no such page of this table");
    };
    let key = state.keys.key(id, &name);
    if !keys::same(req.param("k"), &key) {
        return forbidden();
    }
    let form = guard::token(&state.keys, &format!("{id}/{name}"));
    let who = Viewer {
        id: id.to_string(),
        view,
        base,
        key,
        form,
    };
    let get = req.method != "POST";
    machine_answers(&desk);
    let mut d = tables::lock(&desk);
    match (action, get) {
        ("", true) => {
            let hint = req.param("hint").is_some();
            let x = extras(state, &d, &who, req, hint);
            Response::html(200, page::table(d.live.as_ref(), &who, &x))
        }
        ("move", false) => {
            let r = play(state, &mut d, &who, req);
            drop(d);
            machine_answers(&desk);
            r
        }
        ("undo", false) => undo(state, &mut d, &who, req),
        ("resign", false) => {
            let r = resign(state, &mut d, &who, req);
            drop(d);
            machine_answers(&desk);
            r
        }
        ("seats", false) if view == View::Director => at_table(&mut d, &who, req),
        ("record", true) => {
            let Some(record) = d.live.record_for(view) else {
                return forbidden_here("the record holds the deal (every hidden holding, or the order of what is still to be drawn): the director's page downloads it");
            };
            let mut r = Response::new(200, "text/plain; charset=utf-8", record);
            r.download = Some(format!("{id}.toml"));
            r
        }
        ("picture.svg", true) => match picture(d.live.as_ref(), view, false) {
            Ok(svg) => Response::new(200, "image/svg+xml", svg),
            Err((403, why)) => forbidden_here(&why),
            Err((status, why)) => Response::text(status, format!("{why}\n")),
        },
        ("state.json", true) => Response::json(200, &state_json(d.live.as_ref(), view)),
        _ => Response::text(405, "not with this method\n"),
    }
}

fn forbidden_here(why: &str) -> Response {
    Response::html(403, page::problem("Not on this page", why, None))
}

/// The position drawn for `view` (GN-5: what it may not see face down, named by no id),
/// or the status and why not (403: this game's picture shows every holding). With
/// `targets`, the places a move goes as tap targets (the page's, not the file's).
fn picture(live: &dyn Live, view: View, targets: bool) -> Result<String, (u16, String)> {
    let shown = crate::show::live(live, view);
    shown
        .map(|s| {
            if targets {
                crate::show::with_targets(&s.svg, &s.scene)
            } else {
                s.svg
            }
        })
        .map_err(|e| {
            let status = if e.code == "table.private-picture" {
                403
            } else {
                404
            };
            (status, e.message)
        })
}

/// Whether `view` may ask for a hint: the director, the seat to move, anyone where
/// nothing is hidden (the session refuses the rest: [`Live::hint`]).
fn hint_allowed(live: &dyn Live, view: View) -> bool {
    match (view, live.to_move()) {
        (_, None) => false,
        (View::Director, _) => true,
        (View::Seat(s), Some(t)) => s == t || !live.hides(),
        (View::Table, _) => !live.hides(),
    }
}

/// The SVG to set in the page: its root's fixed size in millimetres taken off, so that it
/// fits the page's width (the viewBox keeps its proportions).
fn inline(svg: &str) -> String {
    let Some(start) = svg.find("<svg") else {
        return String::new();
    };
    let Some(end) = svg[start..].find('>').map(|e| start + e) else {
        return String::new();
    };
    let mut tag = svg[start..end].to_string();
    for attr in [" width=\"", " height=\""] {
        if let Some(a) = tag.find(attr) {
            if let Some(close) = tag[a + attr.len()..].find('"') {
                tag.replace_range(a..a + attr.len() + close + 1, "");
            }
        }
    }
    format!("{tag} role=\"img\"{}", &svg[end..])
}

fn extras(state: &State, d: &Desk, who: &Viewer, req: &Request, hint: bool) -> Extras {
    let live = d.live.as_ref();
    let view = who.view;
    let mut x = Extras {
        resign: resigners(live, view),
        hint_allowed: hint_allowed(live, view),
        record_allowed: live.record_for(view).is_some(),
        may_play: d.seats.may_play(live, view).is_ok(),
        undo: d.seats.undo(live, view),
        ..Extras::default()
    };
    match picture(live, view, true) {
        Ok(svg) => x.picture = Some(inline(&svg)),
        Err((403, _)) => x.no_picture = Some(crate::t!("serve-no-picture-here")),
        Err((_, why)) => x.no_picture = Some(crate::t!("serve-no-picture", why = why)),
    }
    if hint && x.hint_allowed {
        match live.hint(view) {
            Ok(h) => x.hint = Some(h),
            Err(why) => x.notice = Some(why),
        }
    }
    if view == View::Director && live.hides() {
        x.at_table = Some(
            live.players()
                .iter()
                .enumerate()
                .map(|(i, p)| (p.clone(), d.seats.at_table.contains(&i)))
                .collect(),
        );
    }
    if view == View::Director {
        let host = req
            .host
            .as_ref()
            .map(|h| format!("http://{h}"))
            .unwrap_or_default();
        let id = &who.id;
        x.links.push((
            crate::t!("serve-link-table"),
            format!("{host}/t/{id}?k={}", state.keys.key(id, "table")),
        ));
        for (i, p) in live.players().iter().enumerate() {
            let n = i + 1;
            x.links.push((
                crate::t!("serve-link-seat", n = n, player = p.as_str()),
                format!(
                    "{host}/t/{id}/seat/{n}?k={}",
                    state.keys.key(id, &format!("seat-{n}"))
                ),
            ));
        }
        x.links.push((
            "the director (everything)".into(),
            format!(
                "{host}/t/{id}/director?k={}",
                state.keys.key(id, "director")
            ),
        ));
    }
    x
}

/// The operator's page, for its forms' token.
const OPERATOR: &str = "/";

/// The form's `at`: the number of moves the page showed, so a move is for that position.
fn at_of(form: &[(String, String)]) -> Result<usize, Response> {
    let at = form.iter().find(|(k, _)| k == "at").map(|(_, v)| v.trim());
    match at.map(str::parse::<usize>) {
        Some(Ok(n)) => Ok(n),
        _ => Err(Response::text(
            400,
            "the form lacks `at`, the number of moves its page showed\n",
        )),
    }
}

/// A page answering a request its table refused, with the status given.
fn refused_page(
    state: &State,
    d: &Desk,
    who: &Viewer,
    req: &Request,
    status: u16,
    x: Extras,
) -> Response {
    let mut full = extras(state, d, who, req, false);
    full.answer = x.answer;
    full.notice = x.notice;
    Response::html(status, page::table(d.live.as_ref(), who, &full))
}

/// Why a step a page asks for is refused before it is tried, in the reader's words: the
/// page showed the game after `at` moves and it has moved on (another tablet was quicker),
/// or, for a step that plays (`plays`: a move, a resignation), the game is over. One
/// answer for every route that takes a step.
fn turn_refusal(d: &Desk, at: usize, plays: bool) -> Option<String> {
    let now = d.live.moves();
    if at != now {
        return Some(crate::t!("serve-refused-out-of-turn", at = at, now = now));
    }
    (plays && d.live.to_move().is_none()).then(|| crate::t!("serve-refused-over"))
}

/// The page again with `notice` (a refusal) above it, with `status`.
fn refused_with(
    state: &State,
    d: &Desk,
    who: &Viewer,
    req: &Request,
    status: u16,
    notice: String,
) -> Response {
    let x = Extras {
        notice: Some(notice),
        ..Extras::default()
    };
    refused_page(state, d, who, req, status, x)
}

/// After a move or a resignation the session accepted: the record written and the page
/// again, or, when it cannot be written, the step taken back (not written, so not made: the
/// session stays as its record) and a 500 saying `title`.
fn recorded_or_taken_back(d: &mut Desk, who: &Viewer, title: &str) -> Response {
    if let Err(e) = d.save() {
        d.live.undo(who.view);
        return not_written(who, title, e);
    }
    d.seats.ask = None;
    Response::see_other(who.href(""))
}

/// Whether the machine plays the seat to move at `d` (issue 43), the game going on.
fn machine_to_move(d: &Desk) -> bool {
    d.live.ended().is_none()
        && d.live
            .to_move()
            .is_some_and(|s| d.live.machine_seats().is_some_and(|m| m.level(s).is_some()))
}

/// The machine's seats move now (issue 43), after the page has had its answer: until the
/// move lands the pages show the machine thinking, and their poll of `state.json` finds
/// the new move. Each move is written as anyone's; one that cannot be written is taken
/// back, and the machine moves again after the next move.
/// Any request to a table starts it where none is under way (a server started again on a
/// game at the machine's turn), so at most one thread a table thinks.
fn machine_answers(desk: &std::sync::Arc<std::sync::Mutex<Desk>>) {
    // The tables whose machine is thinking, by their lock's address; changed only with
    // that table's lock held, so a move posted as the thread ends is never left unanswered.
    static THINKING: std::sync::Mutex<Vec<usize>> = std::sync::Mutex::new(Vec::new());
    let thinking = || THINKING.lock().unwrap_or_else(|e| e.into_inner());
    let key = std::sync::Arc::as_ptr(desk) as usize;
    {
        let d = tables::lock(desk);
        if !machine_to_move(&d) || thinking().contains(&key) {
            return;
        }
        thinking().push(key);
    }
    let desk = desk.clone();
    std::thread::spawn(move || loop {
        let mut d = tables::lock(&desk);
        let moved = machine_to_move(&d)
            && match d.live.machine_move(View::Director) {
                Some(Answer::Legal { .. }) => {
                    let saved = d.save().is_ok();
                    if !saved {
                        d.live.undo(View::Director);
                    }
                    saved
                }
                _ => false,
            };
        if !moved {
            thinking().retain(|k| *k != key);
            return;
        }
    });
}

/// The 500 page of a step whose record could not be written.
fn not_written(who: &Viewer, title: &str, e: crate::error::Error) -> Response {
    Response::html(
        500,
        page::problem(
            title,
            &crate::t!(
                "serve-not-written",
                error = e.render(false).trim_end().to_string()
            ),
            Some(&who.href("")),
        ),
    )
}

fn play(state: &State, d: &mut Desk, who: &Viewer, req: &Request) -> Response {
    let form = match form_of(req, &who.form) {
        Ok(f) => f,
        Err(r) => return r,
    };
    let at = match at_of(&form) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let text = form
        .iter()
        .find(|(k, _)| k == "move")
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_default();
    if let Some(why) = turn_refusal(d, at, true) {
        return refused_with(state, d, who, req, 409, why);
    }
    if let Err(why) = d.seats.may_play(d.live.as_ref(), who.view) {
        let why = crate::t!("serve-refused-not-this-page", why = why);
        return refused_with(state, d, who, req, 403, why);
    }
    let was_over = d.live.ended().is_some();
    let answer = d.live.apply(&text, who.view);
    // A strict table records an illegal move the sheet punishes, and the game ends (GN-4);
    // a move after the end (GN-1) is refused and changes nothing.
    let recorded =
        matches!(answer, Answer::Legal { .. }) || (!was_over && d.live.ended().is_some());
    match answer {
        _ if recorded => recorded_or_taken_back(d, who, "The move was not recorded"),
        a => {
            let x = Extras {
                answer: Some((text, a)),
                ..Extras::default()
            };
            refused_page(state, d, who, req, 422, x)
        }
    }
}

fn undo(state: &State, d: &mut Desk, who: &Viewer, req: &Request) -> Response {
    let form = match form_of(req, &who.form) {
        Ok(f) => f,
        Err(r) => return r,
    };
    let at = match at_of(&form) {
        Ok(a) => a,
        Err(r) => return r,
    };
    if let Some(why) = turn_refusal(d, at, false) {
        return refused_with(state, d, who, req, 409, why);
    }
    let refuse = form.iter().any(|(k, _)| k == "refuse");
    let offer = d.seats.undo(d.live.as_ref(), who.view);
    let notice = |text: &str| Extras {
        notice: Some(text.to_string()),
        ..Extras::default()
    };
    match (offer, refuse) {
        (Undo::No, _) if d.live.moves() == 0 => {
            refused_page(state, d, who, req, 409, notice(&crate::t!("serve-nothing-to-take-back")))
        }
        (Undo::No, _) => forbidden_here(
            "this page may not take that move back: the director may, or the seat whose move it is with another seat's agreement (one asks on their page, the other agrees on theirs)",
        ),
        (Undo::Asked | Undo::Confirm { .. }, true) => {
            d.seats.ask = None;
            Response::see_other(who.href(""))
        }
        (_, true) => refused_page(
            state,
            d,
            who,
            req,
            409,
            notice(&crate::t!("serve-no-undo-request")),
        ),
        (Undo::Ask, false) => {
            if let View::Seat(s) = who.view {
                d.seats.ask = Some(Ask { by: s, at });
            }
            Response::see_other(who.href(""))
        }
        (Undo::Asked, false) => refused_page(
            state,
            d,
            who,
            req,
            409,
            notice("Asked already: another seat agrees on its own page."),
        ),
        (Undo::Now | Undo::Confirm { .. }, false) => take_back(d, who),
    }
}

/// The seats `view` may resign for while the game goes on (GN-4): a seat's page its own
/// seat, the director's any seat, the table's page none.
fn resigners(live: &dyn Live, view: View) -> Vec<usize> {
    if live.to_move().is_none() {
        return Vec::new();
    }
    match view {
        View::Seat(s) => vec![s],
        View::Director => (0..live.players().len()).collect(),
        View::Table => Vec::new(),
    }
}

/// `POST .../resign` (GN-4): `seat` (1-based; a seat's page may leave it out) resigns.
/// Without `confirm` the page asks first; with it the resignation is recorded and the
/// game ends as GN-4 says. A seat's key resigns only for its own seat (403).
fn resign(state: &State, d: &mut Desk, who: &Viewer, req: &Request) -> Response {
    let form = match form_of(req, &who.form) {
        Ok(f) => f,
        Err(r) => return r,
    };
    let at = match at_of(&form) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let field = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    };
    let players = d.live.players().len();
    let named = match field("seat").map(str::parse::<usize>) {
        None => None,
        Some(Ok(n)) if (1..=players).contains(&n) => Some(n - 1),
        Some(_) => return Response::text(400, "`seat` is a seat's number, from 1\n"),
    };
    let seat = match (who.view, named) {
        (View::Seat(s), None) => s,
        (View::Seat(s), Some(n)) if n == s => s,
        (View::Director, Some(n)) => n,
        (View::Director, None) => return Response::text(400, "name the seat that resigns\n"),
        (View::Seat(_) | View::Table, _) => {
            return forbidden_here(
                "a seat resigns only on its own page (the director may resign for any seat)",
            )
        }
    };
    if let Some(why) = turn_refusal(d, at, true) {
        return refused_with(state, d, who, req, 409, why);
    }
    if field("confirm") != Some("yes") {
        return Response::html(200, page::resign(d.live.as_ref(), who, seat));
    }
    match d.live.resign(seat, who.view) {
        Ok(_) => recorded_or_taken_back(d, who, "The resignation was not recorded"),
        Err(why) => {
            let why = crate::t!("serve-not-resigned", why = why);
            refused_with(state, d, who, req, 409, why)
        }
    }
}

/// The last move taken back and the record written.
fn take_back(d: &mut Desk, who: &Viewer) -> Response {
    if d.live.undo(who.view).is_none() {
        return Response::text(409, "nothing to take back\n");
    }
    if let Err(e) = d.save() {
        d.live.redo(who.view);
        return Response::html(
            500,
            page::problem(
                "The move was not taken back",
                &format!(
                    "the record could not be written: {}",
                    e.render(false).trim_end()
                ),
                Some(&who.href("")),
            ),
        );
    }
    d.seats.ask = None;
    Response::see_other(who.href(""))
}

/// `POST .../director/seats`: the seats played on the table's page (`seat=N`, repeated).
fn at_table(d: &mut Desk, who: &Viewer, req: &Request) -> Response {
    let form = match form_of(req, &who.form) {
        Ok(f) => f,
        Err(r) => return r,
    };
    let players = d.live.players().len();
    d.seats.at_table = form
        .iter()
        .filter(|(k, _)| k == "seat")
        .filter_map(|(_, v)| v.trim().parse::<usize>().ok())
        .filter(|n| (1..=players).contains(n))
        .map(|n| n - 1)
        .collect();
    if let Err(e) = d.save_seats() {
        return Response::html(
            500,
            page::problem(
                "Not saved",
                &format!(
                    "the table's seats could not be written: {}",
                    e.render(false).trim_end()
                ),
                Some(&who.href("")),
            ),
        );
    }
    Response::see_other(who.href(""))
}

/// The game as data for this view (what the page's script asks, and tests).
fn state_json(live: &dyn Live, view: View) -> serde_json::Value {
    let seat = live.to_move();
    json!({
        "game": live.game(),
        "variant": live.variant(),
        "players": live.players(),
        "moves": live.moves(),
        "to_move": seat.and_then(|s| live.players().get(s).cloned()),
        "seat": seat.map(|s| s + 1),
        "expects": live.expects(),
        "over": seat.is_none(),
        // The machine plays the seat to move and has not yet moved (issue 43).
        "thinking": seat.is_some_and(|s| live.ended().is_none()
            && live.machine_seats().is_some_and(|m| m.level(s).is_some())),
        "result": live.result(),
        "strict": live.is_strict(),
        "scores": live.scores(),
        "last": live.history(view).last(),
        "position": live.position(view),
    })
}
