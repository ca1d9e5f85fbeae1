//! One headless Chromium driven through the DevTools protocol (CDP): its WebSocket spoken here
//! with std's TcpStream and serde_json (a text frame each way, the client's masked with a zero
//! key). Each [`Tab`] is a page in its own browser context (`Target.createBrowserContext`): its
//! own cookies and storage, as a player's own phone, all in one browser process (the machine
//! has two cores). Everything runs on 127.0.0.1; every wait is bounded; the browser is killed
//! when dropped. Only one browser at a time across the tests ([`Chrome::launch`] holds a lock).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::serve_browser::{decode64, CHROMIUM};

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Longest any one wait may take.
const PATIENCE: Duration = Duration::from_secs(30);

struct Ws {
    stream: TcpStream,
    next: u64,
}

impl Ws {
    fn send(&mut self, text: &str) {
        let b = text.as_bytes();
        let mut frame = vec![0x81u8];
        match b.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend((n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend((n as u64).to_be_bytes());
            }
        }
        // The mask: zero, so the payload goes as it is.
        frame.extend([0u8; 4]);
        frame.extend(b);
        self.stream.write_all(&frame).expect("CDP: a frame sent");
    }

    /// One whole message (continuation frames joined); pings answered.
    fn receive(&mut self) -> Result<String, String> {
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            self.stream
                .read_exact(&mut head)
                .map_err(|e| e.to_string())?;
            let fin = head[0] & 0x80 != 0;
            let op = head[0] & 0x0f;
            let mut len = u64::from(head[1] & 0x7f);
            if len == 126 {
                let mut l = [0u8; 2];
                self.stream.read_exact(&mut l).map_err(|e| e.to_string())?;
                len = u64::from(u16::from_be_bytes(l));
            } else if len == 127 {
                let mut l = [0u8; 8];
                self.stream.read_exact(&mut l).map_err(|e| e.to_string())?;
                len = u64::from_be_bytes(l);
            }
            let mut payload = vec![0u8; len as usize];
            self.stream
                .read_exact(&mut payload)
                .map_err(|e| e.to_string())?;
            match op {
                8 => return Err("the browser closed the connection".into()),
                9 => {
                    // A ping: the same payload back as a pong (masked, zero key).
                    let mut pong = vec![0x8a, 0x80 | payload.len() as u8];
                    pong.extend([0u8; 4]);
                    pong.extend(&payload);
                    let _ = self.stream.write_all(&pong);
                }
                10 => {}
                _ => {
                    message.extend(payload);
                    if fin {
                        return String::from_utf8(message).map_err(|e| e.to_string());
                    }
                }
            }
        }
    }
}

/// A headless Chromium, killed (and its profile removed) when dropped.
pub struct Chrome {
    child: Child,
    ws: Mutex<Ws>,
    _profile: tempfile::TempDir,
    _one: MutexGuard<'static, ()>,
}

impl Drop for Chrome {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Chrome {
    /// Chromium started headless with its DevTools on a free port of 127.0.0.1.
    pub fn launch() -> Chrome {
        let one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let profile = tempfile::tempdir().unwrap();
        let child = Command::new(CHROMIUM)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        // Chromium writes its port and the browser's WebSocket path here once it listens.
        let file = profile.path().join("DevToolsActivePort");
        let until = Instant::now() + PATIENCE;
        let (port, path) = loop {
            if let Ok(t) = std::fs::read_to_string(&file) {
                let mut l = t.lines();
                if let (Some(p), Some(w)) = (l.next(), l.next()) {
                    break (p.trim().to_string(), w.trim().to_string());
                }
            }
            assert!(
                Instant::now() < until,
                "chromium did not open its DevTools within 30 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let addr = format!("127.0.0.1:{port}");
        let mut stream = TcpStream::connect(&addr).expect("the DevTools port");
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        // The answer's head, byte by byte (the frames follow it on the same stream).
        let mut head = Vec::new();
        let mut r = BufReader::new(&stream);
        loop {
            let mut line = String::new();
            r.read_line(&mut line).expect("the DevTools' answer");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push(line);
        }
        assert!(
            head.first().is_some_and(|l| l.contains(" 101 ")),
            "no WebSocket: {head:?}"
        );
        assert_eq!(r.buffer().len(), 0, "nothing after the handshake yet");
        Chrome {
            child,
            ws: Mutex::new(Ws { stream, next: 0 }),
            _profile: profile,
            _one: one,
        }
    }

    /// One CDP command (of a page's `session`, or the browser's): its result, or the error.
    pub fn try_call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        let mut ws = self.ws.lock().unwrap_or_else(|e| e.into_inner());
        ws.next += 1;
        let id = ws.next;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        ws.send(&msg.to_string());
        let until = Instant::now() + PATIENCE;
        while Instant::now() < until {
            let text = ws.receive()?;
            let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            if v["id"] != json!(id) {
                continue; // an event, or nothing of ours
            }
            if let Some(e) = v.get("error") {
                return Err(format!("{method}: {e}"));
            }
            return Ok(v["result"].clone());
        }
        Err(format!("{method}: no answer within 30 s"))
    }

    pub fn call(&self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.try_call(session, method, params)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// A page in a browser context of its own, its viewport `width` by `height`.
    pub fn tab(&self, width: u32, height: u32) -> Tab<'_> {
        let ctx = self.call(None, "Target.createBrowserContext", json!({}))["browserContextId"]
            .as_str()
            .expect("a browser context")
            .to_string();
        let target = self.call(
            None,
            "Target.createTarget",
            json!({"url": "about:blank", "browserContextId": ctx}),
        )["targetId"]
            .as_str()
            .expect("a target")
            .to_string();
        let session = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        )["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        let tab = Tab {
            chrome: self,
            session,
        };
        tab.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
        tab
    }
}

/// A page of [`Chrome`], in its own browser context.
pub struct Tab<'a> {
    chrome: &'a Chrome,
    session: String,
}

impl Tab<'_> {
    pub fn call(&self, method: &str, params: Value) -> Value {
        self.chrome.call(Some(&self.session), method, params)
    }

    /// Load `url` and wait until its document is complete.
    pub fn go(&self, url: &str) {
        let r = self.call("Page.navigate", json!({ "url": url }));
        assert!(r.get("errorText").is_none(), "{url}: {r}");
        let u = serde_json::to_string(url).unwrap();
        self.wait_for(&format!(
            "return document.readyState === 'complete' && location.href === {u};"
        ));
    }

    /// Run `body` (a function body) in the page: its return value, or the exception.
    pub fn try_js(&self, body: &str) -> Result<Value, String> {
        let r = self.chrome.try_call(
            Some(&self.session),
            "Runtime.evaluate",
            json!({"expression": format!("(() => {{ {body} }})()"), "returnByValue": true, "awaitPromise": true}),
        )?;
        if let Some(e) = r.get("exceptionDetails") {
            return Err(e.to_string());
        }
        Ok(r["result"]["value"].clone())
    }

    pub fn js(&self, body: &str) -> Value {
        self.try_js(body).unwrap_or_else(|e| panic!("{body}: {e}"))
    }

    /// Until `body` returns true (20 s at most; a page being replaced is waited out).
    pub fn wait_for(&self, body: &str) {
        let until = Instant::now() + Duration::from_secs(20);
        while Instant::now() < until {
            if self.try_js(body) == Ok(json!(true)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("the page never met: {body}");
    }

    pub fn text(&self, css: &str) -> String {
        let q = serde_json::to_string(css).unwrap();
        self.js(&format!(
            "const e = document.querySelector({q}); return e ? e.textContent : null;"
        ))
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// The element's box in the viewport: left, top, width, height.
    pub fn rect(&self, css: &str) -> [f64; 4] {
        let q = serde_json::to_string(css).unwrap();
        let v = self.js(&format!(
            "const e = document.querySelector({q}); if (!e) return null; \
             const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height];"
        ));
        let a = v.as_array().unwrap_or_else(|| panic!("no element {css}"));
        [0, 1, 2, 3].map(|i| a[i].as_f64().unwrap())
    }

    /// A computed style's value of the element, in pixels.
    pub fn px(&self, css: &str, property: &str) -> f64 {
        let q = serde_json::to_string(css).unwrap();
        let p = serde_json::to_string(property).unwrap();
        self.js(&format!(
            "return parseFloat(getComputedStyle(document.querySelector({q})).getPropertyValue({p}));"
        ))
        .as_f64()
        .unwrap_or_else(|| panic!("{css} {property}"))
    }

    /// A click where the element is drawn: the mouse pressed and released at its centre
    /// (whatever is drawn there gets it).
    pub fn click(&self, css: &str) {
        let q = serde_json::to_string(css).unwrap();
        self.js(&format!(
            "const e = document.querySelector({q}); if (!e) throw new Error('no ' + {q}); \
             e.scrollIntoView({{block: 'center'}}); return true;"
        ));
        let [l, t, w, h] = self.rect(css);
        assert!(w > 0.0 && h > 0.0, "{css} is not drawn");
        let (x, y) = (l + w / 2.0, t + h / 2.0);
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// Type `text` into the field: focused, emptied, then the text inserted as typed.
    pub fn type_in(&self, css: &str, text: &str) {
        let q = serde_json::to_string(css).unwrap();
        self.js(&format!(
            "const e = document.querySelector({q}); if (!e) throw new Error('no ' + {q}); \
             e.focus(); e.value = ''; return true;"
        ));
        self.call("Input.insertText", json!({ "text": text }));
    }

    /// A PNG of the viewport, into target/tmp/serve-shots (a scratch folder, out of git).
    pub fn screenshot(&self, name: &str) {
        let v = self.call("Page.captureScreenshot", json!({"format": "png"}));
        if let Some(b64) = v["data"].as_str() {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-shots");
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(dir.join(name), decode64(b64));
        }
    }
}
