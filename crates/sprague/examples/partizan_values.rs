//! Values of empty Domineering rectangles (and a few other partizan positions) in CGSuite
//! notation, with their temperatures and the time each took.
//!
//! `cargo run --release -p sprague --example partizan_values [MAX_CELLS] [POSITION...]`: the
//! rectangles up to 4×5 then those with at most `MAX_CELLS` cells (default 25, the 5×5), each
//! valued by a fresh solver; then each extra `POSITION`, read as Domineering (`.`/`#`), Clobber
//! (`x`/`o`), Toads and Frogs (`t`/`f`) or Cutcake (`HxW`).

use std::time::Instant;

use sprague::partizan::rulesets::{
    CanonicalSolver, Clobber, Cutcake, Domineering, DomineeringBoard, Partizan, ToadsAndFrogs,
};

fn report<G: Partizan>(game: &G, label: &str, p: &G::Position) {
    let start = Instant::now();
    let mut solver = CanonicalSolver::new(game);
    match solver.value(p) {
        Ok(g) => {
            let elapsed = start.elapsed();
            let valued = solver.positions_valued();
            let store = solver.store_mut();
            let temperature = store.temperature(g);
            let mean = store.mean(g);
            let mut shown = store.display(g);
            if shown.chars().count() > 160 {
                let n = shown.chars().count();
                shown = format!(
                    "{}… ({n} characters)",
                    shown.chars().take(120).collect::<String>()
                );
            }
            println!(
                "{label}: {shown}  (mean {mean}, temperature {temperature}; {valued} components, \
                 {:.3} s)",
                elapsed.as_secs_f64()
            );
        }
        Err(e) => println!("{label}: {e}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let max_cells: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(25);
    let extra = if args.first().is_some_and(|a| a.parse::<usize>().is_ok()) {
        &args[1..]
    } else {
        &args[..]
    };
    if extra.is_empty() {
        for rows in 1..=8u8 {
            for cols in rows..=8u8 {
                let cells = rows as usize * cols as usize;
                if cells > max_cells && !(rows <= 4 && cols <= 5) {
                    continue;
                }
                let board = DomineeringBoard::empty(rows, cols).expect("at most 64 cells");
                report(&Domineering, &format!("Domineering {rows}x{cols}"), &board);
            }
        }
    }
    for text in extra {
        if text.contains('x') && text.chars().any(|c| c.is_ascii_digit()) {
            match Cutcake::parse(text) {
                Ok(p) => report(&Cutcake, &format!("Cutcake {text}"), &p),
                Err(e) => println!("{text}: {e}"),
            }
        } else if text.contains(['x', 'o']) {
            match Clobber::parse(text) {
                Ok(p) => report(&Clobber, &format!("Clobber {text}"), &p),
                Err(e) => println!("{text}: {e}"),
            }
        } else if text.contains(['t', 'f']) {
            match ToadsAndFrogs::parse(text) {
                Ok(p) => report(&ToadsAndFrogs, &format!("Toads and Frogs {text}"), &p),
                Err(e) => println!("{text}: {e}"),
            }
        } else {
            match Domineering::parse(text) {
                Ok(p) => report(&Domineering, &format!("Domineering {text}"), &p),
                Err(e) => println!("{text}: {e}"),
            }
        }
    }
}
