//! `tavolo kit FILE.toml --watch` (issue 29): an edit to the TOML or to the
//! art rewrites the PDF; an edit that breaks the kit prints its error with
//! file:line:column and leaves the last good PDF as it was.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// The child, killed however the test ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Lines of standard error up to and including the next one that starts with
/// `watching` (the watcher is waiting again), within a few seconds.
fn until_watching(lines: &Receiver<String>, seen: &mut String) -> String {
    let deadline = Instant::now() + Duration::from_secs(8);
    let mut block = String::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => {
                seen.push_str(&line);
                seen.push('\n');
                block.push_str(&line);
                block.push('\n');
                if line.starts_with("watching ") {
                    return block;
                }
            }
            Err(e) => panic!("no `watching` line ({e}); standard error so far:\n{seen}"),
        }
    }
}

/// The kit's TOML, with `title`.
fn toml(dir: &Path, title: &str) {
    std::fs::write(
        dir.join("kit.toml"),
        format!(
            "name = \"mini\"\ntitle = \"{title}\"\n\n[[component]]\nname = \"cards\"\n\
             size_mm = [40, 60]\nfront = \"front.svg\"\n\
             items = [ {{ label = \"Sun\" }}, {{ label = \"Moon\" }} ]\n"
        ),
    )
    .unwrap();
}

/// The art: a disc of `colour`.
fn art(dir: &Path, colour: &str) {
    std::fs::write(
        dir.join("art/star.svg"),
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\
             <circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"{colour}\"/></svg>\n"
        ),
    )
    .unwrap();
}

/// A small kit: two cards from a template that places the art.
fn kit(dir: &Path, title: &str, colour: &str) {
    std::fs::create_dir_all(dir.join("art")).unwrap();
    toml(dir, title);
    art(dir, colour);
    std::fs::write(
        dir.join("front.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{ w }}\" height=\"{{ h }}\" \
         viewBox=\"0 0 {{ w }} {{ h }}\">\n\
         <image href=\"art/star.svg\" x=\"5\" y=\"5\" width=\"30\" height=\"30\"/>\n\
         <text x=\"20\" y=\"50\" font-size=\"6\" text-anchor=\"middle\">{{ label }}</text>\n</svg>\n",
    )
    .unwrap();
}

#[test]
fn watch_rewrites_the_pdf_on_each_edit_and_keeps_it_on_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    kit(d, "Mini", "#c00");
    // --watch-seconds bounds the child even if this test is stopped before the kill.
    let child = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["kit", "kit.toml", "--watch", "--watch-seconds", "25"])
        .current_dir(d)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = Running(child);
    let stderr = child.0.stderr.take().unwrap();
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = String::new();
    let pdf = d.join("output/mini.pdf");

    let first = until_watching(&lines, &mut seen);
    assert!(first.contains("wrote output/mini.pdf"), "{seen}");
    let v1 = std::fs::read(&pdf).unwrap();

    // The TOML: a new title is in the PDF's title and every sheet's label.
    toml(d, "Mini two");
    let block = until_watching(&lines, &mut seen);
    assert!(block.lines().any(|l| l == "changed: kit.toml"), "{seen}");
    assert!(block.contains("wrote output/mini.pdf"), "{seen}");
    let v2 = std::fs::read(&pdf).unwrap();
    assert_ne!(v1, v2, "the PDF did not change after the TOML did:\n{seen}");

    // The art, read through the template's <image href>.
    art(d, "#00c");
    let block = until_watching(&lines, &mut seen);
    assert!(
        block.lines().any(|l| l == "changed: art/star.svg"),
        "{seen}"
    );
    assert!(block.contains("wrote output/mini.pdf"), "{seen}");
    let v3 = std::fs::read(&pdf).unwrap();
    assert_ne!(v2, v3, "the PDF did not change after the art did:\n{seen}");

    // A broken edit: the error with its place, and the last good PDF kept.
    std::fs::write(
        d.join("kit.toml"),
        std::fs::read_to_string(d.join("kit.toml"))
            .unwrap()
            .replace("title = \"Mini two\"", "title = "),
    )
    .unwrap();
    let block = until_watching(&lines, &mut seen);
    assert!(block.contains("error[kit.toml]: kit.toml:2:9:"), "{seen}");
    assert!(!block.contains("wrote "), "{seen}");
    assert!(block.contains("kept the last good files"), "{seen}");
    assert_eq!(std::fs::read(&pdf).unwrap(), v3, "{seen}");

    // Mended, it renders again: the watcher did not stop at the error.
    kit(d, "Mini", "#c00");
    let block = until_watching(&lines, &mut seen);
    assert!(block.contains("wrote output/mini.pdf"), "{seen}");
    assert_eq!(
        std::fs::read(&pdf).unwrap(),
        v1,
        "same input, same PDF:\n{seen}"
    );
}

/// A bundled kit lives in the binary: there is nothing on disk to watch.
#[test]
fn watch_refuses_a_bundled_kit() {
    let dir = tempfile::tempdir().unwrap();
    let o = crate::kit_common::tavolo_in(dir.path(), &["kit", "fruit", "--watch"]);
    assert_eq!(o.status.code(), Some(2));
    let err = crate::kit_common::stderr(&o);
    assert!(err.contains("error[kit.watch]"), "{err}");
    assert!(err.contains("tavolo kit export fruit"), "{err}");
    assert!(!dir.path().join("output/fruit.pdf").exists());
}

/// Issue 45: only a change to a file the kit reads renders it again. The watch's own log,
/// written into the kit's folder, woke it at every line it wrote (a render, a line, a
/// render...); notes, unused art and tavolo's output in that folder do not count either.
#[test]
fn watch_renders_again_only_when_a_file_the_kit_reads_changes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    kit(d, "Mini", "#c00");
    let log = std::fs::File::create(d.join("watch.log")).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args([
            "kit",
            "kit.toml",
            "--watch",
            "--watch-seconds",
            "25",
            "--out",
            ".",
        ])
        .current_dir(d)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let _child = Running(child);
    let read_log = || std::fs::read_to_string(d.join("watch.log")).unwrap_or_default();
    let renders = |text: &str| text.matches("wrote ./mini.pdf").count();
    // `n` renders, each followed by its `watching` line, within a few seconds.
    let until = |n: usize| {
        let deadline = Instant::now() + Duration::from_secs(8);
        loop {
            let text = read_log();
            if renders(&text) >= n && text.matches("watching ").count() >= n {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "not {n} renders; the log:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    until(1);
    // Files the kit does not read, beside the ones it does.
    std::fs::write(d.join("notes.txt"), "colours to try\n").unwrap();
    std::fs::write(
        d.join("art/unused.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
    std::fs::write(d.join("mini.txt"), "a file beside the output\n").unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let text = read_log();
    assert_eq!(
        renders(&text),
        1,
        "rendered again for a file it does not read:\n{text}"
    );
    assert!(!text.contains("changed:"), "{text}");

    // The art it places: one render, naming that file alone.
    art(d, "#00c");
    let text = until(2);
    assert!(text.lines().any(|l| l == "changed: art/star.svg"), "{text}");
    std::thread::sleep(Duration::from_millis(1500));
    let text = read_log();
    assert_eq!(renders(&text), 2, "its own log woke it again:\n{text}");
}
