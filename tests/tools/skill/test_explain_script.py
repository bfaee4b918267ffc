"""The skill's error explainer runs standalone (standard library only) and answers as ``explain_error`` does.

It ships the project's matcher module and its index; on the same pasted texts its first answer is the
command's (every answer, for a few texts given to the command itself), and it runs in the kept
older-release venv, saying that the index is another release's.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from tests.support.pasted_errors import line_from_site, traceback_text
from tests.support.release_venv import RELEASE, release_venv
from tests.tools.skill.standalone import run, write_skill
from tools.core.paths import ROOT
from tools.error_catalog.facts import entry_texts, installed_index
from tools.error_catalog.facts.match import explain
from tools.skill.views.concern import skill_files

pytestmark = pytest.mark.xdist_group("other-release")

PROJECT_BIN = Path(sys.executable).parent
ENTRIES_KEPT = 3  # every third troubleshooting entry's traceback
SITES_KEPT = 12  # catalogued sites, each message filled with random values
BARE = (
    "value key 'state_value' not found in value network out_keys ['value']",
    "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x3 and 5x8)",
    "UserWarning: the loss is being computed without a value estimator",
    "nothing a catalogue could know about: frobnicate the widget",
)


def pasted_texts() -> list[str]:
    texts = [
        traceback_text(entry.frames, f"{entry.exception}: {entry.message}")
        for entry in entry_texts()[::ENTRIES_KEPT]
        if entry.message
    ]
    rng = random.Random(0)
    sites = [t for t in installed_index()["targets"] if t["kind"] == "site"]
    for target in rng.sample(sites, SITES_KEPT):
        exception, _, message = target["title"].partition(": ")
        texts.append(line_from_site({"exception": exception, "message": message}, rng))
    return [*texts, *BARE]


@pytest.fixture(scope="module")
def scripts(tmp_path_factory) -> Path:
    return write_skill(tmp_path_factory.mktemp("skill"))


def _script(scripts: Path, text: str, bin_dir: Path = PROJECT_BIN, *args: str):
    return run([str(bin_dir / "python"), "-I", str(scripts / "explain_error.py"), "--json", *args], scripts, text)


def _first(printed: dict) -> tuple[str, str] | None:
    matches = printed["matches"]
    return (matches[0]["kind"], matches[0]["id"]) if matches else None


def test_the_matcher_is_shipped_as_the_project_module():
    files = skill_files()
    assert files["scripts/error_match.py"] == (ROOT / "tools/error_catalog/facts/match.py").read_text()
    for name in ("explain_error.py", "error_match.py", "frames.py"):
        source = files[f"scripts/{name}"]
        assert "import tools" not in source.replace("from tools.core import frames\nexcept", "")
    assert json.loads(files["scripts/error-index.json"]) == installed_index()


def test_first_answers_equal_the_commands_matcher(scripts):
    index = installed_index()
    compared = 0
    for text in pasted_texts():
        ours = _script(scripts, text)
        assert ours.returncode in (0, 1) and not ours.stderr, ours.stderr[-2000:]
        theirs = explain(index, text)
        expected = (theirs[0].kind, theirs[0].id) if theirs else None
        assert _first(json.loads(ours.stdout)) == expected, text
        compared += expected is not None
    assert compared >= len(pasted_texts()) - len(BARE)


def test_every_answer_equals_the_command_on_a_few_texts(scripts):
    for text in pasted_texts()[:: len(pasted_texts()) // 4]:
        ours = _script(scripts, text)
        command = run([sys.executable, "-m", "tools.cli.explain_error", "--json"], ROOT, text)
        assert command.returncode == ours.returncode, command.stderr[-2000:]
        assert json.loads(ours.stdout) == json.loads(command.stdout), text


def test_it_runs_in_the_older_release(scripts):
    bin_dir = release_venv()
    for text in pasted_texts()[:3]:
        ours = _script(scripts, text, bin_dir)
        assert ours.returncode in (0, 1) and "Traceback" not in ours.stderr, ours.stderr[-2000:]
        assert f"torchrl {RELEASE} is installed" in ours.stderr
        assert json.loads(ours.stdout)["torchrl"] == installed_index()["torchrl"]


def test_bad_input_is_a_clear_error(scripts, tmp_path):
    python, script = str(PROJECT_BIN / "python"), str(scripts / "explain_error.py")
    cases = {
        "empty": ([python, "-I", script], "  \n", "the input is empty"),
        "no file": ([python, "-I", script, "no-such.txt"], None, "no file 'no-such.txt'"),
        "limit": ([python, "-I", script, "--limit", "0"], "KeyError: 'x'", "--limit must be at least 1"),
    }
    for name, (argv, stdin, said) in cases.items():
        result = run(argv, tmp_path, stdin)
        assert result.returncode == 2 and said in result.stderr and "Traceback" not in result.stderr, name
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "explain_error.py").write_text(skill_files()["scripts/explain_error.py"], encoding="utf-8")
    result = run([python, "-I", str(alone / "explain_error.py")], tmp_path, "KeyError: 'x'")
    assert result.returncode == 2 and "unpack the whole skill folder" in result.stderr
    assert "Traceback" not in result.stderr
