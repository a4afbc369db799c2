//! A fixed-size transposition table of value bounds, with compact entries and partial keys.
//!
//! Each slot is one `u64`: the low 32 bits of the key (the partial key) and a lower and an upper
//! bound on the position's value (`i16` each). A key `k` lives in slot `k mod n`, where the
//! number of slots `n` is an odd prime; by the Chinese remainder theorem the pair
//! (`k mod n`, `k mod 2^32`) determines `k` whenever `k < n·2^32`, so for such keys (Connect Four's
//! 49-bit keys with `n > 2^17`) a hit is never a false one. Larger keys may collide, with
//! probability about 2^-32 per probe.
//!
//! Replacement: a new key always takes the slot (the most recent position is the likeliest to be
//! seen again, and the cheapest policy); the same key tightens the stored bounds (both are true
//! bounds of the exact value, since every search goes to the end of the game). When the game's
//! keys are `0..n` with `n` the table's size, every key has its own slot: full memoisation.
//!
//! Memory: 8 bytes per slot, allocated once.

/// Bounds `(lower, upper)` on a value, with `lower <= upper`.
pub type Bounds = (i32, i32);

const EMPTY: u64 = pack(0, i16::MAX, i16::MIN);

const fn pack(check: u32, lower: i16, upper: i16) -> u64 {
    ((check as u64) << 32) | ((lower as u16 as u64) << 16) | (upper as u16 as u64)
}

/// A fixed-size table from keys to bounds on their values.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    // Invariant: the length is an odd prime (or 2), never changes after construction.
    slots: Vec<u64>,
}

impl TranspositionTable {
    /// A table with at least `min_slots` slots (the next prime up).
    pub fn new(min_slots: usize) -> TranspositionTable {
        let size = next_prime(min_slots.max(3) as u64) as usize;
        TranspositionTable {
            slots: vec![EMPTY; size],
        }
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a table has at least three slots.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Bytes used by the slots.
    pub fn memory_usage(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u64>()
    }

    /// The bytes a table of at least `min_slots` slots would take, to check before allocating.
    pub fn estimate_memory(min_slots: usize) -> u64 {
        next_prime(min_slots.max(3) as u64) * 8
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Bounds> {
        let slot = self.slots[(key % self.slots.len() as u64) as usize];
        if slot == EMPTY || (slot >> 32) as u32 != key as u32 {
            return None;
        }
        let lower = (slot >> 16) as u16 as i16;
        let upper = slot as u16 as i16;
        Some((i32::from(lower), i32::from(upper)))
    }

    /// Records that the value of `key` lies in `lower..=upper`, tightening what is stored for the
    /// same key and replacing another key's entry. Bounds outside `i16` are widened to "unknown"
    /// on that side.
    #[inline]
    pub fn store(&mut self, key: u64, lower: i32, upper: i32) {
        let (mut lower, mut upper) = (clamp(lower, i16::MIN), clamp(upper, i16::MAX));
        if let Some((old_lower, old_upper)) = self.get(key) {
            // An empty intersection can only come from a false hit of a key beyond the exact
            // range: then the new bounds win.
            if lower.max(old_lower as i16) <= upper.min(old_upper as i16) {
                lower = lower.max(old_lower as i16);
                upper = upper.min(old_upper as i16);
            }
        }
        let index = (key % self.slots.len() as u64) as usize;
        self.slots[index] = pack(key as u32, lower, upper);
    }

    /// How many slots hold an entry.
    pub fn occupied(&self) -> usize {
        self.slots.iter().filter(|&&s| s != EMPTY).count()
    }
}

/// `value` as an `i16`, or `unknown` (the widest bound on that side) if it does not fit.
fn clamp(value: i32, unknown: i16) -> i16 {
    i16::try_from(value).unwrap_or(unknown)
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 1;
    }
    true
}

fn next_prime(mut n: u64) -> u64 {
    while !is_prime(n) {
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_the_next_prime() {
        assert_eq!(TranspositionTable::new(1 << 18).len(), 262_147);
        assert_eq!(TranspositionTable::new(10).len(), 11);
        assert_eq!(TranspositionTable::new(0).len(), 3);
    }

    #[test]
    fn stores_tightens_and_replaces() {
        let mut table = TranspositionTable::new(11);
        assert_eq!(table.get(5), None);
        table.store(5, -3, 7);
        assert_eq!(table.get(5), Some((-3, 7)));
        table.store(5, 0, 9);
        assert_eq!(table.get(5), Some((0, 7)));
        // 16 = 5 + 11 shares the slot: it replaces 5.
        table.store(16, -1, -1);
        assert_eq!(table.get(16), Some((-1, -1)));
        assert_eq!(table.get(5), None);
        assert_eq!(table.occupied(), 1);
        table.clear();
        assert_eq!(table.get(16), None);
    }

    #[test]
    fn partial_keys_never_collide_below_the_bound() {
        // Keys below n * 2^32 are told apart exactly: k and k + n * 2^32 share slot and check.
        let mut table = TranspositionTable::new(3);
        let n = table.len() as u64;
        let k = 12_345;
        table.store(k + n * (1 << 32), 1, 1);
        assert_eq!(
            table.get(k),
            Some((1, 1)),
            "the documented collision beyond the bound"
        );
        table.store(k, 2, 2);
        for other in [k + 1, k + n, k + (1 << 32)] {
            assert_eq!(table.get(other), None);
        }
    }

    #[test]
    fn huge_bounds_become_unknown() {
        let mut table = TranspositionTable::new(3);
        table.store(1, -100_000, 100_000);
        assert_eq!(table.get(1), Some((i16::MIN.into(), i16::MAX.into())));
    }
}
