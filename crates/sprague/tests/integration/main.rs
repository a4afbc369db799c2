//! The engine's integration tests: every fast solver against plain search on random small games.

mod coin_turning;
mod common;
mod connect4;
mod dags;
mod fibonacci_nim;
mod genus;
mod loopy;
mod moore_nim;
mod nim_product;
mod pattern;
mod tartan;
mod tidy;
