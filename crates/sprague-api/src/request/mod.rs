//! What a request is made of and what it may use.

pub(crate) mod edge_list;
pub mod error;
pub mod limits;
pub mod machine;
pub mod options;
pub mod parse;
