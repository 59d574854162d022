//! Products: creating, changing and deleting them (`edit`), with their files
//! in one form (`form`), and their files (models and pictures) in storage
//! (`files`).

pub mod edit;
pub mod files;
pub mod form;
