//! The algebra checked against the definitions, on every game born by day 2 and 3.
//!
//! [`Raw`] is the reference: explicit game trees (shared as a DAG), never simplified, with `≤`,
//! sums, negatives and outcomes written exactly as the definitions read. Everything the store
//! computes by its shortcuts (canonical forms, number-up-star arithmetic, number avoidance,
//! memo tables) is compared with it.

use std::time::Instant;

use num_bigint::BigInt;
use proptest::prelude::*;
use rustc_hash::FxHashMap;

use super::*;

/// Explicit game graphs, unsimplified: node `i` has options `left[i]`, `right[i]`.
#[derive(Default)]
pub(crate) struct Raw {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    le_memo: FxHashMap<(usize, usize), bool>,
    sum_memo: FxHashMap<(usize, usize), usize>,
    outcome_memo: FxHashMap<usize, (bool, bool)>,
    build_in_memo: FxHashMap<usize, GameId>,
    expand_memo: FxHashMap<GameId, usize>,
}

impl Raw {
    pub(crate) fn node(&mut self, l: Vec<usize>, r: Vec<usize>) -> usize {
        self.nodes.push((l, r));
        self.nodes.len() - 1
    }

    /// G ≤ H iff there is no G^L with H ≤ G^L and no H^R with H^R ≤ G.
    pub(crate) fn le(&mut self, g: usize, h: usize) -> bool {
        if let Some(&v) = self.le_memo.get(&(g, h)) {
            return v;
        }
        let (gl, _) = self.nodes[g].clone();
        let (_, hr) = self.nodes[h].clone();
        let v = !gl.iter().any(|&x| self.le(h, x)) && !hr.iter().any(|&y| self.le(y, g));
        self.le_memo.insert((g, h), v);
        v
    }

    /// G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.
    pub(crate) fn sum(&mut self, g: usize, h: usize) -> usize {
        if let Some(&s) = self.sum_memo.get(&(g, h)) {
            return s;
        }
        let (gl, gr) = self.nodes[g].clone();
        let (hl, hr) = self.nodes[h].clone();
        let mut l: Vec<usize> = gl.iter().map(|&x| self.sum(x, h)).collect();
        l.extend(hl.iter().map(|&x| self.sum(g, x)));
        let mut r: Vec<usize> = gr.iter().map(|&x| self.sum(x, h)).collect();
        r.extend(hr.iter().map(|&x| self.sum(g, x)));
        let s = self.node(l, r);
        self.sum_memo.insert((g, h), s);
        s
    }

    /// (Left wins moving first, Right wins moving first), by the definition.
    pub(crate) fn wins(&mut self, g: usize) -> (bool, bool) {
        if let Some(&w) = self.outcome_memo.get(&g) {
            return w;
        }
        let (gl, gr) = self.nodes[g].clone();
        let left = gl.iter().any(|&x| !self.wins(x).1);
        let right = gr.iter().any(|&x| !self.wins(x).0);
        self.outcome_memo.insert(g, (left, right));
        (left, right)
    }

    /// The height of the tree: its birthday when the tree is a canonical form.
    pub(crate) fn height(&self, g: usize) -> usize {
        let (l, r) = &self.nodes[g];
        l.iter()
            .chain(r)
            .map(|&x| self.height(x) + 1)
            .max()
            .unwrap_or(0)
    }

    /// The value in the store, built bottom-up through `from_options`.
    pub(crate) fn build_in(&mut self, g: usize, store: &mut GameStore) -> GameId {
        if let Some(&id) = self.build_in_memo.get(&g) {
            return id;
        }
        let (gl, gr) = self.nodes[g].clone();
        let l: Vec<GameId> = gl.iter().map(|&x| self.build_in(x, store)).collect();
        let r: Vec<GameId> = gr.iter().map(|&x| self.build_in(x, store)).collect();
        let id = store.from_options(&l, &r);
        self.build_in_memo.insert(g, id);
        id
    }

    /// The canonical form of a stored game as an explicit tree.
    pub(crate) fn expand(&mut self, g: GameId, store: &mut GameStore) -> usize {
        if let Some(&n) = self.expand_memo.get(&g) {
            return n;
        }
        let l: Vec<usize> = store
            .left_options(g)
            .into_iter()
            .map(|x| self.expand(x, store))
            .collect();
        let r: Vec<usize> = store
            .right_options(g)
            .into_iter()
            .map(|x| self.expand(x, store))
            .collect();
        let n = self.node(l, r);
        self.expand_memo.insert(g, n);
        n
    }
}

/// The antichains of `items` under `le` (every set of options reduces to one: its maximal
/// elements for Left, minimal for Right, so these are all the option sets that matter).
fn antichains(store: &mut GameStore, items: &[GameId]) -> Vec<Vec<GameId>> {
    let n = items.len();
    let mut comparable = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            comparable[i][j] =
                i != j && (store.le(items[i], items[j]) || store.le(items[j], items[i]));
        }
    }
    let mut out = Vec::new();
    let mut current = Vec::new();
    fn go(
        i: usize,
        items: &[GameId],
        comparable: &[Vec<bool>],
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<GameId>>,
    ) {
        if i == items.len() {
            out.push(current.iter().map(|&k| items[k]).collect());
            return;
        }
        go(i + 1, items, comparable, current, out);
        if current.iter().all(|&k| !comparable[k][i]) {
            current.push(i);
            go(i + 1, items, comparable, current, out);
            current.pop();
        }
    }
    go(0, items, &comparable, &mut current, &mut out);
    out
}

/// The games born by day `n`, for n = 0, 1, …, `days`: each day `{A | B}` over all antichains
/// `A`, `B` of the previous day's games.
pub(crate) fn born_by(store: &mut GameStore, days: usize) -> Vec<Vec<GameId>> {
    let zero = store.zero();
    let mut all = vec![vec![zero]];
    for _ in 0..days {
        let prev = all.last().unwrap().clone();
        let chains = antichains(store, &prev);
        let mut next: Vec<GameId> = Vec::new();
        for a in &chains {
            for b in &chains {
                next.push(store.from_options(a, b));
            }
        }
        next.sort_unstable();
        next.dedup();
        all.push(next);
    }
    all
}

#[test]
fn partizan_games_born_by_day_3_number_1_4_22_1474_and_are_pairwise_distinct() {
    let mut store = GameStore::new();
    let start = Instant::now();
    let days = born_by(&mut store, 3);
    let elapsed = start.elapsed();
    let counts: Vec<usize> = days.iter().map(Vec::len).collect();
    assert_eq!(counts, vec![1, 4, 22, 1474]);
    eprintln!("games born by day 3: {} in {elapsed:?}", counts[3]);
    // Distinct ids are distinct values: no two are equal by the order.
    let day3 = &days[3];
    let start = Instant::now();
    for (i, &g) in day3.iter().enumerate() {
        for &h in &day3[..i] {
            assert_ne!(store.compare(g, h), GameOrdering::Equal);
        }
    }
    eprintln!("1474² comparisons in {:?}", start.elapsed());
    // Each day contains the previous, and birthdays are at most the day.
    for n in 1..4 {
        for g in &days[n - 1] {
            assert!(days[n].contains(g));
        }
        for &g in &days[n] {
            assert!(store.birthday(g) <= BigInt::from(n));
        }
    }
    // On every one of them: -(-G) = G, G - G = 0, and the outcome (computed by who wins moving
    // first) agrees with the comparison with 0.
    let zero = store.zero();
    for &g in day3 {
        let n = store.neg(g);
        assert_eq!(store.neg(n), g);
        assert_eq!(store.sum(g, n), zero);
        let by_order = match store.compare(g, zero) {
            GameOrdering::Greater => PartizanOutcome::L,
            GameOrdering::Less => PartizanOutcome::R,
            GameOrdering::Equal => PartizanOutcome::P,
            GameOrdering::Confused => PartizanOutcome::N,
        };
        assert_eq!(store.outcome(g), by_order);
    }
    let exactly_3 = day3
        .iter()
        .filter(|&&g| store.birthday(g) == BigInt::from(3))
        .count();
    assert_eq!(exactly_3, 1474 - 22);
}

/// The raw day-2 trees: `{A | B}` over all subsets of the four day-1 trees (themselves all
/// subsets of `{0}`), 256 unsimplified trees.
fn raw_day2(raw: &mut Raw) -> Vec<usize> {
    let zero = raw.node(vec![], vec![]);
    let subsets0 = [vec![], vec![zero]];
    let mut day1 = Vec::new();
    for a in &subsets0 {
        for b in &subsets0 {
            day1.push(raw.node(a.clone(), b.clone()));
        }
    }
    let subsets1: Vec<Vec<usize>> = (0..16u32)
        .map(|m| {
            (0..4)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| day1[i])
                .collect()
        })
        .collect();
    let mut day2 = Vec::new();
    for a in &subsets1 {
        for b in &subsets1 {
            day2.push(raw.node(a.clone(), b.clone()));
        }
    }
    day2
}

#[test]
fn partizan_order_sums_and_outcomes_match_the_definitions_on_all_raw_day_2_trees() {
    let mut store = GameStore::new();
    let mut raw = Raw::default();
    let trees = raw_day2(&mut raw);
    let ids: Vec<GameId> = trees.iter().map(|&t| raw.build_in(t, &mut store)).collect();
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 22);
    let zero = store.zero();
    for (i, &t) in trees.iter().enumerate() {
        let g = ids[i];
        let (lw, rw) = raw.wins(t);
        let expected = match (lw, rw) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        };
        assert_eq!(store.outcome(g), expected);
        let by_order = match store.compare(g, zero) {
            GameOrdering::Greater => PartizanOutcome::L,
            GameOrdering::Less => PartizanOutcome::R,
            GameOrdering::Equal => PartizanOutcome::P,
            GameOrdering::Confused => PartizanOutcome::N,
        };
        assert_eq!(by_order, expected);
        // The canonical form is equal to the tree it came from.
        let c = raw.expand(g, &mut store);
        assert!(raw.le(c, t) && raw.le(t, c));
        for (j, &u) in trees.iter().enumerate() {
            let h = ids[j];
            assert_eq!(store.le(g, h), raw.le(t, u), "{i} <= {j}");
            if j % 7 == i % 7 {
                let s = raw.sum(t, u);
                let expected = raw.build_in(s, &mut store);
                assert_eq!(store.sum(g, h), expected);
            }
        }
    }
}

#[test]
fn partizan_sum_laws_on_all_day_2_games() {
    let mut store = GameStore::new();
    let days = born_by(&mut store, 2);
    let day2 = days[2].clone();
    let zero = store.zero();
    for &a in &day2 {
        let na = store.neg(a);
        assert_eq!(store.neg(na), a);
        assert_eq!(store.sum(a, na), zero);
        assert_eq!(store.sub(a, a), zero);
        assert_eq!(store.sum(a, zero), a);
        for &b in &day2 {
            let ab = store.sum(a, b);
            let ba = store.sum(b, a);
            assert_eq!(ab, ba);
            // g ≤ h iff h - g ≥ 0.
            let d = store.sub(b, a);
            assert_eq!(store.le(a, b), store.le(zero, d));
            for &c in &day2 {
                let ab_c = store.sum(ab, c);
                let bc = store.sum(b, c);
                let a_bc = store.sum(a, bc);
                assert_eq!(ab_c, a_bc);
            }
        }
    }
}

/// Random unsimplified day-3 trees: `{A | B}` with A and B up to 4 raw day-2 trees.
fn raw_day3_choice() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (
        prop::collection::vec(0usize..256, 0..4),
        prop::collection::vec(0usize..256, 0..4),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn partizan_random_day_3_trees_agree_with_the_definitions(
        g in raw_day3_choice(), h in raw_day3_choice(), k in raw_day3_choice()
    ) {
        let mut store = GameStore::new();
        let mut raw = Raw::default();
        let trees = raw_day2(&mut raw);
        let make = |raw: &mut Raw, (l, r): &(Vec<usize>, Vec<usize>)| {
            raw.node(l.iter().map(|&i| trees[i]).collect(), r.iter().map(|&i| trees[i]).collect())
        };
        let (tg, th, tk) = (make(&mut raw, &g), make(&mut raw, &h), make(&mut raw, &k));
        let (a, b, c) = (
            raw.build_in(tg, &mut store),
            raw.build_in(th, &mut store),
            raw.build_in(tk, &mut store),
        );
        prop_assert_eq!(store.le(a, b), raw.le(tg, th));
        prop_assert_eq!(store.le(b, a), raw.le(th, tg));
        let s = raw.sum(tg, th);
        let expected = raw.build_in(s, &mut store);
        let ab = store.sum(a, b);
        prop_assert_eq!(ab, expected);
        prop_assert_eq!(store.sum(b, a), ab);
        let bc = store.sum(b, c);
        let ab_c = store.sum(ab, c);
        prop_assert_eq!(ab_c, store.sum(a, bc));
        let zero = store.zero();
        prop_assert_eq!(store.sub(a, a), zero);
        let na = store.neg(a);
        prop_assert_eq!(store.neg(na), a);
        let (lw, rw) = raw.wins(tg);
        let expected = match (lw, rw) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        };
        prop_assert_eq!(store.outcome(a), expected);
        let by_order = match store.compare(a, zero) {
            GameOrdering::Greater => PartizanOutcome::L,
            GameOrdering::Less => PartizanOutcome::R,
            GameOrdering::Equal => PartizanOutcome::P,
            GameOrdering::Confused => PartizanOutcome::N,
        };
        prop_assert_eq!(by_order, expected);
        // The canonical form equals the tree, and is no bigger than it.
        let cf = raw.expand(a, &mut store);
        prop_assert!(raw.le(cf, tg) && raw.le(tg, cf));
        prop_assert!(store.birthday(a) <= BigInt::from(3));
    }
}

fn nus(x: i64, den_exp: u32, ups: i64, nimber: u64) -> Nus {
    Nus {
        number: Dyadic::new(BigInt::from(x), den_exp),
        ups: BigInt::from(ups),
        nimber,
    }
}

/// Number-up-star arithmetic and comparison (the fast paths) against sums and `≤` of their
/// canonical forms as explicit trees.
#[test]
fn partizan_number_up_star_fast_paths_match_the_definitions() {
    let mut store = GameStore::new();
    let mut raw = Raw::default();
    let mut values = Vec::new();
    for (x, e) in [(0, 0), (1, 0), (-1, 1), (3, 2)] {
        for ups in -5..=5 {
            for k in 0..6 {
                values.push(nus(x, e, ups, k));
            }
        }
    }
    let ids: Vec<GameId> = values.iter().map(|v| store.nus(v.clone())).collect();
    let trees: Vec<usize> = ids.iter().map(|&g| raw.expand(g, &mut store)).collect();
    for i in 0..ids.len() {
        // The canonical options given by `nus_options` rebuild the same game through the general
        // constructor (which recognises them).
        let l = store.left_options(ids[i]);
        let r = store.right_options(ids[i]);
        assert_eq!(store.from_options(&l, &r), ids[i]);
        // The closed-form birthday is the height of the canonical tree.
        assert_eq!(
            store.birthday(ids[i]),
            BigInt::from(raw.height(trees[i])),
            "{:?}",
            values[i]
        );
        for j in 0..ids.len() {
            assert_eq!(
                store.le(ids[i], ids[j]),
                raw.le(trees[i], trees[j]),
                "{:?} <= {:?}",
                values[i],
                values[j]
            );
            if (i + j) % 5 == 0 {
                let s = raw.sum(trees[i], trees[j]);
                // Built through the general constructor from the explicit sum tree.
                let expected = raw.build_in(s, &mut store);
                assert_eq!(
                    store.sum(ids[i], ids[j]),
                    expected,
                    "{:?} + {:?}",
                    values[i],
                    values[j]
                );
            }
        }
    }
}

#[test]
fn partizan_known_values() {
    let mut s = GameStore::new();
    let zero = s.zero();
    let one = s.integer(1);
    let m1 = s.integer(-1);
    let two = s.integer(2);
    let star = s.nimber(1);
    let up = s.ups(1);
    let down = s.ups(-1);
    let half = s.number(Dyadic::new(BigInt::from(1), 1));
    assert_eq!(s.from_options(&[zero], &[]), one);
    assert_eq!(s.from_options(&[], &[zero]), m1);
    assert_eq!(s.from_options(&[zero], &[zero]), star);
    assert_eq!(s.from_options(&[zero], &[star]), up);
    assert_eq!(s.from_options(&[star], &[zero]), down);
    assert_eq!(s.from_options(&[one], &[]), two);
    assert_eq!(s.from_options(&[zero], &[one]), half);
    let upup = s.sum(up, up);
    assert_eq!(s.as_nus(upup), Some(&nus(0, 0, 2, 0)));
    let upstar = s.sum(up, star);
    assert_eq!(s.as_nus(upstar), Some(&nus(0, 0, 1, 1)));
    // ↑* = {0, * | 0}, and it is confused with 0; ↑ > 0; * ‖ 0; ↑ + ↑ + * > 0.
    assert_eq!(s.from_options(&[zero, star], &[zero]), upstar);
    assert_eq!(s.compare(upstar, zero), GameOrdering::Confused);
    assert_eq!(s.compare(up, zero), GameOrdering::Greater);
    assert_eq!(s.compare(star, zero), GameOrdering::Confused);
    let upupstar = s.sum(upup, star);
    assert_eq!(s.compare(upupstar, zero), GameOrdering::Greater);
    assert_eq!(s.outcome(upstar), PartizanOutcome::N);
    assert_eq!(s.outcome(up), PartizanOutcome::L);
    assert_eq!(s.outcome(down), PartizanOutcome::R);
    assert_eq!(s.outcome(zero), PartizanOutcome::P);
    // * + * = 0; 1/2 + 1/2 = 1.
    assert_eq!(s.sum(star, star), zero);
    assert_eq!(s.sum(half, half), one);
    // ±1 = {1 | -1}: a switch, confused with 0, stops 1 and -1; ±1 + ±1 = 0.
    let pm1 = s.from_options(&[one], &[m1]);
    assert!(!s.is_nus(pm1));
    assert_eq!(s.sum(pm1, pm1), zero);
    assert_eq!(s.outcome(pm1), PartizanOutcome::N);
    assert_eq!(s.left_stop(pm1), Dyadic::from(1));
    assert_eq!(s.right_stop(pm1), Dyadic::from(-1));
    // {3 | 1} = 2 + ±1; stops 3 and 1.
    let three = s.integer(3);
    let g31 = s.from_options(&[three], &[one]);
    assert_eq!(s.left_stop(g31), Dyadic::from(3));
    assert_eq!(s.right_stop(g31), Dyadic::from(1));
    assert_eq!(s.sum(two, pm1), g31);
    // {3 || 2 | 1}: Left moves to 3, Right to {2|1}, where Left then moves to 2: stops 3 and 2.
    let g21 = s.from_options(&[two], &[one]);
    let g = s.from_options(&[three], &[g21]);
    assert_eq!(s.left_stop(g), Dyadic::from(3));
    assert_eq!(s.right_stop(g), Dyadic::from(2));
    assert_eq!(s.outcome(g), PartizanOutcome::L);
    // Dominated and reversible options: {0, 1 | } = 2; in {*, 0 | } and {* | } Left's move to *
    // reverses through 0 (Right's answer, 0 ≤ G) to nothing: 1 and 0.
    assert_eq!(s.from_options(&[zero, one], &[]), two);
    assert_eq!(s.from_options(&[star, zero], &[]), one);
    assert_eq!(s.from_options(&[star], &[]), zero);
    // Big numbers cost one node each and add exactly.
    let big = s.number(Dyadic::integer(BigInt::from(1u8) << 200u32));
    let big_up = s.sum(big, up);
    assert_eq!(
        s.left_stop(big_up),
        Dyadic::integer(BigInt::from(1u8) << 200u32)
    );
    let bigpm = s.sum(big, pm1);
    assert_eq!(
        s.right_stop(bigpm),
        Dyadic::integer((BigInt::from(1u8) << 200u32) - 1)
    );
    assert_eq!(s.compare(bigpm, big), GameOrdering::Confused);
    assert!(s.le(pm1, big));
    // Birthdays.
    assert_eq!(s.birthday(zero), BigInt::from(0));
    assert_eq!(s.birthday(up), BigInt::from(2));
    assert_eq!(s.birthday(upup), BigInt::from(3));
    assert_eq!(s.birthday(g), BigInt::from(4));
    assert_eq!(s.birthday(pm1), BigInt::from(2));
}

/// Every game born by day 3 prints, and reads back as the same id; the text is the same in a
/// fresh store (printing does not depend on the order games were made in).
#[test]
fn partizan_every_game_born_by_day_3_prints_and_reads_back() {
    let mut store = GameStore::new();
    let days = born_by(&mut store, 3);
    let mut fresh = GameStore::new();
    let start = Instant::now();
    for &g in &days[3] {
        let text = store.display(g);
        assert_eq!(store.parse(&text), Ok(g), "{text}");
        let h = fresh.parse(&text).unwrap();
        assert_eq!(fresh.display(h), text);
    }
    eprintln!("1474 games printed and read back in {:?}", start.elapsed());
}

#[test]
fn partizan_notation_as_cgsuite_writes_it() {
    let mut s = GameStore::new();
    let mut show = |text: &str| {
        let g = s.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        s.display(g)
    };
    for (input, printed) in [
        ("{|}", "0"),
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|0}", "*"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{1|}", "2"),
        ("{0|1}", "1/2"),
        ("{1/2|1}", "3/4"),
        ("{-1|-1/2}", "-3/4"),
        ("^ + ^", "^^"),
        ("^+^+^", "^3"),
        ("v + v", "vv"),
        ("v+v+v+v", "v4"),
        ("^ + *", "^*"),
        ("{0,*|0}", "^*"),
        ("{0|^*}", "^^"),
        ("{0|^}", "^^*"),
        ("1 + *", "1*"),
        ("1 + ^ + *", "1^*"),
        ("-1/2 + v + v + v + *2", "-1/2v3*2"),
        ("-1^", "-1^"),
        ("-(1^)", "-1v"),
        ("*2 + *3", "*"),
        ("{0,*|0,*}", "*2"),
        ("*0", "0"),
        ("{1|-1}", "+-1"),
        ("±1", "+-1"),
        ("+-1", "+-1"),
        ("2 +- 1", "{3|1}"),
        ("{3|1} - 2", "+-1"),
        // ±↑ = {↑ | ↓} = *: ↑ reverses through *.
        ("+-^", "*"),
        ("{^^*|vv*}", "+-(^^*)"),
        ("+-(1*)", "+-(1*)"),
        ("{1*|-1*}", "+-(1*)"),
        ("+-{1,1*}", "+-{1,1*}"),
        ("+-{1*,1}", "+-{1,1*}"),
        ("{3||2|1}", "{3||2|1}"),
        ("{3 | {2|1}}", "{3||2|1}"),
        ("{3||2*|1*}", "{3||2*|1*}"),
        ("{{2|1}|0}", "{2|1||0}"),
        ("{2|1||0}", "{2|1||0}"),
        ("{4|||3||2|1}", "{4|||3||2|1}"),
        ("{4|||3||2|1}", "{4|||3||2|1}"),
        ("{2|1} + {2|1}", "3"),
        ("{10|{5|0},{2|1}}", "{10|{2|1},{5|0}}"),
        ("12345678901234567890123", "12345678901234567890123"),
        ("(1)", "1"),
        ("-{0|}", "-1"),
        ("--1", "1"),
    ] {
        assert_eq!(show(input), printed, "{input}");
    }
}

#[test]
fn partizan_notation_errors_are_values_with_reasons() {
    let mut s = GameStore::new();
    for bad in [
        "",
        "{",
        "}",
        "{0|",
        "{0|1",
        "{0|1}}",
        "{0}",
        "{0,}",
        "{,0|}",
        "{0|1|2}",
        "1/3",
        "1/",
        "^^^",
        "*x",
        "x",
        "{0 1|}",
        "(",
        "()",
        "(1",
        "+",
        "1+",
        "-",
        "*99999999999999999999999",
        "^100000",
        "{|}{|}",
        "1 2",
        "{a|b}",
        "+-",
        "+-{}",
        "||",
        "{0||1||2}",
    ] {
        let r = s.parse(bad);
        assert!(r.is_err(), "{bad:?} read as {:?}", r.map(|g| s.display(g)));
        let e = r.unwrap_err();
        assert!(!e.message.is_empty());
        assert!(e.position <= bad.len());
    }
    // Hostile nesting is an error, not a stack overflow.
    for bomb in [
        "{".repeat(100_000),
        "(".repeat(100_000),
        "-".repeat(100_000),
        "+-".repeat(100_000),
    ] {
        assert!(s.parse(&bomb).is_err());
    }
    let deep_ok = format!("{}0{}", "{".repeat(50), "|}".repeat(50));
    assert_eq!(
        s.parse(&deep_ok).map(|g| s.display(g)),
        Ok("50".to_string())
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Random text never panics the reader.
    #[test]
    fn partizan_parse_never_panics(text in "[{}|,+\\-^v*/0-9() ±x]{0,40}") {
        let mut s = GameStore::new();
        if let Ok(g) = s.parse(&text) {
            let printed = s.display(g);
            prop_assert_eq!(s.parse(&printed), Ok(g));
        }
    }

    #[test]
    fn partizan_parse_never_panics_on_any_unicode(text in "\\PC{0,30}") {
        let mut s = GameStore::new();
        let _ = s.parse(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Sums of day-2 games and number-up-stars (deeper than day 3) print and read back.
    #[test]
    fn partizan_sums_print_and_read_back(
        picks in prop::collection::vec(0usize..22, 1..4),
        x in -8i64..8, e in 0u32..3, ups in -4i64..5, k in 0u64..5,
    ) {
        let mut store = GameStore::new();
        let days = born_by(&mut store, 2);
        let mut g = store.nus(nus(x, e, ups, k));
        for p in picks {
            g = store.sum(g, days[2][p]);
        }
        let text = store.display(g);
        prop_assert_eq!(store.parse(&text), Ok(g), "{}", text);
    }
}

fn dy(s: &str) -> Dyadic {
    s.parse().unwrap()
}

#[test]
fn partizan_thermograph_known_values() {
    let mut s = GameStore::new();
    for (game, mean, temperature) in [
        ("0", "0", "-1"),
        ("5", "5", "-1"),
        ("1/2", "1/2", "-1/2"),
        ("-3/8", "-3/8", "-1/8"),
        ("*", "0", "0"),
        ("^", "0", "0"),
        ("1^*", "1", "0"),
        ("+-1", "0", "1"),
        ("{2|-1}", "1/2", "3/2"),
        ("{3|1}", "2", "1"),
        // {3 || 2|1}: L(t) = 3 - t; {2|1} has mean 3/2 and temperature 1/2, so
        // R(t) = LW({2|1})(t) + t = 2 for t ≤ 1/2, 3/2 + t above; they meet at t = 3/4, at 9/4.
        ("{3||2|1}", "9/4", "3/4"),
        ("{3||2*|1*}", "9/4", "3/4"),
        // L(t) = RW({10|0})(t) - t = 0 up to t = 5; R(t) = -1 + t: they meet at t = 1, at 0.
        ("{10|0||-1}", "0", "1"),
    ] {
        let g = s.parse(game).unwrap();
        assert_eq!(s.mean(g), dy(mean), "mean of {game}");
        assert_eq!(s.temperature(g), dy(temperature), "temperature of {game}");
    }
    // The walls of ±1: from 2 and -2 at t = -1, meeting at 0 at t = 1.
    let g = s.parse("+-1").unwrap();
    let th = s.thermograph(g);
    assert_eq!(th.left.points(), &[(dy("-1"), dy("2")), (dy("1"), dy("0"))]);
    assert_eq!(th.left.slopes(), &[-1, 0]);
    assert_eq!(
        th.right.points(),
        &[(dy("-1"), dy("-2")), (dy("1"), dy("0"))]
    );
    assert_eq!(th.right.slopes(), &[1, 0]);
    // Cooling: ±1 cooled by 1/2 is ±1/2; by 1 it is *... {0|0} = *; by 2, its mean 0.
    let half = dy("1/2");
    let c = s.cool(g, &half).unwrap();
    assert_eq!(s.display(c), "+-1/2");
    let c = s.cool(g, &dy("1")).unwrap();
    assert_eq!(s.display(c), "*");
    let c = s.cool(g, &dy("2")).unwrap();
    assert_eq!(s.display(c), "0");
    assert_eq!(s.cool(g, &dy("-1")), None);
}

/// Mean is additive and walls are the stops of the cooled game, on every game born by day 3;
/// cooling is additive on day-2 pairs; the mean value theorem bounds the stops of 4·G.
#[test]
fn partizan_thermographs_against_direct_computation() {
    let mut store = GameStore::new();
    let days = born_by(&mut store, 3);
    let day2 = days[2].clone();
    let day3 = days[3].clone();
    let ts: Vec<Dyadic> = ["0", "1/4", "1/2", "3/4", "1", "3/2", "2", "3"]
        .iter()
        .map(|t| dy(t))
        .collect();
    let start = Instant::now();
    for &g in &day3 {
        let th = store.thermograph(g);
        // Numbers, and only numbers, are colder than 0; integers have temperature -1, and every
        // other game's scaffolds start apart at t = -1.
        assert_eq!(store.is_number(g), th.temperature < Dyadic::zero());
        let integer = store.number_value(g).is_some_and(|x| x.is_integer());
        assert_eq!(integer, th.temperature == Dyadic::from(-1));
        assert!(th.left.value_at(&dy("-1")) >= th.right.value_at(&dy("-1")));
        for t in &ts {
            let c = store.cool(g, t).unwrap();
            assert_eq!(
                store.left_stop(c),
                th.left.value_at(t),
                "{} at {t}",
                store.display(g)
            );
            assert_eq!(
                store.right_stop(c),
                th.right.value_at(t),
                "{} at {t}",
                store.display(g)
            );
        }
        if !store.is_number(g) {
            let mut n = g;
            for _ in 0..3 {
                n = store.sum(n, g);
            }
            let four_mean = times_int(&th.mean, 4);
            let (ls, rs) = (store.left_stop(n), store.right_stop(n));
            assert!(ls <= &four_mean + &th.temperature, "{}", store.display(g));
            assert!(rs >= &four_mean - &th.temperature, "{}", store.display(g));
        }
    }
    eprintln!("day-3 thermographs and cooling in {:?}", start.elapsed());
    for (i, &g) in day3.iter().enumerate() {
        let h = day3[(i * 37 + 11) % day3.len()];
        let sum = store.sum(g, h);
        let (mg, mh, ms) = (store.mean(g), store.mean(h), store.mean(sum));
        assert_eq!(ms, &mg + &mh);
        let t = store.temperature(sum);
        assert!(t <= store.temperature(g).max(store.temperature(h)));
    }
    for &g in &day2 {
        for &h in &day2 {
            let sum = store.sum(g, h);
            for t in &ts {
                let (cg, ch, cs) = (
                    store.cool(g, t).unwrap(),
                    store.cool(h, t).unwrap(),
                    store.cool(sum, t).unwrap(),
                );
                assert_eq!(store.sum(cg, ch), cs);
            }
        }
    }
}

fn times_int(x: &Dyadic, k: i64) -> Dyadic {
    Dyadic::new(x.numerator() * k, x.exponent())
}

/// Random day-4 games `{A | B}`, A and B up to 3 games born by day 3.
fn day4_choice() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (
        prop::collection::vec(0usize..1474, 0..4),
        prop::collection::vec(0usize..1474, 0..4),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A sample of games born by day 4: order, sums and outcomes against the definitions on the
    /// explicit trees, the laws of sums, and printing.
    #[test]
    fn partizan_day_4_sample_agrees_with_the_definitions(g in day4_choice(), h in day4_choice()) {
        let mut store = GameStore::new();
        let days = born_by(&mut store, 3);
        let day3 = &days[3];
        let mut raw = Raw::default();
        let make = |store: &mut GameStore, raw: &mut Raw, (l, r): &(Vec<usize>, Vec<usize>)| {
            let l: Vec<usize> = l.iter().map(|&i| raw.expand(day3[i], store)).collect();
            let r: Vec<usize> = r.iter().map(|&i| raw.expand(day3[i], store)).collect();
            raw.node(l, r)
        };
        let tg = make(&mut store, &mut raw, &g);
        let th = make(&mut store, &mut raw, &h);
        let a = raw.build_in(tg, &mut store);
        let b = raw.build_in(th, &mut store);
        prop_assert_eq!(store.le(a, b), raw.le(tg, th));
        prop_assert_eq!(store.le(b, a), raw.le(th, tg));
        let s = raw.sum(tg, th);
        let expected = raw.build_in(s, &mut store);
        prop_assert_eq!(store.sum(a, b), expected);
        prop_assert_eq!(store.sum(b, a), expected);
        let zero = store.zero();
        prop_assert_eq!(store.sub(a, a), zero);
        let (lw, rw) = raw.wins(tg);
        let outcome = store.outcome(a);
        prop_assert_eq!((lw, rw), (
            matches!(outcome, PartizanOutcome::L | PartizanOutcome::N),
            matches!(outcome, PartizanOutcome::R | PartizanOutcome::N),
        ));
        prop_assert!(store.birthday(a) <= BigInt::from(4));
        for x in [a, b, expected] {
            let text = store.display(x);
            prop_assert_eq!(store.parse(&text), Ok(x), "{}", text);
        }
        let (ma, mb, ms) = (store.mean(a), store.mean(b), store.mean(expected));
        prop_assert_eq!(ms, &ma + &mb);
    }
}
