"""The walk-through of the README (examples/python_tour.py) and the docstrings' examples run."""

import doctest
import pathlib
import runpy

import sprague

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_the_tour_runs(capsys):
    runpy.run_path(str(ROOT / "examples" / "python_tour.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "proved=True" in out and "engine plays:" in out


def test_the_docstrings_examples_hold():
    failed, tried = doctest.testmod(sprague, optionflags=doctest.ELLIPSIS)
    assert tried >= 10
    assert failed == 0


def test_the_readmes_python_block_runs():
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## Python\n", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    namespace = {}
    exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["a"].nim_value == 2
    assert namespace["t"].period.proved
    assert namespace["s"].game == "connect4"
