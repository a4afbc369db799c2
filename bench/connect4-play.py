#!/usr/bin/env python3
"""How long `sprague play connect4` takes to answer, move by move, from the empty board.

Plays GAMES games against the engine through its terminal interface, half with the engine moving
first and half with the user first. The "user" is this script: a random legal column, weighted
towards the centre (weights 1 2 3 4 3 2 1), so the positions are varied and mostly balanced, as
a person's are. For every engine move it records the wall time from sending the user's move (or
starting the game) to the next prompt, and whether the move was proven (`play` says "not
proven" otherwise). Prints one line per game and a summary: engine moves, the slowest, the
median, how many took over a second, how many were not proven.

With OPPONENT=hint the "user" plays the first move of `hint` instead (the engine's own best move,
or its guess), so both sides play well and the positions stay balanced: the hard case. The time
of `hint` itself is not counted. OPPONENT=mixed plays the hint half the time, at random.

Usage: SPRAGUE_BIN=target/release/sprague GAMES=20 SEED=1 [OPPONENT=hint|mixed] python3 bench/connect4-play.py
"""

import os
import random
import re
import select
import statistics
import subprocess
import sys
import time

BIN = os.environ.get("SPRAGUE_BIN", "target/release/sprague")
GAMES = int(os.environ.get("GAMES", "20"))
SEED = int(os.environ.get("SEED", "1"))
WEIGHTS = [1, 2, 3, 4, 3, 2, 1]
OPPONENT = os.environ.get("OPPONENT", "random")


def read_until_prompt(proc, timeout=600.0):
    """Everything the game prints up to its next prompt (or its end): (text, ended)."""
    out = b""
    deadline = time.monotonic() + timeout
    fd = proc.stdout.fileno()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no prompt within %.0f s" % timeout)
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            return out.decode(), True
        out += chunk
        if out.endswith(b"> "):
            return out.decode(), False


def play_game(rng, engine_first):
    args = [BIN, "play", "connect4", "--first", "engine" if engine_first else "me"]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    heights = [0] * 7
    timings = []  # (stones before the engine's move, seconds, proven, position)
    stones = 0
    seq = ""
    started = time.monotonic()
    while True:
        text, ended = read_until_prompt(proc)
        elapsed = time.monotonic() - started
        engine_lines = re.findall(r"^engine \(\d\): (\d)\s+\((.*)\)$", text, re.M)
        for col, why in engine_lines:
            timings.append((stones, elapsed / len(engine_lines), "not proven" not in why, seq))
            seq += col
            heights[int(col) - 1] += 1
            stones += 1
        if ended or "game over" in text:
            break
        legal = [c for c in range(7) if heights[c] < 6]
        col = rng.choices(legal, [WEIGHTS[c] for c in legal])[0]
        if OPPONENT == "hint" or (OPPONENT == "mixed" and rng.random() < 0.5):
            proc.stdin.write(b"hint\n")
            proc.stdin.flush()
            hint, _ = read_until_prompt(proc)
            hinted = re.findall(r"^hint: (\d)$", hint, re.M)
            if hinted:
                col = int(hinted[0]) - 1
        heights[col] += 1
        stones += 1
        seq += str(col + 1)
        started = time.monotonic()
        proc.stdin.write(b"%d\n" % (col + 1))
        proc.stdin.flush()
    proc.stdin.close()
    proc.wait()
    return timings


def main():
    rng = random.Random(SEED)
    every = []
    for game in range(GAMES):
        timings = play_game(rng, engine_first=game % 2 == 0)
        every += timings
        slowest = max(timings, key=lambda t: t[1])
        print(
            "game %d (engine %s): %d engine moves, slowest %.3f s at %d stones, %d not proven"
            % (
                game + 1,
                "first" if game % 2 == 0 else "second",
                len(timings),
                slowest[1],
                slowest[0],
                sum(1 for t in timings if not t[2]),
            ),
            flush=True,
        )
    seconds = [t[1] for t in every]
    over = [t for t in every if t[1] > 1.0]
    print(
        "summary: %d engine moves in %d games; median %.3f s, slowest %.3f s; %d over 1 s %s; "
        "%d not proven"
        % (
            len(every),
            GAMES,
            statistics.median(seconds),
            max(seconds),
            len(over),
            sorted((s, round(t, 2)) for s, t, _, _ in over),
            sum(1 for t in every if not t[2]),
        )
    )
    unproven = [t[3] for t in every if not t[2]]
    if unproven:
        print("not proven at: " + " ".join(p or "(start)" for p in unproven))


if __name__ == "__main__":
    sys.exit(main())
