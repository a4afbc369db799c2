"""sprague: combinatorial games solved exactly.

Every game of the command line's catalogue is a function here (``help(sprague.nim)`` shows
its rule, position, keywords and an example) that answers with the same data as
``sprague NAME … --json``, as Python objects::

    >>> import sprague
    >>> a = sprague.nim(3, 4, 5)
    >>> a.outcome, a.nim_value
    ('N', 2)
    >>> [m.move for m in a.winning_moves]
    ['heap 1: 3 -> 1']
    >>> sprague.analyse("subtraction", 10, set="1,3,4").nim_value
    1

Tables are NumPy arrays, with the period found (``proved`` when a theorem makes it hold
for every n)::

    >>> t = sprague.table("octal", "0.07", upto=1000)
    >>> t.values[:8].tolist()
    [0, 0, 1, 1, 2, 0, 3, 1]
    >>> t.period.period, t.period.proved
    (34, True)

Games written as Python functions are solved by the engine (memoised, sums by XOR, loops
and draws, misère play)::

    >>> def kayles(n):
    ...     return [sprague.Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]
    >>> game = sprague.Game(kayles)
    >>> game.table(upto=12).values.tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]

Errors are ``ValueError`` with the command line's message, except that a parameter is named by
its keyword (```set```), not its flag, and is the exception's ``parameter``; a request past a
budget raises ``TooLargeError`` (a ``ValueError``) that says what it would need.
"""

from __future__ import annotations

import html
import json
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

import numpy as np

from . import _sprague
from ._sprague import Sum, TooLargeError

__all__ = [
    "Analysis",
    "Game",
    "Grid",
    "Period",
    "Formula",
    "Record",
    "State",
    "Sum",
    "Table",
    "TooLargeError",
    "analyse",
    "games",
    "play",
    "table",
]

Position = Union[int, str, Sequence[Any]]

# Python turns an int into decimal text and back only up to ``sys.get_int_max_str_digits()``
# digits (4300 by default, 640 at the least), and the engine takes and gives numbers of any
# size: past that, the native module converts them, leaving the interpreter's setting alone.
_SHORT_BITS = 2000  # 2^2000 < 10^640
_SHORT_DIGITS = 600


def _decimal(n: int) -> str:
    """The decimal digits of ``n``, at any size."""
    return str(n) if n.bit_length() < _SHORT_BITS else _sprague.decimal(n)


def _parse_int(digits: str) -> int:
    return int(digits) if len(digits) < _SHORT_DIGITS else _sprague.parse_int(digits)


def _loads(text: str) -> Any:
    """An answer of the engine, JSON text, as Python objects: its integers exact at any size."""
    return json.loads(text, parse_int=_parse_int)


def _shown(value: Any) -> str:
    """``repr(value)`` of an answer's value, its ints at any size."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _decimal(value)
    if isinstance(value, list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_shown(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _word(value: Any) -> str:
    """A word of the command line: an int (NumPy's too) in decimal at any size, else ``str``."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return _decimal(int(value))
    return str(value)


class Record:
    """An answer of the command line's JSON with its fields as attributes (``a.nim_value``),
    nested objects as records too. ``to_dict()`` gives the JSON object back."""

    def __init__(self, data: Dict[str, Any]):
        self._data = data

    def __getattr__(self, name: str) -> Any:
        data = self.__dict__.get("_data", {})
        if name in data:
            return _wrap(data[name])
        raise AttributeError(f"{type(self).__name__} has no field {name!r}: it has {sorted(data)}")

    def __getitem__(self, key: str) -> Any:
        return _wrap(self._data[key])

    def __contains__(self, key: str) -> bool:
        return key in self._data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and other._data == self._data

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._data))

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object, as ``sprague … --json`` prints it."""
        return self._data

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={_shown(v)}" for k, v in self._data.items())
        return f"{type(self).__name__}({fields})"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th><td style='text-align:left'>{_html_value(v)}</td></tr>"
            for k, v in self._data.items()
        )
        return f"<table>{rows}</table>"


class Analysis(Record):
    """An impartial game's analysis: ``game``, ``position``, ``outcome`` (``N``, ``P`` or
    ``D``), ``nim_value`` (an int of any size, ``∞{…}`` for a loopy value, or ``None``),
    ``winning_moves`` (each with ``move`` and ``to``), ``all_moves`` when asked for, ``note``;
    ``remoteness`` when it is known (the moves the game lasts when the winner hurries and the
    loser stalls: odd when the player to move wins; ``"remoteness" in a`` says whether it is
    there; each move listed carries that of the position it leaves); with ``misere=True`` a
    lone heap's ``genus`` (``"4^146"``), with ``every=True`` the Every-SG ``steps``. A request about every start at once (``geography(…, all=True)``) gives
    the ``winning_starts`` and ``losing_starts`` instead."""


class Score(Record):
    """A scoring game's value under perfect play: ``score`` (Connect Four) or ``value``, the
    player ``to_move``, and ``best_moves`` (each with ``move`` and ``to``); for Connect Four and
    tic-tac-toe won or lost, the ``remoteness`` (the moves left until the winning one, the
    winner hurrying and the loser stalling), on each best move too."""


class Formula(Record):
    """A closed form the pattern finder proposes: ``expr`` (in the script language, over ``n``
    or ``a``, ``b``), ``kind`` (``value``: G equals it; ``p-positions``: G = 0 exactly where it
    holds), ``fits`` (it equals every computed value), ``proved`` (a theorem extends it to every
    position; otherwise a conjecture), ``note``, and ``missed`` for a near fit."""


class Period(Record):
    """G(n + period) = G(n) + saltus for every n ≥ preperiod computed; ``proved`` when a
    theorem makes it hold for every n."""


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Record(value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    return value


def _html_value(value: Any) -> str:
    if isinstance(value, list):
        if value and isinstance(value[0], dict) and "move" in value[0]:
            return "<br>".join(html.escape(str(v.get("move"))) for v in value) or "none"
        return html.escape(", ".join(_word(v) for v in value)) or "none"
    return html.escape(_word(value))


_CATALOGUE: List[Dict[str, Any]] = _loads(_sprague.games_json())
_BY_NAME: Dict[str, Dict[str, Any]] = {g["name"]: g for g in _CATALOGUE}
# How each game is drawn (the catalogue's `board`), as the web page reads it.
_PAGES: Dict[str, Dict[str, Any]] = _loads(_sprague.pages_json())


def games() -> List[Record]:
    """The catalogue: every game's ``name``, ``rule``, ``position`` syntax, ``example``,
    ``parameters``, ``command``, ``misere``, ``every``, ``play`` and ``table``."""
    return [Record(g) for g in _CATALOGUE]


def _words(position: Any) -> List[str]:
    """The command line's words of a position: an int (NumPy's too) in decimal at any size, a
    str split at its spaces, a list or tuple word by word."""
    if position is None:
        return []
    if isinstance(position, str):
        return position.split()
    if isinstance(position, (int, np.integer)) and not isinstance(position, bool):
        return [_decimal(int(position))]
    if isinstance(position, (list, tuple)):
        return [w for p in position for w in _words(p)]
    raise TypeError(f"a position is typed as a str, an int or a list of them, not {type(position).__name__}")


def _flags(params: Dict[str, Any]) -> List[str]:
    args: List[str] = []
    for key, value in params.items():
        if value is None or value is False:
            continue
        args.append("--" + key.replace("_", "-"))
        if value is not True:
            if isinstance(value, (list, tuple)):
                value = ",".join(_word(v) for v in value)
            args.append(_word(value))
    return args


def _answer(
    name: str,
    position: Any,
    params: Dict[str, Any],
    text: Union[str, bytes, None] = None,
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
) -> Dict[str, Any]:
    """The JSON object of ``sprague NAME … --json``: the game's functions (``_games``, generated
    from the catalogue) and :func:`analyse` call this."""
    entry = _BY_NAME.get(name)
    if entry is None:
        raise ValueError(f"there is no game `{name}`: sprague.games() lists them")
    args = _flags(params)
    if misere:
        args.append("--misere")
    if every:
        args.append("--every")
    if all_moves:
        args.append("--all-moves")
    args.extend(_words(position))
    data = None
    if text is not None:
        data = text.encode() if isinstance(text, str) else bytes(text)
    elif entry["input"] == "file":
        raise ValueError(f"{name} reads its position from a file's text: give text=…")
    answer: Dict[str, Any] = _loads(_sprague.answer(name, args, data, time_limit, memory_limit))
    return answer


_ANSWERS = {"analyse": Analysis, "solve": Score, "calculate": Record}


def analyse(
    name: str,
    position: Any = None,
    *,
    text: Union[str, bytes, None] = None,
    misere: bool = False,
    every: bool = False,
    all_moves: bool = False,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
    **params: Any,
) -> Union[Analysis, Score, Record]:
    """Answers a game of the catalogue, named as on the command line, as ``sprague NAME … --json``
    does; each game also has a function of its own (``sprague.nim``, ``help(sprague.nim)``).

    ``position`` is typed as on the command line: ``"3 4 5"``, ``[3, 4, 5]`` or ``7``.
    A file game (``input`` is ``"file"`` in :func:`games`) takes its file's ``text``. The game's
    parameters are keywords (``set="1,3,4"``, ``start=1``, ``all=True``); ``time_limit`` is in
    seconds and ``memory_limit`` in bytes.

    >>> analyse("nim", "3 4 5").outcome
    'N'
    >>> analyse("lasker", [3, 4], misere=False).nim_value
    7
    """
    answer = _answer(name, position, params, text, misere, every, all_moves, time_limit, memory_limit)
    return _ANSWERS[_BY_NAME[name]["command"]](answer)


class Table:
    """G(0), …, G(upto) of a family, with the period found.

    ``values`` is a NumPy array (``uint16`` for heap games, ``uint64`` otherwise);
    ``period`` a :class:`Period` or ``None``; ``family``, ``upto`` and ``note`` as the command
    line reports them.
    """

    def __init__(self, report: Dict[str, Any], values: np.ndarray):
        report.pop("values", None)
        self._report = report
        self.values = values
        self.family: str = report["family"]
        self.upto: int = report["upto"]
        self.note: Optional[str] = report.get("note")
        period = report.get("period")
        self.period: Optional[Period] = Period(period) if period else None
        self.formulas: List[Formula] = [Formula(f) for f in report.get("formulas", [])]

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``sprague table … --json``."""
        return dict(self._report, values=self.values.tolist())

    def __len__(self) -> int:
        return len(self.values)

    def __repr__(self) -> str:
        shown = " ".join(str(v) for v in self.values[:24])
        more = " …" if len(self.values) > 24 else ""
        return f"Table({self.family!r}, upto={self.upto}, period={self.period!r}, values=[{shown}{more}])"

    def plot(self, width: int = 720, height: int = 240) -> str:
        """The values as an SVG scatter plot (G(n) against n)."""
        return _plot_svg(self.family, self.values, width, height)

    def _repr_svg_(self) -> str:
        return self.plot()

    def _repr_html_(self) -> str:
        period = "none found"
        if self.period is not None:
            p = self.period
            period = f"preperiod {p.preperiod}, period {p.period}, saltus {p.saltus}, " + (
                "proved" if p.proved else "seen, not proved"
            )
        shown = " ".join(str(v) for v in self.values[:64])
        more = " …" if len(self.values) > 64 else ""
        note = f"<p>{html.escape(self.note)}</p>" if self.note else ""
        return (
            f"<p><b>{html.escape(self.family)}</b>: G(0..{self.upto}); period: {period}</p>"
            f"<p><code>{shown}{more}</code></p>{note}{_formulas_html(self.formulas)}{self.plot()}"
        )


def _formulas_html(formulas: List[Formula]) -> str:
    if not formulas:
        return ""
    items = "".join(
        f"<li>{'G = 0 where ' if f.kind == 'p-positions' else ('G = ' if f.fits else 'near: G = ')}"
        f"<code>{html.escape(f.expr)}</code> ({html.escape(f.note)})</li>"
        for f in formulas
    )
    return f"<ul>{items}</ul>"


def _plot_svg(title: str, values: np.ndarray, width: int, height: int) -> str:
    n = len(values)
    pad = 32
    top = int(values.max()) if n else 0
    # At most one dot per pixel column: the highest and the lowest value of each column.
    columns = max(1, min(n, width - 2 * pad))
    dots = []
    if n:
        edges = np.linspace(0, n, columns + 1).astype(np.int64)
        for c in range(columns):
            chunk = values[edges[c] : max(edges[c] + 1, edges[c + 1])]
            if len(chunk) == 0:
                continue
            x = pad + c * (width - 2 * pad) / max(1, columns - 1)
            for v in {int(chunk.min()), int(chunk.max())}:
                y = height - pad - v * (height - 2 * pad) / max(1, top)
                dots.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='1.5'/>")
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"font-family='sans-serif' font-size='11'>"
        f"<text x='{pad}' y='16'>{html.escape(title)}: G(n) for n = 0..{max(0, n - 1)}</text>"
        f"<line x1='{pad}' y1='{height - pad}' x2='{width - pad}' y2='{height - pad}' stroke='#888'/>"
        f"<line x1='{pad}' y1='{pad}' x2='{pad}' y2='{height - pad}' stroke='#888'/>"
        f"<text x='4' y='{pad + 4}'>{top}</text><text x='4' y='{height - pad}'>0</text>"
        f"<text x='{width - pad - 40}' y='{height - 8}'>{max(0, n - 1)}</text>"
        f"<g fill='#2a6fb0'>{''.join(dots)}</g></svg>"
    )


def table(
    family: str,
    code: Optional[str] = None,
    *,
    upto: int = 1000,
    until_proved: bool = False,
    take_set: Union[str, Sequence[int], None] = None,
    time_limit: Optional[int] = None,
    memory_limit: Optional[int] = None,
    **params: Any,
) -> Table:
    """G(0..upto) of a family, as ``sprague table FAMILY … --json`` computes it.

    Families (each game's ``table`` in :func:`games`): ``octal`` (with its code, ``"0.77"``, or
    ``take_set="2,5"``), the named heap games (``kayles``, ``dawson``, ``dawsons-chess``,
    ``guiles``, ``treblecross``, ``grundys-game``), ``subtraction`` (``set="1,3,4"``), ``bash``
    (``max=3``, ``min=1``) and ``lasker``. With ``until_proved`` the table stops as soon as its period is proved. The
    computation releases the interpreter, and Ctrl-C stops it.

    >>> table("subtraction", set="1,3,4", upto=20).period.period
    7
    """
    family = family.replace("_", "-")
    if isinstance(take_set, (list, tuple)):
        take_set = ",".join(_word(t) for t in take_set)
    given = {k: ",".join(map(_word, v)) if isinstance(v, (list, tuple)) else _word(v) for k, v in params.items()}
    report, values = _sprague.table(family, code, take_set, given, upto, until_proved, time_limit, memory_limit)
    return Table(_loads(report), values)


class Grid:
    """G((a, b)) for 0 ≤ a ≤ rows, 0 ≤ b ≤ cols: ``values`` (a 2-D NumPy array),
    ``p_positions`` and the ``patterns`` they show over the range (seen, not proved)."""

    def __init__(self, values: np.ndarray):
        self.values = values
        self.p_positions = [tuple(int(x) for x in p) for p in np.argwhere(values == 0)]
        self.patterns: List[str] = _sprague.grid_patterns(values.tolist())
        self.formulas: List[Formula] = [Formula(f) for f in _loads(_sprague.grid_formulas(values.tolist()))]

    def __repr__(self) -> str:
        return f"Grid({self.values.shape[0]}×{self.values.shape[1]}, patterns={self.patterns!r})"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{b}</th>" for b in range(self.values.shape[1]))
        rows = "".join(
            f"<tr><th>{a}</th>"
            + "".join(
                f"<td style='background:#fde2a7'>{v}</td>" if v == 0 else f"<td>{v}</td>" for v in row
            )
            + "</tr>"
            for a, row in enumerate(self.values.tolist())
        )
        pats = "".join(f"<li>{html.escape(p)}</li>" for p in self.patterns)
        return f"<table><tr><th></th>{head}</tr>{rows}</table><ul>{pats}</ul>{_formulas_html(self.formulas)}"


class Game:
    """A game whose rules are Python functions, solved by the engine.

    ``moves(p)`` returns the positions one move away from ``p``. Positions are ints, strs,
    tuples (lists are read as tuples) and frozensets of positions; a move that splits the game
    returns a :class:`Sum` of independent parts, valued by XOR of their values. ``normalize(p)``
    (optional) returns the canonical form of a position, so that symmetric positions are solved
    once; ``terminal(p)`` (optional) says that ``p`` has no moves without calling ``moves``.
    Positions reachable from themselves make a loopy game: it is solved by retrograde analysis
    (outcomes N, P or D; generalised nim-values ``∞{…}``). Every value learnt is kept for the
    next call.

    With ``splits=True`` a tuple is a sum of its parts everywhere (in what ``moves`` returns and
    in the positions given): ``(a, b)`` is ``Sum(a, b)``, cheaper to build, for games whose
    positions are not tuples themselves (such a game has no ``grid``).

    >>> kayles = Game(lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)], splits=True)
    >>> kayles.nim_value((5, 7)), kayles.table(upto=12).values.tolist()
    (6, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4])

    >>> take = Game(lambda n: [n - t for t in (1, 2, 3) if t <= n])
    >>> take.nim_value(10), take.outcome(8), take.winning_moves(10)
    (2, 'P', [8])
    """

    def __init__(
        self,
        moves: Callable[[Any], Iterable[Any]],
        normalize: Optional[Callable[[Any], Any]] = None,
        terminal: Optional[Callable[[Any], bool]] = None,
        max_positions: int = 50_000_000,
        splits: bool = False,
    ):
        self._native = _sprague.Game(moves, normalize, terminal, max_positions, splits)

    def nim_value(self, position: Any) -> Union[int, str]:
        """The nim-value (an int; ``∞{…}`` as a str for an infinite loopy value)."""
        return self._native.nim_value(position)

    def outcome(self, position: Any, misere: bool = False) -> str:
        """``N`` (the player to move wins), ``P`` (the other player wins) or ``D`` (a draw)."""
        return self._native.outcome(position, misere)

    def winning_moves(self, position: Any, misere: bool = False) -> List[Any]:
        """The positions a winning move leads to (whole sums, the part moved in replaced)."""
        return self._native.winning_moves(position, misere)

    def analyse(self, position: Any, misere: bool = False, all_moves: bool = False) -> Analysis:
        """Outcome, nim-value and winning moves (and every move with ``all_moves``); positions
        stay Python objects."""
        return Analysis(self._native.analyse(position, misere, all_moves))

    def table(self, upto: int = 100) -> Table:
        """G(0..upto) of the int positions, with the period seen (never proved: a conjecture)."""
        values = self._native.table_values(upto)
        period = _loads(_sprague.observed_period(values.tolist()))
        report = {
            "family": "python",
            "upto": upto,
            "period": period,
            "note": "a Python game's period is observed over the computed range (two whole periods at its end), not proved",
            "formulas": _loads(_sprague.table_formulas(values.tolist(), json.dumps(period))),
        }
        return Table(report, values)

    def grid(self, rows: int, cols: int) -> Grid:
        """G((a, b)) for 0 ≤ a ≤ rows, 0 ≤ b ≤ cols, with the P-positions' patterns."""
        return Grid(self._native.grid_values(rows, cols))

    def __len__(self) -> int:
        """How many components the game has valued so far."""
        return len(self._native)


class State:
    """A position of a playable game, in the style of OpenSpiel's states: ``legal_moves()``,
    ``play(move)`` (a new state), ``is_terminal()``, ``value()``, and the perfect engine's
    ``best_moves()`` and ``engine_move()``.

    >>> s = play("nim", "1 2")
    >>> s.legal_moves()
    ['heap 1: 1 -> 0', 'heap 2: 2 -> 1', 'heap 2: 2 -> 0']
    >>> s.play("heap 2: 2 -> 1").value()
    -1
    """

    def __init__(self, game: str, position: Any = "", **params: Any):
        game = game.replace("_", "-")
        entry = _BY_NAME.get(game)
        if entry is None or not entry["play"]:
            playable = sorted(g["name"] for g in _CATALOGUE if g["play"])
            raise ValueError(f"{game!r} is not a playable game: the playable games are {', '.join(playable)}")
        self.game = game
        self._params = params
        if entry["command"] == "solve":
            text = " ".join(_words(position)) if not isinstance(position, str) else position
            self._state = _loads(_sprague.score_state(game, text))
            self.position: str = self._state["position"]
        else:
            self._state = None
            self.position = analyse(game, position, **params).position

    @property
    def to_move(self) -> Optional[str]:
        """The player to move (scoring games: ``A``/``B``, ``x``/``o``, ``1``/``2``)."""
        return None if self._state is None else self._state["to_move"]

    @property
    def board(self) -> List[str]:
        """The board as text lines (scoring games)."""
        return [] if self._state is None else list(self._state["board"])

    def _moves(self) -> List[tuple]:
        if self._state is not None:
            return [tuple(m) for m in _sprague.score_legal_moves(self.game, self.position)]
        listed = analyse(self.game, self.position, all_moves=True, **self._params).all_moves or []
        return [(m.move, m.to) for m in listed]

    def legal_moves(self) -> List[str]:
        """Every legal move, as typed."""
        return [m for m, _ in self._moves()]

    def play(self, move: Union[str, int]) -> "State":
        """The state after ``move`` (as typed, or its index in ``legal_moves()``)."""
        moves = self._moves()
        if isinstance(move, int):
            if not 0 <= move < len(moves):
                raise ValueError(f"there are {len(moves)} legal moves, not a move {move}")
            return State(self.game, moves[move][1], **self._params)
        if self._state is not None:
            _, to = _sprague.score_play_move(self.game, self.position, move)
            return State(self.game, to, **self._params)
        for text, to in moves:
            if text == move.strip():
                return State(self.game, to, **self._params)
        raise ValueError(f"`{move}` is not a legal move here: the legal moves are {[m for m, _ in moves]}")

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        if self._state is not None:
            return self._state["to_move"] is None
        return not self._moves()

    def value(self) -> int:
        """The value under perfect play. Impartial games: 1 when the player to move wins, -1
        when they lose, 0 for a draw. Connect Four: the score for the player to move; tic-tac-toe:
        1, 0 or -1 for the player to move; Triangle War: A's final score minus B's."""
        if self._state is not None:
            report = analyse(self.game, self.position or None)
            return report.score if "score" in report else report.value
        outcome = analyse(self.game, self.position, **self._params).outcome
        return {"N": 1, "P": -1, "D": 0}[outcome]

    def best_moves(self) -> List[str]:
        """Every move that keeps the value (impartial games: every winning move)."""
        if self.is_terminal():
            return []
        report = analyse(self.game, self.position or None, **self._params)
        moves = report.best_moves if self._state is not None else report.winning_moves
        return [m.move for m in moves or []]

    def engine_move(self) -> Optional[str]:
        """The perfect engine's move (Connect Four: within a search budget, as ``sprague play``
        plays it); ``None`` once the game is over."""
        if self._state is not None:
            chosen = _sprague.score_engine_move(self.game, self.position)
            return None if chosen is None else chosen[0]
        best = self.best_moves()
        if best:
            return best[0]
        moves = self.legal_moves()
        return moves[0] if moves else None

    def __repr__(self) -> str:
        return f"State({self.game!r}, {self.position!r})"

    def _repr_svg_(self) -> str:
        board = _PAGES.get(self.game, {}).get("board")
        if board == "connect-four":
            return _connect4_svg(self.board)
        if board == "tic-tac-toe":
            return _tictactoe_svg(self.board)
        if board == "triangle-lines":
            return _triangle_war_svg(self.position)
        text = html.escape(self.position or "(start)")
        return (
            "<svg xmlns='http://www.w3.org/2000/svg' width='360' height='36' font-family='monospace' "
            f"font-size='15'><text x='8' y='22'>{html.escape(self.game)}: {text}</text></svg>"
        )


def _svg(width: int, height: int, body: str) -> str:
    return f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}'>{body}</svg>"


def _connect4_svg(board: List[str]) -> str:
    rows = [r for r in board if set(r) <= set(".XO")]
    cell = 40
    body = [f"<rect width='{7 * cell}' height='{len(rows) * cell}' rx='8' fill='#2a5db0'/>"]
    colours = {".": "#ffffff", "X": "#d33", "O": "#f2c200"}
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            body.append(
                f"<circle cx='{x * cell + cell / 2}' cy='{y * cell + cell / 2}' r='{cell * 0.4}' fill='{colours[c]}'/>"
            )
    for x in range(7):
        body.append(
            f"<text x='{x * cell + cell / 2}' y='{len(rows) * cell + 16}' text-anchor='middle' "
            f"font-family='sans-serif' font-size='13'>{x + 1}</text>"
        )
    return _svg(7 * cell, len(rows) * cell + 22, "".join(body))


def _tictactoe_svg(board: List[str]) -> str:
    cell = 50
    body = []
    for i in (1, 2):
        body.append(f"<line x1='{i * cell}' y1='0' x2='{i * cell}' y2='{3 * cell}' stroke='#333' stroke-width='2'/>")
        body.append(f"<line x1='0' y1='{i * cell}' x2='{3 * cell}' y2='{i * cell}' stroke='#333' stroke-width='2'/>")
    for y, row in enumerate(board[:3]):
        for x, c in enumerate(row[:3]):
            cx, cy = x * cell + cell / 2, y * cell + cell / 2
            if c.lower() == "x":
                d = cell * 0.3
                body.append(
                    f"<path d='M{cx - d} {cy - d}L{cx + d} {cy + d}M{cx + d} {cy - d}L{cx - d} {cy + d}' stroke='#d33' stroke-width='4'/>"
                )
            elif c.lower() == "o":
                body.append(f"<circle cx='{cx}' cy='{cy}' r='{cell * 0.3}' fill='none' stroke='#2a5db0' stroke-width='4'/>")
    return _svg(3 * cell, 3 * cell, "".join(body))


def _triangle_war_svg(position: str) -> str:
    # Dots 1 / 2 3 / 4 5 6 / 7 8 9 10, row r holding r + 1 dots.
    spots = {}
    n = 1
    for r in range(4):
        for k in range(r + 1):
            spots[n] = (130 + (k - r / 2) * 70, 24 + r * 60)
            n += 1
    lines = []
    for a in spots:
        for b in spots:
            (xa, ya), (xb, yb) = spots[a], spots[b]
            if a < b and abs(((xa - xb) ** 2 + (ya - yb) ** 2) ** 0.5 - 70) < 8:
                lines.append((a, b))
    drawn = set()
    for word in position.replace(",", " ").split():
        u, _, v = word.partition("-")
        if u.isdigit() and v.isdigit():
            drawn.add(tuple(sorted((int(u), int(v)))))
    body = []
    for a, b in lines:
        (xa, ya), (xb, yb) = spots[a], spots[b]
        style = "stroke='#111' stroke-width='4'" if (a, b) in drawn else "stroke='#ccc' stroke-width='2' stroke-dasharray='4 4'"
        body.append(f"<line x1='{xa}' y1='{ya}' x2='{xb}' y2='{yb}' {style}/>")
    for n, (x, y) in spots.items():
        body.append(f"<circle cx='{x}' cy='{y}' r='5'/><text x='{x + 8}' y='{y - 6}' font-family='sans-serif' font-size='11'>{n}</text>")
    return _svg(260, 220, "".join(body))


def play(game: str, position: Any = "", **params: Any) -> State:
    """The :class:`State` of ``game`` at ``position`` (the start when omitted)."""
    return State(game, position, **params)


# Every game of the catalogue as a function of its own, generated from the catalogue (they call
# `_answer` and the answers' classes above, hence at the end).
from . import _games  # noqa: E402
from ._games import *  # noqa: E402,F401,F403

__all__ += _games.__all__
