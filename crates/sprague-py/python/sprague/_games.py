# Generated from the catalogue (crates/sprague-api/src/catalogue.rs) by
#     SPRAGUE_REGENERATE=1 cargo test -p sprague-py --test python_functions
# Do not edit: crates/sprague-py/tests/python_functions.rs fails when this differs.
"""Every game of the catalogue as a function: its position as positional arguments, its
parameters and options as keywords. ``sprague`` exports them all."""

from typing import Optional, Sequence, Union

from . import Analysis, Record, Score, _answer

__all__ = [
    "nim",
    "wythoff",
    "bash",
    "staircase",
    "subtraction",
    "lasker",
    "fibonacci_nim",
    "turning",
    "octal",
    "kayles",
    "dawson",
    "dawsons_chess",
    "guiles",
    "officers",
    "treblecross",
    "grundys_game",
    "graph",
    "hackenbush",
    "split",
    "geography",
    "nim_product",
    "triangle_war",
    "tictactoe",
    "connect4",
    "cursors",
]


def nim(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    moore: Optional[Union[int, str]] = None,
    misere: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Nim: take any positive number of tokens from one heap; whoever cannot move loses.

    Position (``*heaps``): heap sizes: non-negative integers of any size.

    Keywords:
        moore (K): Moore's Nim_K: a move takes from one to K heaps (K = 1 is Nim).
        misere: misère play: whoever makes the last move loses.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague nim … --json`` prints.

    Example::

        sprague.nim(3, 4, 5)

    On the command line: ``sprague nim 3 4 5``. ``sprague.play("nim", …)`` plays it.
    """
    return Analysis(
        _answer(
            "nim",
            heaps,
            {"moore": moore},
            misere=misere,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def wythoff(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Wythoff's game: two heaps; take any number from one heap, or the same number from both.

    Position (``*heaps``): the two heap sizes: non-negative integers of any size.

    Keywords:
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague wythoff … --json`` prints.

    Example::

        sprague.wythoff(5, 8)

    On the command line: ``sprague wythoff 5 8``. ``sprague.play("wythoff", …)`` plays it.
    """
    return Analysis(
        _answer(
            "wythoff",
            heaps,
            {},
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def bash(
    *heap: Union[int, str, Sequence[Union[int, str]]],
    max: Union[int, str],
    min: Optional[Union[int, str]] = None,
    misere: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Bash's game: one heap; take 1..M tokens (or P..M with ``min``; fewer than P left: take all).

    Position (``*heap``): the heap size: a non-negative integer of any size.

    Keywords:
        max (M): the most tokens a move takes; required.
        min (P): the fewest tokens a move takes (default 1).
        misere: misère play: whoever makes the last move loses.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague bash … --json`` prints.

    Example::

        sprague.bash(15, max=3)

    On the command line: ``sprague bash 15 --max 3``. ``sprague.play("bash", …)`` plays it.
    ``sprague.table("bash", …)`` tabulates it.
    """
    return Analysis(
        _answer(
            "bash",
            heap,
            {"max": max, "min": min},
            misere=misere,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def staircase(
    *steps: Union[int, str, Sequence[Union[int, str]]],
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Staircase Nim: coins on steps 1..n; move any number of coins from step i to step i-1.

    Position (``*steps``): the coins on steps 1, 2, …: non-negative integers of any size.

    Keywords:
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague staircase … --json`` prints.

    Example::

        sprague.staircase(0, 5, 3)

    On the command line: ``sprague staircase 0 5 3``. ``sprague.play("staircase", …)`` plays it.
    """
    return Analysis(
        _answer(
            "staircase",
            steps,
            {},
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def subtraction(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    set: Union[str, Sequence[int]],
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Subtraction game (S-Nim): take s tokens from one heap, for some s in the set S.

    Position (``*heaps``): heap sizes: non-negative integers of any size.

    Keywords:
        set (S): the subtraction set, positive integers separated by commas; required.
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague subtraction … --json`` prints.

    Example::

        sprague.subtraction(7, 12, set="1,3,4")

    On the command line: ``sprague subtraction 7 12 --set 1,3,4``.
    ``sprague.play("subtraction", …)`` plays it. ``sprague.table("subtraction", …)`` tabulates
    it.
    """
    return Analysis(
        _answer(
            "subtraction",
            heaps,
            {"set": set},
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def lasker(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Lasker's Nim: take any positive number of tokens from one heap, or split a heap in two.

    Position (``*heaps``): heap sizes: non-negative integers of any size.

    Keywords:
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague lasker … --json`` prints.

    Example::

        sprague.lasker(1, 8, 1)

    On the command line: ``sprague lasker 1 8 1``. ``sprague.play("lasker", …)`` plays it.
    ``sprague.table("lasker", …)`` tabulates it.
    """
    return Analysis(
        _answer(
            "lasker",
            heaps,
            {},
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def fibonacci_nim(
    *position: Union[int, str, Sequence[Union[int, str]]],
    last: Optional[Union[int, str]] = None,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Fibonacci Nim: one heap; the first move takes fewer than all, each later move at most twice
    the one before; taking the last wins.

    Position (``*position``): the heap, and the take before it when the game has started (`97
    3`): non-negative integers of any size.

    Keywords:
        last (T): the take before (the next may take up to twice it); the same as a second
            number.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague fibonacci-nim … --json`` prints.

    Example::

        sprague.fibonacci_nim(100)

    On the command line: ``sprague fibonacci-nim 100``.
    """
    return Analysis(
        _answer(
            "fibonacci-nim",
            position,
            {"last": last},
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def turning(
    *position: Union[int, str, Sequence[Union[int, str]]],
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Coin-turning games: coins in a row; turn over the coins the rule allows, the rightmost from
    heads to tails (mock-turtles: one to three coins; ruler: a run of consecutive coins; twins:
    exactly two). Rules joined by commas (ruler,twins) play on a grid: a move turns every coin
    of A × B, A and B moves of the two rules, its corner from heads to tails (the Tartan
    theorem: values multiply as nimbers).

    Position (``*position``): the rule (mock-turtles, ruler or twins, or a product such as
    twins,twins), then the places of the heads, numbered 1, 2, 3, … from the left: distinct
    positive integers of any size; for a product, each head's coordinates joined by commas
    (twins,twins 3,3 5,2).

    Keywords:
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague turning … --json`` prints.

    Example::

        sprague.turning("mock-turtles", 1, 4, 7)

    On the command line: ``sprague turning mock-turtles 1 4 7``.
    """
    return Analysis(
        _answer(
            "turning",
            position,
            {},
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def octal(
    *position: Union[int, str, Sequence[Union[int, str]]],
    take_set: Optional[Union[str, Sequence[int]]] = None,
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""A take-and-break heap game given by its code d0.d1d2… (0.77 is Kayles).

    Position (``*position``): the code (0.77, 4.7, hexadecimal digits for three-heap moves),
    then heap sizes; with ``take_set``, heap sizes only.

    Keywords:
        take_set (S): take s consecutive tokens from a row, s in S: the code with a 7 at each s.
        misere: misère play: whoever makes the last move loses.
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague octal … --json`` prints.

    Example::

        sprague.octal("0.77", 5, 7)

    On the command line: ``sprague octal 0.77 5 7``. ``sprague.table("octal", …)`` tabulates it.
    """
    return Analysis(
        _answer(
            "octal",
            position,
            {"take-set": take_set},
            misere=misere,
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def kayles(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Kayles (0.77): knock down one pin or two adjacent pins from rows of pins.

    Position (``*heaps``): the pins in each row: non-negative integers.

    Keywords:
        misere: misère play: whoever makes the last move loses.
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague kayles … --json`` prints.

    Example::

        sprague.kayles(5, 7)

    On the command line: ``sprague kayles 5 7``. ``sprague.table("kayles", …)`` tabulates it.
    """
    return Analysis(
        _answer(
            "kayles",
            heaps,
            {},
            misere=misere,
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def dawson(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Dawson's Kayles (0.07): knock down two adjacent pins.

    Position (``*heaps``): the pins in each row: non-negative integers.

    Keywords:
        misere: misère play: whoever makes the last move loses.
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague dawson … --json`` prints.

    Example::

        sprague.dawson(5, 7)

    On the command line: ``sprague dawson 5 7``. ``sprague.table("dawson", …)`` tabulates it.
    """
    return Analysis(
        _answer(
            "dawson",
            heaps,
            {},
            misere=misere,
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def dawsons_chess(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Dawson's chess: pawns on a 3 x n board, captures compulsory; n files is the heap n of 0.137.

    Position (``*heaps``): the files of each 3 x n board: non-negative integers.

    Keywords:
        misere: misère play: whoever makes the last move loses.
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague dawsons-chess … --json`` prints.

    Example::

        sprague.dawsons_chess(5, 7)

    On the command line: ``sprague dawsons-chess 5 7``. ``sprague.table("dawsons-chess", …)``
    tabulates it.
    """
    return Analysis(
        _answer(
            "dawsons-chess",
            heaps,
            {},
            misere=misere,
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def guiles(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Guiles (0.15): take a lone token, or two tokens leaving one or two heaps.

    Position (``*heaps``): heap sizes: non-negative integers.

    Keywords:
        misere: misère play: whoever makes the last move loses.
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague guiles … --json`` prints.

    Example::

        sprague.guiles(5, 7)

    On the command line: ``sprague guiles 5 7``. ``sprague.table("guiles", …)`` tabulates it.
    """
    return Analysis(
        _answer(
            "guiles",
            heaps,
            {},
            misere=misere,
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def officers(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Officers (0.6): take one token from a heap, leaving one heap or splitting the rest in two; a
    lone token cannot be taken.

    Position (``*heaps``): heap sizes: non-negative integers.

    Keywords:
        misere: misère play: whoever makes the last move loses.
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague officers … --json`` prints.

    Example::

        sprague.officers(5, 7)

    On the command line: ``sprague officers 5 7``. ``sprague.play("officers", …)`` plays it.
    ``sprague.table("officers", …)`` tabulates it.
    """
    return Analysis(
        _answer(
            "officers",
            heaps,
            {},
            misere=misere,
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def treblecross(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Treblecross: crosses on rows of cells, the first XXX wins; a row of n cells is the heap n +
    2 of 0.007.

    Position (``*heaps``): the cells of each empty row: 0, 1, or 3 and more.

    Keywords:
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague treblecross … --json`` prints.

    Example::

        sprague.treblecross(5, 7)

    On the command line: ``sprague treblecross 5 7``. ``sprague.table("treblecross", …)``
    tabulates it.
    """
    return Analysis(
        _answer(
            "treblecross",
            heaps,
            {},
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def grundys_game(
    *heaps: Union[int, str, Sequence[Union[int, str]]],
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Grundy's game: split a heap into two non-empty heaps of different sizes.

    Position (``*heaps``): heap sizes: non-negative integers.

    Keywords:
        misere: misère play: whoever makes the last move loses.
        every: Every-SG: each turn moves once in every component (each word) that can move.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague grundys-game … --json`` prints.

    Example::

        sprague.grundys_game(5, 7)

    On the command line: ``sprague grundys-game 5 7``. ``sprague.table("grundys-game", …)``
    tabulates it.
    """
    return Analysis(
        _answer(
            "grundys-game",
            heaps,
            {},
            misere=misere,
            every=every,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def graph(
    text: Union[str, bytes],
    *,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Tokens on a directed graph: move one token along an edge; cycles allowed (draws).

    Position (``text``, str or bytes): a file: `n m k`, m lines `u v` (edges u -> v), then the k
    vertices holding a token.

    Keywords:
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague graph … --json`` prints.

    Example::

        sprague.graph("3 2 2\n1 2\n2 3\n1 2\n")

    On the command line: ``sprague graph -`` (the text on standard input).
    """
    return Analysis(
        _answer(
            "graph",
            (),
            {},
            text=text,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def hackenbush(
    text: Union[str, bytes],
    *,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Green Hackenbush: cut an edge; whatever no longer reaches the ground (vertex 1) falls.

    Position (``text``, str or bytes): a file: `n m` (vertex 1 is the ground), then m lines `u
    v`, one undirected edge each.

    Keywords:
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague hackenbush … --json`` prints.

    Example::

        sprague.hackenbush("4 4\n1 2\n2 3\n3 4\n4 2\n")

    On the command line: ``sprague hackenbush -`` (the text on standard input).
    """
    return Analysis(
        _answer(
            "hackenbush",
            (),
            {},
            text=text,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def split(
    *bottles: Union[int, str, Sequence[Union[int, str]]],
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""The splitting game: take a bean from bottle i, put one into j and one into k (i < j <= k).

    Position (``*bottles``): the beans in bottles 1, 2, …: non-negative integers of any size.

    Keywords:
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague split … --json`` prints.

    Example::

        sprague.split(1, 0, 1, 5000)

    On the command line: ``sprague split 1 0 1 5000``.
    """
    return Analysis(
        _answer(
            "split",
            bottles,
            {},
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def geography(
    text: Union[str, bytes],
    *,
    start: Optional[Union[int, str]] = None,
    all: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Analysis:
    r"""Undirected vertex geography: slide the token to an unvisited neighbour; stuck loses.

    Position (``text``, str or bytes): a file: `n m`, then m lines `u v`, one undirected edge
    each; the start with ``start``.

    Keywords:
        start (V): the vertex the token starts on.
        all: the outcome from every start at once.
        all_moves: every move as well, not only the winning ones.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Analysis`, the object that ``sprague geography … --json`` prints.

    Example::

        sprague.geography("3 2\n1 2\n2 3\n", start=2)

    On the command line: ``sprague geography - --start 2`` (the text on standard input).
    """
    return Analysis(
        _answer(
            "geography",
            (),
            {"start": start, "all": all},
            text=text,
            all_moves=all_moves,
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def nim_product(
    *factors: Union[int, str, Sequence[Union[int, str]]],
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Record:
    r"""Nim multiplication: A ⊗ B, the product of the field of nimbers (XOR is its sum); a
    calculation, not a game.

    Position (``*factors``): the two factors A and B: non-negative integers of any size.

    Keywords:
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Record`, the object that ``sprague nim-product … --json`` prints.

    Example::

        sprague.nim_product(16, 16)

    On the command line: ``sprague nim-product 16 16``.
    """
    return Record(
        _answer(
            "nim-product",
            factors,
            {},
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def triangle_war(
    *,
    moves: Optional[str] = None,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Score:
    r"""Triangle War (POJ 1085): draw lines between ten dots; completing a triangle scores it and
    earns another move.

    Position: the lines drawn so far, with ``moves`` "2-4 4-5 …" (dots 1 / 2 3 / 4 5 6 / 7 8 9
    10).

    Keywords:
        moves (LINES): the lines drawn from the start, `u-v` separated by spaces.
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Score`, the object that ``sprague solve triangle-war … --json`` prints.

    Example::

        sprague.triangle_war(moves="2-4 4-5")

    On the command line: ``sprague solve triangle-war --moves "2-4 4-5"``.
    ``sprague.play("triangle-war", …)`` plays it.
    """
    return Score(
        _answer(
            "triangle-war",
            (),
            {"moves": moves},
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def tictactoe(
    board: str = "",
    *,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Score:
    r"""Tic-tac-toe: value 1, 0 or -1 for the player to move.

    Position (``board``): nine characters of x, o and ., row by row (x moves first); none for
    the empty board.

    Keywords:
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Score`, the object that ``sprague solve tictactoe … --json`` prints.

    Example::

        sprague.tictactoe("x...o....")

    On the command line: ``sprague solve tictactoe x...o....``. ``sprague.play("tictactoe", …)``
    plays it.
    """
    return Score(
        _answer(
            "tictactoe",
            (board,),
            {},
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def connect4(
    moves: str = "",
    *,
    width: Optional[Union[int, str]] = None,
    height: Optional[Union[int, str]] = None,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Score:
    r"""Connect Four (7 wide, 6 high by default; any board whose width × (height + 1) is at most
    64): the exact score for the player to move.

    Position (``moves``): the columns played from the empty board, digits 1-7 (numbers separated
    by commas on a board wider than 9); none for the start.

    Keywords:
        width (W): the board's columns (7).
        height (H): the board's rows (6).
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Score`, the object that ``sprague solve connect4 … --json`` prints.

    Example::

        sprague.connect4("4453")

    On the command line: ``sprague solve connect4 4453``. ``sprague.play("connect4", …)`` plays
    it.
    """
    return Score(
        _answer(
            "connect4",
            (moves,),
            {"width": width, "height": height},
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )


def cursors(
    *,
    a: str,
    b: str,
    start: Optional[Union[str, Sequence[int]]] = None,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Score:
    r"""The cursor game (seed notes 002): end the game scoring a_C + b_D, or move a cursor to a
    state never seen; the first player minimises.

    Position: the sequences with ``a`` and ``b`` (comma-separated integers), the start with
    ``start`` C,D.

    Keywords:
        a (A): the first sequence, comma-separated integers; required.
        b (B): the second sequence, comma-separated integers; required.
        start (C,D): the cursors' start (default 1,1).
        time_limit, memory_limit: the budgets, in seconds and in bytes.

    Returns: :class:`Score`, the object that ``sprague solve cursors … --json`` prints.

    Example::

        sprague.cursors(a=0, b="5,3,1")

    On the command line: ``sprague solve cursors --a 0 --b 5,3,1``.
    """
    return Score(
        _answer(
            "cursors",
            (),
            {"a": a, "b": b, "start": start},
            time_limit=time_limit,
            memory_limit=memory_limit,
        )
    )
