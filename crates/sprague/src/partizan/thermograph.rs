//! Thermographs, mean and temperature, and cooling: exact, with dyadic coordinates.
//!
//! A wall is a continuous piecewise-linear function of the temperature `t ≥ -1` (CGSuite draws
//! thermographs from `t = -1`, so that numbers have temperatures: `-1` for integers,
//! `-1/2^k` for `m/2^k`). The walls of `G`, by the definition (Siegel, *Combinatorial Game
//! Theory*, II.5; Berlekamp, Conway and Guy, *Winning Ways*, ch. 6):
//! - an integer `n` is a mast at `n` from `t = -1`;
//! - otherwise the left scaffold is `L(t) = max over G^L of (RW(G^L)(t) - t)`, the right
//!   scaffold `R(t) = min over G^R of (LW(G^R)(t) + t)`; the temperature `τ` is the least
//!   `t ≥ -1` where `L(t) ≤ R(t)`, the mean is `L(τ)`, and the walls follow the scaffolds below
//!   `τ` and the mast (the mean) above.
//!
//! Left walls have slopes 0 and -1, right walls 0 and +1, so every crossing is at a dyadic
//! `t`: the computation is exact.

use super::canonical::{GameId, GameStore};
use super::dyadic::Dyadic;

/// A continuous piecewise-linear function on `[-1, ∞)`: breakpoints `(t, value)` from `t = -1`,
/// and the integer slope after each breakpoint (the last slope holds to infinity).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    points: Vec<(Dyadic, Dyadic)>,
    slopes: Vec<i64>,
}

fn times(x: &Dyadic, k: i64) -> Dyadic {
    match k {
        0 => Dyadic::zero(),
        1 => x.clone(),
        -1 => -x,
        _ => Dyadic::new(x.numerator() * k, x.exponent()),
    }
}

/// `x / k` for `k` = ±1, ±2 (the only slope differences of walls).
fn divide(x: &Dyadic, k: i64) -> Dyadic {
    match k {
        1 => x.clone(),
        -1 => -x,
        2 => x.half(),
        -2 => -x.half(),
        // Not reachable for walls: their slopes are in {-1, 0, 1}.
        _ => x.clone(),
    }
}

impl Trajectory {
    /// The constant `x`.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            points: vec![(Dyadic::from(-1), x)],
            slopes: vec![0],
        }
    }

    /// The breakpoints `(t, value)`, the first at `t = -1`.
    pub fn points(&self) -> &[(Dyadic, Dyadic)] {
        &self.points
    }

    /// The slope after each breakpoint.
    pub fn slopes(&self) -> &[i64] {
        &self.slopes
    }

    /// The value at `t` (`t ≥ -1`; below, the first segment extended).
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        let i = self.segment(t);
        let (t0, v0) = &self.points[i];
        v0 + &times(&(t - t0), self.slopes[i])
    }

    fn segment(&self, t: &Dyadic) -> usize {
        // The last breakpoint at or before t.
        self.points.iter().rposition(|(p, _)| p <= t).unwrap_or(0)
    }

    /// `f(t) + s·t`.
    fn plus_linear(&self, s: i64) -> Trajectory {
        Trajectory {
            points: self
                .points
                .iter()
                .map(|(t, v)| (t.clone(), v + &times(t, s)))
                .collect(),
            slopes: self.slopes.iter().map(|k| k + s).collect(),
        }
    }

    /// The pointwise maximum (`take_max`) or minimum of two trajectories.
    fn combine(&self, other: &Trajectory, take_max: bool) -> Trajectory {
        let mut ts: Vec<Dyadic> = self
            .points
            .iter()
            .chain(other.points.iter())
            .map(|(t, _)| t.clone())
            .collect();
        ts.sort();
        ts.dedup();
        let mut points = Vec::new();
        let mut slopes = Vec::new();
        let better = |a: &Dyadic, b: &Dyadic| if take_max { a > b } else { a < b };
        for (i, p) in ts.iter().enumerate() {
            let next = ts.get(i + 1);
            let (va, sa) = (self.value_at(p), self.slopes[self.segment(p)]);
            let (vb, sb) = (other.value_at(p), other.slopes[other.segment(p)]);
            // Which line leads at p (ties broken by the slope that leads just after p).
            let a_first =
                better(&va, &vb) || (va == vb && (if take_max { sa >= sb } else { sa <= sb }));
            let (v, s, vo, so) = if a_first {
                (va, sa, vb, sb)
            } else {
                (vb, sb, va, sa)
            };
            points.push((p.clone(), v.clone()));
            slopes.push(s);
            // Does the other line overtake before the next breakpoint?
            let overtakes = if take_max { so > s } else { so < s };
            if overtakes && v != vo {
                let cross = p + &divide(&(&v - &vo), so - s);
                if next.is_none_or(|q| &cross < q) {
                    let value = &v + &times(&(&cross - p), s);
                    points.push((cross, value));
                    slopes.push(so);
                }
            }
        }
        Trajectory { points, slopes }.normalised()
    }

    /// Merges breakpoints where the slope does not change.
    fn normalised(self) -> Trajectory {
        let mut points: Vec<(Dyadic, Dyadic)> = Vec::new();
        let mut slopes: Vec<i64> = Vec::new();
        for (p, s) in self.points.into_iter().zip(self.slopes) {
            if slopes.last() == Some(&s) {
                continue;
            }
            points.push(p);
            slopes.push(s);
        }
        Trajectory { points, slopes }
    }

    /// The trajectory up to `tau`, then constant (the mast).
    fn masted(&self, tau: &Dyadic) -> Trajectory {
        let mut points = Vec::new();
        let mut slopes = Vec::new();
        for (p, s) in self.points.iter().zip(&self.slopes) {
            if &p.0 < tau {
                points.push(p.clone());
                slopes.push(*s);
            }
        }
        let v = self.value_at(tau);
        points.push((tau.clone(), v));
        slopes.push(0);
        Trajectory { points, slopes }.normalised()
    }
}

/// The thermograph of a game: its two walls, its temperature and its mean (the mast's value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall (the left stop of `G` cooled by `t`, for `t ≥ 0`).
    pub left: Trajectory,
    /// The right wall.
    pub right: Trajectory,
    /// Where the walls meet: the temperature.
    pub temperature: Dyadic,
    /// The value of the mast: the mean.
    pub mean: Dyadic,
}

impl GameStore {
    /// The thermograph of `g`.
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        if let Some(t) = self.thermograph_memo().get(&g) {
            return t.clone();
        }
        let th = self.compute_thermograph(g);
        self.thermograph_memo().insert(g, th.clone());
        th
    }

    fn compute_thermograph(&mut self, g: GameId) -> Thermograph {
        if let Some(x) = self.number_value(g) {
            if x.is_integer() {
                let x = x.clone();
                return Thermograph {
                    left: Trajectory::constant(x.clone()),
                    right: Trajectory::constant(x.clone()),
                    temperature: Dyadic::from(-1),
                    mean: x,
                };
            }
        }
        let mut left: Option<Trajectory> = None;
        for gl in self.left_options(g) {
            let w = self.thermograph(gl).right.plus_linear(-1);
            left = Some(match left {
                None => w,
                Some(l) => l.combine(&w, true),
            });
        }
        let mut right: Option<Trajectory> = None;
        for gr in self.right_options(g) {
            let w = self.thermograph(gr).left.plus_linear(1);
            right = Some(match right {
                None => w,
                Some(r) => r.combine(&w, false),
            });
        }
        // A game that is not an integer has options on both sides.
        let (l, r) = (
            left.expect("a game that is not an integer has Left options"),
            right.expect("a game that is not an integer has Right options"),
        );
        // The least t with L(t) ≤ R(t): L - R is non-increasing, with slopes 0, -1, -2.
        let diff = l.combine_sum(&r.negated());
        let mut tau = Dyadic::from(-1);
        for (i, (p, v)) in diff.points.iter().enumerate() {
            if v.signum() <= 0 {
                tau = p.clone();
                break;
            }
            let s = diff.slopes[i];
            if s < 0 {
                let cross = p + &divide(v, -s);
                if diff.points.get(i + 1).is_none_or(|(q, _)| &cross <= q) {
                    tau = cross;
                    break;
                }
            }
        }
        let mean = l.value_at(&tau);
        Thermograph {
            left: l.masted(&tau),
            right: r.masted(&tau),
            temperature: tau,
            mean,
        }
    }

    /// The mean (mast value) of `g`.
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).mean
    }

    /// The temperature of `g` (`-1` for integers, `-1/2^k` for other numbers `m/2^k`).
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).temperature
    }

    /// `g` cooled by `t ≥ 0`: `g` itself if a number; the mean if `t` is above the temperature;
    /// else `{G^L_t - t | G^R_t + t}`. `None` for a negative `t`.
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> Option<GameId> {
        if t.signum() < 0 {
            return None;
        }
        Some(self.cool_nonneg(g, t))
    }

    fn cool_nonneg(&mut self, g: GameId, t: &Dyadic) -> GameId {
        if self.is_number(g) || t.is_zero() {
            return g;
        }
        let th = self.thermograph(g);
        if t > &th.temperature {
            return self.number(th.mean);
        }
        let tg = self.number(t.clone());
        let mut l = Vec::new();
        for gl in self.left_options(g) {
            let c = self.cool_nonneg(gl, t);
            l.push(self.sub(c, tg));
        }
        let mut r = Vec::new();
        for gr in self.right_options(g) {
            let c = self.cool_nonneg(gr, t);
            r.push(self.sum(c, tg));
        }
        self.from_options(&l, &r)
    }
}

impl Trajectory {
    fn negated(&self) -> Trajectory {
        Trajectory {
            points: self.points.iter().map(|(t, v)| (t.clone(), -v)).collect(),
            slopes: self.slopes.iter().map(|s| -s).collect(),
        }
    }

    /// The pointwise sum.
    fn combine_sum(&self, other: &Trajectory) -> Trajectory {
        let mut ts: Vec<Dyadic> = self
            .points
            .iter()
            .chain(other.points.iter())
            .map(|(t, _)| t.clone())
            .collect();
        ts.sort();
        ts.dedup();
        let points = ts
            .iter()
            .map(|t| (t.clone(), &self.value_at(t) + &other.value_at(t)))
            .collect();
        let slopes = ts
            .iter()
            .map(|t| self.slopes[self.segment(t)] + other.slopes[other.segment(t)])
            .collect();
        Trajectory { points, slopes }.normalised()
    }
}
