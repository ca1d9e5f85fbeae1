//! Warnings about a kit that renders but is probably not what its author
//! meant: a typo in `size_mm` (560 for 56) does not stop the render, it splits
//! every piece over several sheets to be glued, and a kit of tiles silently
//! becomes hundreds of pages. The render goes on; the warning says why so many
//! sheets, and where the size is written.
//!
//! A component of one piece larger than the paper is a board, split on
//! purpose (Moon's, Natura's): no warning. Several such pieces are tiles or
//! cards, which are not glued together: a warning.

use serde::ser::SerializeStruct;

use crate::error::Location;
use crate::kit::layout::{printable_area, Options, Sheet, Side};
use crate::kit::model::Kit;

/// More sheets than this for one kit draws a warning.
pub const MANY_SHEETS: usize = 50;

/// Something to tell the kit's author; the kit was rendered all the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Stable code: `kit.pieces-split`, `kit.many-sheets`.
    pub code: &'static str,
    pub message: String,
    pub location: Option<Location>,
    pub help: String,
}

impl Warning {
    /// As a person reads it, in the first-line form of errors:
    /// `warning[code]: file:line:col: message`, then the help.
    pub fn render(&self) -> String {
        let at = self
            .location
            .as_ref()
            .map_or(String::new(), |l| format!("{l}: "));
        format!(
            "warning[{}]: {at}{}\n  = help: {}",
            self.code, self.message, self.help
        )
    }
}

/// The JSON form, as an error's: every key present (`null` when unknown).
impl serde::Serialize for Warning {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let loc = self.location.as_ref();
        let mut st = s.serialize_struct("Warning", 6)?;
        st.serialize_field("code", self.code)?;
        st.serialize_field("message", &self.message)?;
        st.serialize_field("file", &loc.map(|l| l.file.display().to_string()))?;
        st.serialize_field("line", &loc.and_then(|l| l.line))?;
        st.serialize_field("column", &loc.and_then(|l| l.column))?;
        st.serialize_field("help", &self.help)?;
        st.end()
    }
}

/// The warnings for `kit` laid out as `sheets` with `opts`.
pub fn check(kit: &Kit, sheets: &[Sheet], opts: &Options) -> Vec<Warning> {
    let mut out = Vec::new();
    let area = printable_area(opts.paper);
    // Each component's sheets, fronts and backs (a sheet counts for the
    // first component on it).
    let taken = |ci: usize| sheets.iter().filter(|s| s.component == ci).count();
    let parts_of = |ci: usize| {
        sheets
            .iter()
            .filter(|s| s.component == ci && s.side == Side::Front)
            .find_map(|s| s.part.map(|(_, of)| of))
    };
    for (ci, comp) in kit.components.iter().enumerate() {
        let pieces = comp.pieces.len();
        let Some(parts) = parts_of(ci) else { continue };
        if pieces < 2 {
            continue;
        }
        out.push(Warning {
            code: "kit.pieces-split",
            message: format!(
                "component `{}` is {} x {} mm, larger than {} paper holds ({} x {} mm inside \
                 the margins{}): each of its {pieces} pieces is printed in {parts} parts to glue \
                 together, {} sheets in all",
                comp.name,
                comp.w_mm,
                comp.h_mm,
                opts.paper.name(),
                area.w,
                area.h,
                if opts.bleed_mm > 0.0 {
                    format!(", less the bleed of {} mm", opts.bleed_mm)
                } else {
                    String::new()
                },
                taken(ci)
            ),
            location: Some(comp.size_at.clone()),
            help: "a board is split on purpose, but tiles and cards are not glued: check \
                   `size_mm` (millimetres, width then height)"
                .to_string(),
        });
    }
    if sheets.len() > MANY_SHEETS {
        let (ci, most) = (0..kit.components.len())
            .map(|ci| (ci, taken(ci)))
            .max_by_key(|&(ci, n)| (n, std::cmp::Reverse(ci)))
            .unwrap_or((0, 0));
        let why = kit.components.get(ci).map_or(String::new(), |c| {
            let how = match parts_of(ci) {
                Some(parts) => format!("{} pieces in {parts} parts each", c.pieces.len()),
                None => format!("{} pieces of {} x {} mm", c.pieces.len(), c.w_mm, c.h_mm),
            };
            format!(": {most} of them for component `{}` ({how})", c.name)
        });
        out.push(Warning {
            code: "kit.many-sheets",
            message: format!(
                "kit `{}` makes {} sheets, more than {MANY_SHEETS}{why}",
                kit.name,
                sheets.len()
            ),
            location: Some(Location::file(&kit.source)),
            help: "if that is more than you meant, check the components' `size_mm` (in mm) \
                   and their counts (`count`, `items`, `product`)"
                .to_string(),
        });
    }
    out
}
