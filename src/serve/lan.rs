//! What a start says to the operator: the address a phone opens and, on the local network,
//! that address (with the token) as a QR code drawn in the terminal, to be scanned rather than
//! typed.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};

use qrcode::render::unicode::Dense1x2;
use qrcode::{Color, QrCode};

/// The machine's address on the local network (IPv4, not loopback), as the phones on it
/// reach it, or `None` when there is none. A UDP socket "connected" to a private address
/// takes the source address of the route to it; connecting a UDP socket sends nothing.
pub fn lan_address() -> Option<Ipv4Addr> {
    // The three private ranges (RFC 1918): the route to one of them is the local network's.
    let targets = [
        Ipv4Addr::new(10, 255, 255, 255),
        Ipv4Addr::new(192, 168, 255, 255),
        Ipv4Addr::new(172, 31, 255, 255),
    ];
    targets.iter().find_map(|t| {
        let s = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
        s.connect((*t, 9)).ok()?;
        match s.local_addr().ok()?.ip() {
            IpAddr::V4(a) if !a.is_loopback() && !a.is_unspecified() => Some(a),
            _ => None,
        }
    })
}

/// The address to print for a server listening on `addr`: where it listens, or, when it
/// listens on every address, the machine's LAN address (`None` if it has none).
pub fn reachable(addr: SocketAddr) -> Option<SocketAddr> {
    if !addr.ip().is_unspecified() {
        return Some(addr);
    }
    lan_address().map(|a| SocketAddr::new(IpAddr::V4(a), addr.port()))
}

/// `text` as a QR code in Unicode half blocks, two rows of modules a line, with the
/// standard quiet zone of four modules. The light modules are the drawn ones (`█`, `▀`,
/// `▄`) and the dark ones blank, as terminals are mostly light text on a dark background
/// (`qrencode -t UTF8`'s convention); phones' scanners read the code either way round.
pub fn qr(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    let mut out = code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build();
    out.push('\n');
    Some(out)
}

/// The modules of `text`'s QR code, row by row (`true` dark), as the encoder gives them;
/// for the tests that read the drawing back.
pub fn modules(text: &str) -> Option<(usize, Vec<bool>)> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    let dark = code.to_colors().iter().map(|c| *c == Color::Dark).collect();
    Some((code.width(), dark))
}

/// The modules a drawing of [`qr`] shows, row by row (`true` dark), the quiet zone taken
/// off: `None` when the text is not such a drawing (not square, a stray character, a quiet
/// zone with a dark module).
pub fn read_back(drawing: &str) -> Option<(usize, Vec<bool>)> {
    const QUIET: usize = 4;
    let mut rows: Vec<Vec<bool>> = Vec::new();
    for line in drawing.lines() {
        let (mut top, mut bottom) = (Vec::new(), Vec::new());
        for c in line.chars() {
            // Drawn is light; blank is dark.
            let (t, b) = match c {
                '█' => (false, false),
                '▀' => (false, true),
                '▄' => (true, false),
                ' ' => (true, true),
                _ => return None,
            };
            top.push(t);
            bottom.push(b);
        }
        rows.push(top);
        rows.push(bottom);
    }
    let full = rows.first()?.len();
    // An odd number of rows: the last line's lower half is the terminal's, not the code's.
    rows.truncate(full);
    if rows.len() != full || rows.iter().any(|r| r.len() != full) || full <= 2 * QUIET {
        return None;
    }
    let width = full - 2 * QUIET;
    let mut modules = Vec::with_capacity(width * width);
    for (y, row) in rows.iter().enumerate() {
        for (x, &dark) in row.iter().enumerate() {
            let inside = (QUIET..QUIET + width).contains(&x) && (QUIET..QUIET + width).contains(&y);
            if inside {
                modules.push(dark);
            } else if dark {
                return None;
            }
        }
    }
    Some((width, modules))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drawing_shows_the_encoder_s_modules() {
        let url = "http://192.168.1.20:8357/?k=0123456789abcdef0123456789abcdef";
        let drawn = qr(url).unwrap();
        let (w, want) = modules(url).unwrap();
        assert!(w >= 21, "a QR code is at least 21 modules wide");
        assert_eq!(read_back(&drawn), Some((w, want.clone())));
        // Another text, another drawing: the reading is of the modules, not of any drawing.
        let other = qr("http://192.168.1.20:8357/?k=1123456789abcdef0123456789abcdef").unwrap();
        assert_ne!(read_back(&other).unwrap().1, want);
        // Lines of (w + 8) characters, two rows of modules a line.
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines.len(), (w + 8).div_ceil(2));
        assert!(lines.iter().all(|l| l.chars().count() == w + 8));
    }

    #[test]
    fn a_drawing_with_a_stray_character_is_not_read() {
        let drawn = qr("http://10.0.0.2:80/").unwrap().replacen('█', "#", 1);
        assert_eq!(read_back(&drawn), None);
    }

    #[test]
    fn the_lan_address_is_this_machine_s_and_not_loopback() {
        // A machine without a network route has none; one with a route has an address
        // it can bind (one of its own).
        if let Some(a) = lan_address() {
            assert!(!a.is_loopback() && !a.is_unspecified());
            assert!(UdpSocket::bind((a, 0)).is_ok(), "{a} is this machine's");
        }
        let here: SocketAddr = "127.0.0.1:8357".parse().unwrap();
        assert_eq!(reachable(here), Some(here));
    }
}
