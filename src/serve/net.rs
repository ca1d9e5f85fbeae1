//! The connections (issue 38): hyper's HTTP/1.1 server on a tokio runtime of one thread, so
//! that a client sending a byte now and then, or a `Content-Length` it never sends, costs
//! a task and never one of the few threads that answer. Every connection is bounded:
//!
//! - its head within [`TIMEOUT`] (hyper's header timeout), at most [`HEAD_LIMIT`] bytes
//!   and [`MAX_HEADERS`] headers (hyper answers 431), malformed heads answered 400 by hyper;
//! - a request is first judged on its head alone ([`routes::admit`]: its method, its
//!   `Host`, its `Origin`, its `Content-Length` against [`BODY_LIMIT`], no chunked body),
//!   and a refused one is answered at once: its body is never read;
//! - its body read within [`TIMEOUT`] of its head (408);
//! - the whole connection, answer included, within [`DEADLINE`], then dropped;
//! - at most [`PER_CLIENT`] connections from one address and [`TOTAL`] in all; past
//!   either a connection gets a short 503 and is closed.
//!
//! One request a connection (no keep-alive): a table's tablets send a few requests a
//! minute. [`routes::route`] runs on the runtime's blocking threads (`workers` of them),
//! after the request is read whole. Ctrl-C (or SIGTERM) stops the accepting, lets the
//! requests under way finish (at most [`GRACE`]), and returns.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::{GracefulShutdown, Watcher};

use super::http::{
    Request, Response, BODY_LIMIT, DEADLINE, HEAD_LIMIT, MAX_HEADERS, POLICY, TIMEOUT,
};
use super::{routes, State};
use crate::error::Error;

/// Connections from one client address at once, at most: a browser opens six to a host,
/// a club's tablets share no address (on the loopback address every test shares one).
pub const PER_CLIENT: usize = 32;
/// Connections at once, at most.
pub const TOTAL: usize = 512;
/// How long a stop waits for the requests under way.
pub const GRACE: Duration = Duration::from_secs(5);

/// The connections open, by client address and in all.
#[derive(Default)]
struct Counts {
    by_client: HashMap<IpAddr, usize>,
    total: usize,
}

/// A connection counted: uncounted when dropped.
struct Slot {
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        c.total = c.total.saturating_sub(1);
        if let Some(n) = c.by_client.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.by_client.remove(&self.ip);
            }
        }
    }
}

/// A slot for a connection from `ip`, or `None` past a limit.
fn take(counts: &Arc<Mutex<Counts>>, ip: IpAddr) -> Option<Slot> {
    let mut c = counts.lock().unwrap_or_else(|e| e.into_inner());
    let mine = c.by_client.get(&ip).copied().unwrap_or(0);
    if c.total >= TOTAL || mine >= PER_CLIENT {
        return None;
    }
    c.total += 1;
    *c.by_client.entry(ip).or_insert(0) += 1;
    Some(Slot {
        counts: Arc::clone(counts),
        ip,
    })
}

/// Answer connections on `listener` until `stop` completes (then gracefully, as the
/// module says), routing with `workers` threads.
pub fn serve(
    listener: std::net::TcpListener,
    state: Arc<State>,
    workers: usize,
    stop: impl Future<Output = ()>,
) -> Result<(), Error> {
    let failed = |e: std::io::Error| Error::failed("serve.runtime", format!("{e}"));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(workers.max(1))
        .build()
        .map_err(failed)?;
    rt.block_on(async move {
        listener.set_nonblocking(true).map_err(failed)?;
        let listener = tokio::net::TcpListener::from_std(listener).map_err(failed)?;
        let counts = Arc::new(Mutex::new(Counts::default()));
        let graceful = GracefulShutdown::new();
        let mut stop = std::pin::pin!(stop);
        loop {
            let accepted = match first(listener.accept(), &mut stop).await {
                Either::Left(a) => a,
                Either::Right(()) => break,
            };
            let (stream, peer) = match accepted {
                Ok(c) => c,
                // Out of file descriptors, a connection reset before it was taken: the
                // listener goes on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            };
            let Some(slot) = take(&counts, peer.ip()) else {
                tokio::spawn(busy(stream));
                continue;
            };
            let state = Arc::clone(&state);
            let watcher = graceful.watcher();
            tokio::spawn(async move {
                let _slot = slot;
                connection(stream, state, Some(watcher)).await;
            });
        }
        drop(listener);
        let _ = tokio::time::timeout(GRACE, graceful.shutdown()).await;
        Ok(())
    })
}

/// One connection answered, within [`DEADLINE`]; `watcher` ends it early at a stop.
async fn connection(stream: tokio::net::TcpStream, state: Arc<State>, watcher: Option<Watcher>) {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(stream);
    let svc = hyper::service::service_fn(move |req| {
        let state = Arc::clone(&state);
        async move { Ok::<_, Infallible>(exchange(state, req).await) }
    });
    let conn = builder().serve_connection(io, svc);
    match watcher {
        Some(w) => {
            let _ = tokio::time::timeout(DEADLINE, w.watch(conn)).await;
        }
        None => {
            let _ = tokio::time::timeout(DEADLINE, conn).await;
        }
    }
}

/// One connection answered as the server answers it, on a runtime of its own, the
/// routing on this thread (the fuzz harness's way in: the same reading, judging and
/// routing, without the accepting).
pub fn answer_one(stream: std::net::TcpStream, state: Arc<State>) -> std::io::Result<()> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    rt.block_on(async move {
        stream.set_nonblocking(true)?;
        let stream = tokio::net::TcpStream::from_std(stream)?;
        connection(stream, state, None).await;
        Ok(())
    })
}

/// Ctrl-C or SIGTERM, whichever comes first (a signal that cannot be listened to: never).
pub async fn stopped() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    let _ = first(ctrl_c, term).await;
}

enum Either<A, B> {
    Left(A),
    Right(B),
}

/// Whichever of `a` and `b` completes first (`a` when both are ready).
async fn first<A: Future, B: Future>(a: A, b: B) -> Either<A::Output, B::Output> {
    let mut a = std::pin::pin!(a);
    let mut b = std::pin::pin!(b);
    std::future::poll_fn(|cx| {
        if let std::task::Poll::Ready(x) = a.as_mut().poll(cx) {
            return std::task::Poll::Ready(Either::Left(x));
        }
        b.as_mut().poll(cx).map(Either::Right)
    })
    .await
}

fn builder() -> hyper::server::conn::http1::Builder {
    let mut b = hyper::server::conn::http1::Builder::new();
    b.timer(TokioTimer::new())
        .header_read_timeout(TIMEOUT)
        .max_header_size(HEAD_LIMIT)
        .max_headers(MAX_HEADERS)
        .max_buf_size(4 * HEAD_LIMIT)
        .keep_alive(false);
    b
}

/// Past a limit: a short 503, written within a second, and the connection closed.
async fn busy(stream: tokio::net::TcpStream) {
    let text = "busy: try again in a moment\n";
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n{text}",
        text.len()
    );
    let mut left = head.as_bytes();
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while !left.is_empty() && stream.writable().await.is_ok() {
            match stream.try_write(left) {
                Ok(n) => left = &left[n..],
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(_) => return,
            }
        }
    })
    .await;
}

/// One request read (head, judged, then body) and answered.
async fn exchange(
    state: Arc<State>,
    req: hyper::Request<Incoming>,
) -> hyper::Response<Full<Bytes>> {
    let (parts, body) = req.into_parts();
    let (mut request, length) = match head(&parts) {
        Ok(r) => r,
        Err(r) => return reply(&r),
    };
    // The reader's language (issue 42): the page's switch, kept in a cookie, else the
    // browser's Accept-Language, else the server's own.
    let header_text =
        |name: header::HeaderName| parts.headers.get(name).and_then(|v| v.to_str().ok());
    let switched = request.param("lang").and_then(crate::lang::Lang::parse);
    let lang = crate::lang::for_request(
        request.param("lang"),
        header_text(header::COOKIE),
        header_text(header::ACCEPT_LANGUAGE),
        crate::lang::current(),
    );
    if let Some(r) = routes::admit(&state, &request, length) {
        // The body is not read: hyper closes the connection after the answer.
        return reply(&r);
    }
    if length > 0 {
        let limited = Limited::new(body, BODY_LIMIT);
        match tokio::time::timeout(TIMEOUT, limited.collect()).await {
            Ok(Ok(b)) => request.body = b.to_bytes().to_vec(),
            Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return reply(&too_large()),
            Ok(Err(_)) => return reply(&Response::text(400, "the body was cut short\n")),
            Err(_) => {
                return reply(&Response::text(408, "the body came too slowly\n"));
            }
        }
    }
    let routed = tokio::task::spawn_blocking(move || {
        // A panic is a bug (each has its regression test); should one slip through, it
        // costs its request only.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            crate::lang::with(lang, || {
                super::http::finish(routes::route(&state, &request), &request)
            })
        }))
    })
    .await;
    match routed {
        Ok(Ok(r)) => {
            let mut out = reply(&r);
            // The switch's choice, kept for this reader's next pages.
            if let Some(v) = switched.and_then(|l| {
                HeaderValue::from_str(&format!(
                    "{}={}; Path=/; SameSite=Strict; Max-Age=31536000",
                    crate::lang::COOKIE,
                    l.code()
                ))
                .ok()
            }) {
                out.headers_mut().insert(header::SET_COOKIE, v);
            }
            out
        }
        _ => reply(&Response::text(
            500,
            "internal error: this request failed\n",
        )),
    }
}

fn too_large() -> Response {
    Response::text(
        413,
        format!("a request's body takes at most {BODY_LIMIT} bytes\n"),
    )
}

/// The request of a head hyper parsed, and its body's length, or the answer refusing it.
pub fn head(parts: &hyper::http::request::Parts) -> Result<(Request, usize), Response> {
    let bad = |s: &str| Err(Response::text(400, format!("{s}\n")));
    if parts.version != hyper::Version::HTTP_11 && parts.version != hyper::Version::HTTP_10 {
        return Err(Response::text(505, "HTTP/1.0 or HTTP/1.1 only\n"));
    }
    let h = &parts.headers;
    if h.contains_key(header::TRANSFER_ENCODING) {
        return Err(Response::text(
            411,
            "send the body with a Content-Length, not in chunks\n",
        ));
    }
    // hyper has refused a malformed or doubled Content-Length already.
    let length = match h.get(header::CONTENT_LENGTH).map(|v| v.to_str()) {
        None => 0,
        Some(Ok(v)) => match v.trim().parse::<u64>() {
            Ok(n) => usize::try_from(n).unwrap_or(usize::MAX),
            Err(_) => return bad("the Content-Length is not a number"),
        },
        Some(Err(_)) => return bad("the Content-Length is not a number"),
    };
    if length > BODY_LIMIT {
        return Err(too_large());
    }
    let text = |name: header::HeaderName| h.get(name).and_then(|v| v.to_str().ok());
    let host = text(header::HOST)
        .filter(|v| {
            !v.is_empty()
                && v.len() <= 255
                && v.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .map(str::to_string);
    // The target: a path (`/...`), not a whole URL nor `*`.
    let uri = &parts.uri;
    if uri.scheme().is_some() || uri.authority().is_some() {
        return bad("the request's target is not a path (`/...`)");
    }
    let Some(pq) = uri.path_and_query() else {
        return bad("the request's target is not a path (`/...`)");
    };
    let path = pq.path();
    if !path.starts_with('/') {
        return bad("the request's target is not a path (`/...`)");
    }
    let Some(query) = super::http::pairs(pq.query().unwrap_or("")) else {
        return bad("the query's encoding is broken");
    };
    Ok((
        Request {
            method: parts.method.as_str().to_string(),
            path: path.to_string(),
            query,
            content_type: text(header::CONTENT_TYPE).map(str::to_string),
            host,
            origin: text(header::ORIGIN).map(str::to_string),
            fetch_site: h
                .get("sec-fetch-site")
                .and_then(|v| v.to_str().ok())
                .map(str::to_string),
            if_none_match: text(header::IF_NONE_MATCH).map(str::to_string),
            gzip: text(header::ACCEPT_ENCODING).is_some_and(super::http::takes_gzip),
            body: Vec::new(),
        },
        length,
    ))
}

/// `r` as hyper's answer, with the headers every answer carries.
/// (hyper sends no body to a HEAD.)
fn reply(r: &Response) -> hyper::Response<Full<Bytes>> {
    let mut out = hyper::Response::new(Full::new(Bytes::from(r.body.clone())));
    *out.status_mut() =
        hyper::StatusCode::from_u16(r.status).unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let h = out.headers_mut();
    let fixed = |v: &'static str| HeaderValue::from_static(v);
    h.insert(header::CONTENT_TYPE, fixed(r.content_type));
    h.insert(header::CONNECTION, fixed("close"));
    h.insert(
        header::CACHE_CONTROL,
        fixed(if r.kept {
            super::http::KEPT
        } else {
            "no-store"
        }),
    );
    if let Some(v) = r
        .etag
        .as_deref()
        .and_then(|t| HeaderValue::from_str(t).ok())
    {
        h.insert(header::ETAG, v);
    }
    if r.gzipped {
        h.insert(header::CONTENT_ENCODING, fixed("gzip"));
    }
    if r.etag.is_some() {
        // Compressed or not as the client asked: a cache keeps the two apart.
        h.insert(header::VARY, fixed("Accept-Encoding"));
    }
    h.insert(header::X_CONTENT_TYPE_OPTIONS, fixed("nosniff"));
    h.insert(header::REFERRER_POLICY, fixed("no-referrer"));
    h.insert(header::CONTENT_SECURITY_POLICY, fixed(POLICY));
    // Both are built by the routes from checked names, never from a request's text.
    if let Some(v) = r
        .location
        .as_ref()
        .and_then(|to| HeaderValue::from_str(to).ok())
    {
        h.insert(header::LOCATION, v);
    }
    if let Some(v) = r
        .download
        .as_ref()
        .and_then(|n| HeaderValue::from_str(&format!("attachment; filename=\"{n}\"")).ok())
    {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    if r.status == 405 {
        h.insert(header::ALLOW, fixed("GET, HEAD, POST"));
    }
    out
}
