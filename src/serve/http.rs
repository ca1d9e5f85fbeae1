//! One HTTP/1.1 exchange on a connection, every part of it bounded: the request head
//! (parsed by `httparse`) at most [`HEAD_LIMIT`] bytes and [`MAX_HEADERS`] headers, the body
//! at most [`BODY_LIMIT`] bytes and only with a `Content-Length`, the socket's reads and
//! writes timed out. Every request is answered once and the connection closed: a table's
//! tablets send a few requests a minute, and one request a connection keeps the server free
//! of keep-alive bookkeeping. Nothing here panics on what a client sends.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The request line and headers, at most.
pub const HEAD_LIMIT: usize = 16 * 1024;
/// Headers, at most.
pub const MAX_HEADERS: usize = 48;
/// A body, at most: a record uploaded to resume is the largest thing a page sends.
pub const BODY_LIMIT: usize = 256 * 1024;
/// How long a client may take to send its request, or to read the answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// A request as the routes see it.
#[derive(Debug)]
pub struct Request {
    pub method: String,
    /// The path without its query, as sent (never percent-decoded: the routes accept only
    /// plain names, so `%2e%2e` is no `..`).
    pub path: String,
    /// The query's pairs, decoded.
    pub query: Vec<(String, String)>,
    pub content_type: Option<String>,
    /// The `Host` header, when it is a plain host name or address (for the links a page
    /// prints whole).
    pub host: Option<String>,
    pub body: Vec<u8>,
}

impl Request {
    /// A query parameter's value.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as form fields (`application/x-www-form-urlencoded`, what an HTML form
    /// posts); `Err` says why not.
    pub fn form(&self) -> Result<Vec<(String, String)>, Response> {
        if self.body.is_empty() {
            return Ok(Vec::new());
        }
        let ct = self.content_type.as_deref().unwrap_or("");
        let mime = ct.split(';').next().unwrap_or("").trim();
        if !mime.eq_ignore_ascii_case("application/x-www-form-urlencoded") {
            return Err(Response::text(
                415,
                "a form is sent as application/x-www-form-urlencoded (an HTML form's default)\n",
            ));
        }
        let text = std::str::from_utf8(&self.body)
            .map_err(|_| Response::text(400, "the form is not UTF-8\n"))?;
        pairs(text).ok_or_else(|| Response::text(400, "the form's encoding is broken\n"))
    }
}

/// An answer.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// Where a `303 See Other` sends the browser.
    pub location: Option<String>,
    /// A file name to save the body as (`Content-Disposition: attachment`).
    pub download: Option<String>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
            location: None,
            download: None,
        }
    }

    pub fn text(status: u16, body: impl Into<String>) -> Response {
        Response::new(status, "text/plain; charset=utf-8", body.into())
    }

    pub fn html(status: u16, body: String) -> Response {
        Response::new(status, "text/html; charset=utf-8", body)
    }

    pub fn json(status: u16, v: &serde_json::Value) -> Response {
        let mut text = serde_json::to_string(v).unwrap_or_default();
        text.push('\n');
        Response::new(status, "application/json", text)
    }

    /// `303 See Other`: after a form's POST, the browser loads `to` with GET.
    pub fn see_other(to: String) -> Response {
        let mut r = Response::text(303, format!("see {to}\n"));
        r.location = Some(to);
        r
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        303 => "See Other",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

/// What a page may load: nothing from elsewhere, no script but its own inline one.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; \
    script-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// Write `r` and close; a client gone meanwhile is not an error worth telling. `linger`
/// when the request was not read whole (refused midway): what the client still sends is
/// read and dropped for a moment, since closing on unread bytes resets the connection and
/// the client could lose the answer.
pub fn answer(stream: &mut TcpStream, r: &Response, head_only: bool, linger: bool) {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         Referrer-Policy: no-referrer\r\nContent-Security-Policy: {POLICY}\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    // Both are built by the routes from checked names, never from a request's text.
    if let Some(to) = &r.location {
        head.push_str(&format!("Location: {to}\r\n"));
    }
    if let Some(name) = &r.download {
        head.push_str(&format!(
            "Content-Disposition: attachment; filename=\"{name}\"\r\n"
        ));
    }
    if r.status == 405 {
        head.push_str("Allow: GET, HEAD, POST\r\n");
    }
    head.push_str("\r\n");
    let _ = stream.write_all(head.as_bytes());
    if !head_only {
        let _ = stream.write_all(&r.body);
    }
    let _ = stream.flush();
    let _ = stream.shutdown(std::net::Shutdown::Write);
    if linger {
        let _ = stream.set_read_timeout(Some(Duration::from_millis(300)));
        let mut sink = [0u8; 8192];
        let mut left = 4 * BODY_LIMIT;
        while left > 0 {
            match stream.read(&mut sink) {
                Ok(0) | Err(_) => break,
                Ok(n) => left = left.saturating_sub(n),
            }
        }
    }
}

/// Read one request from `stream`, or the answer that refuses it (a 4xx: too large,
/// malformed, too slow), or `None` when the client sent nothing and went.
pub fn read(stream: &mut TcpStream) -> Result<Request, Option<Response>> {
    let _ = stream.set_read_timeout(Some(TIMEOUT));
    let _ = stream.set_write_timeout(Some(TIMEOUT));
    let mut buf = Vec::with_capacity(2048);
    let mut chunk = [0u8; 4096];
    // A client sending a byte now and then stays within each read's timeout: the whole
    // request has a deadline too.
    let deadline = std::time::Instant::now() + 2 * TIMEOUT;
    let late = || std::time::Instant::now() > deadline;
    // Read until the head is whole (its blank line), the limit, or the end.
    let (head_len, request) = loop {
        let n = match stream.read(&mut chunk) {
            Ok(0) if buf.is_empty() => return Err(None),
            Ok(0) => return Err(Some(Response::text(400, "the request ends in its head\n"))),
            Ok(n) => n,
            Err(e) if timed_out(&e) => {
                return Err(Some(Response::text(408, "the request came too slowly\n")))
            }
            Err(_) => return Err(None),
        };
        buf.extend_from_slice(&chunk[..n]);
        if late() {
            return Err(Some(Response::text(408, "the request came too slowly\n")));
        }
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(&buf) {
            Ok(httparse::Status::Complete(len)) => break (len, head(&req)?),
            Ok(httparse::Status::Partial) if buf.len() < HEAD_LIMIT => continue,
            Ok(httparse::Status::Partial) => return Err(Some(too_long())),
            Err(httparse::Error::TooManyHeaders) => {
                return Err(Some(Response::text(
                    431,
                    format!("a request has at most {MAX_HEADERS} headers\n"),
                )))
            }
            Err(e) => {
                return Err(Some(Response::text(
                    400,
                    format!("not an HTTP request: {e}\n"),
                )))
            }
        }
    };
    if head_len > HEAD_LIMIT {
        return Err(Some(too_long()));
    }
    let (mut request, length) = request;
    let mut body = buf.split_off(head_len);
    if body.len() > length {
        // Pipelined requests are not read: one request a connection.
        body.truncate(length);
    }
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        match stream.read(&mut chunk[..want]) {
            Ok(0) => {
                return Err(Some(Response::text(
                    400,
                    "the body is shorter than its Content-Length\n",
                )))
            }
            Ok(_) if late() => return Err(Some(Response::text(408, "the body came too slowly\n"))),
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(e) if timed_out(&e) => {
                return Err(Some(Response::text(408, "the body came too slowly\n")))
            }
            Err(_) => return Err(None),
        }
    }
    request.body = body;
    Ok(request)
}

fn timed_out(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    )
}

fn too_long() -> Response {
    Response::text(
        431,
        format!("a request's line and headers take at most {HEAD_LIMIT} bytes\n"),
    )
}

/// The request of a parsed head, and its body's length, or the answer refusing it.
fn head(req: &httparse::Request) -> Result<(Request, usize), Option<Response>> {
    let bad = |s: &str| Err(Some(Response::text(400, format!("{s}\n"))));
    let (Some(method), Some(target)) = (req.method, req.path) else {
        return bad("the request line is incomplete");
    };
    if req.version != Some(1) && req.version != Some(0) {
        return Err(Some(Response::text(505, "HTTP/1.0 or HTTP/1.1 only\n")));
    }
    let mut length = None;
    let mut content_type = None;
    let mut host = None;
    for h in req.headers.iter() {
        if h.name.eq_ignore_ascii_case("host") {
            host = std::str::from_utf8(h.value)
                .ok()
                .filter(|v| {
                    !v.is_empty()
                        && v.len() <= 255
                        && v.bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
                })
                .map(str::to_string);
        }
        if h.name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(Some(Response::text(
                411,
                "send the body with a Content-Length, not in chunks\n",
            )));
        }
        if h.name.eq_ignore_ascii_case("content-length") {
            let v = std::str::from_utf8(h.value).unwrap_or("").trim();
            let n: usize = match v.parse() {
                Ok(n) if v.bytes().all(|b| b.is_ascii_digit()) => n,
                _ => {
                    // An over-long number is too large, not malformed.
                    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(too_large());
                    }
                    return bad("the Content-Length is not a number");
                }
            };
            if length.is_some_and(|l| l != n) {
                return bad("two different Content-Lengths");
            }
            length = Some(n);
        }
        if h.name.eq_ignore_ascii_case("content-type") {
            content_type = std::str::from_utf8(h.value).ok().map(str::to_string);
        }
    }
    let length = length.unwrap_or(0);
    if length > BODY_LIMIT {
        return Err(too_large());
    }
    if !target.starts_with('/') {
        return bad("the request's target is not a path (`/...`)");
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let Some(query) = pairs(query) else {
        return bad("the query's encoding is broken");
    };
    Ok((
        Request {
            method: method.to_string(),
            path: path.to_string(),
            query,
            content_type,
            host,
            body: Vec::new(),
        },
        length,
    ))
}

fn too_large() -> Option<Response> {
    Some(Response::text(
        413,
        format!("a request's body takes at most {BODY_LIMIT} bytes\n"),
    ))
}

/// `a=1&b=x+y%21` as pairs; `None` for a broken escape or text that is not UTF-8.
pub fn pairs(text: &str) -> Option<Vec<(String, String)>> {
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            Some((decode(k)?, decode(v)?))
        })
        .collect()
}

/// Percent-decoding, `+` as a space (the form encoding).
pub fn decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = b.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// Percent-encoding for a query value: all but unreserved characters.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_decode_and_broken_escapes_are_refused() {
        assert_eq!(
            pairs("move=1+AG+d3&at=0").unwrap(),
            [("move".into(), "1 AG d3".into()), ("at".into(), "0".into())]
        );
        assert_eq!(decode("a%2Fb%20c").unwrap(), "a/b c");
        assert!(decode("%zz").is_none());
        assert!(decode("%4").is_none());
        assert!(decode("%ff").is_none(), "not UTF-8");
        assert_eq!(decode(&encode("è /?&=")).unwrap(), "è /?&=");
    }
}
