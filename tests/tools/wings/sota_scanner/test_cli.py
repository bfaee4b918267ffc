"""``python -m tools.wings.sota_scanner PATH``: bad input ends with a clear message and exit code 2, no traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tools.core.paths import ROOT

from .conftest import FIXTURE


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tools.wings.sota_scanner", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def _fails_cleanly(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("python -m tools.wings.sota_scanner: error: ")
    for word in words:
        assert word in done.stderr


def test_a_missing_path(tmp_path):
    _fails_cleanly(_run(str(tmp_path / "nowhere"), "--commit", "x"), "does not exist")


def test_a_file_instead_of_a_folder(tmp_path):
    path = tmp_path / "file.txt"
    path.write_text("not a checkout")
    _fails_cleanly(_run(str(path), "--commit", "x"), "is not a folder")


def test_a_folder_that_is_not_a_checkout(tmp_path):
    _fails_cleanly(_run(str(tmp_path), "--commit", "x"), "no sota-implementations/ folder", "git --git-dir")


def test_a_commit_without_sota_implementations(tmp_path):
    (tmp_path / "torchrl").mkdir()
    _fails_cleanly(_run(str(tmp_path), "--commit", "x"), "predates sota-implementations/")


def test_no_commit_outside_git(tmp_path):
    (tmp_path / "sota-implementations").mkdir()
    _fails_cleanly(_run(str(tmp_path)), "--commit SHA")


@pytest.mark.parametrize("bad", ["def broken(:\n", "a: [unclosed\n"])
def test_an_unreadable_recipe_file_is_named(tmp_path, bad):
    recipe = tmp_path / "sota-implementations" / "x"
    recipe.mkdir(parents=True)
    name = "train.py" if bad.startswith("def") else "config.yaml"
    (recipe / name).write_text(bad)
    if name == "config.yaml":
        (recipe / "train.py").write_text(
            "import hydra\n@hydra.main(config_path='', config_name='config')\ndef main(cfg):\n    pass\n"
            "if __name__ == '__main__':\n    main()\n"
        )
    _fails_cleanly(_run(str(tmp_path), "--commit", "x"), name)


def test_a_good_run_writes_the_file(tmp_path):
    out = tmp_path / "map.json"
    done = _run(str(FIXTURE / "rl"), "--commit", "fixture", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text() == (FIXTURE / "expected.json").read_text()
