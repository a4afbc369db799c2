//! Misère genera against published values (Winning Ways, CGSuite) and against a plain misère
//! search of every small sum; Every-SG steps against published sequences.

use sprague::games::octal::{HeapGame, HeapRule};
use sprague::solve::genus::{genus, genus_with, GenusMemo};
use sprague::solve::misere;
use sprague::value::Outcome;

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
        .map(|n| genus_with(&game, &vec![n], &mut memo, 1 << 20).unwrap().to_string())
        .collect();
    // Winning Ways, ch. 13 (Kayles' misère genera); CGSuite writes them the same way.
    assert_eq!(
        written,
        ["1", "2", "3", "1", "4^146", "3", "2", "1^13", "4^046", "2", "6^46", "4^046"]
    );
    let grundy = HeapGame {
        rule: HeapRule::Grundy,
    };
    assert_eq!(genus(&grundy, &vec![13], 1 << 20).unwrap().to_string(), "3^1431");
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
