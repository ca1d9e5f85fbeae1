//! usvg 0.49 panics where a kit's SVG places an `<image>` whose fitted size vanishes beside
//! its position (tiny-skia-path's `Size::to_non_zero_rect` unwraps a rectangle that rounds
//! to nothing): art 2^63 units high in a 100-unit box, or a minute image far from the origin.
//! Templates and art are user input, so that panic is turned into a clear error here, and the
//! panic's own message is kept off the terminal while it is caught.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use crate::error::Error;

thread_local! {
    /// Set while this thread parses under [`parse`]: its panic is an error, not a crash.
    static GUARDED: Cell<bool> = const { Cell::new(false) };
}

/// Install, once, a panic hook that stays silent for guarded parses and hands every other
/// panic to the hook that was there before (the default one, or a test harness's).
fn quiet_when_guarded() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let before = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !GUARDED.with(Cell::get) {
                before(info);
            }
        }));
    });
}

/// `usvg::Tree::from_str`, with usvg's panic on a degenerate image size as an error.
pub fn parse(text: &str, opt: &usvg::Options) -> Result<usvg::Tree, Failure> {
    match guarded(text, opt) {
        Ok(Ok(tree)) => Ok(tree),
        Ok(Err(e)) => Err(Failure::Usvg(e)),
        Err(_) => Err(Failure::Degenerate {
            at: culprit(text, opt),
        }),
    }
}

/// usvg's parse with its panic caught (`Err(())`) and kept off the terminal.
fn guarded(text: &str, opt: &usvg::Options) -> Result<Result<usvg::Tree, usvg::Error>, ()> {
    quiet_when_guarded();
    let was = GUARDED.with(|g| g.replace(true));
    let r = panic::catch_unwind(AssertUnwindSafe(|| usvg::Tree::from_str(text, opt)));
    GUARDED.with(|g| g.set(was));
    r.map_err(|_| ())
}

/// Where the `<image>` that alone makes usvg panic starts (line and column, 1-based): each
/// image is tried with the others blanked out (spaces, so that places stay). Only on the
/// error path, and a face holds a few images. None when no single one does it.
fn culprit(text: &str, opt: &usvg::Options) -> Option<(usize, usize)> {
    let doc = roxmltree::Document::parse_with_options(
        text,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .ok()?;
    let images: Vec<_> = doc
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "image")
        .map(|n| n.range())
        .collect();
    let blank = |keep: usize| {
        let mut bytes = text.as_bytes().to_vec();
        for (j, r) in images.iter().enumerate() {
            if j != keep {
                for b in &mut bytes[r.clone()] {
                    if *b != b'\n' {
                        *b = b' ';
                    }
                }
            }
        }
        // Only whole elements (ASCII-delimited ranges) became spaces: still UTF-8.
        String::from_utf8(bytes).ok()
    };
    images.iter().enumerate().find_map(|(i, r)| {
        let alone = blank(i)?;
        guarded(&alone, opt).is_err().then(|| {
            let p = doc.text_pos_at(r.start);
            (p.row as usize, p.col as usize)
        })
    })
}

/// Why [`parse`] gave no tree.
pub enum Failure {
    /// usvg's own error (the SVG does not parse).
    Usvg(usvg::Error),
    /// usvg panicked laying out an image: see the module's note. `at`: that image's
    /// line and column in the text, when one alone does it.
    Degenerate { at: Option<(usize, usize)> },
}

/// The error a kit user reads when usvg could not lay an image out.
pub fn degenerate() -> Error {
    Error::input(
        "kit.svg-degenerate",
        "an image in this SVG cannot be laid out: its fitted size vanishes beside its \
         position (art far taller than wide or the reverse, or an <image> far smaller than \
         a print unit)",
    )
    .help(
        "give the art a width, height and viewBox of ordinary proportions, and each <image> a \
         size of at least 0.01 units",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const TALL_ART: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="9223372036854775807"><rect width="10" height="10"/></svg>"#;

    /// A 200-unit page holding `image`, whose href the options below resolve.
    fn page(image: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="200">{image}</svg>"#
        )
    }

    fn opts(art: &'static str) -> usvg::Options<'static> {
        let mut opt = crate::kit::template::options(None);
        opt.image_href_resolver.resolve_string = Box::new(move |_, o: &usvg::Options| {
            usvg::Tree::from_str(art, o).ok().map(usvg::ImageKind::SVG)
        });
        opt
    }

    #[test]
    fn art_far_taller_than_wide_is_an_error_not_a_panic() {
        let svg = page(r#"<image x="60" y="60" width="80" height="80" href="a.svg"/>"#);
        // The culprit is named: the second image (line 2), not the first, ordinary one.
        let svg = svg.replace("<image", "<image href=\"b.svg\" x=\"1\" y=\"1\" width=\"5\" height=\"5\" preserveAspectRatio=\"none\"/>\n<image");
        assert!(matches!(
            parse(&svg, &opts(TALL_ART)),
            Err(Failure::Degenerate { at: Some((2, 1)) })
        ));
    }

    #[test]
    fn ordinary_art_in_an_ordinary_box_parses() {
        const ART: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="10" height="10"/></svg>"#;
        let svg = page(r#"<image x="60" y="60" width="80" height="80" href="a.svg"/>"#);
        let tree = parse(&svg, &opts(ART)).ok().expect("parses");
        assert_eq!(tree.size().width(), 200.0);
    }

    #[test]
    fn a_guarded_panic_leaves_the_next_parse_unguarded_state_as_it_was() {
        let svg = page(r#"<image x="60" y="60" width="80" height="80" href="a.svg"/>"#);
        let _ = parse(&svg, &opts(TALL_ART));
        assert!(!GUARDED.with(Cell::get));
    }
}
