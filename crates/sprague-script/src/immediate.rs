//! Moves that win at once: `win()` as an item of `moves`.
//!
//! A part with such a move decides every sum it is in: the player to move takes it and wins,
//! whatever the other parts are (Winning Ways calls such positions *loony*). So a player never
//! moves into a position with such a part: the opponent would win at once. Every other position
//! is an ordinary impartial game once those moves are left out (a position whose every move
//! leaves such a part is lost, as one with no move), and its parts add by XOR as usual. That is
//! the game the solvers see: [`ScriptGame::component_moves`] leaves out `win()` and every move
//! to a position with a part that wins at once, and the front ends answer the positions with
//! such a part themselves (won, no nim-value), from [`ScriptGame::wins_at_once`].

use std::cell::RefCell;
use std::collections::HashMap;

use rhai::AST;

use crate::{Atom, ScriptError, ScriptGame, ScriptPosition};

/// Whether a script calls `win()`, and which parts it has been seen to win at once in.
pub(crate) struct Immediate {
    used: bool,
    known: RefCell<HashMap<Atom, bool>>,
}

impl Immediate {
    // Parts remembered at most; past it the memory is cleared (it only saves calls).
    const MAX_REMEMBERED: usize = 1 << 20;

    /// Looks for a call of `win()` anywhere in the script.
    pub(crate) fn new(ast: &AST) -> Immediate {
        let mut used = false;
        ast.walk(&mut |path: &[rhai::ASTNode]| {
            if let Some(rhai::ASTNode::Expr(rhai::Expr::FnCall(call, _))) = path.last() {
                if call.name.as_str() == "win" && call.args.is_empty() {
                    used = true;
                }
            }
            !used
        });
        Immediate {
            used,
            known: RefCell::default(),
        }
    }

    /// Whether the script calls `win()` (a game without it is valued as listed, and pays nothing
    /// for this module).
    pub(crate) fn used(&self) -> bool {
        self.used
    }

    /// Remembers whether `atom` has a move that wins at once.
    pub(crate) fn remember(&self, atom: &Atom, wins: bool) {
        if !self.used {
            return;
        }
        let mut known = self.known.borrow_mut();
        if known.len() >= Self::MAX_REMEMBERED {
            known.clear();
        }
        known.insert(atom.clone(), wins);
    }
}

/// Every legal move of a whole position (a sum).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EveryMove {
    /// The parts (indices into the position's atoms) with a move that wins at once.
    pub winning_parts: Vec<usize>,
    /// Every other move, to the whole position after it, in the order of the parts and of the
    /// script's lists.
    pub options: Vec<ScriptPosition>,
}

impl ScriptGame {
    /// Whether the script calls `win()`: then a position with a part where the mover can win at
    /// once has no nim-value (it is won, in any sum), and the solvers value the others.
    pub fn uses_win(&self) -> bool {
        self.immediate.used()
    }

    /// Whether `atom` has a move that wins at once (`win()` among its moves).
    ///
    /// # Errors
    ///
    /// The script's error listing its moves.
    pub fn wins_at_once(&self, atom: &Atom) -> Result<bool, ScriptError> {
        if !self.immediate.used() {
            return Ok(false);
        }
        if let Some(&known) = self.immediate.known.borrow().get(atom) {
            return Ok(known);
        }
        Ok(self.every_component_move(atom)?.wins_at_once)
    }

    /// The first part of `position` with a move that wins at once, if any.
    ///
    /// # Errors
    ///
    /// As [`ScriptGame::wins_at_once`].
    pub fn winning_part(&self, position: &ScriptPosition) -> Result<Option<usize>, ScriptError> {
        for (idx, atom) in position.atoms().iter().enumerate() {
            if self.wins_at_once(atom)? {
                return Ok(Some(idx));
            }
        }
        Ok(None)
    }

    /// Every legal move of `position`, including those the solvers leave out: a move that wins
    /// at once, and a move into a position where the opponent can.
    ///
    /// # Errors
    ///
    /// The script's error, or a sum past the parts allowed.
    pub fn every_move(&self, position: &ScriptPosition) -> Result<EveryMove, ScriptError> {
        let atoms = position.atoms();
        let mut res = EveryMove::default();
        for (idx, atom) in atoms.iter().enumerate() {
            if idx > 0 && atoms[idx - 1] == *atom {
                continue;
            }
            let listed = self.every_component_move(atom)?;
            if listed.wins_at_once {
                res.winning_parts.push(idx);
            }
            for option in listed.options {
                res.options.push(self.replace_part(position, idx, option)?);
            }
        }
        Ok(res)
    }

    /// `options` without those that have a part where the mover can win at once.
    pub(crate) fn without_winning_parts(
        &self,
        options: Vec<ScriptPosition>,
    ) -> Result<Vec<ScriptPosition>, ScriptError> {
        let mut kept = Vec::with_capacity(options.len());
        for option in options {
            if self.winning_part(&option)?.is_none() {
                kept.push(option);
            }
        }
        Ok(kept)
    }
}
