"""A walk through the Python package: a table and its period, its plot, and a game of your own.

Run it as a script (`python examples/python_tour.py`, with the package installed: see the
README), or paste its cells into a notebook, where tables, analyses and boards display
themselves. The test suite runs it (crates/sprague-py/tests/test_tour.py).
"""

import sprague
from sprague import Game, Sum

# %% 1. A position of a catalogue game: who wins, the nim-value, every winning move.
a = sprague.kayles(5, 7)
print(a.outcome, a.nim_value, [m.move for m in a.winning_moves])

# %% 2. A table: Dawson's Kayles (octal 0.07) until its period is proved by the periodicity
# theorem. The values are a NumPy array; in a notebook `t` shows the period, the first values and
# the plot.
t = sprague.table("octal", "0.07", upto=10**6, until_proved=True)
print(t.period)
print(t.values[:20])
assert t.period.proved and t.period.period == 34

# %% 3. Its plot, as SVG (a notebook draws `t` itself; here it is written to a file).
svg = t.plot()
print(f"plot: {len(svg)} bytes of SVG")

# %% 4. A game of your own: "take 1, 2 or 3 tokens from a row, or take 2 from the middle of a
# row and leave two rows" (a made-up octal game). A move that leaves two rows returns a Sum.
def moves(n):
    options = [n - t for t in (1, 2, 3) if t <= n]
    options += [Sum(a, n - 2 - a) for a in range(1, n - 2)]
    return options


game = Game(moves)
mine = game.table(upto=300)
print(mine)  # the period is seen over the range, not proved: a conjecture

# The same rules as a code: take 1 or 3 (digit 3: the whole row or an end), take 2 from the end
# or the middle (7). The engine's octal tables prove what the Python game only sees.
assert mine.values.tolist() == sprague.table("octal", "0.373", upto=300).values.tolist()

# %% 5. Sums and winning moves of your game, and playing it out.
position = Sum(9, 12, 20)
print(game.outcome(position), game.nim_value(position), game.winning_moves(position))

# %% 6. A state to play from, against the perfect engine (Connect Four).
s = sprague.play("connect4", "4453")
print("\n".join(s.board))
print("legal:", s.legal_moves(), "engine plays:", s.engine_move())
