//! The staff side of the complaints desk.
