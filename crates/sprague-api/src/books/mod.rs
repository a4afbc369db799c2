//! Opening books.

pub mod connect4;
