//! `tavolo serve --lan` tells the operator where a phone opens the operator's page: the URL
//! with the token, and that URL as a QR code in the terminal. No decoder is at hand offline,
//! so the drawing is read back module by module and compared with the modules the encoder
//! gives for the URL printed; the URL carries the token, and opens the page.

use super::serve::{get, Server};

/// The QR code drawn at start is the URL printed, token included, and that URL opens the
/// operator's page (which answers 403 without the token).
#[test]
fn on_the_lan_a_qr_code_of_the_url_with_its_token_is_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--lan", "--bind", "127.0.0.1"]);
    let said = &server.said;
    let token = said
        .lines()
        .find_map(|l| l.strip_prefix("operator's token: "))
        .expect("the token is printed");
    let url = said
        .lines()
        .find_map(|l| l.strip_prefix("scan to open "))
        .and_then(|l| l.strip_suffix(" on a phone:"))
        .unwrap_or_else(|| panic!("a QR code is announced: {said}"));
    assert_eq!(url, format!("http://{}/?k={token}", server.addr));
    // The drawing: the lines after the announcement, up to the folder's line.
    let drawing: String = said
        .lines()
        .skip_while(|l| !l.starts_with("scan to open "))
        .skip(1)
        .take_while(|l| !l.starts_with("sessions folder: "))
        .map(|l| format!("{l}\n"))
        .collect();
    let want = tavolo::serve::lan::modules(url).unwrap();
    let drawn = tavolo::serve::lan::read_back(&drawing)
        .unwrap_or_else(|| panic!("a QR drawing in half blocks:\n{drawing}"));
    assert_eq!(drawn, want, "the code drawn is the URL's");
    // Not any URL's: the same one without its token is another code.
    let bare = tavolo::serve::lan::modules(&format!("http://{}/", server.addr)).unwrap();
    assert_ne!(drawn, bare);
    let path = url.split_once(&server.addr).unwrap().1;
    assert_eq!(
        get(&server.addr, path).status,
        200,
        "the URL opens the page"
    );
    assert_eq!(get(&server.addr, "/").status, 403);
}

/// Without --lan nothing is drawn: the page is this machine's only.
#[test]
fn on_loopback_no_qr_code_is_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    assert!(!server.said.contains("scan to open"), "{}", server.said);
    assert!(!server.said.contains('█'));
}
