//! Games written as scripts (`sprague script FILE POSITION`): [`session`] compiles a script and
//! analyses its positions, in normal or misère play or Every-SG, and makes its tables. The top
//! floor but the catalogue: a script is answered by the impartial analyses' misère and Every-SG
//! solvers and the heap tables.

pub mod session;
