//! A request and its answer as the routes see them, plain data: what [`super::net`] reads
//! off a connection (through hyper) and writes back. The limits every request is held to
//! are here: the request head at most [`HEAD_LIMIT`] bytes and [`MAX_HEADERS`] headers, the
//! body at most [`BODY_LIMIT`] bytes and only with a `Content-Length`, the head within
//! [`TIMEOUT`] and the whole exchange within [`DEADLINE`].

use std::time::Duration;

/// The request line and headers, at most.
pub const HEAD_LIMIT: usize = 16 * 1024;
/// Headers, at most.
pub const MAX_HEADERS: usize = 48;
/// A body, at most: a record uploaded to resume is the largest thing a page sends.
pub const BODY_LIMIT: usize = 256 * 1024;
/// How long a client may take to send its request's head, and then its body.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a connection may last, whatever it does: its request read, answered and the
/// answer taken. A client sending a byte now and then is cut off here.
pub const DEADLINE: Duration = Duration::from_secs(20);

/// A request as the routes see it.
#[derive(Debug, Default)]
pub struct Request {
    pub method: String,
    /// The path without its query, as sent (never percent-decoded: the routes accept only
    /// plain names, so `%2e%2e` is no `..`).
    pub path: String,
    /// The query's pairs, decoded.
    pub query: Vec<(String, String)>,
    pub content_type: Option<String>,
    /// The `Host` header, when it is a plain host name or address, port included.
    pub host: Option<String>,
    /// The `Origin` header, as sent (a browser sends it with every POST).
    pub origin: Option<String>,
    /// `Sec-Fetch-Site` (`same-origin`, `cross-site`, ...), as sent.
    pub fetch_site: Option<String>,
    /// `If-None-Match`, as sent: the ETags of what the client holds already.
    pub if_none_match: Option<String>,
    /// Whether the client takes a gzip body (`Accept-Encoding`).
    pub gzip: bool,
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
    /// Kept by the browser a year ([`KEPT`]: the stylesheet and the script, named by their
    /// content); else `no-store` (a table's page may show a holding).
    pub kept: bool,
    /// The body's `ETag` (weak: the same whether sent compressed or not), set by [`finish`].
    pub etag: Option<Box<str>>,
    /// The body is gzip's ([`finish`]).
    pub gzipped: bool,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
            location: None,
            download: None,
            kept: false,
            etag: None,
            gzipped: false,
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

/// What a page may load: nothing from elsewhere, no script but its own (the server's
/// `/static/page.js`, or inline).
pub const POLICY: &str = "default-src 'none'; style-src 'self' 'unsafe-inline'; \
    script-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// The `Cache-Control` of a kept answer.
pub const KEPT: &str = "public, max-age=31536000, immutable";

/// Bodies shorter than this go as they are: gzip's header and a packet's worth save nothing.
pub const GZIP_FROM: usize = 1024;

/// A routed answer made light for the wire (issue 47): a `GET`'s `200` carries an `ETag`
/// of its body, and is a bodiless `304 Not Modified` when the client holds that body
/// already (`If-None-Match`: a page's poll of `state.json` that finds nothing new); a text
/// body of [`GZIP_FROM`] bytes or more is gzipped when the client takes it.
pub fn finish(mut r: Response, req: &Request) -> Response {
    let get = req.method == "GET" || req.method == "HEAD";
    if !get || r.status != 200 {
        return r;
    }
    let tag = etag(&r.body);
    if let Some(held) = &req.if_none_match {
        if matches(held, &tag) {
            r.status = 304;
            r.body.clear();
            r.etag = Some(tag.into());
            return r;
        }
    }
    r.etag = Some(tag.into());
    let text = r.content_type.starts_with("text/")
        || r.content_type.starts_with("application/json")
        || r.content_type.starts_with("application/javascript")
        || r.content_type.starts_with("image/svg+xml");
    if req.gzip && text && r.body.len() >= GZIP_FROM {
        use std::io::Write;
        let mut z = flate2::write::GzEncoder::new(
            Vec::with_capacity(r.body.len() / 4),
            flate2::Compression::new(6),
        );
        if z.write_all(&r.body).is_ok() {
            if let Ok(out) = z.finish() {
                r.body = out;
                r.gzipped = true;
            }
        }
    }
    r
}

/// A body's weak ETag: the first 16 hex digits of its SHA-256.
pub fn etag(body: &[u8]) -> String {
    use sha2::Digest;
    let d = sha2::Sha256::digest(body);
    let hex: String = d[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("W/\"{hex}\"")
}

/// Whether `If-None-Match: held` names `tag` (weak comparison, `*` any).
fn matches(held: &str, tag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    held.split(',')
        .any(|t| t.trim() == "*" || bare(t) == bare(tag))
}

/// Whether `Accept-Encoding: value` takes gzip (not refused by `q=0`).
pub fn takes_gzip(value: &str) -> bool {
    value.split(',').any(|part| {
        let mut bits = part.split(';');
        let name = bits.next().unwrap_or("").trim();
        let refused = bits.any(|b| {
            let b = b.trim().replace(' ', "");
            b == "q=0" || b == "q=0.0" || b == "q=0.00" || b == "q=0.000"
        });
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
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

    fn get(inm: Option<&str>, gzip: bool) -> Request {
        Request {
            method: "GET".into(),
            path: "/t/x/state.json".into(),
            if_none_match: inm.map(str::to_string),
            gzip,
            ..Request::default()
        }
    }

    #[test]
    fn a_body_held_already_is_a_bodiless_304_and_a_new_one_is_sent_whole() {
        let body = "{\"moves\":3}\n".repeat(200);
        let first = finish(
            Response::new(200, "application/json", body.clone()),
            &get(None, false),
        );
        let tag = first.etag.clone().expect("an ETag").to_string();
        assert_eq!((first.status, first.body.len()), (200, body.len()));
        let again = finish(
            Response::new(200, "application/json", body.clone()),
            &get(Some(&tag), false),
        );
        assert_eq!(again.status, 304);
        assert!(again.body.is_empty());
        let other = finish(
            Response::new(200, "application/json", body.replace('3', "4")),
            &get(Some(&tag), false),
        );
        assert_eq!(other.status, 200, "a move changes the ETag");
        // A refusal or a POST's answer is never a 304.
        let refused = finish(
            Response::new(422, "text/html", body.clone()),
            &get(Some(&tag), true),
        );
        assert_eq!((refused.status, refused.gzipped), (422, false));
    }

    #[test]
    fn text_is_gzipped_when_the_client_takes_it() {
        use std::io::Read;
        let body = "<p>tavolo</p>\n".repeat(500);
        let z = finish(Response::html(200, body.clone()), &get(None, true));
        assert!(
            z.gzipped && z.body.len() < body.len() / 10,
            "{}",
            z.body.len()
        );
        let mut back = String::new();
        flate2::read::GzDecoder::new(&z.body[..])
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, body);
        let plain = finish(Response::html(200, body.clone()), &get(None, false));
        assert!(!plain.gzipped);
        let short = finish(Response::html(200, "<p>x</p>".into()), &get(None, true));
        assert!(!short.gzipped, "a short body goes as it is");
        assert!(takes_gzip("gzip, deflate, br"));
        assert!(takes_gzip("br;q=1.0, GZIP;q=0.5"));
        assert!(!takes_gzip("gzip;q=0, deflate"));
        assert!(!takes_gzip("identity"));
    }
}
