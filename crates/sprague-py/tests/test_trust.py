"""Issue #39 ("Trust II"), the package's part: every object usable from any thread."""

import concurrent.futures
import threading

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


def test_errors_on_other_threads_are_exceptions_not_panics():
    game = Game(lambda n: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        on_a_thread(lambda: game.nim_value(3))
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(game.nim_value, n) for n in range(8)]
        for f in futures:
            assert isinstance(f.exception(), ZeroDivisionError)


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
