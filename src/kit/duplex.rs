//! Where a card's back goes so that it falls behind its front when the sheet is
//! printed double-sided.
//!
//! Pages are portrait. Flipping the sheet over its long (vertical) edge mirrors
//! left and right: x' = W - x - w. Flipping over its short (horizontal) edge
//! mirrors top and bottom: y' = H - y - h. Printers then shift the second side by
//! a few millimetres; `--duplex-offset X,Y` moves every back by exactly (X, Y) mm
//! to compensate (read the values off `tavolo kit calibrate`).

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::kit::geometry::Rect;

/// Largest offset accepted, in mm: printers shift by a few mm, not by centimetres.
pub const MAX_OFFSET_MM: f64 = 20.0;

/// Which edge the printer turns the sheet over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Edge {
    /// Long-edge binding (the usual duplex default): backs mirror left-right.
    #[default]
    Long,
    /// Short-edge binding: backs mirror top-bottom.
    Short,
}

impl FromStr for Edge {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "long" => Ok(Edge::Long),
            "short" => Ok(Edge::Short),
            _ => Err(Error::input(
                "kit.duplex-edge",
                format!("--duplex must be `long` or `short`, not `{s}`"),
            )
            .help("use `--duplex long` (most printers' default) or `--duplex short`")),
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edge::Long => "long",
            Edge::Short => "short",
        })
    }
}

/// How the backs are placed: the flip edge and the printer's shift to undo.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Duplex {
    pub edge: Edge,
    /// (dx, dy) in mm, added to every back after mirroring.
    pub offset_mm: (f64, f64),
}

/// The rectangle, on the back sheet, that lies behind `front` once the sheet is
/// turned over `d.edge`, moved by `d.offset_mm`.
pub fn back_rect(front: Rect, page_w_mm: f64, page_h_mm: f64, d: &Duplex) -> Rect {
    let mirrored = match d.edge {
        Edge::Long => Rect {
            x: page_w_mm - front.x - front.w,
            ..front
        },
        Edge::Short => Rect {
            y: page_h_mm - front.y - front.h,
            ..front
        },
    };
    mirrored.translated(d.offset_mm.0, d.offset_mm.1)
}

/// Parse `--duplex-offset X,Y` (mm, each a decimal number, e.g. `1.5,-0.75`).
pub fn parse_offset(s: &str) -> Result<(f64, f64), Error> {
    let bad = |why: String| {
        Error::input(
            "kit.duplex-offset",
            format!("--duplex-offset `{s}`: {why}"),
        )
        .help("give two numbers in millimetres separated by a comma, e.g. `--duplex-offset 1.5,-0.5`; `tavolo kit calibrate` prints a sheet to read them from")
    };
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 2 {
        return Err(bad(format!(
            "expected two numbers X,Y, found {} part{}",
            parts.len(),
            if parts.len() == 1 { "" } else { "s" }
        )));
    }
    let mut out = [0.0f64; 2];
    for (i, (part, axis)) in parts.iter().zip(["X", "Y"]).enumerate() {
        let t = part.trim();
        let v: f64 = t
            .parse()
            .map_err(|_| bad(format!("{axis} = `{t}` is not a number")))?;
        if !v.is_finite() {
            return Err(bad(format!("{axis} = `{t}` is not a finite number")));
        }
        if v.abs() > MAX_OFFSET_MM {
            return Err(bad(format!(
                "{axis} = {v} mm is larger than {MAX_OFFSET_MM} mm; printers shift by a few mm"
            )));
        }
        out[i] = v;
    }
    Ok((out[0], out[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const A4: (f64, f64) = (210.0, 297.0);

    fn close(a: Rect, b: Rect) -> bool {
        (a.x - b.x).abs() < 1e-9
            && (a.y - b.y).abs() < 1e-9
            && (a.w - b.w).abs() < 1e-9
            && (a.h - b.h).abs() < 1e-9
    }

    #[test]
    fn long_edge_mirrors_x_only() {
        let front = Rect::new(10.0, 20.0, 63.0, 88.0);
        let back = back_rect(front, A4.0, A4.1, &Duplex::default());
        assert!(close(
            back,
            Rect::new(210.0 - 10.0 - 63.0, 20.0, 63.0, 88.0)
        ));
    }

    #[test]
    fn short_edge_mirrors_y_only() {
        let front = Rect::new(10.0, 20.0, 63.0, 88.0);
        let d = Duplex {
            edge: Edge::Short,
            offset_mm: (0.0, 0.0),
        };
        let back = back_rect(front, A4.0, A4.1, &d);
        assert!(close(
            back,
            Rect::new(10.0, 297.0 - 20.0 - 88.0, 63.0, 88.0)
        ));
    }

    #[test]
    fn mirroring_twice_is_identity_and_keeps_the_page_centre_fixed() {
        for edge in [Edge::Long, Edge::Short] {
            let d = Duplex {
                edge,
                offset_mm: (0.0, 0.0),
            };
            let front = Rect::new(13.5, 7.25, 40.0, 30.0);
            let twice = back_rect(back_rect(front, A4.0, A4.1, &d), A4.0, A4.1, &d);
            assert!(close(twice, front), "{edge}");
            // A card centred on the page stays where it is.
            let centred = Rect::new((A4.0 - 63.0) / 2.0, (A4.1 - 88.0) / 2.0, 63.0, 88.0);
            assert!(close(back_rect(centred, A4.0, A4.1, &d), centred), "{edge}");
        }
    }

    #[test]
    fn offset_moves_the_back_by_exactly_the_given_amount() {
        let front = Rect::new(10.0, 20.0, 63.0, 88.0);
        for edge in [Edge::Long, Edge::Short] {
            let plain = back_rect(
                front,
                A4.0,
                A4.1,
                &Duplex {
                    edge,
                    offset_mm: (0.0, 0.0),
                },
            );
            let moved = back_rect(
                front,
                A4.0,
                A4.1,
                &Duplex {
                    edge,
                    offset_mm: (1.5, -0.75),
                },
            );
            assert!((moved.x - plain.x - 1.5).abs() < 1e-12);
            assert!((moved.y - plain.y + 0.75).abs() < 1e-12);
            assert_eq!((moved.w, moved.h), (plain.w, plain.h));
        }
    }

    #[test]
    fn parses_offsets() {
        assert_eq!(parse_offset("1.5,-0.75").unwrap(), (1.5, -0.75));
        assert_eq!(parse_offset(" 0 , 2 ").unwrap(), (0.0, 2.0));
        assert_eq!(parse_offset("-20,20").unwrap(), (-20.0, 20.0));
    }

    #[test]
    fn bad_offsets_are_clear_input_errors() {
        for (s, needle) in [
            ("1.5", "found 1 part"),
            ("1,2,3", "found 3 parts"),
            ("", "found 1 part"),
            ("a,2", "X = `a` is not a number"),
            ("1,", "Y = `` is not a number"),
            ("1;2", "found 1 part"),
            ("nan,0", "not a finite number"),
            ("0,inf", "not a finite number"),
            ("25,0", "larger than 20 mm"),
        ] {
            let e = parse_offset(s).unwrap_err();
            assert_eq!(e.code, "kit.duplex-offset", "{s}");
            assert_eq!(e.exit_code(), 2, "{s}");
            assert!(e.message.contains(needle), "{s}: {}", e.message);
            assert!(e.help.is_some());
        }
    }

    #[test]
    fn edges_parse() {
        assert_eq!("long".parse::<Edge>().unwrap(), Edge::Long);
        assert_eq!("Short".parse::<Edge>().unwrap(), Edge::Short);
        let e = "sideways".parse::<Edge>().unwrap_err();
        assert_eq!(e.code, "kit.duplex-edge");
        assert_eq!(e.exit_code(), 2);
    }
}
