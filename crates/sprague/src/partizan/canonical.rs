//! Short partizan games in canonical form, hash-consed in a [`GameStore`].
//!
//! Every game the store holds is in canonical form (no dominated option, no reversible option),
//! and equal games are one [`GameId`]: by the uniqueness of canonical forms, two games are equal
//! exactly when their canonical options are the same sets, so interning the option lists makes
//! equality a comparison of ids.
//!
//! Number-up-star values `x + n·↑ + *k` ([`Nus`]) are kept as a compact special case, as CGSuite
//! does: their options are made only when asked for, so `2^100` or `*1000 + ↑` cost one node, and
//! their sums, negatives and comparisons are arithmetic. Every other game is a node with its two
//! sorted lists of option ids. A game equal to a number-up-star is always stored as one: the
//! constructor recognises the canonical forms of number-up-stars (see [`GameStore::nus_options`]),
//! so the two representations never hold the same value.

use std::fmt;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use rustc_hash::FxHashMap;

use super::dyadic::Dyadic;
use super::thermograph::Thermograph;

/// A game held by a [`GameStore`]: a small copyable handle. Two ids of one store are equal
/// exactly when the games are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// The index of the game in its store (ids are handed out 0, 1, 2, … in order of creation).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A number-up-star value `number + ups·↑ + *nimber` (↑ = `{0|*}`; negative `ups` are downs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// The up multiple: `n` for `n·↑`, negative for downs.
    pub ups: BigInt,
    /// The nimber part `k` of `*k`.
    pub nimber: u64,
}

impl Nus {
    /// The number `x`.
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: BigInt::zero(),
            nimber: 0,
        }
    }

    /// Whether the value is a number (no ups, no star).
    pub fn is_number(&self) -> bool {
        self.ups.is_zero() && self.nimber == 0
    }

    fn add(&self, other: &Nus) -> Nus {
        Nus {
            number: &self.number + &other.number,
            ups: &self.ups + &other.ups,
            nimber: self.nimber ^ other.nimber,
        }
    }

    fn neg(&self) -> Nus {
        Nus {
            number: -&self.number,
            ups: -&self.ups,
            nimber: self.nimber,
        }
    }

    /// How the value compares with 0: numbers by sign; then `n·↑ + *k` is positive for `n > 0`
    /// except `↑*`, which is confused with 0 (as `v*` is), and `*k` is confused with 0 for `k > 0`.
    fn cmp_zero(&self) -> GameOrdering {
        match self.number.signum() {
            1 => return GameOrdering::Greater,
            -1 => return GameOrdering::Less,
            _ => {}
        }
        if self.ups.is_zero() {
            if self.nimber == 0 {
                GameOrdering::Equal
            } else {
                GameOrdering::Confused
            }
        } else if self.ups.abs().is_one() && self.nimber == 1 {
            GameOrdering::Confused
        } else if self.ups.is_positive() {
            GameOrdering::Greater
        } else {
            GameOrdering::Less
        }
    }
}

/// How two games compare: the four relations of a partial order of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameOrdering {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G ‖ H`: confused (incomparable), neither `≤` nor `≥`.
    Confused,
}

impl GameOrdering {
    /// The relation from the two tests `G ≤ H` and `G ≥ H`.
    pub fn from_le_ge(le: bool, ge: bool) -> GameOrdering {
        match (le, ge) {
            (true, true) => GameOrdering::Equal,
            (true, false) => GameOrdering::Less,
            (false, true) => GameOrdering::Greater,
            (false, false) => GameOrdering::Confused,
        }
    }

    /// The symbol in ASCII: `<`, `=`, `>` or `<>` for confused (`‖` in print).
    pub fn symbol(self) -> &'static str {
        match self {
            GameOrdering::Less => "<",
            GameOrdering::Equal => "=",
            GameOrdering::Greater => ">",
            GameOrdering::Confused => "<>",
        }
    }
}

/// The outcome class of a partizan game: who wins when each player moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartizanOutcome {
    /// Left wins whoever starts (`G > 0`).
    L,
    /// Right wins whoever starts (`G < 0`).
    R,
    /// The next player (the one to move) wins (`G ‖ 0`).
    N,
    /// The previous player wins: whoever moves first loses (`G = 0`).
    P,
}

impl PartizanOutcome {
    /// The outcome letter.
    pub fn letter(self) -> char {
        match self {
            PartizanOutcome::L => 'L',
            PartizanOutcome::R => 'R',
            PartizanOutcome::N => 'N',
            PartizanOutcome::P => 'P',
        }
    }
}

/// A game's Left and Right option lists, the key of the hash-consing table.
type OptionLists = (Box<[GameId]>, Box<[GameId]>);

impl fmt::Display for GameOrdering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

impl fmt::Display for PartizanOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[derive(Clone, Debug)]
enum Node {
    Nus(Nus),
    Options {
        left: Box<[GameId]>,
        right: Box<[GameId]>,
    },
}

/// The arena of canonical short partizan games: every game is created here, once, and named by a
/// [`GameId`]. Operations take `&mut self` because they may create games and fill the
/// memo tables (sums, negatives, comparisons, stops, birthdays, keyed by ids).
///
/// Games are never freed: a store grows with what is computed in it; drop it to reclaim memory.
#[derive(Debug, Default)]
pub struct GameStore {
    nodes: Vec<Node>,
    nus_index: FxHashMap<Nus, GameId>,
    options_index: FxHashMap<OptionLists, GameId>,
    le_memo: FxHashMap<(GameId, GameId), bool>,
    sum_memo: FxHashMap<(GameId, GameId), GameId>,
    neg_memo: FxHashMap<GameId, GameId>,
    stops_memo: FxHashMap<GameId, (Dyadic, Dyadic)>,
    birthday_memo: FxHashMap<GameId, BigInt>,
    outcome_memo: FxHashMap<GameId, (bool, bool)>,
    thermograph_memo: FxHashMap<GameId, Thermograph>,
}

impl GameStore {
    /// An empty store.
    pub fn new() -> GameStore {
        GameStore::default()
    }

    /// How many distinct games the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store holds no game yet.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    // ----- construction -------------------------------------------------------------------

    /// The number-up-star `x + n·↑ + *k`. One node whatever the sizes; its options are made
    /// when asked for ([`GameStore::nus_options`]): `*k` has `k` options on each side, and
    /// `x + n·↑` is a chain `|n|` deep, which operations mixing it with games that are not
    /// number-up-stars walk.
    pub fn nus(&mut self, nus: Nus) -> GameId {
        if let Some(&id) = self.nus_index.get(&nus) {
            return id;
        }
        let id = self.push(Node::Nus(nus.clone()));
        self.nus_index.insert(nus, id);
        id
    }

    fn push(&mut self, node: Node) -> GameId {
        let id = GameId(u32::try_from(self.nodes.len()).expect("more than 2^32 games in a store"));
        self.nodes.push(node);
        id
    }

    /// The game 0 = `{|}`.
    pub fn zero(&mut self) -> GameId {
        self.number(Dyadic::zero())
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::number(x))
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from(n))
    }

    /// The nimber `*k`.
    pub fn nimber(&mut self, k: u64) -> GameId {
        self.nus(Nus {
            number: Dyadic::zero(),
            ups: BigInt::zero(),
            nimber: k,
        })
    }

    /// `n·↑` (`n < 0`: `|n|·↓`).
    pub fn ups(&mut self, n: i64) -> GameId {
        self.nus(Nus {
            number: Dyadic::zero(),
            ups: BigInt::from(n),
            nimber: 0,
        })
    }

    /// The game `{left | right}` in canonical form. The options may be given in any order, with
    /// repetitions, dominated and reversible ones: they are removed and bypassed. The options
    /// must be ids of this store (an id of another store names another game, or none).
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let mut l = left.to_vec();
        let mut r = right.to_vec();
        sort_dedup(&mut l);
        sort_dedup(&mut r);
        // Fast path: only numbers, Left's best below Right's best: the simplest number between.
        if let Some(x) = self.number_between(&l, &r) {
            return self.number(x);
        }
        // Fast path: only nimbers, with the same mex on both sides: that nimber.
        if let (Some(a), Some(b)) = (self.nimber_mex(&l), self.nimber_mex(&r)) {
            if a == b {
                return self.nimber(a);
            }
        }
        let mut memo = AgainstG::default();
        loop {
            self.remove_dominated(&mut l, true);
            self.remove_dominated(&mut r, false);
            if self.bypass_one_reversible(&mut l, &mut r, &mut memo) {
                continue;
            }
            break;
        }
        self.intern_canonical(l, r)
    }

    /// `Some(x)` when every option is a number and `{l | r}` is the number `x`.
    fn number_between(&self, l: &[GameId], r: &[GameId]) -> Option<Dyadic> {
        let mut lo: Option<&Dyadic> = None;
        for &g in l {
            let x = self.number_value(g)?;
            if lo.is_none_or(|m| x > m) {
                lo = Some(x);
            }
        }
        let mut hi: Option<&Dyadic> = None;
        for &g in r {
            let x = self.number_value(g)?;
            if hi.is_none_or(|m| x < m) {
                hi = Some(x);
            }
        }
        Dyadic::simplest_between(lo, hi)
    }

    /// The mex of a list of nimbers; `None` if one option is not a nimber.
    fn nimber_mex(&self, options: &[GameId]) -> Option<u64> {
        let mut values = Vec::with_capacity(options.len());
        for &g in options {
            values.push(self.nimber_value(g)?);
        }
        values.sort_unstable();
        let mut mex = 0;
        for v in values {
            if v == mex {
                mex += 1;
            } else if v > mex {
                break;
            }
        }
        Some(mex)
    }

    /// Removes the options dominated by another one: for Left the smaller, for Right the larger.
    /// The list has no repetition, so two distinct ids are two distinct values.
    fn remove_dominated(&mut self, options: &mut Vec<GameId>, left: bool) {
        let mut i = 0;
        while i < options.len() {
            let a = options[i];
            let mut dominated = false;
            for &b in options.iter() {
                if b != a && (if left { self.le(a, b) } else { self.le(b, a) }) {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                options.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Bypasses one reversible option, if there is one: a Left option `A` with a Right option
    /// `A^R ≤ G` is replaced by the Left options of `A^R`; symmetrically for Right. `memo`
    /// holds comparisons with `G`, whose value the simplifications do not change.
    fn bypass_one_reversible(
        &mut self,
        l: &mut Vec<GameId>,
        r: &mut Vec<GameId>,
        memo: &mut AgainstG,
    ) -> bool {
        for i in 0..l.len() {
            let a = l[i];
            for ar in self.right_options(a) {
                if self.le_game(ar, l, r, memo) {
                    l.remove(i);
                    l.extend(self.left_options(ar));
                    sort_dedup(l);
                    return true;
                }
            }
        }
        for i in 0..r.len() {
            let a = r[i];
            for al in self.left_options(a) {
                if self.game_le(l, r, al, memo) {
                    r.remove(i);
                    r.extend(self.right_options(al));
                    sort_dedup(r);
                    return true;
                }
            }
        }
        false
    }

    /// `x ≤ {l | r}`: no `G^R ≤ x` and no `x^L ≥ G`.
    fn le_game(&mut self, x: GameId, l: &[GameId], r: &[GameId], memo: &mut AgainstG) -> bool {
        if let Some(&v) = memo.below.get(&x) {
            return v;
        }
        let mut v = true;
        for &gr in r {
            if self.le(gr, x) {
                v = false;
                break;
            }
        }
        if v {
            for xl in self.left_options(x) {
                if self.game_le(l, r, xl, memo) {
                    v = false;
                    break;
                }
            }
        }
        memo.below.insert(x, v);
        v
    }

    /// `{l | r} ≤ y`: no `G^L ≥ y` and no `y^R ≤ G`.
    fn game_le(&mut self, l: &[GameId], r: &[GameId], y: GameId, memo: &mut AgainstG) -> bool {
        if let Some(&v) = memo.above.get(&y) {
            return v;
        }
        let mut v = true;
        for &gl in l {
            if self.le(y, gl) {
                v = false;
                break;
            }
        }
        if v {
            for yr in self.right_options(y) {
                if self.le_game(yr, l, r, memo) {
                    v = false;
                    break;
                }
            }
        }
        memo.above.insert(y, v);
        v
    }

    /// Interns a game given by canonical option lists (sorted, no repetition), recognising the
    /// canonical forms of number-up-stars.
    fn intern_canonical(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> GameId {
        if let Some(nus) = self.recognise_nus(&l, &r) {
            return self.nus(nus);
        }
        let key = (l.into_boxed_slice(), r.into_boxed_slice());
        if let Some(&id) = self.options_index.get(&key) {
            return id;
        }
        let id = self.push(Node::Options {
            left: key.0.clone(),
            right: key.1.clone(),
        });
        self.options_index.insert(key, id);
        id
    }

    /// The number-up-star whose canonical form has these options, if there is one: the exact
    /// inverse of [`GameStore::nus_options`].
    fn recognise_nus(&self, l: &[GameId], r: &[GameId]) -> Option<Nus> {
        if let Some(x) = self.number_between(l, r) {
            return Some(Nus::number(x));
        }
        let nl: Vec<&Nus> = l.iter().map(|&g| self.as_nus(g)).collect::<Option<_>>()?;
        let nr: Vec<&Nus> = r.iter().map(|&g| self.as_nus(g)).collect::<Option<_>>()?;
        if nl.is_empty() || nr.is_empty() {
            return None;
        }
        let m = &nl[0].number;
        if nl.iter().chain(nr.iter()).any(|n| &n.number != m) {
            return None;
        }
        // x + *k: {x, x*, …, x*(k-1) | the same}.
        if l == r && nl.iter().all(|n| n.ups.is_zero()) {
            let mut ks: Vec<u64> = nl.iter().map(|n| n.nimber).collect();
            ks.sort_unstable();
            if ks.iter().enumerate().all(|(i, &k)| k == i as u64) {
                return Some(Nus {
                    number: m.clone(),
                    ups: BigInt::zero(),
                    nimber: ks.len() as u64,
                });
            }
            return None;
        }
        let is_x = |n: &Nus| n.is_number();
        let is_x_star = |n: &Nus| n.ups.is_zero() && n.nimber == 1;
        // x↑* = {x, x* | x} and x↓* = {x | x, x*}.
        if nl.len() == 2 && nr.len() == 1 && is_x(nr[0]) {
            if (is_x(nl[0]) && is_x_star(nl[1])) || (is_x(nl[1]) && is_x_star(nl[0])) {
                return Some(Nus {
                    number: m.clone(),
                    ups: BigInt::one(),
                    nimber: 1,
                });
            }
            return None;
        }
        if nl.len() == 1 && nr.len() == 2 && is_x(nl[0]) {
            if (is_x(nr[0]) && is_x_star(nr[1])) || (is_x(nr[1]) && is_x_star(nr[0])) {
                return Some(Nus {
                    number: m.clone(),
                    ups: -BigInt::one(),
                    nimber: 1,
                });
            }
            return None;
        }
        // x + (n+1)·↑ + *(k^1) = {x | x + n·↑ + *k} for x + n·↑ + *k not a number, n >= 0.
        if nl.len() == 1 && nr.len() == 1 {
            if is_x(nl[0]) && !is_x(nr[0]) && !nr[0].ups.is_negative() {
                return Some(Nus {
                    number: m.clone(),
                    ups: &nr[0].ups + 1,
                    nimber: nr[0].nimber ^ 1,
                });
            }
            if is_x(nr[0]) && !is_x(nl[0]) && !nl[0].ups.is_positive() {
                return Some(Nus {
                    number: m.clone(),
                    ups: &nl[0].ups - 1,
                    nimber: nl[0].nimber ^ 1,
                });
            }
        }
        None
    }

    /// The canonical options of a number-up-star, as `(left, right)`:
    /// - 0 = `{|}`; an integer `n > 0` is `{n-1|}`, `n < 0` is `{|n+1}`; `m/2^k` (m odd, k ≥ 1)
    ///   is `{(m-1)/2^k | (m+1)/2^k}`;
    /// - `x + *k` (k ≥ 1) is `{x, x*, …, x*(k-1) | x, x*, …, x*(k-1)}`;
    /// - `x↑*` is `{x, x* | x}` and `x↓*` is `{x | x, x*}`;
    /// - otherwise for `n ≥ 1`, `x + n·↑ + *k` is `{x | x + (n-1)·↑ + *(k^1)}`, and its negative
    ///   mirrors it.
    pub fn nus_options(&mut self, nus: &Nus) -> (Vec<GameId>, Vec<GameId>) {
        let x = &nus.number;
        if nus.is_number() {
            if x.is_zero() {
                return (vec![], vec![]);
            }
            if x.is_integer() {
                let one = Dyadic::from(1);
                return if x.signum() > 0 {
                    (vec![self.number(x - &one)], vec![])
                } else {
                    (vec![], vec![self.number(x + &one)])
                };
            }
            let step = Dyadic::new(BigInt::one(), x.exponent());
            let lo = self.number(x - &step);
            let hi = self.number(x + &step);
            return (vec![lo], vec![hi]);
        }
        let xg = self.number(x.clone());
        if nus.ups.is_zero() {
            let opts: Vec<GameId> = (0..nus.nimber)
                .map(|j| {
                    self.nus(Nus {
                        number: x.clone(),
                        ups: BigInt::zero(),
                        nimber: j,
                    })
                })
                .collect();
            return (opts.clone(), opts);
        }
        if nus.ups.abs().is_one() && nus.nimber == 1 {
            let xs = self.nus(Nus {
                number: x.clone(),
                ups: BigInt::zero(),
                nimber: 1,
            });
            return if nus.ups.is_positive() {
                (vec![xg, xs], vec![xg])
            } else {
                (vec![xg], vec![xg, xs])
            };
        }
        if nus.ups.is_positive() {
            let below = self.nus(Nus {
                number: x.clone(),
                ups: &nus.ups - 1,
                nimber: nus.nimber ^ 1,
            });
            (vec![xg], vec![below])
        } else {
            let above = self.nus(Nus {
                number: x.clone(),
                ups: &nus.ups + 1,
                nimber: nus.nimber ^ 1,
            });
            (vec![above], vec![xg])
        }
    }

    // ----- inspection ---------------------------------------------------------------------

    /// The number-up-star value of `g`, if it is one.
    pub fn as_nus(&self, g: GameId) -> Option<&Nus> {
        match &self.nodes[g.index()] {
            Node::Nus(n) => Some(n),
            Node::Options { .. } => None,
        }
    }

    /// The value of `g` if it is a number.
    pub fn number_value(&self, g: GameId) -> Option<&Dyadic> {
        self.as_nus(g).filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// Whether `g` is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.number_value(g).is_some()
    }

    /// `k` if `g` is the nimber `*k` (0 is `*0`).
    pub fn nimber_value(&self, g: GameId) -> Option<u64> {
        self.as_nus(g)
            .filter(|n| n.number.is_zero() && n.ups.is_zero())
            .map(|n| n.nimber)
    }

    /// Whether `g` is a nimber (0 included).
    pub fn is_nimber(&self, g: GameId) -> bool {
        self.nimber_value(g).is_some()
    }

    /// The canonical Left options of `g`, sorted by id.
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        match &self.nodes[g.index()] {
            Node::Options { left, .. } => left.to_vec(),
            Node::Nus(n) => {
                let n = n.clone();
                let mut l = self.nus_options(&n).0;
                l.sort_unstable();
                l
            }
        }
    }

    /// The canonical Right options of `g`, sorted by id.
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        match &self.nodes[g.index()] {
            Node::Options { right, .. } => right.to_vec(),
            Node::Nus(n) => {
                let n = n.clone();
                let mut r = self.nus_options(&n).1;
                r.sort_unstable();
                r
            }
        }
    }

    // ----- arithmetic ---------------------------------------------------------------------

    /// `-g`: Left and Right swapped.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.as_nus(g) {
            let m = n.neg();
            return self.nus(m);
        }
        if let Some(&h) = self.neg_memo.get(&g) {
            return h;
        }
        let l = self.left_options(g);
        let r = self.right_options(g);
        let mut nl: Vec<GameId> = r.iter().map(|&x| self.neg(x)).collect();
        let mut nr: Vec<GameId> = l.iter().map(|&x| self.neg(x)).collect();
        sort_dedup(&mut nl);
        sort_dedup(&mut nr);
        // The negative of a canonical form is canonical.
        let h = self.intern_canonical(nl, nr);
        self.neg_memo.insert(g, h);
        self.neg_memo.insert(h, g);
        h
    }

    /// The disjunctive sum `g + h`.
    pub fn sum(&mut self, g: GameId, h: GameId) -> GameId {
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            let s = a.add(b);
            return self.nus(s);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sum_memo.get(&key) {
            return s;
        }
        let (gl, gr) = (self.left_options(g), self.right_options(g));
        let (hl, hr) = (self.left_options(h), self.right_options(h));
        let mut l = Vec::new();
        let mut r = Vec::new();
        // Number translation: x + G = {x + G^L | x + G^R} for a number x and G not a number, so
        // a number is never played in.
        let g_number = self.is_number(g);
        let h_number = self.is_number(h);
        if !g_number {
            for &x in &gl {
                l.push(self.sum(x, h));
            }
            for &x in &gr {
                r.push(self.sum(x, h));
            }
        }
        if !h_number {
            for &x in &hl {
                l.push(self.sum(g, x));
            }
            for &x in &hr {
                r.push(self.sum(g, x));
            }
        }
        let s = self.from_options(&l, &r);
        self.sum_memo.insert(key, s);
        s
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.sum(g, nh)
    }

    // ----- order --------------------------------------------------------------------------

    /// `g ≤ h`: Left, moving second, wins `h - g`.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            let d = b.add(&a.neg());
            return matches!(d.cmp_zero(), GameOrdering::Greater | GameOrdering::Equal);
        }
        if let Some(&v) = self.le_memo.get(&(g, h)) {
            return v;
        }
        let g_number = self.is_number(g);
        let h_number = self.is_number(h);
        let mut result = true;
        // Number avoidance: against a game that is not a number, a number's own options never
        // need to be tried (x ≤ H iff no H^R ≤ x; G ≤ y iff no G^L ≥ y).
        if !g_number {
            for gl in self.left_options(g) {
                if self.le(h, gl) {
                    result = false;
                    break;
                }
            }
        }
        if result && !h_number {
            for hr in self.right_options(h) {
                if self.le(hr, g) {
                    result = false;
                    break;
                }
            }
        }
        self.le_memo.insert((g, h), result);
        result
    }

    /// `g ≥ h`.
    pub fn ge(&mut self, g: GameId, h: GameId) -> bool {
        self.le(h, g)
    }

    /// How `g` compares with `h`: `<`, `=`, `>` or confused.
    pub fn compare(&mut self, g: GameId, h: GameId) -> GameOrdering {
        if g == h {
            return GameOrdering::Equal;
        }
        let le = self.le(g, h);
        let ge = self.le(h, g);
        GameOrdering::from_le_ge(le, ge)
    }

    /// The outcome class, by the definition (independently of [`GameStore::le`]): a player wins
    /// moving first iff one of their moves leads to a position the opponent, moving first
    /// there, loses. Numbers shortcut by their sign.
    pub fn outcome(&mut self, g: GameId) -> PartizanOutcome {
        match self.first_player_wins(g) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        }
    }

    /// (Left wins moving first, Right wins moving first).
    fn first_player_wins(&mut self, g: GameId) -> (bool, bool) {
        if let Some(x) = self.number_value(g) {
            let s = x.signum();
            return (s > 0, s < 0);
        }
        if let Some(&w) = self.outcome_memo.get(&g) {
            return w;
        }
        let mut left = false;
        for gl in self.left_options(g) {
            if !self.first_player_wins(gl).1 {
                left = true;
                break;
            }
        }
        let mut right = false;
        for gr in self.right_options(g) {
            if !self.first_player_wins(gr).0 {
                right = true;
                break;
            }
        }
        self.outcome_memo.insert(g, (left, right));
        (left, right)
    }

    // ----- stops and birthday -------------------------------------------------------------

    fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(n) = self.as_nus(g) {
            return (n.number.clone(), n.number.clone());
        }
        if let Some(s) = self.stops_memo.get(&g) {
            return s.clone();
        }
        let mut ls: Option<Dyadic> = None;
        for gl in self.left_options(g) {
            let s = self.stops(gl).1;
            if ls.as_ref().is_none_or(|m| &s > m) {
                ls = Some(s);
            }
        }
        let mut rs: Option<Dyadic> = None;
        for gr in self.right_options(g) {
            let s = self.stops(gr).0;
            if rs.as_ref().is_none_or(|m| &s < m) {
                rs = Some(s);
            }
        }
        // A game that is not a number has options on both sides.
        let s = (
            ls.expect("a non-number has Left options"),
            rs.expect("a non-number has Right options"),
        );
        self.stops_memo.insert(g, s.clone());
        s
    }

    /// The left stop: the number reached when Left moves first and both play until a number.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// The right stop: the number reached when Right moves first.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// The birthday: the height of the canonical game tree (0 for 0, `n` for the integer `n`).
    pub fn birthday(&mut self, g: GameId) -> BigInt {
        if let Some(n) = self.as_nus(g) {
            return nus_birthday(n);
        }
        if let Some(b) = self.birthday_memo.get(&g) {
            return b.clone();
        }
        let mut options = self.left_options(g);
        options.extend(self.right_options(g));
        let mut best = BigInt::zero();
        for o in options {
            let b = self.birthday(o);
            if b > best {
                best = b;
            }
        }
        let b: BigInt = best + 1;
        self.birthday_memo.insert(g, b.clone());
        b
    }

    pub(super) fn thermograph_memo(&mut self) -> &mut FxHashMap<GameId, Thermograph> {
        &mut self.thermograph_memo
    }

    /// Whether `g` is stored as a number-up-star (its value is `x + n·↑ + *k`).
    pub fn is_nus(&self, g: GameId) -> bool {
        self.as_nus(g).is_some()
    }
}

/// The birthday of `x + n·↑ + *k`, in closed form (its canonical form is a chain `|n|` deep, see
/// [`GameStore::nus_options`]): `b(x) + k` without ups; with `n ≠ 0`, walk the chain
/// `(n, k) → (n-1, k^1)` down to `↑*` (birthday `b(x) + 2`) or to `x + *k'` (`b(x) + k'`), one
/// day per step.
fn nus_birthday(n: &Nus) -> BigInt {
    let bx = n.number.birthday();
    if n.ups.is_zero() {
        return bx + n.nimber;
    }
    let a = n.ups.abs();
    // After s steps the nimber is k ^ (s & 1); the chain stops at ↑* when s = a - 1 leaves
    // nimber 1, and at ups 0 otherwise.
    let parity = |s: &BigInt| -> u64 { u64::from(s.bit(0)) };
    let s = &a - 1;
    if n.nimber ^ parity(&s) == 1 {
        bx + 2 + s
    } else {
        bx + (n.nimber ^ parity(&a)) + a
    }
}

/// Comparisons with the game being simplified, by id of the other game: `x ≤ G` and `G ≤ y`.
#[derive(Default)]
struct AgainstG {
    below: FxHashMap<GameId, bool>,
    above: FxHashMap<GameId, bool>,
}

fn sort_dedup(v: &mut Vec<GameId>) {
    v.sort_unstable();
    v.dedup();
}
