"""Games written as Python functions, solved by the engine, against plain brute force."""

import functools
import itertools
import random

import pytest

import sprague
from sprague import Sum


def mex(values):
    values = set(values)
    n = 0
    while n in values:
        n += 1
    return n


# -- Brute force: whole positions, no sums split, no theory. ----------------------------------


def brute_grundy(moves):
    @functools.lru_cache(maxsize=None)
    def g(p):
        return mex(g(q) for q in moves(p))

    return g


def kayles_rows(rows):
    """Kayles on a tuple of row lengths, as a whole position (no splitting into sums)."""
    out = set()
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1 :]
        for t in (1, 2):
            for a in range(n - t + 1):
                b = n - t - a
                out.add(tuple(sorted(x for x in rest + (a, b) if x)))
    return out


def kayles_sum(n):
    return [Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]


def test_kayles_by_sums_agrees_with_whole_position_brute_force():
    game = sprague.Game(kayles_sum)
    g = brute_grundy(kayles_rows)
    for n in range(0, 16):
        assert game.nim_value(n) == g((n,) if n else ()), n
    for rows in [(1, 2), (3, 4, 5), (2, 2, 7), (6, 1, 1, 3)]:
        assert game.nim_value(Sum(*rows)) == g(tuple(sorted(rows)))


def test_kayles_table_is_the_catalogues():
    game = sprague.Game(kayles_sum)
    assert game.table(upto=300).values.tolist() == sprague.table("kayles", upto=300).values.tolist()


def test_grundys_game_and_its_table():
    def grundy(n):
        return [Sum(a, n - a) for a in range(1, (n + 1) // 2) if a != n - a]

    game = sprague.Game(grundy)
    assert game.table(upto=200).values.tolist() == sprague.table("grundys-game", upto=200).values.tolist()


def test_winning_moves_of_a_sum_are_whole_positions():
    game = sprague.Game(kayles_sum)
    g = brute_grundy(kayles_rows)
    position = Sum(3, 4, 6)
    moves = game.winning_moves(position)
    assert moves
    for m in moves:
        parts = m.parts if isinstance(m, Sum) else (m,)
        assert g(tuple(sorted(x for x in parts if x))) == 0
    analysis = game.analyse(position, all_moves=True)
    assert analysis.outcome == "N"
    assert {repr(m) for m in analysis.winning_moves} == {repr(m) for m in moves}
    assert sum(1 for m in analysis.all_moves if m.outcome == "P") == len(moves)


def test_positions_of_every_kind():
    # A token on a tuple-coordinate board, a frozenset of heaps, strings: all hashable positions.
    game = sprague.Game(lambda p: [frozenset(p - {x}) | ({x - 1} if x > 1 else set()) for x in p])
    brute = brute_grundy(lambda p: [frozenset(p - {x}) | ({x - 1} if x > 1 else set()) for x in p])
    for items in [(1,), (2, 3), (1, 4, 6), (2, 5, 7, 9)]:
        p = frozenset(items)
        assert game.nim_value(p) == brute(p)
    words = sprague.Game(lambda w: [w[:i] + w[i + 1 :] for i in range(len(w)) if w[i] == "a"])
    assert words.nim_value("abab") == 0 and words.nim_value("aab") == 0 and words.nim_value("ab") == 1
    lists = sprague.Game(lambda p: [(p[0] - 1, p[1])] if p[0] else [])
    assert lists.nim_value([3, 9]) == 1
    assert lists.winning_moves((3, 9)) == [(2, 9)]


def wythoff(p):
    x, y = p
    out = [(x - k, y) for k in range(1, x + 1)]
    out += [(x, y - k) for k in range(1, y + 1)]
    out += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    return out


def test_two_number_game_grid_is_wythoffs():
    game = sprague.Game(wythoff, normalize=lambda p: tuple(sorted(p)))
    grid = game.grid(20, 20)
    for a, b in itertools.product(range(21), range(21)):
        assert grid.values[a, b] == sprague.wythoff(a, b).nim_value
    assert (3, 5) in grid.p_positions and (5, 3) in grid.p_positions
    assert "<table>" in grid._repr_html_()


def test_normalize_merges_symmetric_positions():
    calls = []

    def moves(p):
        calls.append(p)
        return [tuple(sorted((p[0] - 1, p[1]))), tuple(sorted((p[0], p[1] - 1)))] if min(p) else []

    game = sprague.Game(moves, normalize=lambda p: tuple(sorted(p)))
    game.nim_value((6, 2))
    assert all(p[0] <= p[1] for p in calls)


def test_terminal_is_asked_before_moves():
    game = sprague.Game(lambda n: 1 / 0, terminal=lambda n: True)
    assert game.nim_value(5) == 0


def test_loopy_games_have_draws_and_generalised_values():
    # A token on a directed graph with a cycle 1 -> 2 -> 3 -> 1 and exits 3 -> 4 -> 5.
    edges = {0: [], 1: [2], 2: [3], 3: [1, 4], 4: [5], 5: []}
    game = sprague.Game(lambda v: edges[v])
    assert game.nim_value(5) == 0 and game.nim_value(4) == 1
    # Brute-force retrograde outcomes.
    outcome = {5: "P", 4: "N"}
    changed = True
    while changed:
        changed = False
        for v in edges:
            if v in outcome:
                continue
            succ = [outcome.get(w) for w in edges[v]]
            if "P" in succ:
                outcome[v], changed = "N", True
            elif succ and all(s == "N" for s in succ) or not succ:
                outcome[v], changed = "P", True
    for v in edges:
        assert game.outcome(v) == outcome.get(v, "D"), v
    a = game.analyse(1)
    assert a.note and "loopy" in a.note


def test_a_pure_cycle_is_a_draw_with_an_infinite_value():
    game = sprague.Game(lambda v: [(v + 1) % 3])
    assert game.outcome(0) == "D"
    assert str(game.nim_value(0)).startswith("∞")


def test_misere_against_the_misere_nim_rule():
    nim = sprague.Game(lambda heaps: [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1 :])) for i, h in enumerate(heaps) for k in range(h)])
    rng = random.Random(7)
    for _ in range(30):
        heaps = tuple(sorted(rng.randint(0, 4) for _ in range(rng.randint(1, 3))))
        expected = sprague.nim(*heaps, misere=True).outcome
        assert nim.outcome(heaps, misere=True) == expected, heaps
    assert nim.outcome((1, 1), misere=True) == "N"
    assert set(nim.winning_moves((1, 1), misere=True)) == {(0, 1)}


def test_a_python_error_is_raised_and_the_memo_stays_right():
    state = {"fail": True}

    def moves(n):
        if n == 3 and state["fail"]:
            raise ZeroDivisionError("boom")
        return [n - 1] if n else []

    game = sprague.Game(moves)
    with pytest.raises(ZeroDivisionError, match="boom"):
        game.nim_value(6)
    state["fail"] = False
    assert game.nim_value(6) == 0 and game.nim_value(5) == 1


def test_bad_positions_and_options_are_type_errors():
    game = sprague.Game(lambda n: [object()])
    with pytest.raises(TypeError, match="not a position"):
        game.nim_value(1)
    with pytest.raises(TypeError, match="iterable"):
        sprague.Game(lambda n: 5).nim_value(1)
    with pytest.raises(ValueError, match="64 bits"):
        sprague.Game(lambda n: []).nim_value(2**70)


def test_max_positions_is_a_budget():
    game = sprague.Game(lambda n: [n - 1] if n else [], max_positions=100)
    with pytest.raises(sprague.TooLargeError, match="max_positions"):
        game.nim_value(1000)
    with pytest.raises(sprague.TooLargeError):
        game.table(upto=1000)


def test_the_memo_is_kept_between_calls():
    game = sprague.Game(kayles_sum)
    game.nim_value(40)
    learnt = len(game)
    assert learnt >= 40
    game.nim_value(40)
    assert len(game) == learnt


def test_a_table_of_a_python_game_reports_its_period_as_seen_not_proved():
    game = sprague.Game(lambda n: [n - t for t in (1, 3, 4) if t <= n])
    t = game.table(upto=100)
    assert t.values.tolist() == sprague.table("subtraction", set="1,3,4", upto=100).values.tolist()
    assert t.period.period == 7 and not t.period.proved


def test_sums_compare_and_hash_by_their_sorted_parts():
    assert Sum(1, 2) == Sum(2, 1) and hash(Sum(1, 2)) == hash(Sum(2, 1))
    assert Sum(Sum(1, 2), 3).parts == (1, 2, 3)
    assert repr(Sum((1, 2), "a")) in ("Sum('a', (1, 2))", "Sum((1, 2), 'a')")
    assert len(Sum()) == 0


def test_hostile_rules_are_refused_not_hung():
    import itertools as it

    endless = sprague.Game(lambda n: it.repeat(0))
    with pytest.raises(ValueError, match="more than"):
        endless.nim_value(1)
    deep = ()
    for _ in range(100_000):
        deep = (deep,)
    with pytest.raises(ValueError, match="nests more than"):
        sprague.Game(lambda p: []).nim_value(deep)

    # A game whose moves ask the same game for a value: answered, not a crash.
    holder = {}

    def moves(n):
        if n == 3:
            holder["g"].nim_value(1)
        return [n - 1] if n else []

    holder["g"] = sprague.Game(moves)
    assert holder["g"].nim_value(5) == 1


def test_splits_reads_tuples_as_sums():
    by_tuples = sprague.Game(lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)], splits=True)
    by_sums = sprague.Game(kayles_sum)
    assert by_tuples.table(upto=200).values.tolist() == by_sums.table(upto=200).values.tolist()
    assert by_tuples.nim_value((3, 4, 6)) == by_sums.nim_value(Sum(3, 4, 6))
    assert set(map(repr, by_tuples.winning_moves((3, 4, 6)))) == set(map(repr, by_sums.winning_moves(Sum(3, 4, 6))))
    with pytest.raises(ValueError, match="no grid"):
        by_tuples.grid(3, 3)


def test_python_games_get_formulas_seen_not_proved():
    take = sprague.Game(lambda n: [n - t for t in (1, 2, 4, 8, 16, 32) if t <= n])
    t = take.table(upto=300)
    assert t.formulas[0].expr == "n % 3" and not t.formulas[0].proved

    grid = sprague.Game(wythoff, normalize=lambda p: tuple(sorted(p))).grid(40, 40)
    rule = [f for f in grid.formulas if f.kind == "p-positions"][0]
    assert "golden ratio" in rule.note and rule.fits
    # The rule, read in Python's own arithmetic, marks exactly the P-positions.
    env = {"min": min, "max": max, "isqrt": __import__("math").isqrt}
    for a in range(41):
        for b in range(41):
            text = rule.expr.replace("&&", " and ").replace("||", " or ").replace(" / ", " // ")
            holds = eval(text, env, {"a": a, "b": b})
            assert holds == (grid.values[a, b] == 0)
