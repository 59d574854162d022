//! Making and delivering orders: print files, and the courier's tracking updates.

pub mod courier_updates;
pub mod print_files;
