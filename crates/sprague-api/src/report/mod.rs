//! What a request gets back.

pub mod analysis;
pub mod listing;
