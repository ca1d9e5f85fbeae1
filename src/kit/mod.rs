//! See DESIGN.md: the kit part of tavolo.
