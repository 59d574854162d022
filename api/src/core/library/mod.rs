//! What a shopper designs with besides their own pictures: the clip-art
//! library (assets/clipart, compiled in) and the starter templates.

pub mod clipart;
pub mod templates;
