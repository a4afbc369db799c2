//! Writes game-graph files in the format of `sprague graph FILE` (first line `n m k`, then `m`
//! edges `u v`, vertices 1..n, then the `k` token vertices), for benchmarks. Deterministic: the
//! same arguments give the same bytes.
//!
//! ```text
//! gen_graph dag    N M K SEED   # random DAG: each edge goes from a lower to a higher rank under a
//!                               # random permutation, so the file is not sorted topologically
//! gen_graph cyclic N M K SEED   # random directed graph, cycles allowed (no self-loops)
//! gen_graph path   N            # 1 -> 2 -> ... -> N, one token on vertex 1
//! ```
//!
//! Output goes to standard output; redirect it to a file.

use std::io::{self, BufWriter, Write};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn usage() -> ! {
    eprintln!("usage: gen_graph dag|cyclic N M K SEED  |  gen_graph path N");
    std::process::exit(2);
}

fn number(word: Option<&String>) -> u64 {
    word.and_then(|w| w.parse().ok()).unwrap_or_else(|| usage())
}

/// Appends `value` in decimal and then `end`, without going through `fmt` (files of 10^7 lines).
fn push_number(out: &mut Vec<u8>, value: u64, end: u8) {
    let mut digits = [0u8; 20];
    let mut len = 0;
    let mut v = value;
    loop {
        digits[len] = b'0' + (v % 10) as u8;
        len += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend(digits[..len].iter().rev());
    out.push(end);
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut line = Vec::with_capacity(64);
    match args.first().map(String::as_str) {
        Some("path") => {
            let n = number(args.get(1));
            if n == 0 {
                usage();
            }
            writeln!(out, "{n} {} 1", n - 1)?;
            for v in 1..n {
                line.clear();
                push_number(&mut line, v, b' ');
                push_number(&mut line, v + 1, b'\n');
                out.write_all(&line)?;
            }
            writeln!(out, "1")?;
        }
        Some(mode @ ("dag" | "cyclic")) => {
            let n = number(args.get(1));
            let m = number(args.get(2));
            let k = number(args.get(3));
            let seed = number(args.get(4));
            if n < 2 {
                usage();
            }
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // rank[v] is v's place in a random order; DAG edges go up in rank.
            let mut rank: Vec<u32> = (0..n as u32).collect();
            rank.shuffle(&mut rng);
            writeln!(out, "{n} {m} {k}")?;
            for _ in 0..m {
                let a = rng.gen_range(0..n);
                let mut b = rng.gen_range(0..n - 1);
                if b >= a {
                    b += 1;
                }
                let (u, v) = if mode == "dag" && rank[a as usize] > rank[b as usize] {
                    (b, a)
                } else {
                    (a, b)
                };
                line.clear();
                push_number(&mut line, u + 1, b' ');
                push_number(&mut line, v + 1, b'\n');
                out.write_all(&line)?;
            }
            for _ in 0..k {
                line.clear();
                push_number(&mut line, rng.gen_range(0..n) + 1, b'\n');
                out.write_all(&line)?;
            }
        }
        _ => usage(),
    }
    out.flush()
}
