"""The command line the package is checked against: $SPRAGUE_BIN, else the workspace's own
build (release first, then debug). The tests fail, not skip, when there is none."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _binary() -> pathlib.Path:
    given = os.environ.get("SPRAGUE_BIN")
    if given:
        return pathlib.Path(given)
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "sprague"
        if path.exists():
            return path
    raise RuntimeError("no sprague binary: build it (cargo build) or set SPRAGUE_BIN")


@pytest.fixture(scope="session")
def cli():
    """Runs `sprague ARGS --json` and returns (exit code, parsed JSON or None, stderr)."""
    binary = _binary()

    def run(*args, stdin=None):
        done = subprocess.run(
            [str(binary), *args, "--json"],
            input=stdin,
            capture_output=True,
            timeout=300,
        )
        out = json.loads(done.stdout) if done.returncode == 0 else None
        return done.returncode, out, done.stderr.decode()

    return run
