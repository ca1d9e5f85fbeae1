//! PNG previews: the same laid-out sheets, drawn with resvg and tiny-skia, so
//! a user can look at a kit before printing it.

use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};

use crate::error::{Error, Result};
use crate::kit::layout::{overlay_tree, Sheet};
use crate::kit::template::KitFaces;

/// Default preview resolution, in dots per inch.
pub const DEFAULT_DPI: f64 = 100.0;

/// Draw one sheet at `dpi` and encode it as PNG.
pub fn render(faces: &KitFaces, sheet: &Sheet, dpi: f64) -> Result<Vec<u8>> {
    let s = dpi / 25.4;
    let px = |mm: f64| (mm * s).round().max(1.0) as u32;
    let fail = || Error::failed("kit.png", "cannot allocate the preview image");
    let mut page = Pixmap::new(px(sheet.w_mm), px(sheet.h_mm)).ok_or_else(fail)?;
    page.fill(Color::WHITE);
    for p in &sheet.placements {
        let tree = &faces.faces[p.face].tree;
        let size = tree.size();
        // Clip to the placement's visible part by drawing into a sub-image.
        let x0 = (p.clip.x * s).floor().max(0.0);
        let y0 = (p.clip.y * s).floor().max(0.0);
        let x1 = (p.clip.right() * s).ceil().min(page.width() as f64);
        let y1 = (p.clip.bottom() * s).ceil().min(page.height() as f64);
        if x1 <= x0 || y1 <= y0 {
            continue;
        }
        let mut sub = Pixmap::new((x1 - x0) as u32, (y1 - y0) as u32).ok_or_else(fail)?;
        let ts = Transform::from_translate(-x0 as f32, -y0 as f32)
            .pre_scale(s as f32, s as f32)
            .pre_concat(p.face_transform(size.width(), size.height()));
        resvg::render(tree, ts, &mut sub.as_mut());
        page.draw_pixmap(
            x0 as i32,
            y0 as i32,
            sub.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }
    let overlay = overlay_tree(sheet)?;
    resvg::render(
        &overlay,
        Transform::from_scale(s as f32, s as f32),
        &mut page.as_mut(),
    );
    page.encode_png()
        .map_err(|e| Error::failed("kit.png", format!("cannot encode the preview: {e}")))
}
