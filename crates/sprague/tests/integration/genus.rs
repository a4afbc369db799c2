//! Misère genera against published values (Winning Ways, CGSuite) and against a plain misère
//! search of every small sum.

use sprague::games::octal::{HeapGame, HeapRule};
use sprague::solve::genus::{genus, genus_with, GenusMemo};
use sprague::solve::misere;
use sprague::value::{Genus, Outcome};

fn kayles() -> HeapGame {
    HeapGame {
        rule: HeapRule::Octal("0.77".parse().unwrap()),
    }
}

#[test]
fn kayles_and_grundys_game_have_the_published_genera() {
    let game = kayles();
    let mut memo = GenusMemo::new();
    let written: Vec<String> = (1..=12)
        .map(|n| {
            genus_with(&game, &vec![n], &mut memo, 1 << 20)
                .unwrap()
                .to_string()
        })
        .collect();
    // Winning Ways, ch. 13 (Kayles' misère genera); CGSuite writes them the same way.
    assert_eq!(
        written,
        ["1", "2", "3", "1", "4^146", "3", "2", "1^13", "4^046", "2", "6^46", "4^046"]
    );
    let grundy = HeapGame {
        rule: HeapRule::Grundy,
    };
    assert_eq!(
        genus(&grundy, &vec![13], 1 << 20).unwrap().to_string(),
        "3^1431"
    );
}

#[test]
fn the_genus_decides_the_misere_outcome_of_every_small_kayles_sum() {
    let game = kayles();
    let mut memo = GenusMemo::new();
    for a in 0..9u64 {
        for b in a..9 {
            for c in b..7 {
                let position = HeapGame::position(&[a, b, c]);
                let g = genus_with(&game, &position, &mut memo, 1 << 22).unwrap();
                let searched = misere::outcome(&game, &position, 1 << 22).unwrap();
                assert_eq!(g.misere() == 0, searched == Outcome::P, "{position:?}");
            }
        }
    }
}

/// Tokens on a random DAG: a position is a sorted list of tokens; a move replaces one token by
/// zero, one or two tokens on higher vertices (so sums arise inside a game, as in octal games).
struct Tokens {
    moves: Vec<Vec<Vec<u32>>>,
}

impl sprague::Impartial for Tokens {
    type Position = Vec<u32>;
    fn options(&self, position: &Vec<u32>, options: &mut Vec<Vec<u32>>) {
        for (idx, &v) in position.iter().enumerate() {
            for becomes in &self.moves[v as usize] {
                let mut next = position.clone();
                next.remove(idx);
                next.extend_from_slice(becomes);
                next.sort_unstable();
                options.push(next);
            }
        }
    }
}

/// A small deterministic generator (the test is the same on every run).
fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

fn random_tokens(seed: u64, n: usize, splits: bool) -> Tokens {
    let mut state = seed;
    let mut moves = vec![Vec::new(); n];
    for (v, list) in moves.iter_mut().enumerate() {
        let above = (n - v - 1) as u64;
        if above == 0 {
            continue;
        }
        let count = lcg(&mut state) % 4;
        for _ in 0..count {
            let parts = if splits { lcg(&mut state) % 3 } else { 1 };
            let becomes: Vec<u32> = (0..parts)
                .map(|_| (v as u64 + 1 + lcg(&mut state) % above) as u32)
                .collect();
            list.push(becomes);
        }
    }
    Tokens { moves }
}

#[test]
fn conways_tame_rule_agrees_with_search_on_sums_of_hereditarily_tame_games() {
    let (mut checked, mut wild, mut firm_small) = (0, 0, 0);
    for seed in 0..300u64 {
        let game = random_tokens(seed, 9, seed % 2 == 1);
        let mut memo = GenusMemo::new();
        let n = game.moves.len() as u32;
        let genera: Vec<_> = (0..n)
            .map(|v| genus_with(&game, &vec![v], &mut memo, 1 << 20).unwrap())
            .collect();
        let tame: Vec<bool> = (0..n)
            .map(|v| memo.hereditarily_tame(&vec![v]).unwrap())
            .collect();
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    let sum = vec![a, b, c];
                    let searched = misere::outcome(&game, &sum, 1 << 20).unwrap();
                    // The genus of the whole sum is the ground truth too.
                    let whole = genus_with(&game, &sum, &mut memo, 1 << 20).unwrap();
                    assert_eq!(whole.misere() == 0, searched == Outcome::P);
                    if !(tame[a as usize] && tame[b as usize] && tame[c as usize]) {
                        wild += 1;
                        continue;
                    }
                    let parts = [
                        &genera[a as usize],
                        &genera[b as usize],
                        &genera[c as usize],
                    ];
                    let rule = Genus::tame_sum_outcome(parts).expect("tame genera");
                    assert_eq!(rule, searched, "seed {seed}: {sum:?} of genera {parts:?}");
                    checked += 1;
                    if parts.iter().any(|g| g.is_firm() && g.normal() < 2) {
                        firm_small += 1;
                    }
                }
            }
        }
    }
    // Every kind must occur, or the test proves nothing: tame sums, sums with a firm 0 or 1 (the
    // genera 0^02 and 1^13, which nim heaps never have), and sums that are not tame.
    println!("{checked} tame sums ({firm_small} with a firm 0 or 1), {wild} others");
    assert!(checked > 10_000 && firm_small > 1_000 && wild > 1_000);
}
