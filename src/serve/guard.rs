//! What keeps other web sites out (issue 38). A page of another site open in a browser on
//! this machine or on the club's network can make that browser send requests here: it
//! must neither read the operator's or director's pages nor change a table.
//!
//! - **Host**: the operator's pages and the director's answer only to the names the server
//!   was started for: `localhost` or a loopback address, with its port, and on the local
//!   network (`--lan`) any IP address of the machine, with its port. A site that points its
//!   own name at this machine (DNS rebinding) sends its own name, and is refused.
//! - **Origin**: a POST whose `Origin` is another site's, or that the browser marks
//!   cross-site in `Sec-Fetch-Site` (or `null` unless it marks it same-origin: the pages'
//!   referrer policy makes a browser send `null` for their own forms) is refused before
//!   its body is read.
//! - **A form's token**: every form carries a token of its page (`form`), which another
//!   site cannot read; a POST without its page's token is refused. The token is derived
//!   from the server's secret and the page ([`super::keys`]), so it needs no memory and
//!   still holds after a restart.

use std::net::IpAddr;

use super::http::Request;
use super::keys::{self, Keys};

/// The form field carrying a page's token.
pub const FIELD: &str = "form";

/// The names a server answers to on its operator's and director's pages.
#[derive(Debug, Clone)]
pub struct Hosts {
    pub port: u16,
    /// On the local network: any IP address (with the port) names this machine.
    pub lan: bool,
}

impl Hosts {
    /// Whether `host` (a `Host` header, or an origin's host) names this server.
    pub fn allows(&self, host: Option<&str>) -> bool {
        let Some(host) = host else { return false };
        let (name, port) = split(host);
        let port = match port {
            None => 80,
            Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                match p.parse::<u16>() {
                    Ok(p) => p,
                    Err(_) => return false,
                }
            }
            Some(_) => return false,
        };
        if port != self.port {
            return false;
        }
        let name = name.strip_suffix('.').unwrap_or(name);
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let ip = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(name);
        match ip.parse::<IpAddr>() {
            Ok(ip) => self.lan || ip.is_loopback(),
            Err(_) => false,
        }
    }

    /// Whether a state-changing request comes from a page of another site: its `Origin`
    /// is not this server's, or the browser says it is cross-site. A request without
    /// either (a script, an old browser) is let through: the form's token still holds.
    pub fn foreign(&self, req: &Request) -> bool {
        let site = req.fetch_site.as_deref().map(str::to_ascii_lowercase);
        if matches!(site.as_deref(), Some("cross-site" | "same-site")) {
            return true;
        }
        match &req.origin {
            None => false,
            // The pages' `Referrer-Policy: no-referrer` makes a browser send `null` for
            // the server's own forms: trusted only when it says same-origin.
            Some(o) if o == "null" => site.as_deref() != Some("same-origin"),
            Some(o) => match o.strip_prefix("http://") {
                Some(host) if !host.contains('/') => !self.allows(Some(host)),
                _ => true,
            },
        }
    }
}

/// `name:port`, `[v6]:port`, `name` as the name and the port if any.
fn split(host: &str) -> (&str, Option<&str>) {
    if host.starts_with('[') {
        return match host.find(']') {
            Some(end) => {
                let (name, rest) = host.split_at(end + 1);
                (name, rest.strip_prefix(':'))
            }
            None => (host, None),
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') => (name, Some(port)),
        _ => (host, None),
    }
}

/// The token of the forms of `page` (`/` the operator's, `ID/table`, `ID/seat-2`,
/// `ID/director`).
pub fn token(keys: &Keys, page: &str) -> String {
    keys.key(page, "form")
}

/// Whether `form` carries the token `want`.
pub fn carries(want: &str, form: &[(String, String)]) -> bool {
    let given = form
        .iter()
        .find(|(k, _)| k == FIELD)
        .map(|(_, v)| v.as_str());
    keys::same(given, want)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_server_s_names_and_port_are_its_host() {
        let h = Hosts {
            port: 8357,
            lan: false,
        };
        for ok in [
            "127.0.0.1:8357",
            "localhost:8357",
            "LocalHost.:8357",
            "[::1]:8357",
            "127.1.2.3:8357",
        ] {
            assert!(h.allows(Some(ok)), "{ok}");
        }
        for no in [
            "attacker.example:8357",
            "127.0.0.1:8358",
            "127.0.0.1",
            "localhost",
            "192.168.1.20:8357",
            "localhost.attacker.example:8357",
            "127.0.0.1:+8357",
            "",
        ] {
            assert!(!h.allows(Some(no)), "{no}");
        }
        assert!(!h.allows(None));
        let lan = Hosts {
            port: 80,
            lan: true,
        };
        assert!(lan.allows(Some("192.168.1.20")));
        assert!(lan.allows(Some("192.168.1.20:80")));
        assert!(!lan.allows(Some("club.example")));
    }

    #[test]
    fn a_foreign_origin_or_a_cross_site_fetch_is_foreign() {
        let h = Hosts {
            port: 8357,
            lan: false,
        };
        let req = |origin: Option<&str>, site: Option<&str>| Request {
            origin: origin.map(str::to_string),
            fetch_site: site.map(str::to_string),
            ..Request::default()
        };
        assert!(!h.foreign(&req(None, None)));
        assert!(!h.foreign(&req(Some("http://127.0.0.1:8357"), Some("same-origin"))));
        assert!(!h.foreign(&req(Some("http://localhost:8357"), None)));
        assert!(h.foreign(&req(Some("http://attacker.example:8357"), None)));
        assert!(h.foreign(&req(Some("https://127.0.0.1:8357"), None)));
        assert!(h.foreign(&req(Some("null"), None)));
        assert!(h.foreign(&req(Some("null"), Some("cross-site"))));
        assert!(!h.foreign(&req(Some("null"), Some("same-origin"))));
        assert!(h.foreign(&req(None, Some("cross-site"))));
    }
}
