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
use crate::games::session::{Live, View};
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
    let (scene, art) = scene(path, text, upto)?;
    let svg = render::svg(&scene, &art)?;
    Ok(Shown { scene, svg, art })
}

/// A record's position at move `upto` as a scene, with the kit art that draws it.
fn scene(path: &Path, text: String, upto: Option<usize>) -> Result<(Scene, render::KitArt), Error> {
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
    Ok((scene, art))
}

/// The picture `svg` of `scene` with its places to tap (issue 47): one transparent
/// `<rect class="target">` a place, over everything, named `sq-c3` and `data-square="c3"`,
/// for the live page's script. Nothing else of the picture changes; the files `tavolo show`
/// writes have none.
pub fn with_targets(svg: &str, scene: &Scene) -> String {
    if scene.targets.is_empty() {
        return svg.to_string();
    }
    let Some(end) = svg.rfind("</svg>") else {
        return svg.to_string();
    };
    let m = render::MARGIN_MM;
    let mut g = format!("<g id=\"targets\" transform=\"translate({m} {m})\">\n");
    for (name, r) in &scene.targets {
        let id: String = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        g.push_str(&format!(
            "<rect id=\"sq-{id}\" class=\"target\" data-square=\"{}\" x=\"{}\" y=\"{}\" \
             width=\"{}\" height=\"{}\" fill=\"transparent\"/>\n",
            crate::html::escape(name),
            r.x,
            r.y,
            r.w,
            r.h
        ));
    }
    g.push_str("</g>\n");
    format!("{}{g}{}", &svg[..end], &svg[end..])
}

/// A live session's position drawn for `view` (GN-5): what the view may not see is
/// drawn face down and named by nothing (ids, fields), and the caption gives the last
/// move as the view's move list does. A game whose picture cannot hide what the view
/// may not see (every hand drawn face up) is drawn for the director only: any other
/// view gets `table.private-picture`.
pub fn live(live: &dyn Live, view: View) -> Result<Shown, Error> {
    if !view.all() && live.hides() && !live.picture_is_public() {
        return Err(Error::input(
            "table.private-picture",
            format!(
                "the picture of {} shows what this view may not see (every hand or holding)",
                live.game()
            ),
        )
        .help("draw it in the director's session (--director), or leave the picture out"));
    }
    let name = format!("{}.toml", live.game());
    let (mut scene, art) = scene(Path::new(&name), live.record(), None)?;
    scene.for_view(view);
    let last = live.history(view).pop();
    let at = match &last {
        Some(p) => scene::Shown::After(p.number, &p.player, p.notation.clone()),
        None => scene::Shown::Setup,
    };
    scene.caption = scene::caption(live.game(), live.variant(), live.moves(), at);
    let svg = render::svg(&scene, &art)?;
    Ok(Shown { scene, svg, art })
}
