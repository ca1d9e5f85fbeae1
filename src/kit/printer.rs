//! Printer profiles: what `tavolo kit calibrate` measured on one printer (its
//! duplex offset, its scale error each way, its paper), saved under a name in
//! the user's config folder (`$XDG_CONFIG_HOME/tavolo/printers/NAME.toml`,
//! else `~/.config/tavolo/printers/NAME.toml`) and applied to every kit with
//! `--printer NAME`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{io_reason, Error, Result};
use crate::kit::duplex::MAX_OFFSET_MM;

/// A printer's scale error beyond this (each way, in percent from 100) is not
/// a printer's error but "fit to page" or a typo.
pub const MAX_SCALE_ERROR_PCT: f64 = 5.0;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// `a4` or `letter`.
    pub paper: String,
    /// The flip edge: `long` or `short`.
    pub duplex: String,
    /// Shift every back by this, in mm (x right, y down), as `--duplex-offset`.
    pub duplex_offset_mm: [f64; 2],
    /// What the printer makes of 100 mm, in percent, across and down (a
    /// 50 mm ruler printed 49.75 mm long: 99.5).
    #[serde(default = "full_scale")]
    pub scale_pct: [f64; 2],
}

fn full_scale() -> [f64; 2] {
    [100.0, 100.0]
}

impl Profile {
    /// Refuse what no printer does (an offset of centimetres, a scale far
    /// from 100%), naming the field.
    pub fn check(&self, file: &Path) -> Result<()> {
        let bad = |what: String| {
            Error::input("kit.printer", what)
                .in_file(file)
                .help("measure again with `tavolo kit calibrate`, then save with `--save NAME`")
        };
        for (v, axis) in self.duplex_offset_mm.iter().zip(["x", "y"]) {
            if !v.is_finite() || v.abs() > MAX_OFFSET_MM {
                return Err(bad(format!(
                    "duplex_offset_mm {axis} = {v} mm is beyond {MAX_OFFSET_MM} mm: printers shift by a few mm"
                )));
            }
        }
        for (v, axis) in self.scale_pct.iter().zip(["across", "down"]) {
            if !v.is_finite() || (v - 100.0).abs() > MAX_SCALE_ERROR_PCT {
                return Err(bad(format!(
                    "scale_pct {axis} = {v}% is more than {MAX_SCALE_ERROR_PCT}% from 100%: was the sheet printed at \"fit to page\"?"
                )));
            }
        }
        self.paper.parse::<crate::kit::Paper>()?;
        self.duplex.parse::<crate::kit::duplex::Edge>()?;
        Ok(())
    }
}

/// The folder of printer profiles.
pub fn folder() -> Result<PathBuf> {
    let base = match std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => match std::env::var_os("HOME").filter(|v| !v.is_empty()) {
            Some(h) => PathBuf::from(h).join(".config"),
            None => return Err(Error::input(
                "kit.printer",
                "cannot tell where your config folder is: neither XDG_CONFIG_HOME nor HOME is set",
            )),
        },
    };
    Ok(base.join("tavolo").join("printers"))
}

fn path(name: &str) -> Result<PathBuf> {
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(Error::input(
            "kit.printer",
            format!("printer name `{name}` must be letters, digits, `-` or `_` (it names a file)"),
        ));
    }
    Ok(folder()?.join(format!("{name}.toml")))
}

/// Save `profile` as `name`, replacing any profile of that name.
pub fn save(name: &str, profile: &Profile) -> Result<PathBuf> {
    let p = path(name)?;
    profile.check(&p)?;
    let dir = p.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| {
        Error::input(
            "kit.printer",
            format!("cannot create the profiles folder: {}", io_reason(&e)),
        )
        .in_file(dir)
    })?;
    let text = format!(
        "# tavolo printer profile `{name}`: written by `tavolo kit calibrate --save {name}`,\n# applied by `tavolo kit ... --printer {name}`.\n{}",
        toml::to_string(profile).unwrap_or_default()
    );
    crate::kit::write_atomic(&p, text.as_bytes())?;
    Ok(p)
}

/// The profile saved as `name`.
pub fn load(name: &str) -> Result<Profile> {
    let p = path(name)?;
    let text = crate::input::read_to_string(&p, crate::input::SETTINGS).map_err(|e| {
        Error::input(
            "kit.printer",
            format!("no printer profile `{name}`: {}", io_reason(&e)),
        )
        .in_file(&p)
        .help(format!(
            "save one with `tavolo kit calibrate --save {name} --duplex-offset X,Y`"
        ))
    })?;
    let profile: Profile =
        toml::from_str(&text).map_err(|e| Error::toml("kit.printer", &p, &text, &e))?;
    profile.check(&p)?;
    Ok(profile)
}
