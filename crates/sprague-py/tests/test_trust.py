"""Issue #39 ("Trust II"), the package's part: every object usable from any thread, ints of any
size both ways, and sizes out of range refused clearly."""

import concurrent.futures
import sys
import threading

import numpy as np
import pytest

import sprague
from sprague import Game, Sum


def kayles(n):
    return [Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]


def wythoff(p):
    x, y = p
    return (
        [(x - k, y) for k in range(1, x + 1)]
        + [(x, y - k) for k in range(1, y + 1)]
        + [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    )


def on_a_thread(work):
    """`work()` run on a `threading.Thread`: its value, or the exception it raised."""
    box = {}

    def run():
        try:
            box["value"] = work()
        except BaseException as e:  # noqa: BLE001 - a PanicException is a BaseException
            box["error"] = e

    t = threading.Thread(target=run)
    t.start()
    t.join(120)
    assert not t.is_alive()
    if "error" in box:
        # A Rust panic (`PanicException`) is a BaseException, not an Exception.
        assert isinstance(box["error"], Exception), repr(box["error"])
        raise box["error"]
    return box["value"]


# --- 1. Every object from any thread -----------------------------------------------------------


def test_a_game_made_on_one_thread_answers_on_another():
    game = Game(kayles)
    here = [game.nim_value(n) for n in range(20)]
    assert on_a_thread(lambda: [game.nim_value(n) for n in range(20)]) == here
    assert on_a_thread(lambda: game.outcome(Sum(5, 7))) == game.outcome(Sum(5, 7))
    assert on_a_thread(lambda: game.winning_moves(Sum(5, 7))) == game.winning_moves(Sum(5, 7))
    assert on_a_thread(lambda: game.analyse(9, all_moves=True).to_dict()) == game.analyse(9, all_moves=True).to_dict()
    assert on_a_thread(lambda: game.outcome(6, misere=True)) == game.outcome(6, misere=True)
    assert on_a_thread(lambda: game.table(upto=60).values.tolist()) == game.table(upto=60).values.tolist()
    assert on_a_thread(lambda: len(game)) == len(game)
    # A game made on another thread answers here too.
    made = on_a_thread(lambda: Game(wythoff, normalize=lambda p: tuple(sorted(p))))
    assert made.grid(12, 12).p_positions == Game(wythoff).grid(12, 12).p_positions


def test_one_game_shared_by_a_thread_pool_answers_as_the_main_thread():
    fresh = Game(kayles)
    expected = [fresh.nim_value(n) for n in range(80)]
    shared = Game(kayles)
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(shared.nim_value, range(80)))
        sums = list(pool.map(lambda n: shared.nim_value(Sum(n, n + 1)), range(40)))
        tables = list(pool.map(lambda _: shared.table(upto=70).values.tolist(), range(4)))
        misere = list(pool.map(lambda n: shared.outcome(n, misere=True), range(12)))
    assert got == expected
    assert sums == [expected[n] ^ expected[n + 1] for n in range(40)]
    assert tables == [expected[:71]] * 4
    assert misere == [fresh.outcome(n, misere=True) for n in range(12)]


def test_a_game_whose_functions_yield_the_interpreter_is_shared_safely():
    # moves() sleeps, so the interpreter switches threads in the middle of a computation.
    import time

    def slow_moves(n):
        time.sleep(0.0005)
        return [n - t for t in (1, 2, 3) if t <= n]

    game = Game(slow_moves)
    with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
        got = list(pool.map(game.nim_value, [30, 25, 31, 7, 29, 12] * 3))
    assert got == [n % 4 for n in [30, 25, 31, 7, 29, 12] * 3]


def test_a_shared_game_whose_moves_ask_the_same_game():
    # The nested call runs on the thread holding the game's turn: answered, not a deadlock.
    holder = {}

    def moves(n):
        if n == 3:
            holder["g"].nim_value(1)
        return [n - 1] if n else []

    holder["g"] = Game(moves)
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(holder["g"].nim_value, range(12))) == [n % 2 for n in range(12)]


def test_errors_on_other_threads_are_exceptions_not_panics():
    game = Game(lambda n: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        on_a_thread(lambda: game.nim_value(3))
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(game.nim_value, n) for n in range(8)]
        for f in futures:
            assert isinstance(f.exception(), ZeroDivisionError)
    with pytest.raises(ValueError):
        on_a_thread(lambda: Game(kayles).grid(2**64, 0))


def test_sums_tables_states_and_answers_from_threads(cli):
    s = Sum(1, (2, 3), "a")
    assert on_a_thread(lambda: (s.parts, len(s), hash(s), repr(s))) == (s.parts, len(s), hash(s), repr(s))
    t = sprague.table("octal", "0.07", upto=300)
    assert on_a_thread(lambda: (t.values.tolist(), t.period, repr(t))) == (t.values.tolist(), t.period, repr(t))
    state = sprague.play("connect4", "4453")
    here = (state.legal_moves(), state.value(), state.best_moves())
    assert on_a_thread(lambda: (state.legal_moves(), state.value(), state.best_moves())) == here
    nim_state = sprague.play("nim", "3 4 5")
    assert on_a_thread(lambda: nim_state.play("heap 1: 3 -> 1").value()) == -1

    calls = [
        lambda: sprague.nim(3, 4, 5).to_dict(),
        lambda: sprague.kayles(5, 7).to_dict(),
        lambda: sprague.table("subtraction", set="1,3,4", upto=50).values.tolist(),
        lambda: sprague.table("kayles", upto=200).values.tolist(),
        lambda: sprague.play("tictactoe", "").engine_move(),
        lambda: sprague.play("triangle-war", "").legal_moves(),
        lambda: sprague.connect4("4453").to_dict(),
        lambda: sprague.nim_product(16, 16).to_dict(),
    ]
    expected = [c() for c in calls]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(lambda c: c(), calls)) == expected


# --- 2. Ints of any size, both ways ------------------------------------------------------------


@pytest.fixture
def default_digit_limit():
    """The interpreter's own limit on int ↔ str conversion, as a fresh interpreter has it."""
    if not hasattr(sys, "set_int_max_str_digits"):
        pytest.skip("this Python has no limit on int to str conversion")
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    yield
    assert sys.get_int_max_str_digits() == 4300, "the package changed the interpreter's setting"
    sys.set_int_max_str_digits(before)


def test_nim_of_heaps_past_python_digit_limit(default_digit_limit):
    big = 10**5000
    a = sprague.nim(big, big)
    assert (a.outcome, a.nim_value, a.winning_moves) == ("P", 0, [])
    b = sprague.nim(big, 3)
    assert b.nim_value == big ^ 3 and isinstance(b.nim_value, int)
    huge = 10**100000 - 1
    c = sprague.nim(huge)
    assert c.nim_value == huge
    assert len(c.winning_moves) == 1 and c.winning_moves[0].to == "0"
    d = sprague.analyse("nim", [huge, 5], all_moves=False)
    assert d.nim_value == huge ^ 5
    # Displays of the answer print its digits.
    assert sprague._decimal(huge) in repr(c) and "nim_value" in c._repr_html_()


def test_other_games_past_python_digit_limit(default_digit_limit, cli):
    big = 10**5000 + 7
    w = sprague.wythoff(big, big)
    assert w.outcome == "N"
    # Big ints as parameters (flags), and in the moves' numbers.
    assert sprague.bash(10**5000, max=10**4500).nim_value == 10**5000 % (10**4500 + 1)
    ruler = sprague.turning("ruler", 2**20000, 3)
    assert ruler.nim_value == 2**20000 ^ 1
    assert ruler.winning_moves[0].run[-1] == 2**20000 and ruler.winning_moves[0].run[0] > 2**19999
    product = sprague.nim_product(2**20000, 3)
    assert product.value == sprague.nim_product(2**20000, 3).value and product.value > 2**20000
    staircase = sprague.staircase([10**6000, 0, 1])
    assert staircase.nim_value == 10**6000 ^ 1
    # np.integer positions and lists of them still work.
    assert sprague.nim(np.uint64(3), np.int64(4), 5).nim_value == 2


def test_answers_parse_big_ints_without_changing_the_interpreter(default_digit_limit):
    digits = "9" * 20000
    got = sprague._loads('{"value": ' + digits + ', "small": [1, -2, 30]}')
    assert got == {"value": 10**20000 - 1, "small": [1, -2, 30]}
    assert sprague._decimal(-(10**20000)) == "-1" + "0" * 20000
    sys.set_int_max_str_digits(640)
    try:
        assert sprague._loads("[" + "7" * 700 + "]") == [int("7" * 600) * 10**100 + int("7" * 100)]
        assert sprague.nim(10**700).nim_value == 10**700
    finally:
        sys.set_int_max_str_digits(4300)


def test_big_ints_in_a_python_game_are_a_clear_error(default_digit_limit):
    game = Game(lambda n: [])
    with pytest.raises(ValueError, match=r"does not fit in 64 bits.*-2\^63"):
        game.nim_value(10**5000)
    with pytest.raises(ValueError, match="does not fit in 64 bits"):
        game.nim_value(Sum(10**5000, 3))
    with pytest.raises(ValueError, match="does not fit in 64 bits"):
        game.nim_value((1, 2**64))


# --- 3. Sizes out of range are refused, never wrapped ------------------------------------------


def test_a_grid_past_64_bits_is_refused_not_empty():
    game = Game(wythoff)
    for rows, cols in [(2**64 - 1, 0), (0, 2**64 - 1), (2**64, 5), (2**32, 2**32), (10**5000, 1)]:
        with pytest.raises(sprague.TooLargeError, match="max_positions"):
            game.grid(rows, cols)
    for rows, cols in [(-1, 3), (3, -2)]:
        with pytest.raises(ValueError, match="0 or more"):
            game.grid(rows, cols)
    assert game.grid(0, 0).values.tolist() == [[0]]


def test_table_sizes_out_of_range_are_value_errors():
    game = Game(kayles)
    with pytest.raises(sprague.TooLargeError, match="max_positions"):
        game.table(upto=2**64)
    with pytest.raises(sprague.TooLargeError, match="max_positions"):
        game.table(upto=2**64 - 1)
    with pytest.raises(ValueError, match="0 or more"):
        game.table(upto=-1)
    for bad in (-1, 2**64, 10**5000):
        with pytest.raises(ValueError, match="upto must be a whole number from 0 to 18446744073709551615"):
            sprague.table("kayles", upto=bad)
        with pytest.raises(ValueError, match="upto must be a whole number"):
            sprague.table("subtraction", set="1,2", upto=bad)
        with pytest.raises(ValueError, match="time_limit must be a whole number"):
            sprague.nim(3, time_limit=bad)
        with pytest.raises(ValueError, match="memory_limit must be a whole number"):
            sprague.table("kayles", upto=10, memory_limit=bad)
        with pytest.raises(ValueError, match="max_positions must be a whole number"):
            Game(kayles, max_positions=bad)


def test_budgets_at_their_largest_still_answer():
    assert sprague.nim(3, 4, 5, time_limit=2**64 - 1, memory_limit=2**64 - 1).nim_value == 2
    assert Game(kayles, max_positions=2**63).nim_value(5) == 4
