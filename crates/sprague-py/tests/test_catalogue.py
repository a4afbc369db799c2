"""Every call of the package against the command line's JSON: the catalogue's games, tables,
errors and the state API."""

import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import sprague


def test_games_are_the_command_lines_catalogue(cli):
    code, listed, _ = cli("games")
    assert code == 0
    assert [g.to_dict() for g in sprague.games()] == listed


@pytest.mark.parametrize("entry", sprague.games(), ids=lambda g: g.name)
def test_every_example_answers_as_the_command_line(cli, entry):
    words = list(entry.example)
    command = ["solve"] if entry.command == "solve" else []
    if entry.input == "file":
        code, expected, err = cli(*command, entry.name, *words, stdin=entry.example_text.encode())
        got = sprague.analyse(entry.name, [w for w in words if w != "-"] or None, text=entry.example_text)
    else:
        code, expected, err = cli(*command, entry.name, *words)
        # The example's flags as keywords, the rest as the position.
        params, position, rest = {}, [], iter(words)
        declared = {p.name: p for p in entry.parameters}
        for word in rest:
            if word.startswith("--"):
                p = declared[word[2:]]
                params[p.name.replace("-", "_")] = next(rest) if p.value else True
            else:
                position.append(word)
        # A game whose parameters give the whole position (triangle-war) takes no words.
        words = [" ".join(position)] if position else []
        got = getattr(sprague, entry.name.replace("-", "_"))(*words, **params)
    assert code == 0, err
    assert got.to_dict() == expected


def test_big_numbers_stay_exact_ints():
    big = 2**200 + 12345
    a = sprague.nim(big, 7)
    assert a.nim_value == big ^ 7
    assert isinstance(a.nim_value, int)
    assert sprague.wythoff(big, big).outcome == "N"


def test_attributes_and_items(cli):
    a = sprague.nim(3, 4, 5)
    assert (a.outcome, a.nim_value) == ("N", 2)
    assert a.winning_moves[0].move == "heap 1: 3 -> 1"
    assert a["winning_moves"][0]["to"] == "1 4 5"
    assert a.to_dict() == cli("nim", "3", "4", "5")[1]
    with pytest.raises(AttributeError):
        a.no_such_field
    assert "<table>" in a._repr_html_()


def test_options_misere_and_all_moves(cli):
    a = sprague.nim(1, 1, 1, misere=True, all_moves=True)
    assert a.to_dict() == cli("nim", "--misere", "--all-moves", "1", "1", "1")[1]
    assert a.outcome == "P"
    assert len(a.all_moves) == 3


def test_misere_genus_and_every_sg_of_heap_games(cli):
    a = sprague.kayles(5, misere=True)
    assert a.genus == "4^146"
    assert a.to_dict() == cli("kayles", "--misere", "5")[1]
    e = sprague.octal("0.77", 5, 7, every=True)
    assert e.steps == 5 and e.outcome == "N"
    assert e.to_dict() == cli("octal", "--every", "0.77", "5", "7")[1]
    # Issue #39: a split stays in its component; a lone heap is plain Kayles.
    k = sprague.kayles(3, every=True)
    assert k.outcome == "N" and k.winning_moves[0].to == "1+1"
    assert k.to_dict() == cli("kayles", "--every", "3")[1]
    assert sprague.kayles("1+1", every=True).outcome == "P"


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: sprague.nim("x"), ["nim", "x"]),
        (lambda: sprague.analyse("subtraction", 5, set="0,2"), ["subtraction", "--set", "0,2", "5"]),
        (lambda: sprague.lasker(3, "x"), ["lasker", "3", "x"]),
        (lambda: sprague.connect4("4448"), ["solve", "connect4", "4448"]),
    ],
)
def test_errors_are_value_errors_with_the_command_lines_message(cli, call, args):
    code, _, err = cli(*args)
    assert code == 2
    with pytest.raises(ValueError) as raised:
        call()
    message = str(raised.value)
    # The command line names a parameter by its flag, Python by its keyword.
    parameter = getattr(raised.value, "parameter", None)
    if parameter is not None:
        message = message.replace(f"`{parameter}`", "--" + parameter.replace("_", "-"))
    assert err.strip().endswith(message), (err, str(raised.value))


def test_an_error_names_a_parameter_by_its_keyword():
    with pytest.raises(ValueError) as raised:
        sprague.analyse("subtraction", 5, set="0,2")
    assert str(raised.value).startswith("`set` `0,2`: "), str(raised.value)
    assert raised.value.parameter == "set"
    with pytest.raises(ValueError) as raised:
        sprague.analyse("bash", 15, max=3, min=5)
    assert str(raised.value) == "`min`: `5` is more than `max` `3`"
    with pytest.raises(sprague.TooLargeError) as raised:
        sprague.analyse("nim", 10**30, all_moves=True)
    assert str(raised.value).startswith("`all_moves` would list "), str(raised.value)
    assert raised.value.parameter == "all_moves"
    with pytest.raises(ValueError) as raised:
        sprague.analyse("wythoff", "5 8", misere=True)
    assert str(raised.value) == "wythoff takes no flag `misere`"
    with pytest.raises(ValueError) as raised:
        sprague.table("octal", take_set="0", upto=10)
    assert str(raised.value) == "`take_set` element 1: taking 0 tokens would be a pass"


def test_an_unknown_game_is_a_value_error():
    with pytest.raises(ValueError, match="there is no game `chess`"):
        sprague.analyse("chess", "1")


def test_a_request_past_its_budget_says_what_it_needs():
    with pytest.raises(sprague.TooLargeError) as raised:
        sprague.table("octal", "0.77", upto=10**13)
    err = raised.value
    assert isinstance(err, ValueError)
    assert err.budget == "memory" and err.needed > err.allowed
    with pytest.raises(sprague.TooLargeError):
        sprague.table("kayles", upto=10**6, memory_limit=1 << 20)


def test_heap_tables_are_numpy_arrays_as_the_command_line_computes_them(cli):
    t = sprague.table("octal", "0.07", upto=1000)
    _, expected, _ = cli("table", "octal", "0.07", "--upto", "1000")
    assert t.values.dtype == np.uint16
    assert t.values.tolist() == expected["values"]
    assert t.to_dict() == expected
    assert (t.period.preperiod, t.period.period, t.period.proved) == (53, 34, True)
    # The array holds the table's own buffer.
    assert not t.values.flags.owndata


def test_named_take_set_and_until_proved_tables(cli):
    for py, args in [
        (sprague.table("kayles", upto=300), ["kayles", "--upto", "300"]),
        (sprague.table("octal", take_set="2,5", upto=200), ["octal", "--take-set", "2,5", "--upto", "200"]),
        (sprague.table("octal", "0.07", upto=10**6, until_proved=True), ["octal", "0.07", "--upto", "1000000", "--until-proved"]),
        (sprague.table("treblecross", upto=100), ["treblecross", "--upto", "100"]),
    ]:
        expected = cli("table", *args)[1]
        assert py.to_dict() == expected, args


def test_other_tables(cli):
    for py, args in [
        (sprague.table("subtraction", set="1,3,4", upto=50), ["subtraction", "--set", "1,3,4", "--upto", "50"]),
        (sprague.table("bash", max=3, upto=30), ["bash", "--max", "3", "--upto", "30"]),
        (sprague.table("lasker", upto=40), ["lasker", "--upto", "40"]),
    ]:
        assert py.values.dtype == np.uint64
        assert py.to_dict() == cli("table", *args)[1], args


def test_table_errors():
    with pytest.raises(ValueError, match="no table family"):
        sprague.table("chess", upto=3)
    with pytest.raises(ValueError):
        sprague.table("octal", "0.9x", upto=3)
    with pytest.raises(ValueError, match="code"):
        sprague.table("octal", upto=3)


def test_table_families_are_the_catalogues():
    families = [g.table for g in sprague.games() if g.table]
    with pytest.raises(ValueError) as raised:
        sprague.table("chess", upto=3)
    assert str(raised.value).endswith("the families are " + ", ".join(families))
    for family in families:
        kwargs = {"set": "1,3,4"} if family == "subtraction" else {"max": 3} if family == "bash" else {}
        code = "0.77" if family == "octal" else None
        assert len(sprague.table(family, code, upto=5, **kwargs)) == 6, family
    with pytest.raises(TypeError, match="takes no set"):
        sprague.table("kayles", set="1,2", upto=3)
    with pytest.raises(TypeError, match="neither a code nor a take set"):
        sprague.table("lasker", "0.77", upto=3)


def test_table_display():
    t = sprague.table("kayles", upto=200)
    svg = t._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") > 50
    html = t._repr_html_()
    assert "period 12" in html and "proved" in html


@pytest.mark.parametrize(
    "work",
    [
        'sprague.table("octal", "0.6", upto=10**8, time_limit=3600)',
        # A Python game's table holds the interpreter (its rules are Python), and looks for
        # Ctrl-C as it calls them.
        "sprague.Game(lambda n: [n - t for t in (1, 2) if t <= n], max_positions=10**9).table(upto=10**8)",
    ],
    ids=["heap-table", "python-game"],
)
def test_a_long_table_stops_on_ctrl_c(work):
    # A child interpreter computes a table that takes minutes; SIGINT must end it within seconds.
    script = textwrap.dedent(
        f"""
        import signal, sprague, sys
        # A shell's background job starts with SIGINT ignored, and Python then installs no
        # handler of its own: install it, as an interactive interpreter has it.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        print("start", flush=True)
        try:
            {work}
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(0)
        print("finished", flush=True)
        sys.exit(1)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "start"
    import time

    time.sleep(1.5)
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 0 and out.strip() == "interrupted"


def test_scoring_games(cli):
    s = sprague.connect4("4453")
    assert s.to_dict() == cli("solve", "connect4", "4453")[1]
    assert isinstance(s.score, int) and s.best_moves
    assert sprague.tictactoe(".........").value == 0
    # Any board: 6 × 4 is lost by the first player (published), on the last move.
    small = sprague.connect4("", width=6, height=4)
    assert small.score == -1 and (small.width, small.height) == (6, 4)
    assert small.to_dict() == cli("solve", "connect4", "--width", "6", "--height", "4")[1]
    with pytest.raises(ValueError, match="no 8×8 board"):
        sprague.connect4("", width=8, height=8)


def test_state_api_impartial():
    s = sprague.play("nim", "1 2")
    assert not s.is_terminal()
    assert sorted(s.legal_moves()) == ["heap 1: 1 -> 0", "heap 2: 2 -> 0", "heap 2: 2 -> 1"]
    assert s.value() == 1
    assert s.best_moves() == ["heap 2: 2 -> 1"]
    after = s.play("heap 2: 2 -> 1")
    assert after.position == "1 1" and after.value() == -1
    end = after.play(0).play(0)
    assert end.is_terminal() and end.legal_moves() == [] and end.engine_move() is None
    with pytest.raises(ValueError, match="not a legal move"):
        s.play("heap 3: 1 -> 0")
    with pytest.raises(ValueError, match="not a playable game"):
        sprague.play("hackenbush")


def test_perfect_engines_draw_tic_tac_toe_against_themselves():
    s = sprague.play("tictactoe", ".........")
    plies = 0
    while not s.is_terminal():
        move = s.engine_move()
        assert move in s.legal_moves() or any(move.endswith(" " + m) for m in s.legal_moves())
        s = s.play(move.split()[-1])
        plies += 1
    assert plies == 9 and s.value() == 0
    assert s._state["result"] == "a draw"


def test_state_api_connect4():
    s = sprague.play("connect4", "444444")
    assert s.legal_moves() == ["1", "2", "3", "5", "6", "7"]
    with pytest.raises(ValueError, match="column 4 is full"):
        s.play("4")
    assert s.play("3").position == "4444443"
    assert s.to_move == "1"
    assert s._repr_svg_().startswith("<svg")
    assert s.engine_move() in s.legal_moves()


def test_boards_draw_themselves():
    c4 = sprague.play("connect4", "4453")._repr_svg_()
    assert c4.count("<circle") == 42 and c4.count("#d33") == 2 and c4.count("#f2c200") == 2
    ttt = sprague.play("tictactoe", "xo.x.....")._repr_svg_()
    assert ttt.count("<path") == 2 and ttt.count("fill='none'") == 1
    tw = sprague.play("triangle-war", "1-2 2-3 2-4")._repr_svg_()
    assert tw.count("<line") == 18 and tw.count("stroke='#111'") == 3


def test_tables_carry_the_pattern_finders_formulas():
    t = sprague.table("bash", max=3, upto=100)
    best = t.formulas[0]
    assert (best.expr, best.kind, best.fits, best.proved) == ("n % 4", "value", True, True)
    rules = [f.expr for f in t.formulas if f.kind == "p-positions"]
    assert rules == ["n % 4 == 0"]
    assert "n % 4" in t._repr_html_()
