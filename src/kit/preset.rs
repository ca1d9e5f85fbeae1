//! Print-shop presets (`--preset NAME`): the files a card printer asks for,
//! one page per card side, each the card plus its bleed, with the PDF's
//! TrimBox on the card and its BleedBox on the page. The shops' numbers are
//! data, in `presets.toml` beside this file, each with its source.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::kit::geometry::Rect;
use crate::kit::layout::{Placement, Sheet, Side};
use crate::kit::template::KitFaces;
use crate::kit::Kit;

const MM_PER_IN: f64 = 25.4;

/// A component within this much of a preset's card size (each way) is taken
/// for that card: a 63 x 88 mm design is a 2.5 x 3.5 in poker card.
const SIZE_TOLERANCE_MM: f64 = 3.0;

#[derive(Debug, Clone, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    pub name: String,
    pub shop: String,
    pub card: String,
    /// The trimmed card, width and height, in inches.
    pub size_in: [f64; 2],
    pub bleed_in: f64,
    pub safe_in: f64,
    /// Each card's back page before its front (DriveThruCards' order).
    #[serde(default)]
    pub back_first: bool,
}

impl Preset {
    pub fn w_mm(&self) -> f64 {
        self.size_in[0] * MM_PER_IN
    }
    pub fn h_mm(&self) -> f64 {
        self.size_in[1] * MM_PER_IN
    }
    pub fn bleed_mm(&self) -> f64 {
        self.bleed_in * MM_PER_IN
    }
}

#[derive(Deserialize)]
struct File {
    preset: Vec<Preset>,
}

/// Every preset, in the data file's order.
pub fn all() -> &'static [Preset] {
    static ALL: OnceLock<Vec<Preset>> = OnceLock::new();
    ALL.get_or_init(|| {
        // The file is part of the source and a unit test reads it: it parses.
        toml::from_str::<File>(include_str!("presets.toml"))
            .map(|f| f.preset)
            .unwrap_or_default()
    })
}

/// The preset called `name`.
pub fn find(name: &str) -> Result<&'static Preset> {
    all().iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = all().iter().map(|p| p.name.as_str()).collect();
        Error::input("kit.preset", format!("there is no preset `{name}`")).help(
            crate::error::did_you_mean(
                name,
                names.iter().copied(),
                format!("the presets: {}", names.join(", ")),
            ),
        )
    })
}

/// `kit` with every component set to the preset's card size, so that the
/// templates draw at the shop's exact size (`w`, `h`); a component that is
/// not that card (tiles, a board) is refused, naming it.
pub fn fit(kit: &Kit, p: &Preset) -> Result<Kit> {
    let mut kit = kit.clone();
    let (pw, ph) = (p.w_mm(), p.h_mm());
    for c in &mut kit.components {
        let close = |a: f64, b: f64| (a - b).abs() <= SIZE_TOLERANCE_MM;
        if !(close(c.w_mm, pw) && close(c.h_mm, ph)) {
            return Err(Error::input(
                "kit.preset",
                format!(
                    "component `{}` is {} x {} mm; preset `{}` makes {} cards of {:.2} x {:.2} mm ({} x {} in)",
                    c.name, c.w_mm, c.h_mm, p.name, p.card, pw, ph, p.size_in[0], p.size_in[1]
                ),
            )
            .at(c.size_at.clone())
            .help("a preset prints cards of its size (within 3 mm each way, upright); choose the preset of that card, or print the kit on sheets without --preset"));
        }
        c.w_mm = pw;
        c.h_mm = ph;
    }
    Ok(kit)
}

/// One page per card side, in the shop's order, and each page's trim box
/// (the card, in mm from the page's top-left corner).
pub fn sheets(kit: &Kit, faces: &KitFaces, p: &Preset) -> (Vec<Sheet>, Vec<Rect>) {
    let b = p.bleed_mm();
    let (w, h) = (p.w_mm(), p.h_mm());
    let trim = Rect::new(b, b, w, h);
    let page = Rect::new(0.0, 0.0, w + 2.0 * b, h + 2.0 * b);
    let mut sheets = Vec::new();
    for (ci, _) in kit.components.iter().enumerate() {
        let (fronts, backs) = &faces.components[ci];
        for (piece, &front) in fronts.iter().enumerate() {
            let mut sides = vec![(Side::Front, front)];
            if let Some(backs) = backs {
                let back = (Side::Back, backs[piece]);
                if p.back_first {
                    sides.insert(0, back);
                } else {
                    sides.push(back);
                }
            }
            for (side, face) in sides {
                sheets.push(Sheet::plain(
                    page.w,
                    page.h,
                    side,
                    ci,
                    vec![Placement::upright(face, ci, piece, trim, page)],
                ));
            }
        }
    }
    let trims = vec![trim; sheets.len()];
    (sheets, trims)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_parses_and_names_each_preset_once() {
        let all = all();
        assert_eq!(all.len(), 15);
        for (i, p) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|q| q.name != p.name), "{}", p.name);
            assert!(p.bleed_in > 0.0 && p.safe_in > 0.0 && p.size_in[0] > 0.0);
        }
        assert!(find("dtc-poker").unwrap().back_first);
        let e = find("dtc-pokr").unwrap_err();
        assert!(e.help.unwrap().contains("did you mean `dtc-poker`"));
    }
}
