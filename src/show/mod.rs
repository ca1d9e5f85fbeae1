//! `tavolo show`: the position of a recorded game at any move, drawn with
//! the kit's own art, the last move marked and an illegal move highlighted.
//!
//! A game that can be drawn implements [`scene::Draw`] (offered by
//! [`crate::games::Game::drawer`]): it replays the record to the move asked
//! for and describes what lies where as a [`scene::Scene`] of kit pieces;
//! [`render`] draws that with the kit's faces as SVG, PNG or PDF. Every
//! picture writes its grid's coordinates and its holdings' names the one way
//! [`labels`] gives.

pub mod labels;
pub mod render;
pub mod scene;
pub mod sheets;

use std::path::Path;

use crate::error::Error;
use crate::record::{Record, Source};

pub use scene::Scene;

/// A position drawn: the scene, its SVG, and the kit art that drew it.
pub struct Shown {
    pub scene: Scene,
    pub svg: String,
    pub art: render::KitArt,
}

/// A record's position at move `upto` (all moves when `None`) as a scene and
/// its SVG. An unreadable record or a game that cannot be drawn is exit 2.
pub fn show(path: &Path, text: String, upto: Option<usize>) -> Result<Shown, Error> {
    let src = Source::new(path, text);
    let record = Record::parse(&src, &crate::games::Registry)?;
    let game = crate::games::require(record.game)?;
    let drawer = game.drawer().ok_or_else(|| {
        let drawable: Vec<&str> = crate::games::GAMES
            .iter()
            .filter(|g| g.drawer().is_some())
            .map(|g| g.name())
            .collect();
        Error::input(
            "show.not-drawable",
            format!("tavolo cannot draw {} positions yet", game.name()),
        )
        .in_file(path)
        .help(format!("the games it draws: {}", drawable.join(", ")))
    })?;
    let art = render::KitArt::bundled(drawer.kit())?;
    let scene = drawer.scene(&record, &src, upto, &art.kit.data)?;
    let svg = render::svg(&scene, &art)?;
    Ok(Shown { scene, svg, art })
}
