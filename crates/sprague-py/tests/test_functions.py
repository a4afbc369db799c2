"""The game functions generated from the catalogue (python/sprague/_games.py, written by
crates/sprague-py/tests/python_functions.rs): their signatures are the catalogue's, their
docstrings' examples answer as the command line, help() and mypy read them."""

import inspect
import os
import pathlib
import pydoc
import subprocess
import sys

import pytest

import sprague

ROOT = pathlib.Path(__file__).resolve().parents[3]
CLASSES = {"analyse": sprague.Analysis, "solve": sprague.Score, "calculate": sprague.Record}


def _function(entry):
    return getattr(sprague, entry.name.replace("-", "_"))


def test_every_game_is_a_generated_function_of_the_package():
    names = [g.name.replace("-", "_") for g in sprague.games()]
    assert sprague._games.__all__ == names
    assert len(set(sprague.__all__)) == len(sprague.__all__)
    for name in names:
        assert name in sprague.__all__
        assert getattr(sprague, name).__module__ == "sprague._games"


@pytest.mark.parametrize("entry", sprague.games(), ids=lambda g: g.name)
def test_the_signature_is_the_catalogue_entrys(entry):
    signature = inspect.signature(_function(entry))
    params = signature.parameters.values()
    keywords = [p.name for p in params if p.kind is p.KEYWORD_ONLY]
    options = [("misere", entry.misere), ("every", entry.every), ("all_moves", entry.command == "analyse")]
    assert keywords == [p.name.replace("-", "_") for p in entry.parameters] + [
        name for name, allowed in options if allowed
    ] + ["time_limit", "memory_limit"]
    for p in entry.parameters:
        given = signature.parameters[p.name.replace("-", "_")]
        assert (given.default is inspect.Parameter.empty) == p.required, p.name
        assert given.annotation is not inspect.Parameter.empty
    positional = [p for p in params if p.kind is not p.KEYWORD_ONLY]
    if entry.input == "file":
        assert [(p.name, p.kind) for p in positional] == [("text", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    elif entry.command == "analyse" or entry.command == "calculate":
        assert [p.kind for p in positional] == [inspect.Parameter.VAR_POSITIONAL]
    else:
        assert len(positional) <= 1 and all(p.default == "" for p in positional)
    assert signature.return_annotation == CLASSES[entry.command].__name__ or signature.return_annotation is CLASSES[entry.command]


@pytest.mark.parametrize("entry", sprague.games(), ids=lambda g: g.name)
def test_the_docstrings_example_answers_as_the_command_line(cli, entry):
    doc = inspect.getdoc(_function(entry))
    assert doc.split("\n", 1)[0].split()[:2] == entry.rule.split()[:2]
    for p in entry.parameters:
        assert f"    {p.name.replace('-', '_')}" in doc
    call = doc.split("Example::\n\n", 1)[1].split("\n", 1)[0].strip()
    assert call.startswith(f"sprague.{entry.name.replace('-', '_')}(")
    got = eval(call, {"sprague": sprague})
    command = ["solve"] if entry.command == "solve" else []
    stdin = entry.example_text.encode() if entry.input == "file" else None
    code, expected, err = cli(*command, entry.name, *entry.example, stdin=stdin)
    assert code == 0, err
    assert type(got) is CLASSES[entry.command]
    assert got.to_dict() == expected


def test_help_shows_the_signature_rule_and_example():
    shown = pydoc.render_doc(sprague.nim, renderer=pydoc.plaintext)
    assert "nim(*heaps: Union[int, str" in shown
    assert "moore: Union[int, str, NoneType] = None" in shown
    assert "misere: bool = False" in shown and "every:" not in shown
    assert "Nim: take any positive number of tokens from one heap" in shown
    assert "moore (K): Moore's Nim_K" in shown
    assert "sprague.nim(3, 4, 5)" in shown
    subtraction = inspect.signature(sprague.subtraction).parameters["set"]
    assert subtraction.kind is inspect.Parameter.KEYWORD_ONLY and subtraction.default is inspect.Parameter.empty


def test_keywords_the_game_does_not_take_are_type_errors():
    with pytest.raises(TypeError, match="bogus"):
        sprague.nim(3, bogus=1)
    with pytest.raises(TypeError, match="misere"):
        sprague.wythoff(1, 2, misere=True)
    with pytest.raises(TypeError, match="set"):
        sprague.subtraction(7)
    with pytest.raises(TypeError):
        sprague.triangle_war("1-2")


def test_positions_are_ints_words_or_lists():
    expected = sprague.nim(3, 4, 5, 6).to_dict()
    assert sprague.nim("3 4", 5, [6]).to_dict() == expected
    assert sprague.nim([3, 4, 5, 6]).to_dict() == expected
    assert sprague.graph(text="3 2 2\n1 2\n2 3\n1 2\n").outcome == sprague.graph(b"3 2 2\n1 2\n2 3\n1 2\n").outcome
    assert sprague.tictactoe().to_dict() == sprague.tictactoe(".........").to_dict()


GOOD = """\
import sprague

a: sprague.Analysis = sprague.nim(3, 4, 5)
print(a.outcome, a.nim_value)
b = sprague.subtraction(7, 12, set="1,3,4")
b2 = sprague.subtraction(7, 12, set=[1, 3, 4])
b3 = sprague.bash(15, max=3, min="2")
c = sprague.kayles(5, 7, misere=True, every=False, all_moves=True)
d: sprague.Score = sprague.connect4("4453", width=7, height=6)
e = sprague.geography("3 2\\n1 2\\n2 3\\n", start=2)
f = sprague.octal("0.77", 5, 7, time_limit=10)
"""

BAD = """\
import sprague

sprague.nim(3, bogus=1)
sprague.wythoff(5, 8, misere=True)
sprague.subtraction(7, 12)
sprague.bash(15, max=[3])
"""


def test_mypy_reads_the_game_functions(tmp_path):
    # scripts/test-python installs mypy into the test environment.
    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "bad.py").write_text(BAD)
    env = dict(os.environ, MYPYPATH=str(ROOT / "crates" / "sprague-py" / "python"))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), "good.py", "bad.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 1, done.stdout + done.stderr
    # The package and the good script check under --strict; each bad line is an error.
    assert all(line.startswith("bad.py:") for line in errors), done.stdout
    assert sorted({int(line.split(":")[1]) for line in errors}) == [3, 4, 5, 6], done.stdout
    assert 'Unexpected keyword argument "bogus" for "nim"' in done.stdout
    assert 'Missing named argument "set" for "subtraction"' in done.stdout
