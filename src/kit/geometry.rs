//! Page geometry shared by the layout, duplex and export code.
//!
//! All lengths are millimetres; the origin is the top-left corner of the page and
//! y grows downward (as in SVG), so a rectangle reads like the sheet in your hand.

/// An axis-aligned rectangle on a page, in mm, origin top-left, y downward.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Self {
        Rect { x, y, w, h }
    }

    /// The same rectangle moved by (dx, dy) mm.
    pub fn translated(self, dx: f64, dy: f64) -> Self {
        Rect {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
    }

    pub fn right(&self) -> f64 {
        self.x + self.w
    }

    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
}
