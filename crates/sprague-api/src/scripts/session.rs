//! Scripted games (`sprague script FILE POSITION`): compile once, then analyse positions with a
//! solver that remembers every position across a whole `--batch` run.

use sprague::games::octal::HeapRule;
use sprague::solve::{explore, retrograde, MemoSolver, SolveError};
use sprague::value::Outcome;
use sprague::Impartial;
use sprague_script::{ScriptParams, ScriptPosition};

/// The script engine's types a front end needs, so that it reaches scripts through this crate:
/// the compiled game, its limits, and the memory meter a process may give it.
pub use sprague_script::{MemoryMeter, ScriptGame, ScriptLimits};

use crate::impartial::{every, misere};
use crate::report::analysis::{Analysed, Analysis, MovePlace, MoveReport, NimValue};
use crate::request::error::{Budget, Error, Remedy};
use crate::request::limits::{human_bytes, Limits};
use crate::request::options::AnalysisOptions;
use crate::tables::report::{
    grid_formulas, grid_patterns, observed_period, GridReport, TableReport,
};

/// Compiles a script.
///
/// # Errors
///
/// A bad-input [`Error`] pointing at the line and column when it does not parse, or when it has no
/// `fn moves(p)`.
pub fn compile(source: &str, limits: ScriptLimits) -> Result<ScriptGame, Error> {
    compile_with_params::<&str>(source, limits, &[])
}

/// Compiles a script with parameters given as `NAME=VALUE` settings (`K=3`, `S=1,3,4`): constants
/// its functions see.
///
/// # Errors
///
/// A setting that is not NAME=VALUE with an integer or a list of integers; as [`compile`].
pub fn compile_with_params<S: AsRef<str>>(
    source: &str,
    limits: ScriptLimits,
    settings: &[S],
) -> Result<ScriptGame, Error> {
    let params = ScriptParams::parse(settings).map_err(|e| Error::bad_input(e.to_string()))?;
    let mut game = ScriptGame::compile_with_params(source, limits, &params)
        .map_err(|e| Error::bad_input(e.to_string()))?;
    // A table lists its positions' moves on every core (the values do not depend on it).
    game.set_threads(
        std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(8),
    );
    Ok(game)
}

/// A compiled script and the memo of every position valued so far.
pub struct ScriptSession<'g> {
    game: &'g ScriptGame,
    solver: MemoSolver<'g, ScriptGame>,
    max_positions: usize,
    /// Set when the memory allowed, not the positions asked for, set `max_positions`.
    memory_bound: bool,
}

impl<'g> ScriptSession<'g> {
    /// A session that stores at most `max_positions` positions, and no more than the memory the
    /// script may hold allows ([`ScriptLimits::max_total_bytes`] at
    /// [`sprague_script::POSITION_BYTES`] a position): a run is refused for its positions before
    /// its memo's growth could pass the memory limit.
    pub fn new(game: &'g ScriptGame, max_positions: usize) -> ScriptSession<'g> {
        let by_memory = game.limits().max_total_bytes / sprague_script::POSITION_BYTES;
        let memory_bound = by_memory < max_positions;
        let max_positions = max_positions.min(by_memory);
        ScriptSession {
            game,
            solver: MemoSolver::with_limit(game, max_positions),
            max_positions,
            memory_bound,
        }
    }

    /// Parses a position as typed (`7`, `[4, 7]`, `3 + 4`).
    ///
    /// # Errors
    ///
    /// When it is not a position, or the script's `normalize` fails on it.
    pub fn parse(&self, text: &str) -> Result<ScriptPosition, Error> {
        self.game
            .parse_position(text)
            .map_err(|e| Error::bad_input(e.to_string()))
    }

    /// The nim-value of a position, for tables.
    ///
    /// # Errors
    ///
    /// A script error, a loop (tables need acyclic games), or too many positions.
    pub fn grundy_value(&mut self, position: &ScriptPosition) -> Result<u64, Error> {
        let res = self.solver.grundy_value(position);
        self.check_script()?;
        match res {
            Ok(v) => Ok(v.value()),
            Err(SolveError::Loop) => Err(Error::bad_input(format!(
                "position {position} can be reached from itself: a loopy game has no table of nim-values (analyse single positions with `sprague script`)"
            ))),
            Err(e) => Err(self.too_many(e)),
        }
    }

    fn check_script(&mut self) -> Result<(), Error> {
        if let Some(err) = self.game.take_error() {
            // Values stored while the script was failing are wrong: forget them all.
            self.solver = MemoSolver::with_limit(self.game, self.max_positions);
            return Err(script_error(&err));
        }
        Ok(())
    }

    fn too_many(&self, err: SolveError) -> Error {
        if let SolveError::TooManyBytes { limit } = err {
            let limit = limit as u64;
            return Error::over_budget(
                Budget::Memory,
                limit + 1,
                limit,
                format!(
                    "{err} (SPRAGUE_MEMORY_LIMIT; a position of one or two integers takes about \
                     {} bytes, a sum of k parts more)",
                    sprague_script::POSITION_BYTES
                ),
            );
        }
        if let (SolveError::TooManyPositions { limit }, true) = (&err, self.memory_bound) {
            let bytes = self.game.limits().max_total_bytes as u64;
            return Error::over_budget(
                Budget::Memory,
                bytes + 1,
                bytes,
                format!(
                    "{err}, at about {} bytes a position: {limit} positions fill the {} the \
                     script may hold (nine tenths of SPRAGUE_MEMORY_LIMIT)",
                    sprague_script::POSITION_BYTES,
                    human_bytes(bytes)
                ),
            );
        }
        let message = format!(
            "{err}, at about {} bytes a position",
            sprague_script::POSITION_BYTES
        );
        match err {
            SolveError::TooManyPositions { limit } => {
                let limit = limit as u64;
                Error::over_budget(Budget::Positions, limit + 1, limit, message)
                    .with_remedy(Remedy::MorePositions)
            }
            _ => Error::too_large(crate::request::error::solve_budget(&err), message),
        }
    }

    /// Analyses a position: outcome, nim-value (generalised when the game loops), winning moves.
    ///
    /// # Errors
    ///
    /// A bad position, a script error (with its place in the script), or too many positions.
    pub fn analyse(&mut self, text: &str, options: &AnalysisOptions) -> Analysed {
        self.game.start_request();
        if options.every && !self.game.uses_win() {
            return self.analyse_every(text);
        }
        let position = self.parse(text)?;
        if self.game.uses_win() && (options.every || options.misere) {
            return Err(Error::bad_input(
                crate::request::error::Message::text(
                    "this script has moves that win at once (win()): sprague values them in \
                     normal play only, not with ",
                )
                .then_param(if options.every { "every" } else { "misere" }),
            ));
        }
        if options.misere {
            return self.analyse_misere(position, options);
        }
        if let Some(part) = self.winning_part(&position)? {
            return self.analyse_won(position, part, options);
        }
        let value = self.solver.grundy_value(&position);
        self.check_script()?;
        let value = match value {
            Ok(v) => v,
            Err(SolveError::Loop) => return self.analyse_loopy(position, options),
            Err(e) => return Err(self.too_many(e)),
        };
        let moves = self.solver.winning_moves(&position);
        self.check_script()?;
        let moves = moves.map_err(|e| self.too_many(e))?;
        let components = self.solver.components(&position);
        let winning_moves = moves
            .into_iter()
            .map(|m| {
                let mut atoms: Vec<_> = Vec::new();
                for (idx, c) in components.iter().enumerate() {
                    if idx == m.component {
                        atoms.extend(m.option.atoms().iter().cloned());
                    } else {
                        atoms.extend(c.atoms().iter().cloned());
                    }
                }
                let to = ScriptPosition::new(atoms);
                report(&components[m.component], &m.option, &to)
            })
            .collect();
        let all_moves = if options.all_moves {
            Some(self.every_move_valued(&position)?)
        } else {
            None
        };
        Ok(Analysis {
            genus: None,
            steps: None,
            remoteness: None,
            game: "script".to_owned(),
            position: position.to_string(),
            outcome: if value.is_zero() {
                Outcome::P
            } else {
                Outcome::N
            },
            nim_value: NimValue::from_u64(value.value()),
            winning_moves,
            all_moves,
            note: None,
        })
    }

    /// The first part of `position` where the player to move can win at once, if any.
    fn winning_part(&mut self, position: &ScriptPosition) -> Result<Option<usize>, Error> {
        self.game
            .winning_part(position)
            .map_err(|e| script_error(&e))
    }

    /// Every legal move of `position` with the outcome and nim-value it leaves: a move that wins
    /// at once (`win()`) first, and a move into a position where the opponent can, as N.
    fn every_move_valued(&mut self, position: &ScriptPosition) -> Result<Vec<MoveReport>, Error> {
        let every = self
            .game
            .every_move(position)
            .map_err(|e| script_error(&e))?;
        let mut listed: Vec<MoveReport> = every
            .winning_parts
            .iter()
            .map(|&idx| win_report(&position.atoms()[idx]))
            .collect();
        for to in every.options {
            if self.winning_part(&to)?.is_some() {
                listed.push(report(position, &to, &to).leading_to(Outcome::N, NimValue::None));
                continue;
            }
            let v = self.solver.grundy_value(&to);
            self.check_script()?;
            let v = v.map_err(|e| self.too_many(e))?;
            listed.push(report(position, &to, &to).leading_to(
                Outcome::from_win(!v.is_zero()),
                NimValue::from_u64(v.value()),
            ));
        }
        Ok(listed)
    }

    /// A position with a part where the player to move wins at once: won, in any sum, and with
    /// no nim-value.
    fn analyse_won(
        &mut self,
        position: ScriptPosition,
        part: usize,
        options: &AnalysisOptions,
    ) -> Analysed {
        // The winning moves are the wins at once, which lead to no position: listed first
        // among every move when those are asked for, else found alone (the rest unvalued).
        let (winning_moves, all_moves) = if options.all_moves {
            let listed = self.every_move_valued(&position)?;
            let wins = listed.iter().filter(|m| m.to.is_none()).cloned().collect();
            (wins, Some(listed))
        } else {
            let every = self
                .game
                .every_move(&position)
                .map_err(|e| script_error(&e))?;
            let wins = every
                .winning_parts
                .iter()
                .map(|&idx| win_report(&position.atoms()[idx]))
                .collect();
            (wins, None)
        };
        let note = format!(
            "{} has a move that wins at once (win()): the player to move wins, whatever else the \
             sum holds, so the position has no nim-value",
            position.atoms()[part]
        );
        Ok(Analysis {
            winning_moves,
            all_moves,
            note: Some(note),
            ..Analysis::new("script", position.to_string(), Outcome::N, NimValue::None)
        })
    }

    fn options_of(&mut self, position: &ScriptPosition) -> Result<Vec<ScriptPosition>, Error> {
        let mut options = Vec::new();
        sprague::Impartial::options(self.game, position, &mut options);
        self.check_script()?;
        Ok(options)
    }

    /// The given components of a position typed for `--every`: the parts of the sum typed, a
    /// part in parentheses a component that is itself a sum (`(1 + 3) + 2`; `()` finished).
    fn parse_components(&self, text: &str) -> Result<Vec<ScriptPosition>, Error> {
        let mut pieces = Vec::new();
        let (mut depth, mut start) = (0i32, 0);
        for (idx, c) in text.char_indices() {
            match c {
                '[' | '(' => depth += 1,
                ']' | ')' => depth -= 1,
                '+' if depth == 0 => {
                    pieces.push(&text[start..idx]);
                    start = idx + 1;
                }
                _ => {}
            }
        }
        pieces.push(&text[start..]);
        pieces
            .iter()
            .map(|piece| {
                let piece = piece.trim();
                match piece.strip_prefix('(').and_then(|p| p.strip_suffix(')')) {
                    Some(inner) if inner.trim().is_empty() => Ok(ScriptPosition::new(Vec::new())),
                    Some(inner) => self.parse(inner),
                    None => self.parse(piece),
                }
            })
            .collect()
    }

    fn analyse_every(&mut self, text: &str) -> Analysed {
        let max_positions = self.max_positions;
        let given = self.parse_components(text)?;
        let game = WithoutFinishedParts::new(self.game);
        let plan = every::plan(&game, &given, max_positions, u64::MAX);
        self.check_script()?;
        let plan = plan.map_err(|e| every::too_many("the script", max_positions, e))?;
        let outcome = every::outcome(&plan);
        let mut winning_moves = Vec::new();
        if outcome == Outcome::N {
            let mut texts = Vec::new();
            let mut after = Vec::new();
            for (component, chosen) in given.iter().zip(&plan.moves) {
                match chosen {
                    Some(left) => {
                        let left = ScriptPosition::new(
                            left.iter()
                                .flat_map(|p| p.atoms().iter().cloned())
                                .collect(),
                        );
                        texts.push(format!(
                            "{} -> {}",
                            show_component(component),
                            show_component(&left)
                        ));
                        after.push(left);
                    }
                    None => after.push(component.clone()),
                }
            }
            winning_moves.push(MoveReport::plain(texts.join("; "), show_components(&after)));
        }
        let names: Vec<String> = given.iter().map(show_component).collect();
        Ok(Analysis {
            game: "script".to_owned(),
            position: show_components(&given),
            outcome,
            nim_value: NimValue::None,
            winning_moves,
            all_moves: None,
            note: Some(every::note(&plan, &names)),
            genus: None,
            steps: Some(plan.steps),
            remoteness: None,
        })
    }

    fn analyse_misere(&mut self, position: ScriptPosition, options: &AnalysisOptions) -> Analysed {
        let max_positions = self.max_positions;
        let too_many = |e| misere::too_many("the script", max_positions, e);
        // Parts with no moves are left out of sums (`0 + G` is `G`, in misère play too).
        let game = WithoutFinishedParts::new(self.game);
        let mut solver = misere::SumSolver::new(&game, max_positions);
        let outcome = solver.outcome(&position);
        self.check_script()?;
        let outcome = outcome.map_err(too_many)?;
        let mut winning_moves = Vec::new();
        let mut all_moves = Vec::new();
        for to in self.options_of(&position)? {
            let o = solver.outcome(&to);
            self.check_script()?;
            let o = o.map_err(too_many)?;
            let r = report(&position, &to, &to);
            if o == Outcome::P {
                winning_moves.push(r.clone());
            }
            if options.all_moves {
                all_moves.push(r.leading_to(o, NimValue::None));
            }
        }
        let genus = solver.lone_genus(&position);
        self.check_script()?;
        let genus = genus.map_err(too_many)?;
        Ok(Analysis {
            genus: genus.map(|g| g.to_string()),
            steps: None,
            remoteness: None,
            game: "script".to_owned(),
            position: position.to_string(),
            outcome,
            nim_value: NimValue::None,
            winning_moves,
            all_moves: options.all_moves.then_some(all_moves),
            note: Some(solver.note("part")),
        })
    }

    fn analyse_loopy(&mut self, position: ScriptPosition, options: &AnalysisOptions) -> Analysed {
        // Parts with no moves are left out of sums (`0 + n` is `n`), and positions that still
        // grow as they are explored (a sum that gains a part at every move) are bounded by their
        // size as well as by their count.
        let game = WithoutFinishedParts::new(self.game);
        let explored = explore::reachable_graph_within(
            &game,
            &position,
            self.max_positions,
            self.game.limits().max_total_bytes,
            ScriptPosition::stored_bytes,
        );
        self.check_script()?;
        let explored = explored.map_err(|e| self.too_many(e))?;
        let values = retrograde::generalized_values(&explored.graph);
        let value = values.value(0);
        // The moves are listed as the script makes them, each valued at its position without
        // finished parts.
        let followers: std::collections::HashMap<&ScriptPosition, u32> = explored
            .graph
            .followers(0)
            .iter()
            .map(|&w| (&explored.positions[w as usize], w))
            .collect();
        let mut made = Vec::new();
        self.game.options(&position, &mut made);
        self.check_script()?;
        let mut winning_moves = Vec::new();
        let mut listed = Vec::new();
        for to in &made {
            let Some(&w) = followers.get(&game.without_finished_parts(to)) else {
                continue;
            };
            let after = values.value(w);
            if after.outcome() == Outcome::P {
                winning_moves.push(report(&position, to, to));
            }
            if options.all_moves {
                let mut r = report(&position, to, to);
                r.outcome = Some(after.outcome());
                r.nim_value = Some(NimValue::from_loopy(&after));
                listed.push(r);
            }
        }
        self.check_script()?;
        Ok(Analysis {
            winning_moves,
            all_moves: options.all_moves.then_some(listed),
            note: Some(format!(
                "a position can be reached from itself: solved as a loopy game over its {} reachable positions, parts with no moves left out of sums (generalised nim-values; D is a draw)",
                explored.positions.len()
            )),
            ..Analysis::new("script", position.to_string(), value.outcome(), NimValue::from_loopy(&value))
        })
    }
}

/// The script's game with the parts that have no moves left out of every sum (`0 + n` is `n`:
/// a part with no moves changes nothing, in any play), so that a move splitting off an empty
/// part does not make ever longer sums of a loop. Whether a part has moves is remembered.
struct WithoutFinishedParts<'g> {
    game: &'g ScriptGame,
    finished: std::cell::RefCell<std::collections::HashMap<sprague_script::Atom, bool>>,
}

impl<'g> WithoutFinishedParts<'g> {
    // Parts remembered at most; past it the memory is cleared.
    const MAX_REMEMBERED: usize = 1 << 20;

    fn new(game: &'g ScriptGame) -> WithoutFinishedParts<'g> {
        WithoutFinishedParts {
            game,
            finished: Default::default(),
        }
    }

    fn is_finished(&self, atom: &sprague_script::Atom) -> bool {
        if let Some(&known) = self.finished.borrow().get(atom) {
            return known;
        }
        // A script error here is met again, and recorded, when the part's moves are asked for.
        let finished = self
            .game
            .component_moves(atom)
            .is_ok_and(|moves| moves.is_empty());
        let mut memory = self.finished.borrow_mut();
        if memory.len() >= Self::MAX_REMEMBERED {
            memory.clear();
        }
        memory.insert(atom.clone(), finished);
        finished
    }

    fn without_finished_parts(&self, position: &ScriptPosition) -> ScriptPosition {
        if position.atoms().len() < 2 {
            return position.clone();
        }
        ScriptPosition::new(
            position
                .atoms()
                .iter()
                .filter(|a| !self.is_finished(a))
                .cloned()
                .collect(),
        )
    }
}

impl Impartial for WithoutFinishedParts<'_> {
    type Position = ScriptPosition;

    fn options(&self, position: &ScriptPosition, options: &mut Vec<ScriptPosition>) {
        let start = options.len();
        self.game.options(position, options);
        for option in &mut options[start..] {
            if option.atoms().len() > 1 {
                *option = self.without_finished_parts(option);
            }
        }
    }

    fn components(&self, position: &ScriptPosition, components: &mut Vec<ScriptPosition>) {
        components.extend(
            position
                .atoms()
                .iter()
                .filter(|a| !self.is_finished(a))
                .map(|a| ScriptPosition::new(vec![a.clone()])),
        );
    }
}

/// A given component of Every-SG as typed: one part bare, a sum of parts in parentheses, `()`
/// when it has none.
fn show_component(component: &ScriptPosition) -> String {
    if component.atoms().len() == 1 {
        component.to_string()
    } else {
        format!("({component})").replace("(())", "()")
    }
}

/// The given components of Every-SG as typed: joined by ` + `.
fn show_components(components: &[ScriptPosition]) -> String {
    let shown: Vec<String> = components.iter().map(show_component).collect();
    shown.join(" + ")
}

/// The move that wins at once in `part`: it leaves no position (`to` is absent), the game ends.
fn win_report(part: &sprague_script::Atom) -> MoveReport {
    MoveReport::new(format!("{part} -> win"), None, MovePlace::None)
}

fn report(from: &ScriptPosition, option: &ScriptPosition, to: &ScriptPosition) -> MoveReport {
    MoveReport::plain(format!("{from} -> {option}"), to.to_string())
}

impl ScriptSession<'_> {
    /// `table script FILE --upto N`: G(0..=N) of the integer positions, and the period seen.
    ///
    /// # Errors
    ///
    /// A script error, a loop, or more positions than the session allows.
    pub fn table(&mut self, family: &str, upto: u64) -> Result<TableReport, Error> {
        self.game.start_request();
        if upto as usize >= self.max_positions {
            let allowed = self.max_positions as u64;
            return Err(Error::over_budget(
                Budget::Positions,
                upto.saturating_add(1),
                allowed,
                crate::request::error::Message::param("upto").then(format!(
                    " {upto} needs more than the {allowed} positions allowed"
                )),
            )
            .with_remedy(Remedy::MorePositions));
        }
        if let Some(values) = self.game.fast_table(upto, self.max_positions) {
            return Ok(table_report(family, values));
        }
        let mut values = Vec::with_capacity(upto as usize + 1);
        let mut wins_at_once = Vec::new();
        for n in 0..=upto {
            let position = self.parse(&n.to_string())?;
            if self.winning_part(&position)?.is_some() {
                wins_at_once.push(n);
                values.push(0);
                continue;
            }
            values.push(self.grundy_value(&position)?);
        }
        if wins_at_once.is_empty() {
            return Ok(table_report(family, values));
        }
        Ok(table_report_with_wins(family, values, wins_at_once))
    }

    /// `table script FILE --grid A,B`: G([a, b]) for 0 ≤ a ≤ A, 0 ≤ b ≤ B, the P-positions, and the
    /// patterns they show.
    ///
    /// # Errors
    ///
    /// As [`ScriptSession::table`].
    pub fn grid(&mut self, family: &str, rows: u64, cols: u64) -> Result<GridReport, Error> {
        self.game.start_request();
        // Counted in u128: `A + 1` and the product overflow u64 at the largest sizes, and a
        // wrapped count once let an endless grid through.
        let cells = (u128::from(rows) + 1) * (u128::from(cols) + 1);
        if cells >= self.max_positions as u128 {
            let allowed = self.max_positions as u64;
            return Err(Error::over_budget(
                Budget::Positions,
                u64::try_from(cells).unwrap_or(u64::MAX),
                allowed,
                format!("a grid of {cells} cells needs more than the {allowed} positions allowed"),
            )
            .with_remedy(Remedy::MorePositions));
        }
        let mut grid = Vec::with_capacity(rows as usize + 1);
        let mut p_positions = Vec::new();
        if let Some(values) = self.game.fast_grid(rows, cols, self.max_positions) {
            for (a, row) in values.chunks(cols as usize + 1).enumerate() {
                for (b, &v) in row.iter().enumerate() {
                    if v == 0 {
                        p_positions.push([a as u64, b as u64]);
                    }
                }
                grid.push(row.to_vec());
            }
        }
        let mut wins_at_once = Vec::new();
        for a in (grid.len() as u64)..=rows {
            let mut row = Vec::with_capacity(cols as usize + 1);
            for b in 0..=cols {
                let position = self.parse(&format!("[{a}, {b}]"))?;
                if self.winning_part(&position)?.is_some() {
                    wins_at_once.push([a, b]);
                    row.push(0);
                    continue;
                }
                let v = self.grundy_value(&position)?;
                if v == 0 {
                    p_positions.push([a, b]);
                }
                row.push(v);
            }
            grid.push(row);
        }
        // Cells that win at once have no value: what holds of the others is not looked for.
        let (patterns, formulas) = if wins_at_once.is_empty() {
            (grid_patterns(&grid), grid_formulas(&grid))
        } else {
            (
                vec![format!(
                    "cells with a move that wins at once (null in the grid, no nim-value): {}; \
                     patterns and formulas are not looked for in a grid with them",
                    wins_at_once.len()
                )],
                Vec::new(),
            )
        };
        Ok(GridReport {
            family: family.to_owned(),
            grid,
            p_positions,
            patterns,
            formulas,
            wins_at_once,
        })
    }
}

/// A script's table report: its period is only observed.
fn table_report(family: &str, values: Vec<u64>) -> TableReport {
    let period = observed_period(&values);
    TableReport::new(
        family.to_owned(),
        values,
        period.map(Into::into),
        Some(
            "a script's period is observed over the computed range (two whole periods at its end), not proved"
                .to_owned(),
        ),
    )
}

/// A script's table report where the positions `wins_at_once` (sorted, not empty) have a move that
/// wins at once and no value: the period is looked for past the last of them, no formula at all.
fn table_report_with_wins(family: &str, values: Vec<u64>, wins_at_once: Vec<u64>) -> TableReport {
    let last = *wins_at_once.last().expect("not empty") as usize;
    let period = observed_period(&values[last + 1..]).map(|mut p| {
        p.preperiod += last as u64 + 1;
        p
    });
    let note = format!(
        "positions with a move that wins at once (null in the values, no nim-value): {}, the last \
         at n = {last}; a period is looked for after it, observed over the computed range, not \
         proved; no formula is looked for",
        wins_at_once.len()
    );
    // Not `TableReport::new`: its formula search would run over the placeholders.
    TableReport {
        family: family.to_owned(),
        upto: values.len() as u64 - 1,
        values: Some(values),
        period: period.map(Into::into),
        note: Some(note),
        formulas: Vec::new(),
        wins_at_once,
    }
}

/// The budget a script's error passed: its time (a call's, a request's, its operations) or its
/// memory.
fn script_budget(err: &sprague_script::ScriptError) -> Budget {
    match err.budget() {
        Some(sprague_script::Spent::Memory) => Budget::Memory,
        _ => Budget::Time,
    }
}

/// The API error of a script's error: past a budget, or the script's own fault.
fn script_error(err: &sprague_script::ScriptError) -> Error {
    if err.is_budget() {
        Error::too_large(script_budget(err), err.to_string())
    } else {
        Error::bad_input(err.to_string())
    }
}

/// Heaps `0..=512` (or up to `--upto`, if smaller) show a script's take-and-break code; a code
/// whose moves remove more than half as many tokens as the heaps seen is looked for on twice as
/// many heaps, up to this many.
const RECOGNISE_UPTO: u64 = 4096;

/// Options a check of the script against its rule may list in all (about a second of script).
const CHECK_WORK: u128 = 20_000_000;

impl ScriptSession<'_> {
    /// The heaps each move of heap `n` leaves (sorted, heaps of 0 left out), when the script's
    /// moves of `n` are sums of non-negative integers: the form of a take-and-break move.
    fn heap_options(
        &mut self,
        n: u64,
    ) -> Result<Result<std::collections::BTreeSet<Vec<u64>>, String>, Error> {
        let atom = sprague_script::Atom::Int(i64::try_from(n).map_err(|_| {
            Error::too_large(
                crate::request::error::Budget::Size,
                format!("heap {n} is past the integers a script handles"),
            )
        })?);
        let moves = match self.game.component_moves(&atom) {
            Ok(moves) => moves,
            // A script whose positions are not integers (Wythoff's pairs) fails on a heap: said
            // as the reason there is no heap rule, with the script's own words.
            Err(e) if !e.is_budget() => {
                return Ok(Err(format!(
                    "the script fails on heap {n}, so its positions are not heaps ({e})"
                )))
            }
            Err(e) => return Err(script_error(&e)),
        };
        let mut seen = std::collections::BTreeSet::new();
        for option in moves {
            let mut heaps = Vec::with_capacity(option.atoms().len());
            for part in option.atoms() {
                match part {
                    sprague_script::Atom::Int(h) if *h >= 0 => {
                        if *h > 0 {
                            heaps.push(*h as u64);
                        }
                    }
                    other => return Ok(Err(format!("heap {n} has a move to {other}, not a heap"))),
                }
            }
            heaps.sort_unstable();
            seen.insert(heaps);
        }
        Ok(Ok(seen))
    }

    /// The heap rule of the engine (a take-and-break code, or Grundy's game) whose moves the
    /// script's are on every heap `0..=upto`, or why there is none (the first heap that shows it).
    ///
    /// # Errors
    ///
    /// A script error.
    pub fn heap_rule(&mut self, upto: u64) -> Result<Result<HeapRule, String>, Error> {
        use sprague::games::octal::OctalCode;
        let mut digits: Vec<u8> = Vec::new();
        let mut seen = Vec::new();
        for n in 0..=upto {
            let options = match self.heap_options(n)? {
                Ok(options) => options,
                Err(why) => return Ok(Err(why)),
            };
            for heaps in &options {
                let left: u64 = heaps.iter().sum();
                let Some(k) = n.checked_sub(left).filter(|_| heaps.len() <= 3) else {
                    return Ok(Err(format!(
                        "heap {n} has a move to {heaps:?}, which no take-and-break move makes"
                    )));
                };
                let k = k as usize;
                if k >= digits.len() {
                    digits.resize(k + 1, 0);
                }
                digits[k] |= 1 << heaps.len();
            }
            seen.push(options);
        }
        let mut candidates = vec![HeapRule::Grundy];
        if let Ok(code) = OctalCode::new(digits) {
            candidates.insert(0, HeapRule::Octal(code));
        }
        let mut first_difference = String::from("no move at all");
        for rule in candidates {
            let differs = seen.iter().enumerate().find(|&(n, options)| {
                let mut expected = std::collections::BTreeSet::new();
                rule.for_each_heap_option(n as u64, |left| {
                    expected.insert(left.to_vec());
                });
                expected != *options
            });
            match differs {
                None => return Ok(Ok(rule)),
                Some((n, _)) if first_difference == "no move at all" => {
                    first_difference =
                        format!("heap {n}'s moves are not those of {}", rule_name(&rule));
                }
                Some(_) => {}
            }
        }
        Ok(Err(first_difference))
    }

    /// `table script FILE --until-proved`: when the script's moves are those of a take-and-break
    /// code (or Grundy's game) on every heap checked, the table of that rule, computed until the
    /// periodicity theorem proves its period (or to `upto`). The report says which rule, and on
    /// which heaps the script was checked to play it: the proof is the rule's, and the script is
    /// taken to follow the rule beyond them.
    ///
    /// # Errors
    ///
    /// A script whose moves are not such a rule's (bad input, naming the first heap that shows
    /// it), a script error, or a table past `limits`.
    pub fn table_until_proved(
        &mut self,
        family: &str,
        upto: u64,
        limits: &Limits,
    ) -> Result<TableReport, Error> {
        self.game.start_request();
        let not_a_rule = |why: String| {
            Error::bad_input(
                crate::request::error::Message::param("until_proved")
                    .then(format!(
                        ": the periodicity theorem applies to take-and-break games (octal and \
                         hexadecimal codes) and Grundy's game, and {why}; `"
                    ))
                    .then_param("upto")
                    .then(" N` gives the table with the period seen"),
            )
        };
        if self.game.uses_win() {
            return Err(not_a_rule(
                "this script has moves that win at once (win()), which no such game has".to_owned(),
            ));
        }
        // A code shows itself on heaps up to about twice the most tokens a move removes: one
        // that seems to remove more than half the largest heap seen (Lasker's Nim removes any
        // number) is looked for further, and refused if it keeps growing.
        let most = upto.min(RECOGNISE_UPTO);
        let mut seen_upto = upto.min(512);
        let rule = loop {
            let rule = self.heap_rule(seen_upto)?.map_err(not_a_rule)?;
            let removes = rule.max_removed() as u64;
            if removes.saturating_mul(2) <= seen_upto + 1 {
                break rule;
            }
            if seen_upto == most {
                return Err(not_a_rule(format!(
                    "its moves remove up to {removes} tokens on heaps 0..={seen_upto}: no code of \
                     fixed length shows itself"
                )));
            }
            seen_upto = seen_upto.saturating_mul(2).min(most);
        };
        let mut report = crate::tables::heap::table(family, &rule, upto, true, limits)?;
        // The script is checked against the rule on every heap the table holds, as far as a
        // second or so of script allows, and its own table compared value for value there.
        let mut checked = seen_upto;
        while checked < report.upto && rule.table_work(checked.saturating_mul(2) + 1) <= CHECK_WORK
        {
            checked = (checked * 2).min(report.upto);
        }
        if let Err(why) = self.heap_rule(checked)? {
            return Err(Error::bad_input(
                crate::request::error::Message::param("until_proved").then(format!(
                    ": the script's moves match {} on heaps 0..={seen_upto}, but {why}",
                    rule_name(&rule)
                )),
            ));
        }
        let own = self.table(family, checked.min(report.upto))?;
        let values = report.values.as_deref().unwrap_or_default();
        let own_values = own.values.as_deref().unwrap_or_default();
        if let Some(n) = (0..own_values.len()).find(|&n| values.get(n) != own_values.get(n)) {
            return Err(Error::bad_input(
                crate::request::error::Message::param("until_proved").then(format!(
                    ": the script's G({n}) differs from {}'s: the script's moves are not that \
                     rule's",
                    rule_name(&rule)
                )),
            ));
        }
        let compared = checked.min(report.upto);
        let name = rule_name(&rule);
        let mut note = format!(
            "the script's moves are those of {name} on every heap 0..={checked} (checked; its own \
             values equal the rule's on 0..={compared})"
        );
        if report.period.as_ref().is_some_and(|p| p.proved) {
            note.push_str(&format!(
                "; the period is proved for {name}, and is the script's if it follows that rule \
                 on every heap"
            ));
        }
        if let Some(more) = report.note.take() {
            note = format!("{note}; {more}");
        }
        report.note = Some(note);
        Ok(report)
    }
}

/// The rule as a reader knows it: `octal 0.137` or `Grundy's game`.
fn rule_name(rule: &HeapRule) -> String {
    match rule {
        HeapRule::Octal(code) => format!("octal {code}"),
        HeapRule::Grundy => "Grundy's game".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUBTRACTION: &str =
        "fn moves(p) { let m = []; for k in [1, 3, 4] { if k <= p { m.push(p - k); } } m }";

    fn until_proved(source: &str, upto: u64) -> Result<TableReport, Error> {
        let game = compile(source, ScriptLimits::default()).unwrap();
        let mut session = ScriptSession::new(&game, 1 << 24);
        session.table_until_proved("script", upto, &Limits::default())
    }

    /// The theorem's table for a script whose moves are a take-and-break code's: the rule is
    /// found from the moves, its period proved, and the script checked against it.
    #[test]
    fn until_proved_finds_the_scripts_code_and_proves_its_period() {
        let report = until_proved(SUBTRACTION, 10_000).unwrap();
        let period = report.period.as_ref().expect("a period");
        assert!(period.proved);
        assert_eq!((period.preperiod, period.period), (0, 7));
        assert_eq!(report.values.as_ref().unwrap()[..7], [0, 1, 0, 1, 2, 3, 2]);
        let note = report.note.as_deref().unwrap();
        assert!(
            note.contains("octal 0.3033 on every heap 0..=512"),
            "{note}"
        );
        // Kayles written by hand: remove one or two adjacent pins, which may split the row.
        let kayles = "fn moves(n) { let r = []; for k in 1..3 { if k <= n { \
                      for a in 0..(n - k + 1) { r.push(split([a, n - k - a])); } } } r }";
        let report = until_proved(kayles, 10_000).unwrap();
        let period = report.period.as_ref().expect("a period");
        assert!(period.proved);
        assert_eq!((period.preperiod, period.period), (71, 12));
        assert!(report.note.as_deref().unwrap().contains("octal 0.77 "));
    }

    /// Rules no code of fixed length plays, and scripts that leave their code, are refused with
    /// the heap that shows it.
    #[test]
    fn until_proved_refuses_what_no_code_plays() {
        // Take any number: the code would grow with the heaps.
        let any = "fn moves(n) { let r = []; for k in 1..(n + 1) { r.push(n - k); } r }";
        let err = until_proved(any, 10_000).unwrap_err();
        assert!(err.message().contains("no code of fixed length"), "{err}");
        // Subtraction {1, 2} that also takes 5 from heap 300 on.
        let late = "fn moves(n) { let r = []; for k in [1, 2] { if k <= n { r.push(n - k); } } \
                    if n >= 300 { r.push(n - 5); } r }";
        // Its moves show a code that also takes 5 (digit 2: leave one heap), which heap 6 of
        // the script does not play.
        let err = until_proved(late, 10_000).unwrap_err();
        assert!(
            err.message()
                .contains("heap 6's moves are not those of octal 0.33002"),
            "{err}"
        );
        // A move to something other than heaps.
        let pairs = "fn moves(n) { if n > 0 { [[n - 1, 1]] } else { [] } }";
        let err = until_proved(pairs, 100).unwrap_err();
        assert!(
            err.message().contains("heap 1 has a move to [0, 1]"),
            "{err}"
        );
        // A move that adds tokens.
        let grows = "fn moves(n) { if n > 0 && n < 50 { [n + 1, n - 1] } else { [] } }";
        let err = until_proved(grows, 100).unwrap_err();
        assert!(err.message().contains("heap 1 has a move to [2]"), "{err}");
    }

    /// A refusal past the positions budget carries its figures and its remedy as data, and its
    /// message names no command-line flag but the request's own `--upto`.
    #[test]
    fn a_table_past_the_positions_allowed_names_its_remedy_not_a_flag() {
        let game = compile(SUBTRACTION, ScriptLimits::default()).unwrap();
        let mut session = ScriptSession::new(&game, 50);
        let err = session.table("script", 100).unwrap_err();
        assert_eq!(err.remedy(), Some(Remedy::MorePositions));
        let over = err.over().expect("figures");
        assert_eq!(
            (over.budget, over.needed, over.allowed),
            (Budget::Positions, 101, 50)
        );
        assert!(!err.message().contains("max-positions"), "{err}");
        let err = session.grid("script", 9, 9).unwrap_err();
        assert_eq!(err.remedy(), Some(Remedy::MorePositions));
        assert_eq!(err.over().map(|o| o.needed), Some(100));
        // A search that keeps too many positions says the same.
        let mut session = ScriptSession::new(&game, 10);
        let err = session
            .analyse("100", &AnalysisOptions::default())
            .unwrap_err();
        assert_eq!(err.remedy(), Some(Remedy::MorePositions), "{err}");
        assert!(!err.message().contains("max-positions"), "{err}");
        // Within the budget, no remedy is needed.
        assert!(ScriptSession::new(&game, 1000).table("script", 100).is_ok());
    }
}
