//! Products: their files (models and pictures) in storage.

pub mod files;
