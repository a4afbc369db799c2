//! The naive method: every option of every heap, the mex in a register while the values fit in
//! six bits. The reference the fast method is tested against, value for value.

use super::phase2::{mark_other_moves, pairs_into};
use super::{words_for, HeapTable, View};

impl HeapTable {
    /// The value of a heap of `n`, all smaller ones known, by every option.
    pub(super) fn naive_step(&mut self, n: usize) -> u64 {
        let g = &self.values;
        // Small values: the mex in a register (XORs of values below 2^6 stay below 2^6).
        if self.bits <= 6 && self.removals[3].is_empty() {
            let mut seen = 0u64;
            for &k in &self.removals[0] {
                if k == n && k > 0 {
                    seen |= 1;
                }
            }
            for &k in &self.removals[1] {
                if k < n && k > 0 {
                    seen |= 1 << g[n - k];
                }
            }
            for &k in &self.removals[2] {
                if k + 2 <= n {
                    let m = n - k;
                    let half = if self.unequal { (m - 1) / 2 } else { m / 2 };
                    for a in 1..=half {
                        seen |= 1 << (g[a] ^ g[m - a]);
                    }
                }
            }
            return u64::from((!seen).trailing_zeros());
        }
        let seen = &mut self.seen;
        mark_other_moves(seen, View::whole(g), n, &self.removals);
        for &k in &self.removals[2] {
            if k + 2 <= n {
                let m = n - k;
                let half = if self.unequal { (m - 1) / 2 } else { m / 2 };
                pairs_into(seen, View::whole(g), m, 1, half + 1, false);
            }
        }
        let words = words_for(self.bits);
        let mut res = (words * 64) as u64;
        for (w, word) in seen[..words].iter().enumerate() {
            if *word != u64::MAX {
                res = (w * 64) as u64 + u64::from((!word).trailing_zeros());
                break;
            }
        }
        seen[..words].fill(0);
        res
    }
}
