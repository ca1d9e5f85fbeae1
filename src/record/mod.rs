//! See DESIGN.md: the record part of tavolo.
