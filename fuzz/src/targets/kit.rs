//! Kits (`tavolo kit`): the kit TOML and its SVG templates and art. An input is
//! one file of a bundled kit, `NAME\n` then its text (`fruit.toml`,
//! `art/fruit-front.svg`); it replaces that file in a copy of `templates/` and
//! the kit that uses it is read and every face filled and parsed. An error
//! must name one of the kit's files and a line and column inside it.

use std::path::{Path, PathBuf};

use tavolo::kit::{model, template};

use super::{located, repo, Target};
use crate::mutate::Shape;

const WORDS: &[&str] = &[
    "name",
    "title",
    "[data]",
    "[[component]]",
    "size_mm",
    "front",
    "back",
    "count",
    "[[component.product]]",
    "field",
    "list",
    "[options]",
    "{{",
    "}}",
    "{%",
    "%}",
    "for",
    "endfor",
    "if",
    "endif",
    "fit_text",
    "<svg",
    "</svg>",
    "<image",
    "href=",
    "<text",
    "viewBox=",
    "width=",
    "<g>",
    "</g>",
    "&amp;",
    "&#x0;",
    "<!ENTITY",
    "<use",
    "xlink:href",
];

pub fn target() -> Target {
    let src = repo().join("templates");
    let dir = std::env::temp_dir().join(format!("tavolo-fuzz-kit-{}", std::process::id()));
    let _ = std::fs::create_dir_all(dir.join("art"));
    // Every file of the bundle: (name under templates/, text).
    let mut originals: Vec<(String, String)> = Vec::new();
    for sub in ["", "art/"] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(src.join(sub))
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for p in entries {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".toml") || name.ends_with(".svg") {
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                let rel = format!("{sub}{name}");
                let _ = std::fs::write(dir.join(&rel), &text);
                originals.push((rel, text));
            }
        }
    }
    let kits: Vec<(String, String)> = originals
        .iter()
        .filter(|(n, _)| n.ends_with(".toml"))
        .cloned()
        .collect();
    // Seeds: each kit, and each SVG with the kit that uses it.
    let seeds: Vec<Vec<u8>> = originals
        .iter()
        .map(|(n, t)| format!("{n}\n{t}").into_bytes())
        .collect();
    let mut dirty: Option<usize> = None;
    let mut t = Target::new(
        "kit",
        seeds,
        WORDS,
        Shape::Text,
        Box::new(move |input| {
            if let Some(i) = dirty.take() {
                let (n, text) = &originals[i];
                std::fs::write(dir.join(n), text).map_err(|e| e.to_string())?;
            }
            let cut = input
                .iter()
                .position(|&b| b == b'\n')
                .unwrap_or(input.len());
            let name = String::from_utf8_lossy(&input[..cut]);
            let body = input.get(cut + 1..).unwrap_or(&[]);
            // A name that is none of the bundle's stands for one of them (never a path
            // outside the copy).
            let i = originals
                .iter()
                .position(|(n, _)| *n == name)
                .unwrap_or(name.len() % originals.len());
            let rel = originals[i].0.clone();
            let base = rel.trim_start_matches("art/");
            let Some((kit_name, _)) = kits.iter().find(|(n, t)| *n == rel || t.contains(base))
            else {
                return Ok(());
            };
            dirty = Some(i);
            std::fs::write(dir.join(&rel), body).map_err(|e| e.to_string())?;
            let kit_path = dir.join(kit_name);
            let texts: Vec<(PathBuf, String)> = originals
                .iter()
                .enumerate()
                .map(|(j, (n, t))| {
                    let text = if j == i {
                        String::from_utf8_lossy(body).into_owned()
                    } else {
                        t.clone()
                    };
                    (dir.join(n), text)
                })
                .collect();
            let inputs: Vec<(&Path, &str)> = texts
                .iter()
                .map(|(p, t)| (p.as_path(), t.as_str()))
                .collect();
            let kit = match model::load(&kit_path) {
                Ok(k) => k,
                Err(e) if e.code == "kit.unreadable" && std::str::from_utf8(body).is_err() => {
                    return Ok(())
                }
                Err(e) => return located(&e, &inputs),
            };
            match template::render_faces(&kit) {
                Ok(_) => Ok(()),
                Err(e) => located(&e, &inputs),
            }
        }),
    );
    t.max_len = 256 << 10;
    t
}
