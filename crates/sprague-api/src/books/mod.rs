//! Opening books: [`connect4`], the book shipped for the standard Connect Four board (read by
//! every solver the scoring games make) and the pieces of `sprague book connect4`, which builds
//! one. Above `request` only: the scoring games read books, books know nothing of them.

pub mod connect4;
