"""The Python package against plain Python and against the command line (BENCHMARKS.md, "The
Python package"). Run with an interpreter where the package is installed in release mode:

    maturin develop --release -m crates/sprague-py/Cargo.toml   # in a virtual environment
    python bench/python.py [--rounds 5]

Each case runs its two sides one after the other, `--rounds` times (interleaved, so that the
machine's load falls on both alike), and prints the medians and their ratio. The plain Python
side of each game is the memoised program a contest programmer would write for the same rules.
"""

import argparse
import functools
import os
import statistics
import subprocess
import sys
import time

import sprague
from sprague import Sum


def mex(values):
    values = set(values)
    n = 0
    while n in values:
        n += 1
    return n


# -- Kayles: take one or two adjacent pins of a row; a row splits in two. -----------------------


def kayles_engine(upto):
    game = sprague.Game(lambda n: [Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)])
    return game.table(upto=upto).values.tolist()


def kayles_engine_splits(upto):
    game = sprague.Game(lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)], splits=True)
    return game.table(upto=upto).values.tolist()


def grundy_engine_splits(upto):
    game = sprague.Game(lambda n: [(a, n - a) for a in range(1, (n + 1) // 2)], splits=True)
    return game.table(upto=upto).values.tolist()


def kayles_python(upto):
    @functools.lru_cache(maxsize=None)
    def g(n):
        return mex(g(a) ^ g(n - t - a) for t in (1, 2) for a in range(n - t + 1))

    return [g(n) for n in range(upto + 1)]


def kayles_python_generic(upto):
    # The same rules as the engine is given (a function listing the options, splits as parts)
    # under a generic memoised solver that XORs the parts of each option.
    def moves(n):
        return [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]

    @functools.lru_cache(maxsize=None)
    def g(n):
        values = []
        for parts in moves(n):
            v = 0
            for part in parts:
                v ^= g(part)
            values.append(v)
        return mex(values)

    return [g(n) for n in range(upto + 1)]


# -- Grundy's game: split a heap into two unequal heaps. ----------------------------------------


def grundy_engine(upto):
    game = sprague.Game(lambda n: [Sum(a, n - a) for a in range(1, (n + 1) // 2)])
    return game.table(upto=upto).values.tolist()


def grundy_python(upto):
    @functools.lru_cache(maxsize=None)
    def g(n):
        return mex(g(a) ^ g(n - a) for a in range(1, (n + 1) // 2))

    return [g(n) for n in range(upto + 1)]


# -- A two-number game: Wythoff's moves on a pair, as tuples. ----------------------------------


def wythoff_moves(p):
    x, y = p
    out = [(x - k, y) for k in range(1, x + 1)]
    out += [(x, y - k) for k in range(1, y + 1)]
    out += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    return out


def wythoff_engine(side):
    return sprague.Game(wythoff_moves).grid(side, side).values.tolist()


def wythoff_python(side):
    @functools.lru_cache(maxsize=None)
    def g(p):
        return mex(g(q) for q in wythoff_moves(p))

    return [[g((a, b)) for b in range(side + 1)] for a in range(side + 1)]


# -- A sum of many components, written as whole positions by the plain program. ----------------


def rows_moves(rows):
    """Kayles on a tuple of rows, as one whole position (what a program without sums does)."""
    out = set()
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1 :]
        for t in (1, 2):
            for a in range(n - t + 1):
                out.add(tuple(sorted(x for x in rest + (a, n - t - a) if x)))
    return out


def sum_engine(rows):
    game = sprague.Game(lambda n: [Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)])
    return game.analyse(Sum(*rows)).outcome


def sum_python(rows):
    @functools.lru_cache(maxsize=None)
    def win(p):
        return any(not win(q) for q in rows_moves(p))

    sys.setrecursionlimit(100000)
    return "N" if win(tuple(sorted(rows))) else "P"


def timed(f, *args):
    start = time.perf_counter()
    result = f(*args)
    return time.perf_counter() - start, result


def compare(name, engine, plain, arg, rounds):
    e_times, p_times = [], []
    for _ in range(rounds):
        te, re = timed(engine, arg)
        tp, rp = timed(plain, arg)
        assert re == rp, f"{name}: the two sides disagree"
        e_times.append(te)
        p_times.append(tp)
    e, p = statistics.median(e_times), statistics.median(p_times)
    print(f"{name:<44} sprague {e:8.3f} s   plain Python {p:8.3f} s   plain/sprague {p / e:6.2f}")


def cli_table(binary, code, upto):
    subprocess.run(
        [binary, "table", "octal", code, "--upto", str(upto), "--json"],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def compare_cli(binary, code, upto, rounds):
    py_times, cli_times = [], []
    for _ in range(rounds):
        t, _ = timed(lambda: sprague.table("octal", code, upto=upto))
        py_times.append(t)
        t, _ = timed(cli_table, binary, code, upto)
        cli_times.append(t)
    p, c = statistics.median(py_times), statistics.median(cli_times)
    print(f"{'table octal ' + code + ' --upto ' + str(upto):<44} Python  {p:8.3f} s   command line {c:8.3f} s   Python/CLI {p / c:6.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--bin", default=os.environ.get("SPRAGUE_BIN", "target/release/sprague"))
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.rounds} rounds, medians")
    compare("Kayles, G(0..1500)", kayles_engine, kayles_python, 1500, args.rounds)
    compare("Kayles, G(0..1500), generic plain solver", kayles_engine, kayles_python_generic, 1500, args.rounds)
    compare("Kayles, G(0..1500), splits=True (tuples)", kayles_engine_splits, kayles_python, 1500, args.rounds)
    compare("Grundy's game, G(0..2000)", grundy_engine, grundy_python, 2000, args.rounds)
    compare("Grundy's game, G(0..2000), splits=True", grundy_engine_splits, grundy_python, 2000, args.rounds)
    compare("Wythoff pairs, 120 x 120 grid", wythoff_engine, wythoff_python, 120, args.rounds)
    compare("Kayles rows 3+4+5+6+7 (outcome)", sum_engine, sum_python, (3, 4, 5, 6, 7), args.rounds)
    compare_cli(args.bin, "0.6", 10**6, args.rounds)
    compare_cli(args.bin, "0.07", 10**7, args.rounds)


if __name__ == "__main__":
    main()
