//! The plain recursive search, straight from the definitions: the nim-value is the mex of the
//! values of the options, and a position is won when some option is lost.
//!
//! No memo, recursion on game depth: exponential, and only for small positions. It is the
//! reference every fast path is tested against, so it is kept as simple as possible.

use crate::value::{mex, nim_sum, Nimber};
use crate::Impartial;

/// The nim-value of `position` (a sum: the XOR of its components' values, each the mex of its
/// options' values).
pub fn grundy_value<G: Impartial>(game: &G, position: &G::Position) -> Nimber {
    let mut components = Vec::new();
    game.components(position, &mut components);
    nim_sum(components.iter().map(|c| component_value(game, c)))
}

fn component_value<G: Impartial>(game: &G, component: &G::Position) -> Nimber {
    let mut options = Vec::new();
    game.options(component, &mut options);
    mex(options.iter().map(|o| grundy_value(game, o)))
}

/// Whether the player to move from `position` wins, by plain search over the whole sum (no
/// nim-values: a sum's moves are the moves of each component with the others left alone).
pub fn is_win<G: Impartial>(game: &G, position: &G::Position) -> bool {
    let mut components = Vec::new();
    game.components(position, &mut components);
    is_win_sum(game, &components)
}

fn is_win_sum<G: Impartial>(game: &G, components: &[G::Position]) -> bool {
    sums_after_a_move(game, components)
        .iter()
        .any(|after| !is_win_sum(game, after))
}

/// Every sum one move away from the sum `components`: one component replaced by the components
/// of one of its options, the others left alone.
fn sums_after_a_move<G: Impartial>(game: &G, components: &[G::Position]) -> Vec<Vec<G::Position>> {
    let mut sums = Vec::new();
    for (idx, component) in components.iter().enumerate() {
        let mut options = Vec::new();
        game.options(component, &mut options);
        for option in options {
            let mut after: Vec<G::Position> = components[..idx].to_vec();
            game.components(&option, &mut after);
            after.extend_from_slice(&components[idx + 1..]);
            sums.push(after);
        }
    }
    sums
}

/// Every winning move from `position`, as (component index, option of that component), found by
/// checking each move's result with [`grundy_value`].
pub fn winning_moves<G: Impartial>(game: &G, position: &G::Position) -> Vec<(usize, G::Position)> {
    let mut components = Vec::new();
    game.components(position, &mut components);
    let values: Vec<Nimber> = components
        .iter()
        .map(|c| component_value(game, c))
        .collect();
    let total = nim_sum(values.iter().copied());
    let mut res = Vec::new();
    for (idx, component) in components.iter().enumerate() {
        let mut options = Vec::new();
        game.options(component, &mut options);
        for option in options {
            if grundy_value(game, &option) ^ total ^ values[idx] == Nimber::ZERO {
                res.push((idx, option));
            }
        }
    }
    res
}

/// The remoteness of `position` (see [`remoteness`](super::remoteness)), by plain search over the
/// whole sum: no nim-values, no memo, every option of every component looked at.
pub fn remoteness<G: Impartial>(game: &G, position: &G::Position) -> u64 {
    let mut components = Vec::new();
    game.components(position, &mut components);
    remoteness_sum(game, &components)
}

fn remoteness_sum<G: Impartial>(game: &G, components: &[G::Position]) -> u64 {
    super::remoteness::remoteness_from_options(
        sums_after_a_move(game, components)
            .iter()
            .map(|after| remoteness_sum(game, after)),
    )
}
